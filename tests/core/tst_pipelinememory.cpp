// Memory of pipeline stages (docs/cost-models.md §2.7): the accounting by hand, and planning
// under memory limits against a brute force over every partition of small random graphs.
#include "../TestMain.h"
#include "core/model/Network.h"
#include "core/pipeline/PipelineAutoSchedule.h"
#include "core/pipeline/PipelineMemory.h"
#include "core/pipeline/PipelinePlanner.h"
#include "core/pipeline/PipelineSchedule.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_pipelinememory {

using namespace cutlab::core;

namespace {

// a -> b -> c: params 100, 200, 300 bytes; outputs 10, 20, 30 bytes a sample; input 5 bytes.
Profile threeLayers() {
    Profile p;
    p.model.name = "three";
    p.model.batch = 2;
    p.model.inputBytes = 5;
    p.machines = {{"g", Tier::Cloud, ""}};
    const double params[] = {100, 200, 300}, outputs[] = {10, 20, 30};
    for (int i = 0; i < 3; ++i) {
        Layer layer;
        layer.id = std::string(1, static_cast<char>('a' + i));
        if (i > 0)
            layer.inputs = {i - 1};
        layer.readsModelInput = i == 0;
        layer.paramBytes = params[i];
        layer.outputBytes = outputs[i];
        layer.forwardMs = {1};
        layer.backwardMs = {2};
        p.layers.push_back(layer);
    }
    p.hasBackward = true;
    return p;
}

PipelineRequest twoStageRequest(OptimizerKind optimizer, bool gpipe, bool recompute) {
    PipelineRequest request;
    request.chain = {0, 0};
    request.microBatch = 2;
    request.memory.optimizer = optimizer;
    request.memory.recompute = recompute;
    request.memory.microBatches = 4;
    request.memory.allInFlight = gpipe;
    request.memory.weightStashing = !gpipe;
    return request;
}

Profile randomProfile(int n, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    Profile p;
    p.model.name = "random";
    p.model.batch = 1 + static_cast<int>(unit(random) * 3);
    p.model.inputBytes = std::floor(unit(random) * 500);
    p.machines = {{"d", Tier::Device, ""}, {"e", Tier::Edge, ""}, {"c", Tier::Cloud, ""}};
    for (int i = 0; i < n; ++i) {
        Layer layer;
        layer.id = "L" + std::to_string(i);
        if (i > 0 && unit(random) < 0.85) {
            layer.inputs.push_back(
                std::uniform_int_distribution<int>(std::max(0, i - 3), i - 1)(random));
            if (i > 1 && unit(random) < 0.35) {
                const int other = std::uniform_int_distribution<int>(0, i - 1)(random);
                if (other != layer.inputs[0])
                    layer.inputs.push_back(other);
            }
        }
        layer.readsModelInput = layer.inputs.empty();
        layer.outputBytes = std::floor(unit(random) * 300);
        layer.paramBytes = unit(random) < 0.3 ? 0 : std::floor(unit(random) * 2000);
        for (int m = 0; m < 3; ++m) {
            layer.forwardMs.push_back(unit(random) * 10 / (1 + m));
            layer.backwardMs.push_back(unit(random) * 20 / (1 + m));
        }
        p.layers.push_back(layer);
    }
    p.hasBackward = true;
    return p;
}

// Every assignment of layers to chain positions that is a pipeline; the smallest bottleneck of
// those whose every stage fits (ties: fewer stages), or infinity.
double bruteForce(const Profile& p, const Network& network, const PipelineRequest& request) {
    const int n = static_cast<int>(p.layers.size());
    const int positions = static_cast<int>(request.chain.size());
    std::vector<int> stageOfLayer(static_cast<std::size_t>(n), 0);
    double best = std::numeric_limits<double>::infinity();
    while (true) {
        try {
            const PipelinePlan plan = evaluatePipeline(p, network, request, stageOfLayer);
            bool fits = true;
            for (const PipelineStage& stage : plan.stages) {
                const double capacity =
                    request.capacityBytes[static_cast<std::size_t>(stage.chainPosition)];
                fits = fits && (capacity <= 0 || stage.memory.total() <= capacity);
            }
            if (fits)
                best = std::min(best, plan.bottleneckMs);
        } catch (const PlanError&) {
        }
        int v = 0;
        while (v < n && ++stageOfLayer[static_cast<std::size_t>(v)] == positions)
            stageOfLayer[static_cast<std::size_t>(v++)] = 0;
        if (v == n)
            return best;
    }
}

// The smallest time per mini-batch over every pipeline assignment × schedule × subset of stages
// that recompute, of those whose every stage fits (infinity when none does).
double bruteForceAuto(const Profile& p, const Network& network, const PipelineRequest& request) {
    const int n = static_cast<int>(p.layers.size());
    const int positions = static_cast<int>(request.chain.size());
    std::vector<int> stageOfLayer(static_cast<std::size_t>(n), 0);
    double best = std::numeric_limits<double>::infinity();
    while (true) {
        bool pipeline = true;
        try {
            evaluatePipeline(p, network, request, stageOfLayer);
        } catch (const PlanError&) {
            pipeline = false;
        }
        const int stages = 1 + *std::max_element(stageOfLayer.begin(), stageOfLayer.end());
        for (ScheduleKind kind : allScheduleKinds())
            for (int mask = 0; pipeline && mask < (1 << stages); ++mask) {
                PipelineRequest trial = request;
                useScheduleMemory(trial.memory, kind);
                for (int s = 0; s < stages; ++s)
                    trial.recomputeStages.push_back((mask >> s) & 1);
                const PipelinePlan plan = evaluatePipeline(p, network, trial, stageOfLayer);
                bool fits = true;
                for (const PipelineStage& stage : plan.stages)
                    fits = fits &&
                           stage.memory.total() <=
                               request.capacityBytes[static_cast<std::size_t>(stage.chainPosition)];
                if (fits)
                    best = std::min(best, simulateSchedule(stageTimings(plan),
                                                           request.memory.microBatches, kind)
                                              .timePerMinibatchMs);
            }
        int v = 0;
        while (v < n && ++stageOfLayer[static_cast<std::size_t>(v)] == positions)
            stageOfLayer[static_cast<std::size_t>(v++)] = 0;
        if (v == n)
            return best;
    }
}

} // namespace

