#include "core/training/TrainingTimelineMaker.h"

#include <cstdio>
#include <string>

namespace cutlab::core {
namespace {

std::string msText(double ms) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f ms", ms);
    return buffer;
}

std::string machineText(const core::Profile& profile, int machine) {
    const auto& m = profile.machines[static_cast<std::size_t>(machine)];
    return m.id + " (" + core::tierName(m.tier) + ")";
}

std::string layersText(const core::Profile& profile, int begin, int end) {
    if (end <= begin)
        return "no layers";
    const auto& first = profile.layers[static_cast<std::size_t>(begin)].id;
    const auto& last = profile.layers[static_cast<std::size_t>(end - 1)].id;
    return first == last ? first : first + ".." + last;
}

// Appends bars one after another on one row, from a phase's start.
class RowCursor {
  public:
    RowCursor(TrainingTimeline& timeline, int row, double startMs)
        : m_timeline(timeline), m_row(row), m_at(startMs) {}
    void add(double ms, TimelineWork work, const std::string& label, const std::string& detail) {
        if (!(ms > 0))
            return;
        m_timeline.bars.push_back(
            {m_row, m_at, m_at + ms, work, label, detail + ", " + msText(ms)});
        m_at += ms;
    }
    double at() const { return m_at; }

  private:
    TrainingTimeline& m_timeline;
    int m_row;
    double m_at;
};

} // namespace

TrainingTimeline TrainingTimelineMaker::fromResult(const core::TrainingCostModel& model,
                                                   const core::TrainingResult& result) {
    TrainingTimeline timeline = result.hybrid ? fromHybrid(model, *result.hybrid, result.batch)
                                              : fromPath(model, *result.path, result.batch);
    timeline.title = result.planner + ": " + model.profile().model.name + ", batch " +
                     std::to_string(result.batch) + ", iteration " + msText(result.iterationMs());
    return timeline;
}

