// Layer times for the pipeline planner from the peers' estimates (core/predictor/EstimatedTimes):
// FTPipeHD's speed ratio and AccEPT's latency predictor, from the reference machine's profile and
// each other machine's times on the ten representative sub-models.
#include "../TestMain.h"
#include "core/model/Network.h"
#include "core/pipeline/PipelinePlanner.h"
#include "core/predictor/AdaptivePipelinePlanner.h"
#include "core/predictor/EstimatedTimes.h"
#include "core/predictor/ModelTimes.h"
#include "core/predictor/PredictorTrainer.h"
#include "core/predictor/RepresentativeSubModels.h"

#include <QTest>

#include <cmath>
#include <stdexcept>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_estimatedtimes {

using namespace cutlab::core;

namespace {

// A chain of n layers on a reference machine and two others: "twice" is the reference slowed
// down twofold everywhere; "uneven" is slower on odd layers only.
Profile threeMachines(int n) {
    Profile p;
    p.model.name = "chain";
    p.model.batch = 4;
    p.machines = {
        {"ref", Tier::Device, ""}, {"twice", Tier::Edge, ""}, {"uneven", Tier::Cloud, ""}};
    for (int i = 0; i < n; ++i) {
        Layer layer;
        layer.id = "l" + std::to_string(i);
        if (i > 0)
            layer.inputs = {i - 1};
        layer.readsModelInput = i == 0;
        layer.outputBytes = 1000;
        const double base = 1.0 + (i * 7) % 5;
        layer.forwardMs = {base, 2 * base, i % 2 ? 3 * base : base};
        layer.backwardMs = {1.5 * base, 3 * base, i % 2 ? 4.5 * base : 1.5 * base};
        p.layers.push_back(layer);
    }
    p.hasBackward = true;
    return p;
}

} // namespace

class TestEstimatedTimes : public QObject {
    Q_OBJECT
  private slots:
    void profileSourceChangesNothing() {
        const Profile p = threeMachines(12);
        const Profile same = profileWithEstimatedTimes(p, TimeSource::Profile, "ref", nullptr);
        for (std::size_t i = 0; i < p.layers.size(); ++i) {
            QCOMPARE(same.layers[i].forwardMs, p.layers[i].forwardMs);
            QCOMPARE(same.layers[i].backwardMs, p.layers[i].backwardMs);
        }
    }

    // A machine uniformly k times slower is estimated exactly by its speed ratio; an uneven one
    // gets the reference's shape scaled so that its representative sub-models sum as measured.
    void speedRatioScalesTheReference() {
        const Profile p = threeMachines(12);
        const Profile e = profileWithEstimatedTimes(p, TimeSource::SpeedRatio, "ref", nullptr);
        for (std::size_t i = 0; i < p.layers.size(); ++i) {
            QCOMPARE(e.layers[i].forwardMs[0], p.layers[i].forwardMs[0]); // the reference stays
            QCOMPARE(e.layers[i].backwardMs[0], p.layers[i].backwardMs[0]);
            QVERIFY(std::abs(e.layers[i].forwardMs[1] - p.layers[i].forwardMs[1]) < 1e-9);
            QVERIFY(std::abs(e.layers[i].backwardMs[1] - p.layers[i].backwardMs[1]) < 1e-9);
        }
        const ModelTimes times = modelTimesOf(p);
        const auto reps =
            chooseRepresentativeSubModels(times.machine("ref").layerMs, "reference_ms").subModels;
        const auto measured = hardwareVector(times.machine("uneven").layerMs, reps);
        const auto estimated = hardwareVector(modelTimesOf(e).machine("uneven").layerMs, reps);
        double a = 0, b = 0;
        for (std::size_t k = 0; k < measured.size(); ++k) {
            a += measured[k];
            b += estimated[k];
        }
        QVERIFY(std::abs(a - b) < 1e-9 * a);
        const double ratio = e.layers[0].forwardMs[2] / p.layers[0].forwardMs[0];
        QVERIFY(ratio > 1 && ratio < 3);
        for (std::size_t i = 0; i < p.layers.size(); ++i) {
            QVERIFY(std::abs(e.layers[i].forwardMs[2] - ratio * p.layers[i].forwardMs[0]) < 1e-9);
            // backward keeps the reference's backward/forward proportion
            QVERIFY(std::abs(e.layers[i].backwardMs[2] - 1.5 * e.layers[i].forwardMs[2]) < 1e-9);
        }
    }

