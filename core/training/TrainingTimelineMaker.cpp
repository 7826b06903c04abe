#include "core/training/TrainingTimelineMaker.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace cutlab::core {
namespace {

// "15,314.7 ms": one decimal, thousands grouped, as the window's summaries write it.
std::string timelineMsText(double ms) {
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.1f", std::fabs(ms));
    std::string digits(buffer);
    const std::size_t point = digits.find('.');
    for (std::size_t at = point == std::string::npos ? digits.size() : point; at > 3; at -= 3)
        digits.insert(at - 3, ",");
    return (ms < 0 ? "-" : "") + digits + " ms";
}

// "1 sample", "2 samples".
std::string samplesText(int count) {
    return std::to_string(count) + (count == 1 ? " sample" : " samples");
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
            {m_row, m_at, m_at + ms, work, label, detail + ", " + timelineMsText(ms)});
        m_at += ms;
    }
    double at() const { return m_at; }

  private:
    TrainingTimeline& m_timeline;
    int m_row;
    double m_at;
};

// The timeline of a HierTrain plan: rows o (the whole batch's tail), s and l (when they have
// samples), and HierTrain's seven phases Tf1..Tup, each a function below.
class HybridTimeline {
  public:
    HybridTimeline(const core::TrainingCostModel& model, const core::HierTrainPlan& plan, int batch)
        : m_model(model), m_plan(plan), m_profile(model.profile()), m_batch(batch),
          m_n(model.layerCount()), m_o(plan.workerMachine[0]), m_s(plan.workerMachine[1]),
          m_l(plan.workerMachine[2]), m_bo(plan.samples[0]), m_bs(plan.samples[1]),
          m_bl(plan.samples[2]), m_ms(plan.ms), m_ml(plan.ml), m_device(model.deviceMachine()),
          m_input(model.cutBytes(0)), m_sCut(m_ms > 0 ? model.cutBytes(m_ms) : 0.0),
          m_lCut(m_ml > 0 ? model.cutBytes(m_ml) : 0.0), m_head(layersText(m_profile, 0, m_ms)),
          m_middle(layersText(m_profile, m_ms, m_ml)), m_tail(layersText(m_profile, m_ml, m_n)) {}

    TrainingTimeline make() {
        addRows();
        addPhases();
        forwardHead();
        forwardMiddle();
        RowCursor(m_t, m_rowO, m_starts[2])
            .add(forward(m_o, m_ml, m_n, m_batch), TimelineWork::Forward, "F",
                 "forward " + m_tail + samples(m_batch));
        RowCursor(m_t, m_rowO, m_starts[3])
            .add(backward(m_o, m_ml, m_n, m_batch), TimelineWork::Backward, "B",
                 "backward " + m_tail + samples(m_batch));
        backwardMiddle();
        backwardHead();
        updateWeights();
        return m_t;
    }

  private:
    double forward(int m, int a, int c, int b) const {
        return m < 0 || c <= a || b <= 0 ? 0.0 : b * m_model.forwardMs(m, a, c);
    }
    double backward(int m, int a, int c, int b) const {
        return m < 0 || c <= a || b <= 0 ? 0.0 : b * m_model.backwardMs(m, a, c);
    }
    double update(int m, int a, int c) const {
        return m < 0 || c <= a ? 0.0 : m_model.updateMs(m, a, c);
    }
    double transfer(int from, int to, double bytes) const {
        return from < 0 || to < 0 || from == to || bytes <= 0 ? 0.0
                                                              : m_model.transferMs(from, to, bytes);
    }
    static std::string samples(int b) { return ", " + samplesText(b); }

    int addRow(const char* name, int machine, int samples, int layers) {
        m_t.rows.push_back(std::string(name) + ": " + machineText(m_profile, machine) + ", " +
                           samplesText(samples) + ", layers 1.." + std::to_string(layers));
        return static_cast<int>(m_t.rows.size()) - 1;
    }
    // o always (it runs the tail on the whole batch), s and l when they have samples.
    void addRows() {
        m_rowO = addRow("TASK O", m_o, m_bo, m_n);
        if (m_s >= 0 && m_bs > 0)
            m_rowS = addRow("TASK S", m_s, m_bs, m_ms);
        if (m_l >= 0 && m_bl > 0)
            m_rowL = addRow("TASK L", m_l, m_bl, m_ml);
    }
    void addPhases() {
        const auto& p = m_plan.phases;
        const double lengths[7] = {p.tf1, p.tf2, p.tf3, p.tb3, p.tb2, p.tb1, p.tup};
        const char* names[7] = {"Tf1", "Tf2", "Tf3", "Tb3", "Tb2", "Tb1", "Tup"};
        double at = 0;
        for (int i = 0; i < 7; ++i) {
            m_starts[i] = at;
            m_t.phases.push_back({names[i], at, at + lengths[i]});
            at += lengths[i];
        }
        m_t.totalMs = at;
    }

