// The planner registry: one list that the command line, the planner panel and the training
// panel read; each id runs the planner of its kind.
#include "../TestMain.h"
#include "GeneratedProfiles.h"

#include "core/inference/JointDnnPlanner.h"
#include "core/inference/NeurosurgeonPlanner.h"
#include "core/inference/ScissionPlanner.h"
#include "core/model/Network.h"
#include "core/model/PlanError.h"
#include "core/planners/InferencePlanner.h"
#include "core/planners/IterationPlanner.h"
#include "core/planners/PlannerRegistry.h"
#include "core/training/HierTrainPlanner.h"
#include "core/training/TrainingBaselines.h"

#include <QTest>

#include <set>
#include <utility>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_plannerregistry {

using namespace cutlab::core;

class TestPlannerRegistry : public QObject {
    Q_OBJECT
  private slots:
    void everyPlannerIsListedOnceWithItsEntryPoint() {
        std::set<std::pair<std::string, PlannerKind>> seen;
        for (const auto& info : allPlanners()) {
            QVERIFY2(seen.insert({info.id, info.kind}).second, info.id.c_str());
            QVERIFY(!info.label.empty());
            QVERIFY(!info.summary.empty());
            QCOMPARE(info.runInference != nullptr, info.kind == PlannerKind::Inference);
            QCOMPARE(info.runIteration != nullptr, info.kind == PlannerKind::Iteration);
            QCOMPARE(info.needsPipelineChain, info.kind == PlannerKind::Pipeline);
            QCOMPARE(info.needsUpdateTimes, info.kind != PlannerKind::Inference);
        }
        QCOMPARE(plannerChoices({PlannerKind::Inference}),
                 std::string("scission, neurosurgeon or jointdnn"));
        QCOMPARE(plannerChoices({PlannerKind::Iteration, PlannerKind::Pipeline}, " | ", " | "),
                 std::string("hiertrain | all-device | all-edge | all-cloud | jointdnn | "
                             "jointdnn+ | jalad | pipeline"));
    }

    void anIdNamesOnePlannerOfEachKind() {
        const PlannerInfo* inference = findPlanner("jointdnn", {PlannerKind::Inference});
        const PlannerInfo* training = findPlanner("jointdnn", {PlannerKind::Iteration});
        QVERIFY(inference && training && inference != training);
        QVERIFY(!findPlanner("hiertrain", {PlannerKind::Inference}));
        QVERIFY(findPlanner("pipeline", {PlannerKind::Pipeline}));
        QVERIFY(!findPlanner("pipeline", {PlannerKind::Iteration}));
    }

    void unknownIdsNameTheChoices() {
        try {
            requirePlanner("scision", {PlannerKind::Inference});
            QFAIL("no error");
        } catch (const PlanError& error) {
            QCOMPARE(std::string(error.what()),
                     std::string("unknown planner 'scision' (expected scission, neurosurgeon or "
                                 "jointdnn)"));
        }
        const Profile profile = generatedTrainingProfile(8, 3);
        const TrainingCostModel model(profile, *networkPreset("3g"), trainingMachines(profile));
        QVERIFY_THROWS_EXCEPTION(PlanError, runIterationPlanner("scission", model, 4));
        QVERIFY_THROWS_EXCEPTION(PlanError, runIterationPlanner("hiertrain", model, 0));
    }

    void inferenceIdsRunTheirPlanner() {
        const Profile profile = generatedProfile(9, 2, 11);
        const InferenceCostModel model(profile, *networkPreset("4g"));
        InferenceQuery query;
        query.top = 3;
        auto totals = [](const std::vector<RankedPlan>& plans) {
            std::vector<double> result;
            for (const auto& plan : plans)
                result.push_back(plan.evaluation.totalMs);
            return result;
        };
        QCOMPARE(totals(runInferencePlanner("scission", model, query)),
                 totals(rankScission(model, query)));
        QCOMPARE(totals(runInferencePlanner("neurosurgeon", model, query)),
                 totals(planNeurosurgeon(model, query)));
        QCOMPARE(totals(runInferencePlanner("jointdnn", model, query)),
                 totals(planJointDnn(model, query)));
    }

    void iterationIdsRunTheirPlanner() {
        const Profile profile = generatedTrainingProfile(10, 5);
        const TrainingCostModel model(profile, *networkPreset("3g"), trainingMachines(profile));
        const int batch = 32;
        QCOMPARE(runIterationPlanner("hiertrain", model, batch).iterationMs(),
                 planHierTrain(model, batch).iterationMs());
        QCOMPARE(runIterationPlanner("all-edge", model, batch).iterationMs(),
                 planSingleTier(model, Tier::Edge, batch).iterationMs());
        QCOMPARE(runIterationPlanner("jointdnn", model, batch).iterationMs(),
                 planJointDnnTraining(model, {Tier::Device, Tier::Cloud}, batch).iterationMs());
        const TrainingResult jalad = runIterationPlanner("jalad", model, batch);
        QCOMPARE(jalad.planner, std::string("jalad"));
        QCOMPARE(jalad.batch, batch);
        QCOMPARE(jalad.iterationMs(), planJalad(model, batch).iterationMs());
        // JALAD's 8-bit crossings travel with its path (the timeline sizes transfers by it).
        QCOMPARE(jalad.path->crossingBytesFactor, 0.25);
        QCOMPARE(runIterationPlanner("jointdnn+", model, batch).path->crossingBytesFactor, 1.0);
    }
};

CUTLAB_TEST_MAIN(TestPlannerRegistry, Guiless)
} // namespace tst_plannerregistry

#include "tst_plannerregistry.moc"