    // The predictor's per-layer forecast, per sample times the batch; the planner then plans on
    // those times.
    void predictorForecastsEachLayer() {
        const Profile p = threeMachines(8);
        TrainingOptions options;
        options.epochs = 20;
        const LatencyPredictor predictor = trainLatencyPredictor(modelTimesOf(p), {}, options);
        const Profile e = profileWithEstimatedTimes(p, TimeSource::Predictor, "ref", &predictor);
        const ModelTimes times = modelTimesOf(p);
        for (int m : {1, 2}) {
            const auto hardware =
                hardwareVector(times.machines[static_cast<std::size_t>(m)].layerMs,
                               predictor.representatives().subModels);
            for (int i = 0; i < 8; ++i) {
                const auto& layer = e.layers[static_cast<std::size_t>(i)];
                const double expected = predictor.predictMs(hardware, SubModel{i, i}) * 4;
                QCOMPARE(layer.forwardMs[static_cast<std::size_t>(m)], expected);
                QVERIFY(expected > 0);
                QVERIFY(std::abs(layer.backwardMs[static_cast<std::size_t>(m)] - 1.5 * expected) <
                        1e-9 * expected);
            }
        }
        PipelineRequest request;
        request.chain = {0, 1, 2};
        QVERIFY(planPipeline(e, *networkPreset("ideal"), request).bottleneckMs > 0);
    }

    // AccEPT's loop: a machine that reports stage times twice the forecast gets a rescaled
    // hardware vector, a fine-tuned predictor and a new plan that gives it less work, better
    // under the machine's new speed; a report that matches the forecast changes nothing.
    void slowDownLeadsToANewPlan() {
        Profile p = threeMachines(24);
        TrainingOptions options;
        options.epochs = 60;
        const LatencyPredictor predictor = trainLatencyPredictor(modelTimesOf(p), {}, options);
        PipelineRequest request;
        request.chain = {0, 1, 2};
        const Network ideal = *networkPreset("ideal");
        AdaptivePipelinePlanner planner(p, "ref", predictor, {}, ideal, request);
        const PipelinePlan before = planner.plan();
        QCOMPARE(before.stages.size(), std::size_t(3));
        auto stageOf = [](const PipelinePlan& plan, int machine) -> const PipelineStage& {
            for (const auto& stage : plan.stages)
                if (stage.machine == machine)
                    return stage;
            qFatal("no stage on machine %d", machine);
        };
        // on time: no update
        const double onTime = planner.forecastStageMs(stageOf(before, 1));
        AdaptiveUpdate update = planner.report("twice", {onTime * 1.02});
        QVERIFY(!update.replanNeeded);
        QCOMPARE(planner.plan().stages[1].layers, before.stages[1].layers);
        // "twice" becomes twice as slow
        Profile slowed = p;
        for (auto& layer : slowed.layers) {
            layer.forwardMs[1] *= 2;
            layer.backwardMs[1] *= 2;
        }
        double truth = 0;
        for (int layer : stageOf(before, 1).layers)
            truth += slowed.forwardPerSample(layer, 1);
        update = planner.report("twice", {truth});
        QVERIFY(update.replanNeeded);
        QVERIFY2(update.hardwareScale > 1.5, qPrintable(QString::number(update.hardwareScale)));
        const PipelinePlan after = planner.plan();
        QVERIFY(stageOf(after, 1).layers.size() < stageOf(before, 1).layers.size());
        auto partition = [&](const PipelinePlan& plan) {
            std::vector<int> stage(p.layers.size(), 0);
            for (const auto& s : plan.stages)
                for (int v : s.layers)
                    stage[static_cast<std::size_t>(v)] = s.chainPosition;
            return stage;
        };
        const double oldOnSlowed =
            evaluatePipeline(slowed, ideal, request, partition(before)).bottleneckMs;
        const double newOnSlowed =
            evaluatePipeline(slowed, ideal, request, partition(after)).bottleneckMs;
        QVERIFY2(newOnSlowed < oldOnSlowed,
                 qPrintable(QString("%1 >= %2").arg(newOnSlowed).arg(oldOnSlowed)));
    }

    void refusals() {
        const Profile p = threeMachines(6);
        QVERIFY_THROWS_EXCEPTION(
            std::invalid_argument,
            profileWithEstimatedTimes(p, TimeSource::SpeedRatio, "nope", nullptr));
        QVERIFY_THROWS_EXCEPTION(
            std::invalid_argument,
            profileWithEstimatedTimes(p, TimeSource::Predictor, "ref", nullptr));
        TrainingOptions options;
        options.epochs = 2;
        const LatencyPredictor other =
            trainLatencyPredictor(modelTimesOf(threeMachines(7)), {}, options);
        try {
            profileWithEstimatedTimes(p, TimeSource::Predictor, "ref", &other);
            QFAIL("a predictor of another model was used");
        } catch (const std::invalid_argument& error) {
            QVERIFY2(QString(error.what()).contains("layers differ"), error.what());
        }
        QCOMPARE(timeSourceFromName("ratio"), std::optional(TimeSource::SpeedRatio));
        QCOMPARE(timeSourceName(TimeSource::Predictor), std::string("predictor"));
        QVERIFY(!timeSourceFromName("guess"));
    }
};

CUTLAB_TEST_MAIN(TestEstimatedTimes, Guiless)
} // namespace tst_estimatedtimes

#include "tst_estimatedtimes.moc"
