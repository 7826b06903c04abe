// Frames replayed over FIFO servers and measured traces (docs/cost-models.md §6), against a
// literal simulation written here from the semantics: opportunities expanded period by period
// and marked used one by one, links found by their names, compute summed layer by layer.
#include "../TestMain.h"
#include "../TestPaths.h"

#include "core/inference/HindsightCandidates.h"
#include "core/inference/ReplayRun.h"
#include "core/inference/ReplaySummary.h"
#include "core/inference/ScissionPlanner.h"
#include "core/io/ProfileLoader.h"
#include "core/io/TraceFile.h"
#include "core/model/LinkDirection.h"

#include <QTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <memory>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_framereplay {

using namespace cutlab::core;

namespace {

struct OracleTrace {
    std::vector<double> raw; // one period, trace time
    double period = 0;
    double offset = 0;
    std::vector<double> times; // replay time, expanded as needed
    std::vector<char> used;
    int periods = 0;

    void expandOnePeriod() {
        for (double t : raw) {
            const double replayTime = t + periods * period - offset;
            if (replayTime >= 0) {
                times.push_back(replayTime);
                used.push_back(0);
            }
        }
        ++periods;
    }
    // Takes the first `count` unused opportunities at or after s; returns the last one's time.
    double take(double s, long count) {
        double last = 0;
        std::size_t i = 0;
        while (count > 0) {
            while (i >= times.size())
                expandOnePeriod();
            if (!used[i] && times[i] >= s) {
                used[i] = 1;
                last = times[i];
                --count;
            }
            ++i;
        }
        return last;
    }
};

struct OracleTransfer {
    double arrival, bytes, busy;
};

// The whole state of a replay, by the definitions.
struct Oracle {
    const Profile* profile = nullptr;
    Network network;
    double inputBytes = 0;
    std::map<std::string, OracleTrace> traces; // "from>to" as the link names it
    std::map<std::string, std::vector<OracleTransfer>> carried;
    std::map<int, double> machineFree;
    std::map<std::string, double> linkFree;

    double computeMs(int machine, int begin, int end) const {
        double sum = 0;
        for (int i = begin; i < end; ++i)
            sum += profile->layers[static_cast<std::size_t>(i)]
                       .forwardMs[static_cast<std::size_t>(machine)] /
                   profile->model.batch;
        return sum;
    }
    double cutBytes(int position) const {
        return position == 0 ? inputBytes
                             : profile->layers[static_cast<std::size_t>(position - 1)].outputBytes;
    }
    double send(int from, int to, double bytes, double ready) {
        const Link link = *network.linkBetween(*profile, from, to);
        const std::string key = link.from + ">" + link.to;
        if (auto trace = traces.find(key); trace != traces.end()) {
            const double last =
                trace->second.take(ready, static_cast<long>(std::ceil(bytes / 1500)));
            const double arrival = last + link.latencyMs;
            carried[key].push_back({arrival, bytes, arrival - ready - link.latencyMs});
            return arrival;
        }
        const double start = std::max(ready, linkFree[key]);
        const double busy =
            std::isinf(link.bandwidthMbps) ? 0 : bytes * 8 / (link.bandwidthMbps * 1000);
        linkFree[key] = start + busy;
        return start + busy + link.latencyMs;
    }
    double runFrame(const RankedPlan& plan, double arrival) {
        double t = arrival;
        int location = plan.evaluation.origin;
        for (const Segment& segment : plan.segments) {
            if (segment.end <= segment.begin)
                continue;
            const double bytes = cutBytes(segment.begin);
            if (location >= 0 && location != segment.machine && bytes > 0)
                t = send(location, segment.machine, bytes, t);
            location = segment.machine;
            t = std::max(t, machineFree[segment.machine]) +
                computeMs(segment.machine, segment.begin, segment.end);
            machineFree[segment.machine] = t;
        }
        return t;
    }
};

Profile loadSample(const QString& relative) {
    auto loaded = loadProfileFile(sourcePath(relative).toStdString());
    if (!loaded.profile)
        qFatal("cannot load %s", qPrintable(relative));
    return *loaded.profile;
}

std::shared_ptr<const NetworkTrace> loadSampleTrace(const QString& name) {
    auto loaded = loadTraceFile(sourcePath("sample_profiles/traces/" + name).toStdString());
    if (!loaded.trace)
        qFatal("cannot load trace %s: %s", qPrintable(name), loaded.error.c_str());
    return std::make_shared<const NetworkTrace>(std::move(*loaded.trace));
}

OracleTrace oracleTrace(const NetworkTrace& trace, double offset) {
    OracleTrace oracle;
    oracle.raw = trace.opportunitiesMs;
    oracle.period = trace.periodMs;
    oracle.offset = offset;
    return oracle;
}

RankedPlan planOf(const InferenceCostModel& model, const TierPlacement& placement) {
    RankedPlan plan;
    plan.segments = placement.segments(model.layerCount());
    plan.evaluation = model.evaluate(placement);
    return plan;
}

void compareClose(double actual, double expected, const char* what, int frame) {
    if (std::abs(actual - expected) > 1e-6 * std::max(1.0, std::abs(expected)))
        QFAIL(qPrintable(QString("%1 of frame %2: %3, the simulation says %4")
                             .arg(what)
                             .arg(frame)
                             .arg(actual, 0, 'g', 17)
                             .arg(expected, 0, 'g', 17)));
}

// Device raspi4 → cloud 6700k(GPU) of VGG19 at every valid cut, over 4g.
struct Vgg19Setup {
    Profile profile = loadSample("sample_profiles/scission/vgg19.json");
    Network network = *networkPreset("4g");
    std::unique_ptr<InferenceCostModel> model =
        std::make_unique<InferenceCostModel>(profile, network);