class TestPipelineMemory : public QObject {
    Q_OBJECT

  private slots:
    // Stage 1 = {a, b}, stage 2 = {c}; micro-batch 2 samples, 4 micro-batches.
    void accountingByHand() {
        const Profile p = threeLayers();
        const Network ideal = *networkPreset("ideal");
        const std::vector<int> split = {0, 0, 1};
        // 1F1B, Adam: stage 1 has 2 micro-batches in flight: W 300, gradients 300, Adam 600,
        // one stashed version 300, activations 2 · 30 · 2 = 120; stage 2: 300 + 300 + 600 +
        // 0 + 2 · 30 · 1 = 1260.
        PipelinePlan plan =
            evaluatePipeline(p, ideal, twoStageRequest(OptimizerKind::Adam, false, false), split);
        QCOMPARE(plan.stages[0].memory.inFlight, 2);
        QCOMPARE(plan.stages[0].memory.optimizerState, 600.0);
        QCOMPARE(plan.stages[0].memory.stashedWeights, 300.0);
        QCOMPARE(plan.stages[0].memory.activations, 120.0);
        QCOMPARE(plan.stages[0].memory.total(), 1620.0);
        QCOMPARE(plan.stages[1].memory.total(), 1260.0);
        // GPipe, SGD: all 4 micro-batches in flight, one weight version: 300 + 300 + 2 · 30 · 4.
        plan = evaluatePipeline(p, ideal, twoStageRequest(OptimizerKind::Sgd, true, false), split);
        QCOMPARE(plan.stages[0].memory.total(), 840.0);
        QCOMPARE(plan.stages[1].memory.total(), 840.0);
        QCOMPARE(plan.stages[1].memory.stashedWeights, 0.0);
        // Recomputation, 1F1B, momentum: stage 1 keeps its input (2 · 5) per micro-batch in
        // flight plus one micro-batch of activations: 10 · 2 + 60 = 80; weights 300, gradients
        // 300, momentum 300, stash 300. Stage 2 keeps b's output (2 · 20) once, plus 2 · 30.
        plan = evaluatePipeline(p, ideal, twoStageRequest(OptimizerKind::Momentum, false, true),
                                split);
        QCOMPARE(plan.stages[0].memory.activations, 80.0);
        QCOMPARE(plan.stages[0].memory.total(), 1280.0);
        QCOMPARE(plan.stages[1].memory.activations, 100.0);
        QCOMPARE(plan.stages[1].memory.total(), 1000.0);
    }