TrainingTimeline TrainingTimelineMaker::fromHybrid(const core::TrainingCostModel& model,
                                                   const core::HierTrainPlan& plan, int batch) {
    const core::Profile& profile = model.profile();
    const int n = model.layerCount();
    const int o = plan.workerMachine[0], s = plan.workerMachine[1], l = plan.workerMachine[2];
    const int bo = plan.samples[0], bs = plan.samples[1], bl = plan.samples[2];
    const int ms = plan.ms, ml = plan.ml;
    const int device = model.deviceMachine();
    auto forward = [&](int m, int a, int c, int b) {
        return m < 0 || c <= a || b <= 0 ? 0.0 : b * model.forwardMs(m, a, c);
    };
    auto backward = [&](int m, int a, int c, int b) {
        return m < 0 || c <= a || b <= 0 ? 0.0 : b * model.backwardMs(m, a, c);
    };
    auto update = [&](int m, int a, int c) {
        return m < 0 || c <= a ? 0.0 : model.updateMs(m, a, c);
    };
    auto transfer = [&](int from, int to, double bytes) {
        return from < 0 || to < 0 || from == to || bytes <= 0 ? 0.0
                                                              : model.transferMs(from, to, bytes);
    };
    const double input = model.cutBytes(0);
    const double sCut = ms > 0 ? model.cutBytes(ms) : 0.0, lCut = ml > 0 ? model.cutBytes(ml) : 0.0;

    TrainingTimeline t;
    // Rows: o always (it runs the tail on the whole batch), s and l when they have samples.
    int rowO = -1, rowS = -1, rowL = -1;
    auto addRow = [&](const char* name, int machine, int samples, int layers) {
        t.rows.push_back(std::string(name) + ": " + machineText(profile, machine) + ", " +
                         std::to_string(samples) + " samples, layers 1.." + std::to_string(layers));
        return static_cast<int>(t.rows.size()) - 1;
    };
    rowO = addRow("o", o, bo, n);
    if (s >= 0 && bs > 0)
        rowS = addRow("s", s, bs, ms);
    if (l >= 0 && bl > 0)
        rowL = addRow("l", l, bl, ml);

    const auto& p = plan.phases;
    const double lengths[7] = {p.tf1, p.tf2, p.tf3, p.tb3, p.tb2, p.tb1, p.tup};
    const char* names[7] = {"Tf1", "Tf2", "Tf3", "Tb3", "Tb2", "Tb1", "Tup"};
    double starts[7];
    double at = 0;
    for (int i = 0; i < 7; ++i) {
        starts[i] = at;
        t.phases.push_back({names[i], at, at + lengths[i]});
        at += lengths[i];
    }
    t.totalMs = at;
    const std::string head = layersText(profile, 0, ms), middle = layersText(profile, ms, ml),
                      tail = layersText(profile, ml, n);
    auto samples = [](int b) { return ", " + std::to_string(b) + " samples"; };
    // The steps every worker row is made of.
    auto inputAndHead = [&](RowCursor& row, int m, int b) {
        row.add(transfer(device, m, b * input), TimelineWork::Transfer, "in",
                "input from the device" + samples(b));
        row.add(forward(m, 0, ms, b), TimelineWork::Forward, "F", "forward " + head + samples(b));
    };
    auto activationsToO = [&](RowCursor& row, int m, double bytes, int b) {
        row.add(transfer(m, o, bytes), TimelineWork::Transfer, "out",
                "activations to o" + samples(b));
    };
    auto gradientsFromO = [&](RowCursor& row, int m, double bytes, int b) {
        row.add(transfer(o, m, bytes), TimelineWork::Transfer, "grad",
                "gradients from o" + samples(b));
    };
    // Layers [m_s, m_l) forward or backward on b samples.
    auto middlePass = [&](RowCursor& row, bool forwardPass, int m, int b) {
        row.add(forwardPass ? forward(m, ms, ml, b) : backward(m, ms, ml, b),
                forwardPass ? TimelineWork::Forward : TimelineWork::Backward,
                forwardPass ? "F" : "B",
                (forwardPass ? "forward " : "backward ") + middle + samples(b));
    };
    auto weightExchange = [&](RowCursor& row, int m, int end) {
        row.add(end > 0 ? model.transferMs(m, o, 2.0 * model.paramBytes(0, end)) : 0.0,
                TimelineWork::Transfer, "wg",
                "weight exchange with o (gradients up, weights down)");
    };
    { // Tf1
        RowCursor co(t, rowO, starts[0]);
        inputAndHead(co, o, bo);
        if (rowL >= 0) {
            RowCursor cl(t, rowL, starts[0]);
            inputAndHead(cl, l, bl);
        }
        if (rowS >= 0) {
            RowCursor cs(t, rowS, starts[0]);
            inputAndHead(cs, s, bs);
            activationsToO(cs, s, bs * sCut, bs);
        }
    }
    { // Tf2
        RowCursor co(t, rowO, starts[1]);
        middlePass(co, true, o, bo + bs);
        if (rowL >= 0) {
            RowCursor cl(t, rowL, starts[1]);
            middlePass(cl, true, l, bl);
            activationsToO(cl, l, bl * lCut, bl);
        }
    }
    RowCursor(t, rowO, starts[2])
        .add(forward(o, ml, n, batch), TimelineWork::Forward, "F",
             "forward " + tail + samples(batch));
    RowCursor(t, rowO, starts[3])
        .add(backward(o, ml, n, batch), TimelineWork::Backward, "B",
             "backward " + tail + samples(batch));
    { // Tb2
        RowCursor co(t, rowO, starts[4]);
        middlePass(co, false, o, bo + bs);
        if (rowL >= 0) {
            RowCursor cl(t, rowL, starts[4]);
            gradientsFromO(cl, l, bl * lCut, bl);
            middlePass(cl, false, l, bl);
        }
    }
    { // Tb1
        RowCursor(t, rowO, starts[5])
            .add(backward(o, 0, ms, bo), TimelineWork::Backward, "B",
                 "backward " + head + samples(bo));
        if (rowS >= 0) {
            RowCursor cs(t, rowS, starts[5]);
            gradientsFromO(cs, s, bs * sCut, bs);
            cs.add(backward(s, 0, ms, bs), TimelineWork::Backward, "B",
                   "backward " + head + samples(bs));
        }
        if (rowL >= 0)
            RowCursor(t, rowL, starts[5])
                .add(backward(l, 0, ms, bl), TimelineWork::Backward, "B",
                     "backward " + head + samples(bl));
    }
    { // Tup
        RowCursor(t, rowO, starts[6])
            .add(update(o, 0, n), TimelineWork::Update, "U", "update of every layer");
        if (rowS >= 0) {
            RowCursor cs(t, rowS, starts[6]);
            weightExchange(cs, s, ms);
            cs.add(update(s, 0, ms), TimelineWork::Update, "U", "update " + head);
        }
        if (rowL >= 0) {
            RowCursor cl(t, rowL, starts[6]);
            weightExchange(cl, l, ml);
            cl.add(update(l, 0, ml), TimelineWork::Update, "U",
                   "update layers 1.." + std::to_string(ml));
        }
    }
    return t;
}