    std::vector<RankedPlan> deviceCloudPlans() const {
        InferenceQuery query;
        query.top = 1000;
        query.tierUse = {TierUse::Any, TierUse::MustNot, TierUse::Any};
        return rankScission(*model, query);
    }
};

} // namespace

class TestFrameReplay : public QObject {
    Q_OBJECT
  private slots:
    void handComputedTraceReplay() {
        Profile profile;
        profile.model.name = "two";
        profile.model.batch = 1;
        profile.model.inputBytes = 100;
        profile.machines = {{"phone", Tier::Device, ""}, {"server", Tier::Cloud, ""}};
        profile.layers.resize(2);
        profile.layers[0].id = "a";
        profile.layers[0].forwardMs = {2, 1};
        profile.layers[0].outputBytes = 3000; // two opportunities
        profile.layers[1].id = "b";
        profile.layers[1].forwardMs = {2, 1};
        profile.layers[1].outputBytes = 10;
        profile.layers[1].inputs = {0};
        profile.layers[0].readsModelInput = true;
        Network network{"hand", {{"device", "cloud", 1, 5}}};
        const InferenceCostModel model(profile, network);
        auto trace = std::make_shared<NetworkTrace>();
        trace->opportunitiesMs = {0, 10, 10, 20};
        trace->periodMs = 20;
        const TracedDirection traced{*linkDirectionOf(network, "device", "cloud"), trace, 0};
        const RankedPlan plan = planOf(model, model.placementFromCuts(0, -1, {0, -1, 1}));
        const ReplayRun run = replayStatic(model, {traced}, plan, {3, 4});
        // Frame 0: device 0–2, opportunities 10 and 10, +5 ms, cloud 15–16.
        // Frame 1: device 4–6, opportunities 20 (period 0) and 20 (period 1), cloud 25–26.
        // Frame 2: device 8–10, opportunities 30 and 30 (period 1), cloud 35–36.
        QCOMPARE(run.frames.size(), std::size_t(3));
        QCOMPARE(run.frames[0].latencyMs, 16.0);
        QCOMPARE(run.frames[1].latencyMs, 22.0);
        QCOMPARE(run.frames[2].latencyMs, 28.0);
        const ReplaySummary summary = summarizeReplay(run, 20.0);
        QCOMPARE(summary.p50Ms, 22.0);
        QCOMPARE(summary.maxMs, 28.0);
        QCOMPARE(summary.throughputFps, 3 * 1000.0 / 36.0);
        QCOMPARE(*summary.deadlineMisses, 2);
        // Offset 15: opportunities before trace time 15 are gone; replay 0 is trace 15.
        const ReplayRun late = replayStatic(model, {{traced.direction, trace, 15}}, plan, {1, 4});
        // Ready at replay 2 = trace 17: opportunities 20 and 20 → replay 5, +5, cloud 10–11.
        QCOMPARE(late.frames[0].latencyMs, 11.0);
    }

