// The memory of inference plans (docs/cost-models.md §1.8): the accounting by hand, and every
// inference planner against a brute force over its placements with capacities that bind.
#include "../TestMain.h"
#include "GeneratedProfiles.h"
#include "InferenceBruteForce.h"

#include "core/inference/InferenceCostModel.h"
#include "core/inference/JointDnnPlanner.h"
#include "core/inference/NeurosurgeonPlanner.h"
#include "core/inference/ScissionPlanner.h"
#include "core/planners/InferencePlanner.h"

#include <QTest>

#include <random>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_inferencememory {

using namespace cutlab::core;
using namespace inference_brute_force;

namespace {

// input 100 B -> L0 (10 B) -> L1 (20 B) -> L2 (30 B, also reads L0) -> L3 (5 B); blocks [L0],
// [L1 L2], [L3] (the skip from L0 to L2 forbids a cut after L1).
Profile residualProfile() {
    Profile profile;
    profile.model.name = "residual";
    profile.model.inputBytes = 100;
    profile.machines = {{"pi", Tier::Device, ""}, {"box", Tier::Edge, ""}, {"dc", Tier::Cloud, ""}};
    const double outputs[] = {10, 20, 30, 5}, params[] = {1000, 2000, 0, 500};
    for (int i = 0; i < 4; ++i) {
        Layer layer;
        layer.id = "L" + std::to_string(i);
        layer.readsModelInput = i == 0;
        if (i > 0)
            layer.inputs = {i - 1};
        if (i == 2)
            layer.inputs.push_back(0);
        layer.outputBytes = outputs[i];
        layer.paramBytes = params[i];
        layer.forwardMs = {4.0, 2.0, 1.0};
        profile.layers.push_back(layer);
    }
    return profile;
}

Network slowNetwork() {
    Network network = *networkPreset("3g");
    return network;
}

// Random weights and, per machine, a capacity between 15 % and 110 % of the whole model's
// weights plus its largest live activation: often binding, sometimes leaving nothing.
Profile withRandomMemory(Profile profile, unsigned seed) {
    std::mt19937 random(seed * 31u + 7u);
    std::uniform_real_distribution<double> params(0.0, 4.0e6), share(0.15, 1.1), chance(0, 1);
    double weights = 0, outputs = profile.model.inputBytes;
    for (Layer& layer : profile.layers) {
        layer.paramBytes = chance(random) < 0.2 ? 0.0 : std::floor(params(random));
        weights += layer.paramBytes;
        outputs += layer.outputBytes;
    }
    for (Machine& machine : profile.machines)
        if (chance(random) < 0.8)
            machine.memoryBytes = std::floor(share(random) * (weights + outputs));
    return profile;
}

void verifyAllFit(const InferenceCostModel& model, const std::vector<RankedPlan>& plans) {
    const std::vector<double> live = liveBytesByDefinition(model);
    for (const RankedPlan& plan : plans)
        QVERIFY(fitsByDefinition(model, live, plan.evaluation));
}

// The cheapest of every block-to-tier assignment (one machine per tier) that fits, by
// (latency, bytes) as JointDNN orders paths.
std::optional<Evaluation> jointDnnBruteForce(const InferenceCostModel& model, bool returnResult) {
    const auto& blocks = model.structure().blocks;
    const int count = static_cast<int>(blocks.size());
    int assignments = 1;
    for (int k = 0; k < count; ++k)
        assignments *= 3;
    const std::vector<double> live = liveBytesByDefinition(model);
    std::optional<Evaluation> best;
    for (int code = 0; code < assignments; ++code) {
        std::vector<Segment> segments;
        for (int k = 0, rest = code; k < count; ++k, rest /= 3)
            segments.push_back({rest % 3, blocks[static_cast<std::size_t>(k)].first,
                                blocks[static_cast<std::size_t>(k)].last + 1});
        const Evaluation e = model.evaluate(segments, 0, returnResult);
        if (!fitsByDefinition(model, live, e))
            continue;
        if (!best || e.totalMs < best->totalMs ||
            (e.totalMs == best->totalMs && e.transferBytes < best->transferBytes))
            best = e;
    }
    return best;
}

} // namespace

class TestInferenceMemory : public QObject {
    Q_OBJECT
  private slots:
    void liveBytesAndMachineMemoryByHand() {
        const Profile p = residualProfile();
        const Network network = slowNetwork();
        const InferenceCostModel model(p, network);
        QCOMPARE(model.structure().blocks.size(), std::size_t(3));
        const double live[] = {110, 30, 60, 35};
        for (int layer = 0; layer < 4; ++layer)
            QCOMPARE(liveBytesAt(model, layer), live[layer]);
        for (int block = 0; block < 3; ++block)
            QCOMPARE(model.memory().blockLive(block), block == 0   ? 110.0
                                                      : block == 1 ? 60.0
                                                                   : 35.0);
        // the device runs L0, the cloud the rest: 1000 + 110 and 2500 + max(60, 10 received)
        const Evaluation e = model.evaluate({{0, 0, 1}, {2, 1, 4}}, 0);
        const auto held = model.memory().of(e);
        QCOMPARE(held.size(), std::size_t(2));
        QCOMPARE(held[0].machine, 0);
        QCOMPARE(held[0].weightsBytes, 1000.0);
        QCOMPARE(held[0].activationBytes, 110.0);
        QCOMPARE(held[1].machine, 2);
        QCOMPARE(held[1].bytes(), 2560.0);
        QCOMPARE(model.memory().blocksBytes(1, 3, 10), 2560.0);
        QCOMPARE(model.memory().blocksBytes(0, 0, 100), 100.0); // the device only holds the input
        // everything on the cloud: the device still holds the input
        const auto cloudOnly = model.memory().of(model.evaluate({{2, 0, 4}}, 0));
        QCOMPARE(cloudOnly.front().bytes(), 100.0);
        QCOMPARE(cloudOnly.back().bytes(), 3500.0 + 110.0);
    }