    // The steps every worker row is made of.
    void inputAndHead(RowCursor& row, int m, int b) const {
        row.add(transfer(m_device, m, b * m_input), TimelineWork::Transfer, "in",
                "input from the device" + samples(b));
        row.add(forward(m, 0, m_ms, b), TimelineWork::Forward, "F",
                "forward " + m_head + samples(b));
    }
    void activationsToO(RowCursor& row, int m, double bytes, int b) const {
        row.add(transfer(m, m_o, bytes), TimelineWork::Transfer, "out",
                "activations to TASK O" + samples(b));
    }
    void gradientsFromO(RowCursor& row, int m, double bytes, int b) const {
        row.add(transfer(m_o, m, bytes), TimelineWork::Transfer, "grad",
                "gradients from TASK O" + samples(b));
    }
    // Layers [m_s, m_l) forward or backward on b samples.
    void middlePass(RowCursor& row, bool forwardPass, int m, int b) const {
        row.add(forwardPass ? forward(m, m_ms, m_ml, b) : backward(m, m_ms, m_ml, b),
                forwardPass ? TimelineWork::Forward : TimelineWork::Backward,
                forwardPass ? "F" : "B",
                (forwardPass ? "forward " : "backward ") + m_middle + samples(b));
    }
    void weightExchange(RowCursor& row, int m, int end) const {
        row.add(end > 0 ? m_model.transferMs(m, m_o, 2.0 * m_model.paramBytes(0, end)) : 0.0,
                TimelineWork::Transfer, "wg",
                "weight exchange with TASK O (gradients up, weights down)");
    }

    void forwardHead() { // Tf1
        RowCursor co(m_t, m_rowO, m_starts[0]);
        inputAndHead(co, m_o, m_bo);
        if (m_rowL >= 0) {
            RowCursor cl(m_t, m_rowL, m_starts[0]);
            inputAndHead(cl, m_l, m_bl);
        }
        if (m_rowS >= 0) {
            RowCursor cs(m_t, m_rowS, m_starts[0]);
            inputAndHead(cs, m_s, m_bs);
            activationsToO(cs, m_s, m_bs * m_sCut, m_bs);
        }
    }
    void forwardMiddle() { // Tf2
        RowCursor co(m_t, m_rowO, m_starts[1]);
        middlePass(co, true, m_o, m_bo + m_bs);
        if (m_rowL >= 0) {
            RowCursor cl(m_t, m_rowL, m_starts[1]);
            middlePass(cl, true, m_l, m_bl);
            activationsToO(cl, m_l, m_bl * m_lCut, m_bl);
        }
    }
    void backwardMiddle() { // Tb2
        RowCursor co(m_t, m_rowO, m_starts[4]);
        middlePass(co, false, m_o, m_bo + m_bs);
        if (m_rowL >= 0) {
            RowCursor cl(m_t, m_rowL, m_starts[4]);
            gradientsFromO(cl, m_l, m_bl * m_lCut, m_bl);
            middlePass(cl, false, m_l, m_bl);
        }
    }
    void backwardHead() { // Tb1
        RowCursor(m_t, m_rowO, m_starts[5])
            .add(backward(m_o, 0, m_ms, m_bo), TimelineWork::Backward, "B",
                 "backward " + m_head + samples(m_bo));
        if (m_rowS >= 0) {
            RowCursor cs(m_t, m_rowS, m_starts[5]);
            gradientsFromO(cs, m_s, m_bs * m_sCut, m_bs);
            cs.add(backward(m_s, 0, m_ms, m_bs), TimelineWork::Backward, "B",
                   "backward " + m_head + samples(m_bs));
        }
        if (m_rowL >= 0)
            RowCursor(m_t, m_rowL, m_starts[5])
                .add(backward(m_l, 0, m_ms, m_bl), TimelineWork::Backward, "B",
                     "backward " + m_head + samples(m_bl));
    }
    void updateWeights() { // Tup
        RowCursor(m_t, m_rowO, m_starts[6])
            .add(update(m_o, 0, m_n), TimelineWork::Update, "U", "update of every layer");
        if (m_rowS >= 0) {
            RowCursor cs(m_t, m_rowS, m_starts[6]);
            weightExchange(cs, m_s, m_ms);
            cs.add(update(m_s, 0, m_ms), TimelineWork::Update, "U", "update " + m_head);
        }
        if (m_rowL >= 0) {
            RowCursor cl(m_t, m_rowL, m_starts[6]);
            weightExchange(cl, m_l, m_ml);
            cl.add(update(m_l, 0, m_ml), TimelineWork::Update, "U",
                   "update layers 1.." + std::to_string(m_ml));
        }
    }

    const core::TrainingCostModel& m_model;
    const core::HierTrainPlan& m_plan;
    const core::Profile& m_profile;
    const int m_batch, m_n, m_o, m_s, m_l, m_bo, m_bs, m_bl, m_ms, m_ml, m_device;
    const double m_input, m_sCut, m_lCut;
    const std::string m_head, m_middle, m_tail;
    TrainingTimeline m_t;
    int m_rowO = -1, m_rowS = -1, m_rowL = -1;
    double m_starts[7] = {};
};

} // namespace

TrainingTimeline TrainingTimelineMaker::fromResult(const core::TrainingCostModel& model,
                                                   const core::TrainingResult& result) {
    TrainingTimeline timeline = result.hybrid ? fromHybrid(model, *result.hybrid, result.batch)
                                              : fromPath(model, *result.path, result.batch);
    timeline.title = result.planner + ": " + model.profile().model.name + ", batch " +
                     std::to_string(result.batch) + ", iteration " +
                     timelineMsText(result.iterationMs());
    return timeline;
}

TrainingTimeline TrainingTimelineMaker::fromHybrid(const core::TrainingCostModel& model,
                                                   const core::HierTrainPlan& plan, int batch) {
    return HybridTimeline(model, plan, batch).make();
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
        t.bars.push_back({row, at, at + ms, work, label, detail + ", " + timelineMsText(ms)});
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