    void constantLinksGiveEveryPlansTotal() {
        for (const QString& path : sampleProfilePaths()) {
            const auto loaded = loadProfileFile(path.toStdString());
            if (!loaded.profile)
                continue;
            const Network network = *networkPreset("4g");
            const InferenceCostModel model(*loaded.profile, network);
            InferenceQuery query;
            query.top = 3;
            for (const RankedPlan& plan : rankScission(model, query)) {
                const double total = plan.evaluation.totalMs;
                const ReplayRun run = replayStatic(model, {}, plan, {5, total + 1});
                for (const ReplayedFrame& frame : run.frames)
                    if (std::abs(frame.latencyMs - total) > 1e-9 * std::max(1.0, total))
                        QFAIL(qPrintable(path + QString(": frame %1 took %2 ms, the plan says %3")
                                                    .arg(frame.index)
                                                    .arg(frame.latencyMs, 0, 'g', 17)
                                                    .arg(total, 0, 'g', 17)));
            }
        }
    }

    void progressCountsFramesAndCancelStops() {
        const auto loaded =
            loadProfileFile(sourcePath("sample_profiles/scission/vgg19.json").toStdString());
        QVERIFY(loaded.profile);
        const Network network = *networkPreset("4g");
        const InferenceCostModel model(*loaded.profile, network);
        const RankedPlan plan = rankScission(model, InferenceQuery{}).front();
        std::atomic<int> done{0};
        std::atomic<bool> cancel{false};
        ReplaySettings settings{40, 100};
        settings.framesDone = &done;
        settings.cancel = &cancel;
        QCOMPARE(replayStatic(model, {}, plan, settings).frames.size(), std::size_t(40));
        QCOMPARE(done.load(), 40);
        cancel = true; // set before the run: it stops after its first frame
        const ReplayRun stopped = replayStatic(model, {}, plan, settings);
        QCOMPARE(stopped.frames.size(), std::size_t(1));
        const PlanChooser choose = [&](const Network& at) {
            const InferenceCostModel there(*loaded.profile, at);
            return std::optional(rankScission(there, InferenceQuery{}).front());
        };
        QCOMPARE(replayAdaptive(model, {}, choose, settings, 2000).frames.size(), std::size_t(1));
    }

    void staticPlansMatchTheSimulation_data() {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<double>("interval");
        QTest::addColumn<double>("offset");
        for (const char* trace :
             {"ATT-LTE-driving.up", "TMobile-UMTS-driving.up", "Verizon-LTE-short.up"})
            for (double interval : {1500.0, 40.0})
                for (double offset : {0.0, 61234.0})
                    QTest::addRow("%s every %g ms from %g", trace, interval, offset)
                        << QString(trace) << interval << offset;
    }
    void staticPlansMatchTheSimulation() {
        QFETCH(QString, trace);
        QFETCH(double, interval);
        QFETCH(double, offset);
        const Vgg19Setup setup;
        const auto measured = loadSampleTrace(trace);
        const auto back = loadSampleTrace(QString(trace).replace(".up", ".down"));
        const std::vector<TracedDirection> traces = {
            {*linkDirectionOf(setup.network, "device", "cloud"), measured, offset},
            {*linkDirectionOf(setup.network, "cloud", "device"), back, offset}};
        auto plans = setup.deviceCloudPlans();
        QVERIFY(plans.size() > 10);
        for (std::size_t p = 0; p < plans.size(); p += 4) {
            const ReplayRun run = replayStatic(*setup.model, traces, plans[p], {60, interval});
            Oracle oracle{&setup.profile, setup.network, setup.model->inputBytes(), {}, {}, {}, {}};
            oracle.traces["device>cloud"] = oracleTrace(*measured, offset);
            oracle.traces["cloud>device"] = oracleTrace(*back, offset);
            for (const ReplayedFrame& frame : run.frames) {
                compareClose(frame.arrivalMs, frame.index * interval, "arrival", frame.index);
                const double end = oracle.runFrame(plans[p], frame.arrivalMs);
                compareClose(frame.latencyMs, end - frame.arrivalMs, "latency", frame.index);
            }
        }
    }