    // 120 random graphs of 5 to 7 layers, three machines, limits between 25 % and 90 % of the
    // single-stage memory: the planner's bottleneck equals the brute force's, and it refuses
    // exactly when no partition fits.
    void limitsAgainstBruteForce() {
        const Network ideal = *networkPreset("ideal");
        int bound = 0, refused = 0;
        for (unsigned seed = 1; seed <= 120; ++seed) {
            const Profile p = randomProfile(5 + static_cast<int>(seed % 3), seed);
            std::mt19937 random(seed * 7u);
            std::uniform_real_distribution<double> unit(0.0, 1.0);
            PipelineRequest request;
            request.chain = {0, 1, 2};
            request.cutMode = PipelineCutMode::Any;
            request.memory.optimizer = static_cast<OptimizerKind>(seed % 3);
            request.memory.recompute = seed % 4 == 0;
            request.memory.microBatches = 1 + static_cast<int>(seed % 5);
            request.memory.allInFlight = seed % 5 == 1;
            request.memory.weightStashing = !request.memory.allInFlight;
            std::vector<int> whole(p.layers.size(), 0);
            const double single =
                evaluatePipeline(p, ideal, request, whole).stages[0].memory.total();
            for (int m = 0; m < 3; ++m)
                request.capacityBytes.push_back(single * (0.25 + 0.65 * unit(random)));
            const double expected = bruteForce(p, ideal, request);
            PipelineRequest unlimited = request;
            unlimited.capacityBytes.clear();
            if (std::isinf(expected)) {
                QVERIFY_THROWS_EXCEPTION(PipelineMemoryError, planPipeline(p, ideal, request));
                ++refused;
                continue;
            }
            const PipelinePlan plan = planPipeline(p, ideal, request);
            QVERIFY2(std::abs(plan.bottleneckMs - expected) <= 1e-9 * std::max(1.0, expected),
                     qPrintable(QString("seed %1: planner %2, brute force %3")
                                    .arg(seed)
                                    .arg(plan.bottleneckMs)
                                    .arg(expected)));
            for (const PipelineStage& stage : plan.stages)
                QVERIFY(stage.memory.total() <= request.capacityBytes[stage.chainPosition]);
            if (plan.bottleneckMs > planPipeline(p, ideal, unlimited).bottleneckMs + 1e-12)
                ++bound;
        }
        QVERIFY2(bound >= 20, "the limits bind in too few cases to test anything");
        QVERIFY2(refused >= 5, "no case where nothing fits");
    }

