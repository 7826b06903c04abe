// `plan --objective throughput` (docs/cost-models.md §1.9): Scission's search ranked by the
// period a stream sustains, against a brute force over every placement with the period computed
// here from its definition, on every sample, with and without --max-latency.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "InferenceBruteForce.h"

#include "core/inference/ScissionPlanner.h"
#include "core/io/ProfileLoader.h"

#include <QTest>

#include <algorithm>
#include <map>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_throughput {

using namespace cutlab::core;
using namespace inference_brute_force;

namespace {

// The busiest machine or link direction per frame: compute summed layer by layer per machine,
// bytes·8/(bw·1000) summed per direction (named by the link's ends as the network gives them).
double periodByDefinition(const InferenceCostModel& model, const Evaluation& evaluation) {
    const Profile& profile = model.profile();
    std::map<int, double> machineMs;
    for (const StageCost& stage : evaluation.stages)
        for (int i = stage.begin; i < stage.end; ++i)
            machineMs[stage.machine] += profile.layers[static_cast<std::size_t>(i)]
                                            .forwardMs[static_cast<std::size_t>(stage.machine)] /
                                        profile.model.batch;
    std::map<std::string, double> linkMs;
    for (const TransferCost& transfer : evaluation.transfers) {
        const Link link = *model.network().linkBetween(profile, transfer.from, transfer.to);
        if (!std::isinf(link.bandwidthMbps))
            linkMs[link.from + ">" + link.to] += transfer.bytes * 8 / (link.bandwidthMbps * 1000);
    }
    double period = 0;
    for (const auto& [machine, ms] : machineMs)
        period = std::max(period, ms);
    for (const auto& [direction, ms] : linkMs)
        period = std::max(period, ms);
    return period;
}

bool close(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

} // namespace

class TestThroughput : public QObject {
    Q_OBJECT
  private slots:
    void everySampleAgainstBruteForce() {
        int checked = 0;
        for (const QString& path : sampleProfilePaths()) {
            const auto loaded = loadProfileFile(path.toStdString());
            if (!loaded.profile || loaded.profile->machinesOfTier(Tier::Cloud).empty() ||
                loaded.profile->machinesOfTier(Tier::Device).empty())
                continue;
            for (const char* preset : {"3g", "4g"}) {
                const Network network = *networkPreset(preset);
                const InferenceCostModel model(*loaded.profile, network);
                InferenceQuery query;
                query.objective = Objective::Throughput;
                query.top = 5;
                for (int variant = 0; variant < 2; ++variant) {
                    if (variant == 1) {
                        // Bind: at most the median total of every placement.
                        InferenceQuery all = query;
                        all.top = 1000000;
                        auto plans = bruteForce(model, all);
                        std::vector<double> totals;
                        for (const auto& plan : plans)
                            totals.push_back(plan.evaluation.totalMs);
                        std::sort(totals.begin(), totals.end());
                        query.maxLatencyMs = totals[totals.size() / 2];
                    }
                    std::vector<RankedPlan> got = rankScission(model, query);
                    InferenceQuery all = query;
                    all.top = 1000000;
                    std::vector<RankedPlan> every = bruteForce(model, all);
                    std::vector<double> want;
                    for (const RankedPlan& plan : every) {
                        const double period = periodByDefinition(model, plan.evaluation);
                        QVERIFY2(close(plan.evaluation.periodMs, period),
                                 qPrintable(path + ": evaluate() says another period"));
                        want.push_back(period);
                    }
                    std::sort(want.begin(), want.end());
                    QCOMPARE(got.size(), std::min<std::size_t>(5, want.size()));
                    for (std::size_t i = 0; i < got.size(); ++i) {
                        const double period = periodByDefinition(model, got[i].evaluation);
                        QVERIFY2(close(period, want[i]),
                                 qPrintable(path + QString(" %1 rank %2: period %3, brute force %4")
                                                       .arg(preset)
                                                       .arg(i + 1)
                                                       .arg(period, 0, 'g', 17)
                                                       .arg(want[i], 0, 'g', 17)));
                        if (query.maxLatencyMs)
                            QVERIFY(got[i].evaluation.totalMs <= *query.maxLatencyMs);
                    }
                    ++checked;
                }
            }
        }
        QVERIFY(checked >= 40);
    }

    void handComputedPeriod() {
        // Device 10 ms, 1 Mbit/s uplink carrying 2,500 bytes (20 ms busy, 50 ms latency),
        // cloud 5 ms: a frame takes 85 ms, a stream runs one every 20 ms.
        Profile profile;
        profile.model.name = "two";
        profile.model.inputBytes = 1000;
        profile.machines = {{"phone", Tier::Device, ""}, {"server", Tier::Cloud, ""}};
        profile.layers.resize(2);
        profile.layers[0].id = "a";
        profile.layers[0].readsModelInput = true;
        profile.layers[0].forwardMs = {10, 1};
        profile.layers[0].outputBytes = 2500;
        profile.layers[1].id = "b";
        profile.layers[1].inputs = {0};
        profile.layers[1].forwardMs = {40, 5};
        profile.layers[1].outputBytes = 4;
        const Network network{"hand", {{"device", "cloud", 1, 50}}};
        const InferenceCostModel model(profile, network);
        const Evaluation e = model.evaluate(model.placementFromCuts(0, -1, {0, -1, 1}));
        QCOMPARE(e.totalMs, 85.0);
        QCOMPARE(e.periodMs, 20.0);
        InferenceQuery query;
        query.objective = Objective::Throughput;
        const auto plans = rankScission(model, query);
        // All on the device: 50 ms a frame; all on the cloud: 8 ms busy uplink + 6 ms → 8 ms.
        QCOMPARE(plans.front().evaluation.periodMs, 8.0);
        QCOMPARE(plans.front().evaluation.stages.front().machine, 1);
        query.maxLatencyMs = 60; // the cloud plan takes 8 + 50 + 6 = 64 ms
        const auto bounded = rankScission(model, query);
        QCOMPARE(bounded.front().evaluation.periodMs, 50.0);
    }
};

CUTLAB_TEST_MAIN(TestThroughput, Appless)
} // namespace tst_throughput

#include "tst_throughput.moc"