    void queueingOnConstantLinksMatchesTheSimulation() {
        const Vgg19Setup setup;
        InferenceQuery query;
        query.top = 40;
        for (const RankedPlan& plan : rankScission(*setup.model, query)) {
            const ReplayRun run = replayStatic(*setup.model, {}, plan, {50, 7});
            Oracle oracle{&setup.profile, setup.network, setup.model->inputBytes(), {}, {}, {}, {}};
            for (const ReplayedFrame& frame : run.frames)
                compareClose(frame.latencyMs,
                             oracle.runFrame(plan, frame.arrivalMs) - frame.arrivalMs, "latency",
                             frame.index);
        }
    }

    void adaptiveLoopMatchesTheSimulation_data() {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<double>("offset");
        QTest::addColumn<double>("interval");
        QTest::addColumn<double>("window");
        QTest::newRow("LTE every 200 ms, 2 s window")
            << "ATT-LTE-driving.up" << 0.0 << 200.0 << 2000.0;
        QTest::newRow("LTE from 61 s every 1 s, 3 s window")
            << "ATT-LTE-driving.up" << 61234.0 << 1000.0 << 3000.0;
        QTest::newRow("Verizon every 500 ms, 5 s window")
            << "Verizon-LTE-short.up" << 0.0 << 500.0 << 5000.0;
    }
    void adaptiveLoopMatchesTheSimulation() {
        QFETCH(QString, trace);
        QFETCH(double, offset);
        QFETCH(double, interval);
        QFETCH(double, window);
        const Vgg19Setup setup;
        const auto measured = loadSampleTrace(trace);
        const TracedDirection traced{*linkDirectionOf(setup.network, "device", "cloud"), measured,
                                     offset};
        InferenceQuery query;
        query.top = 1;
        query.tierUse = {TierUse::Any, TierUse::MustNot, TierUse::Any};
        const Profile& profile = setup.profile;
        const PlanChooser choose = [&](const Network& network) {
            const InferenceCostModel model(profile, network);
            auto plans = rankScission(model, query);
            return plans.empty() ? std::nullopt : std::optional<RankedPlan>(plans.front());
        };
        const int frames = 150;
        const ReplayRun run =
            replayAdaptive(*setup.model, {traced}, choose, {frames, interval}, window);
        QVERIFY2(run.plans.size() > 1, "the trace should move the cut at least once");

        Oracle oracle{&setup.profile, setup.network, setup.model->inputBytes(), {}, {}, {}, {}};
        oracle.traces["device>cloud"] = oracleTrace(*measured, offset);
        // Before any transfer: the opportunities in the trace's first window.
        double estimate = 0;
        {
            OracleTrace first = oracleTrace(*measured, offset);
            first.expandOnePeriod();
            const auto count = std::count_if(first.times.begin(), first.times.end(),
                                             [&](double t) { return t < window; });
            estimate = static_cast<double>(count) * 12000.0 / window / 1000.0;
        }
        for (int k = 0; k < frames; ++k) {
            const double t = k * interval;
            double bytes = 0, busy = 0;
            for (const OracleTransfer& transfer : oracle.carried["device>cloud"])
                if (transfer.arrival > t - window && transfer.arrival <= t) {
                    bytes += transfer.bytes;
                    busy += transfer.busy;
                }
            if (bytes > 0)
                estimate = busy > 0 ? bytes * 8 / (busy * 1000) : kUnlimitedBandwidth;
            // The traced direction at its estimate; the way back keeps the link's figure.
            Network estimated = setup.network;
            const Link forward = *setup.network.linkBetweenTiers(Tier::Device, Tier::Cloud);
            for (Link& link : estimated.links)
                if (link.from == "device" && link.to == "cloud")
                    link.bandwidthMbps = estimate;
            estimated.links.push_back(
                {"cloud", "device", forward.bandwidthMbps, forward.latencyMs});
            const RankedPlan plan = *choose(estimated);
            const auto& used = run.plans[run.frames[static_cast<std::size_t>(k)].plan];
            QCOMPARE(used.segments.size(), plan.segments.size());
            for (std::size_t s = 0; s < plan.segments.size(); ++s) {
                QCOMPARE(used.segments[s].machine, plan.segments[s].machine);
                QCOMPARE(used.segments[s].end, plan.segments[s].end);
            }
            const double end = oracle.runFrame(plan, t);
            compareClose(run.frames[static_cast<std::size_t>(k)].latencyMs, end - t, "latency", k);
        }
    }

