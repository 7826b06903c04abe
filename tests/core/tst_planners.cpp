// Scission, Neurosurgeon and JointDNN: against an independent brute force, against each other,
// and on hand-made cases.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "GeneratedProfiles.h"
#include "InferenceBruteForce.h"

#include "core/inference/InferenceCostModel.h"
#include "core/inference/JointDnnPlanner.h"
#include "core/inference/NeurosurgeonPlanner.h"
#include "core/inference/ScissionPlanner.h"
#include "core/io/ProfileLoader.h"
#include "core/model/DevicePower.h"

#include <QDirIterator>
#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_planners {

using namespace cutlab::core;
using namespace inference_brute_force;

namespace {

Profile load(const QString& path) {
    auto result = loadProfileFile(path.toStdString());
    if (!result.ok())
        qFatal("cannot load %s", qPrintable(path));
    return *result.profile;
}

std::vector<InferenceQuery> sampleQueries(const Profile& p) {
    const int n = static_cast<int>(p.layers.size());
    std::vector<InferenceQuery> queries(12);
    queries[1].top = 20;
    queries[2].objective = Objective::Transfer;
    queries[3].tierUse = {TierUse::Must, TierUse::Must, TierUse::Must};
    queries[4].tierUse = {TierUse::Any, TierUse::MustNot, TierUse::Any};
    queries[5].pins = {{n / 2, Tier::Edge}};
    queries[6].forbids = {{0, Tier::Device}, {n - 1, Tier::Cloud}};
    queries[7].maxUploadBytes[0] = 60000;
    queries[8].maxTime[0] = TimeLimit{50, true};
    queries[9].maxTime[1] = TimeLimit{5, false};
    queries[10].machineAllowed.assign(p.machines.size(), true);
    queries[10].machineAllowed[p.machines.size() - 1] = false;
    queries[11].tierUse = {TierUse::Must, TierUse::Any, TierUse::Any};
    queries[11].maxUploadBytes[1] = 1;
    queries[11].top = 3;
    return queries;
}

// A chain whose times and sizes are small integers, so that many plans tie exactly, with a
// device that has power figures.
Profile tiedChain(int layers, int machinesPerTier, unsigned seed) {
    Profile p = generatedProfile(layers, machinesPerTier, seed);
    for (Layer& layer : p.layers) {
        for (double& ms : layer.forwardMs)
            ms = std::round(ms / 2);
        layer.outputBytes = std::round(layer.outputBytes / 400000) * 50000;
    }
    for (Machine& machine : p.machines)
        if (machine.tier == Tier::Device)
            machine.power =
                DevicePower{2, radioPreset("lte")->uplink, radioPreset("lte")->downlink};
    return p;
}

// The queries the search answers from the best cloud cuts alone (and two it does not).
std::vector<InferenceQuery> topQueries() {
    std::vector<InferenceQuery> queries(6);
    for (auto& query : queries)
        query.top = 5;
    queries[1].objective = Objective::Transfer;
    queries[2].objective = Objective::Energy;
    queries[3].maxLatencyMs = 60;
    queries[4].objective = Objective::Energy;
    queries[4].maxLatencyMs = 60;
    queries[5].objective = Objective::Transfer; // ranked by bytes, bounded by time: every pair
    queries[5].maxLatencyMs = 60;
    return queries;
}

} // namespace