    void aCapacityExcludesThePlansThatOverflowIt() {
        Profile p = residualProfile();
        p.machines[0].memoryBytes = 1109; // L0 needs 1110 on the device
        p.machines[1].memoryBytes = 2559; // L1..L3 need 2560 on the edge
        const Network network = slowNetwork();
        const InferenceCostModel model(p, network);
        InferenceQuery query;
        query.top = 50;
        const auto plans = rankScission(model, query);
        QVERIFY(!plans.empty());
        verifyAllFit(model, plans);
        compareLists(plans, bruteForce(model, query));
        for (const RankedPlan& plan : plans)
            QVERIFY(plan.evaluation.layersOnMachine(0) == 0);
    }

    void nothingFitsNamesTheSmallestCapacity() {
        Profile p = residualProfile();
        p.machines[0].memoryBytes = 99; // the device must hold the 100-byte input
        const Network network = slowNetwork();
        const InferenceCostModel model(p, network);
        for (const char* planner : {"scission", "neurosurgeon", "jointdnn"}) {
            QVERIFY(runInferencePlanner(planner, model, {}).empty());
            const std::string why = explainNoPlan(planner, model, {});
            QVERIFY2(why.find("pi (device) would need 100 bytes") != std::string::npos,
                     why.c_str());
            QVERIFY2(why.find("it has 99 bytes") != std::string::npos, why.c_str());
        }
    }

    void scissionEqualsBruteForceWithCapacities() {
        const Network network = *networkPreset("4g");
        int binding = 0, empty = 0;
        for (unsigned seed = 1; seed <= 80; ++seed) {
            const Profile p = withRandomMemory(
                generatedProfile(10, 1 + seed % 3, seed, seed % 2 ? 0.3 : 0.0), seed);
            const InferenceCostModel model(p, network);
            InferenceQuery query;
            query.top = 8;
            query.objective = seed % 4 == 0 ? Objective::Transfer : Objective::Latency;
            const auto plans = rankScission(model, query);
            verifyAllFit(model, plans);
            compareLists(plans, bruteForce(model, query));
            InferenceCostModel unlimited = model;
            for (int m = 0; m < static_cast<int>(p.machines.size()); ++m)
                unlimited.setMemoryCapacity(m, std::nullopt);
            const auto free = rankScission(unlimited, query);
            binding += !plans.empty() && !free.empty() &&
                       free.front().evaluation.totalMs != plans.front().evaluation.totalMs;
            empty += plans.empty();
        }
        QVERIFY2(binding >= 10, qPrintable(QString::number(binding))); // the limits bind
        QVERIFY2(empty >= 3 && empty <= 60, qPrintable(QString::number(empty)));
    }

    void neurosurgeonEqualsBruteForceWithoutTheEdge() {
        const Network network = *networkPreset("3g");
        for (unsigned seed = 1; seed <= 60; ++seed) {
            const Profile p =
                withRandomMemory(generatedProfile(9, 1, seed, seed % 2 ? 0.3 : 0.0), seed);
            const InferenceCostModel model(p, network);
            InferenceQuery query;
            query.top = 3;
            const auto plans = planNeurosurgeon(model, query);
            verifyAllFit(model, plans);
            query.tierUse[1] = TierUse::MustNot;
            compareLists(plans, bruteForce(model, query));
        }
    }

    void jointDnnEqualsBruteForceWithCapacities() {
        const Network network = *networkPreset("4g");
        int searched = 0;
        for (unsigned seed = 1; seed <= 80; ++seed) {
            const Profile p =
                withRandomMemory(generatedProfile(7, 1, seed, seed % 3 ? 0.25 : 0.0), seed);
            const InferenceCostModel model(p, network);
            InferenceQuery query;
            query.top = 1;
            query.returnResult = seed % 5 == 0;
            const auto plans = planJointDnn(model, query);
            const auto best = jointDnnBruteForce(model, query.returnResult);
            QCOMPARE(plans.empty(), !best.has_value());
            if (!best)
                continue;
            verifyAllFit(model, plans);
            const Evaluation& got = plans.front().evaluation;
            QVERIFY2(
                qAbs(got.totalMs - best->totalMs) <= 1e-9 * best->totalMs,
                qPrintable(
                    QString("seed %1: %2 vs %3").arg(seed).arg(got.totalMs).arg(best->totalMs)));
            ++searched;
        }
        QVERIFY(searched >= 30);
    }
};

CUTLAB_TEST_MAIN(TestInferenceMemory, Guiless)
} // namespace tst_inferencememory

#include "tst_inferencememory.moc"