TrainingTimeline TrainingTimelineMaker::fromPath(const core::TrainingCostModel& model,
                                                 const core::TrainingPath& path, int batch) {
    const double crossingBytesFactor = path.crossingBytesFactor;
    const core::Profile& profile = model.profile();
    TrainingTimeline t;
    std::vector<int> rowOfMachine(profile.machines.size(), -1);
    std::vector<core::Segment> segments;
    for (const auto& segment : path.segments)
        if (segment.end > segment.begin)
            segments.push_back(segment);
    for (const auto& segment : segments) {
        auto& row = rowOfMachine[static_cast<std::size_t>(segment.machine)];
        if (row >= 0)
            continue;
        row = static_cast<int>(t.rows.size());
        t.rows.push_back(machineText(profile, segment.machine));
    }
    auto rowOf = [&](int machine) { return rowOfMachine[static_cast<std::size_t>(machine)]; };
    const std::string samples = ", " + std::to_string(batch) + " samples";
    double at = 0;
    auto add = [&](int row, double ms, TimelineWork work, const std::string& label,
                   const std::string& detail) {
        if (!(ms > 0))
            return;
        t.bars.push_back({row, at, at + ms, work, label, detail + ", " + msText(ms)});
        at += ms;
    };
    // Where each segment's input comes from, as evaluateTrainingPath walks it.
    std::vector<int> previous;
    int location = model.deviceMachine();
    for (const auto& segment : segments) {
        previous.push_back(location);
        const double bytes = batch * model.cutBytes(segment.begin) *
                             (segment.begin == 0 ? 1.0 : crossingBytesFactor);
        if (segment.machine != location && bytes > 0)
            add(rowOf(segment.machine), model.transferMs(location, segment.machine, bytes),
                TimelineWork::Transfer, segment.begin == 0 ? "in" : "act",
                (segment.begin == 0 ? "input from " : "activations from ") +
                    machineText(profile, location) + samples);
        add(rowOf(segment.machine),
            batch * model.forwardMs(segment.machine, segment.begin, segment.end),
            TimelineWork::Forward, "F",
            "forward " + layersText(profile, segment.begin, segment.end) + samples);
        location = segment.machine;
    }
    t.phases.push_back({"forward", 0, at});
    const double backwardStart = at;
    for (std::size_t i = segments.size(); i-- > 0;) {
        const auto& segment = segments[i];
        add(rowOf(segment.machine),
            batch * model.backwardMs(segment.machine, segment.begin, segment.end),
            TimelineWork::Backward, "B",
            "backward " + layersText(profile, segment.begin, segment.end) + samples);
        const int back = previous[i];
        const double bytes = batch * model.cutBytes(segment.begin) * crossingBytesFactor;
        if (segment.begin > 0 && back != segment.machine && bytes > 0)
            add(rowOf(back), model.transferMs(segment.machine, back, bytes), TimelineWork::Transfer,
                "grad", "gradients from " + machineText(profile, segment.machine) + samples);
    }
    t.phases.push_back({"backward", backwardStart, at});
    const double updateStart = at;
    for (const auto& segment : segments)
        add(rowOf(segment.machine), model.updateMs(segment.machine, segment.begin, segment.end),
            TimelineWork::Update, "U", "update " + layersText(profile, segment.begin, segment.end));
    t.phases.push_back({"update", updateStart, at});
    t.totalMs = at;
    return t;
}

} // namespace cutlab::core