class TestPlanners : public QObject {
    Q_OBJECT
  private slots:
    void scissionEqualsBruteForceOnRandomProfiles() {
        const Network network = *networkPreset("4g");
        for (unsigned seed = 1; seed <= 60; ++seed) {
            const Profile p = generatedProfile(12, 1 + seed % 3, seed, seed % 2 ? 0.25 : 0.0);
            const InferenceCostModel model(p, network);
            for (const auto& query : sampleQueries(p))
                compareLists(rankScission(model, query), bruteForce(model, query));
        }
    }
    void topPlansOfLongTiedChainsEqualBruteForce() {
        const Network network = *networkPreset("4g");
        for (unsigned seed = 1; seed <= 12; ++seed) {
            const Profile p = tiedChain(40, 1 + seed % 3, seed);
            const InferenceCostModel model(p, network);
            for (const auto& query : topQueries())
                compareLists(rankScission(model, query), bruteForce(model, query));
        }
    }
    void scissionEqualsBruteForceOnSamples() {
        const Profile p = load(sourcePath("sample_profiles/scission/resnet50.json"));
        for (const char* preset : {"3g", "fibre"}) {
            const Network network = *networkPreset(preset);
            const InferenceCostModel model(p, network);
            for (const auto& query : sampleQueries(p))
                compareLists(rankScission(model, query), bruteForce(model, query));
        }
    }
    void tinyLinearBestPlans() {
        const Profile p = load(sourcePath("sample_profiles/handmade/tiny-linear.json"));
        const Network network = *networkPreset("3g");
        const InferenceCostModel model(p, network);
        InferenceQuery query;
        auto plans = rankScission(model, query);
        QCOMPARE(plans.front().evaluation.totalMs, 130.0); // the phone alone: 3G is too slow
        query.tierUse[0] = TierUse::MustNot;               // the input must leave the phone
        plans = rankScission(model, query);
        QCOMPARE(plans.front().evaluation.totalMs, 574.0); // all on the server
        query = {};
        query.pins = {{2, Tier::Edge}};
        query.tierUse[2] = TierUse::Must;
        plans = rankScission(model, query);
        // conv1..pool1 on the phone (45 + 317 upload), conv2..pool2 on the gateway (16), fc on
        // the server (1 + 25 + 25000·8/50000): better than sending conv2's 100 kB up (419.5).
        QCOMPARE(plans.front().evaluation.totalMs, 408.0);
        QCOMPARE(plans.front().evaluation.stages[1].end, 4);
        query.forbids = {{0, Tier::Device}};
        query.pins = {{2, Tier::Device}};
        QVERIFY(rankScission(model, query).empty());
    }
    void tiesFollowTheDocumentedOrder() {
        // Two identical cloud machines: equal totals, the first listed wins; a zero-time,
        // zero-byte last layer makes "more layers on the device" decide.
        Profile p = load(sourcePath("sample_profiles/handmade/tiny-linear.json"));
        p.machines.push_back({"server2", Tier::Cloud, ""});
        for (auto& layer : p.layers)
            layer.forwardMs.push_back(layer.forwardMs[2]);
        const Network network = *networkPreset("ideal");
        const InferenceCostModel model(p, network);
        InferenceQuery query;
        query.top = 4;
        query.tierUse[0] = TierUse::MustNot;
        query.tierUse[1] = TierUse::MustNot;
        const auto plans = rankScission(model, query);
        QCOMPARE(plans[0].evaluation.stages[0].machine, 2);
        QCOMPARE(plans[1].evaluation.stages[0].machine, 3);
        QCOMPARE(plans[0].evaluation.totalMs, plans[1].evaluation.totalMs);
    }
    void neurosurgeonEqualsScissionWithoutTheEdge() {
        int profiles = 0;
        for (const QString& path : sampleProfilePaths()) {
            const Profile p = load(path);
            for (const char* preset : {"3g", "4g", "fibre"}) {
                const Network network = *networkPreset(preset);
                const InferenceCostModel model(p, network);
                InferenceQuery query;
                query.top = 10;
                const auto neurosurgeon = planNeurosurgeon(model, query);
                query.tierUse[1] = TierUse::MustNot;
                compareLists(neurosurgeon, rankScission(model, query));
            }
            ++profiles;
        }
        QVERIFY(profiles >= 13);
    }
    void jointDnnIsNeverWorseThanScission() {
        for (const QString& path : sampleProfilePaths()) {
            const Profile p = load(path);
            for (const char* preset : {"3g", "4g", "fibre"}) {
                const Network network = *networkPreset(preset);
                const InferenceCostModel model(p, network);
                for (TierUse edge : {TierUse::MustNot, TierUse::Any}) {
                    InferenceQuery query;
                    query.tierUse[1] = edge;
                    const auto jointPlans = planJointDnn(model, query);
                    const auto scissionPlans = rankScission(model, query);
                    // a profile whose only machine is on the edge has no plan without the edge
                    QCOMPARE(jointPlans.empty(), scissionPlans.empty());
                    if (scissionPlans.empty())
                        continue;
                    const double joint = jointPlans.front().evaluation.totalMs;
                    const double scission = scissionPlans.front().evaluation.totalMs;
                    QVERIFY2(joint <= scission + 1e-9, qPrintable(path));
                }
            }
        }
        for (unsigned seed = 1; seed <= 40; ++seed) {
            const Profile p = generatedProfile(15, 1 + seed % 2, seed, 0.2);
            const Network network = *networkPreset("4g");
            const InferenceCostModel model(p, network);
            InferenceQuery query;
            query.pins = {{3, Tier::Cloud}};
            QVERIFY(planJointDnn(model, query).front().evaluation.totalMs <=
                    rankScission(model, query).front().evaluation.totalMs + 1e-9);
        }
    }
    void jointDnnMovesBackAndForth() {
        Profile p;
        p.model.inputBytes = 1000;
        p.machines = {{"d", Tier::Device, ""}, {"c", Tier::Cloud, ""}};
        const double times[3][2] = {{1, 10}, {10, 1}, {1, 10}};
        for (int i = 0; i < 3; ++i) {
            Layer layer;
            layer.id = "L" + std::to_string(i);
            layer.readsModelInput = i == 0;
            if (i > 0)
                layer.inputs = {i - 1};
            layer.outputBytes = 1000;
            layer.forwardMs = {times[i][0], times[i][1]};
            p.layers.push_back(layer);
        }
        Network network;
        network.links = {{"device", "cloud", 1000, 0}}; // 1000 B = 0.008 ms
        const InferenceCostModel model(p, network);
        const auto plans = planJointDnn(model, {});
        QCOMPARE(plans.size(), std::size_t(1));
        const auto& e = plans.front().evaluation;
        QCOMPARE(e.stages.size(), std::size_t(3));
        QCOMPARE(e.stages[0].machine, 0);
        QCOMPARE(e.stages[1].machine, 1);
        QCOMPARE(e.stages[2].machine, 0);
        QVERIFY(qAbs(e.totalMs - 3.016) < 1e-12);
        QCOMPARE(rankScission(model, {}).front().evaluation.totalMs, 12.0);
        InferenceQuery query;
        query.forbids = {{2, Tier::Device}};
        query.returnResult = true; // L2 on the cloud, its 1000 B come back
        const auto back = planJointDnn(model, query).front().evaluation;
        QVERIFY(qAbs(back.totalMs - (1 + 0.008 + 1 + 10 + 0.008)) < 1e-12);
        QCOMPARE(back.transfers.back().to, 0);
    }
    void jointDnnHonoursUseAndSkip() {
        const Profile p = load(sourcePath("sample_profiles/handmade/tiny-branching.json"));
        const Network network = *networkPreset("fibre");
        const InferenceCostModel model(p, network);
        InferenceQuery query;
        query.tierUse = {TierUse::Must, TierUse::Must, TierUse::Must};
        const auto plan = planJointDnn(model, query).front();
        bool used[3] = {false, false, false};
        for (const auto& stage : plan.evaluation.stages)
            used[tierIndex(stage.tier)] = true;
        QVERIFY(used[0] && used[1] && used[2]);
        query.tierUse = {TierUse::Any, TierUse::MustNot, TierUse::MustNot};
        const auto deviceOnly = planJointDnn(model, query);
        for (const auto& stage : deviceOnly.front().evaluation.stages)
            QCOMPARE(stage.tier, Tier::Device);
    }
};

CUTLAB_TEST_MAIN(TestPlanners, Guiless)
} // namespace tst_planners

#include "tst_planners.moc"