    // --schedule auto against a brute force over every partition × schedule × subset of stages
    // that recompute, on 160 random graphs of 4 to 6 layers with limits that bind: the same time
    // per mini-batch to 1e-9 relative, a plan whose every stage fits, refused exactly when
    // nothing fits. The limits must make the planner leave 1F1B with stashing and recompute.
    void autoScheduleAgainstBruteForce() {
        const Network ideal = *networkPreset("ideal");
        int flushes = 0, gpipes = 0, recomputes = 0, refused = 0;
        for (unsigned seed = 1; seed <= 160; ++seed) {
            Profile p = randomProfile(4 + static_cast<int>(seed % 3), seed + 500);
            if (seed % 2 == 0) // activations that outweigh the weights: recomputation pays
                for (Layer& layer : p.layers)
                    layer.outputBytes *= 12;
            std::mt19937 random(seed * 11u);
            std::uniform_real_distribution<double> unit(0.0, 1.0);
            PipelineRequest request;
            request.chain = {0, 1, 2};
            request.cutMode = PipelineCutMode::Any;
            request.memory.optimizer = static_cast<OptimizerKind>(seed % 3);
            request.memory.microBatches = 2 + static_cast<int>(seed % 4);
            std::vector<int> whole(p.layers.size(), 0);
            const double single =
                evaluatePipeline(p, ideal, request, whole).stages[0].memory.total();
            for (int m = 0; m < 3; ++m)
                request.capacityBytes.push_back(single * (0.2 + 0.7 * unit(random)));
            const double expected = bruteForceAuto(p, ideal, request);
            if (std::isinf(expected)) {
                QVERIFY_THROWS_EXCEPTION(PipelineMemoryError, planPipelineAuto(p, ideal, request));
                ++refused;
                continue;
            }
            const PipelineAutoPlan chosen = planPipelineAuto(p, ideal, request);
            QVERIFY2(std::abs(chosen.minibatchMs - expected) <= 1e-9 * std::max(1.0, expected),
                     qPrintable(QString("seed %1: auto %2 (%3), brute force %4")
                                    .arg(seed)
                                    .arg(chosen.minibatchMs)
                                    .arg(QString::fromStdString(chosen.reason))
                                    .arg(expected)));
            QVERIFY(chosen.plan.exact);
            QVERIFY(!chosen.reason.empty());
            for (const PipelineStage& stage : chosen.plan.stages) {
                QVERIFY(stage.memory.total() <= request.capacityBytes[stage.chainPosition]);
                recomputes += stage.recompute;
            }
            flushes += chosen.kind == ScheduleKind::OneForwardOneBackwardFlush;
            gpipes += chosen.kind == ScheduleKind::GPipe;
        }
        qInfo("flush %d, gpipe %d, stages recomputing %d, refused %d", flushes, gpipes, recomputes,
              refused);
        QVERIFY2(flushes + gpipes >= 5, "the limits never move the planner off 1F1B");
        QVERIFY2(recomputes >= 5, "no stage ever recomputes");
        QVERIFY2(refused >= 3, "no case where nothing fits");
    }

    // Without limits auto is 1F1B with stashing and no recomputation; the reason says why.
    void autoWithoutLimitsIs1F1B() {
        const Profile p = randomProfile(6, 7);
        const Network ideal = *networkPreset("ideal");
        PipelineRequest request;
        request.chain = {0, 1, 2};
        request.memory.microBatches = 4;
        const PipelineAutoPlan chosen = planPipelineAuto(p, ideal, request);
        QCOMPARE(chosen.kind, ScheduleKind::OneForwardOneBackward);
        QCOMPARE(chosen.plan.bottleneckMs, planPipeline(p, ideal, request).bottleneckMs);
        for (const PipelineStage& stage : chosen.plan.stages)
            QVERIFY(!stage.recompute);
        QVERIFY(chosen.reason.find("no memory limit") != std::string::npos);
    }

    // One stage recomputing: its backward gains its forward, its activations become its input
    // per micro-batch in flight plus one micro-batch; the other stage is untouched.
    void oneStageRecomputes() {
        const Profile p = threeLayers();
        const Network ideal = *networkPreset("ideal");
        PipelineRequest request = twoStageRequest(OptimizerKind::Momentum, false, false);
        request.recomputeStages = {true, false};
        const PipelinePlan plan = evaluatePipeline(p, ideal, request, {0, 0, 1});
        QVERIFY(plan.stages[0].recompute);
        QVERIFY(!plan.stages[1].recompute);
        QCOMPARE(plan.stages[0].backwardMs, 6.0);          // (2 + 2) + the forward (1 + 1) again
        QCOMPARE(plan.stages[0].memory.activations, 80.0); // as accountingByHand's recompute
        QCOMPARE(plan.stages[1].backwardMs, 2.0);
        QCOMPARE(plan.stages[1].memory.activations, 60.0); // 2 · 30 · 1 in flight
    }
};

CUTLAB_TEST_MAIN(TestPipelineMemory, Guiless)
} // namespace tst_pipelinememory

#include "tst_pipelinememory.moc"