    void hindsightFinishesEachFrameFirst() {
        const Vgg19Setup setup;
        const auto measured = loadSampleTrace("TMobile-UMTS-driving.up");
        const std::vector<TracedDirection> traces = {
            {*linkDirectionOf(setup.network, "device", "cloud"), measured, 5000}};
        const auto plans = setup.deviceCloudPlans();
        const FrameReplay probe(*setup.model, traces);
        const auto candidates = undominatedPlans(probe, plans);
        // A placement asking as much as an earlier one on the same servers never wins.
        std::vector<RankedPlan> twice = plans;
        twice.insert(twice.end(), plans.begin(), plans.end());
        QCOMPARE(undominatedPlans(probe, twice).size(), candidates.size());
        const int frames = 40;
        const ReplayRun run = replayHindsight(*setup.model, traces, candidates, {frames, 100});

        Oracle oracle{&setup.profile, setup.network, setup.model->inputBytes(), {}, {}, {}, {}};
        oracle.traces["device>cloud"] = oracleTrace(*measured, 5000);
        for (int k = 0; k < frames; ++k) {
            const double t = k * 100.0;
            double best = std::numeric_limits<double>::infinity();
            std::size_t bestPlan = 0;
            for (std::size_t p = 0; p < plans.size(); ++p) {
                Oracle trial = oracle;
                const double end = trial.runFrame(plans[p], t);
                if (end < best) {
                    best = end;
                    bestPlan = p;
                }
            }
            oracle.runFrame(plans[bestPlan], t);
            compareClose(run.frames[static_cast<std::size_t>(k)].latencyMs, best - t, "latency", k);
        }
    }

    void linkDirectionsAgreeWithLinkLookup() {
        const Profile profile = loadSample("sample_profiles/scission/vgg19.json");
        for (const std::string& name : networkPresetNames()) {
            const Network network = *networkPreset(name);
            for (int a = 0; a < static_cast<int>(profile.machines.size()); ++a)
                for (int b = 0; b < static_cast<int>(profile.machines.size()); ++b) {
                    if (a == b)
                        continue;
                    const auto link = network.linkBetween(profile, a, b);
                    const auto direction = linkDirectionBetween(network, profile, a, b);
                    QCOMPARE(direction.has_value(), link.has_value());
                    if (!link)
                        continue;
                    Link found = network.links[direction->link];
                    if (direction->reverse)
                        std::swap(found.from, found.to);
                    QCOMPARE(found, *link);
                }
        }
    }

    void nearestRankPercentiles() {
        const std::vector<double> sorted = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        QCOMPARE(nearestRank(sorted, 50), 5.0);  // ⌈5⌉ = 5th
        QCOMPARE(nearestRank(sorted, 95), 10.0); // ⌈9.5⌉ = 10th
        QCOMPARE(nearestRank(sorted, 11), 2.0);  // ⌈1.1⌉ = 2nd
        QCOMPARE(nearestRank({7}, 99), 7.0);
    }
};

CUTLAB_TEST_MAIN(TestFrameReplay, Appless)
} // namespace tst_framereplay

#include "tst_framereplay.moc"
