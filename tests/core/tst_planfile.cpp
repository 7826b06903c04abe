// The plan file reader (File > Open Plan, autosave restore): every malformed plan is refused with
// its exact message, never with an exception. Rows marked "fuzz" were found by tests/fuzz.
#include "../TestMain.h"
#include "core/io/PlanFile.h"
#include "core/plans/TrainingPlanFile.h"

#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_planfile {

class TestPlanFile : public QObject {
    Q_OBJECT
  private slots:
    void malformedPlans_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        const QString network =
            R"("network": {"links": [{"from": "device", "to": "cloud", "bandwidth_mbps": 10, "latency_ms": 1}]})";
        QTest::newRow("fuzz: format is a number")
            << R"({"format": 88888888888888})"
            << "/format: expected \"cutlab-plan\" (this is not a CutLab plan file)";
        QTest::newRow("format missing")
            << R"({"version": 1})"
            << "/format: expected \"cutlab-plan\" (this is not a CutLab plan file)";
        QTest::newRow("kind is a list")
            << R"({"format": "cutlab-plan", "version": 1, "kind": []})"
            << "/kind: expected \"inference\" (training plans are read as such)";
        QTest::newRow("kind training")
            << R"({"format": "cutlab-plan", "version": 1, "kind": "training"})"
            << "/kind: expected \"inference\" (training plans are read as such)";
        QTest::newRow("version as text")
            << R"({"format": "cutlab-plan", "version": "1"})"
            << "/version: unsupported version (this CutLab reads version 1)";
        QTest::newRow("input bytes too large")
            << QString(
                   R"({"format": "cutlab-plan", "version": 1, %1, "input_bytes": 1e300, "plans": []})")
                   .arg(network)
            << "/input_bytes: must be at most 1e15 bytes";
        QTest::newRow("no plan")
            << QString(R"({"format": "cutlab-plan", "version": 1, %1, "plans": []})").arg(network)
            << "/plans: the file holds no plan";
    }
    void malformedPlans() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const std::string bytes = text.toStdString();
        const auto result = cutlab::core::parsePlanFile(bytes);
        QVERIFY(!result.ok());
        QVERIFY(!result.issues.empty());
        QCOMPARE(QString::fromStdString(result.issues.front().text()), expected);
    }

    // Training plans (the window's Open Plan in Training mode).
    void malformedTrainingPlans_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        const QString head =
            R"("format": "cutlab-plan", "version": 1, "kind": "training", "network": {"links": [{"from": "device", "to": "cloud", "bandwidth_mbps": 10, "latency_ms": 1}]})";
        QTest::newRow("inference kind") << R"({"format": "cutlab-plan", "version": 1})"
                                        << "/kind: expected \"training\"";
        QTest::newRow("no planner") << QString("{%1}").arg(head)
                                    << "/planner: missing: which training planner made this plan";
        QTest::newRow("pipeline without chain")
            << QString(R"({%1, "planner": "pipeline"})").arg(head)
            << "/chain: missing: a pipeline plan names its chain of machines";
        QTest::newRow("bad compression")
            << QString(R"({%1, "planner": "pipeline", "chain": ["a"], "compress": "accept:5,8"})")
                   .arg(head)
            << "/compress: must be none, accept or accept:KF,KB (KF 2, 3 or 4; KB 8 or 4), not "
               "'accept:5,8'";
        QTest::newRow("edited without stages")
            << QString(R"({%1, "planner": "pipeline", "chain": ["a"], "edited": true})").arg(head)
            << "/stages: an edited pipeline plan must list its stages";
        QTest::newRow("batch zero")
            << QString(R"({%1, "planner": "hiertrain", "batch": 0})").arg(head)
            << "/batch: must be a whole number from 1 to 1000000000";
        QTest::newRow("bad optimizer")
            << QString(R"({%1, "planner": "pipeline", "chain": ["a"], "optimizer": "lamb"})")
                   .arg(head)
            << "/optimizer: must be sgd, momentum or adam, not 'lamb'";
        QTest::newRow("pool of no machines")
            << QString(
                   R"({%1, "planner": "pipeline", "cluster": {"groups": [{"machine": "a", "machines": 0}]}})")
                   .arg(head)
            << "/cluster/groups/0/machines: must be a whole number from 1 to 1024";
        QTest::newRow("pool at 0 Mbps")
            << QString(
                   R"({%1, "planner": "pipeline", "cluster": {"groups": [{"machine": "a", "machines": 2, "mbps": 0}]}})")
                   .arg(head)
            << "/cluster/groups/0/mbps: must be a bandwidth in Mbit/s above 0";
        QTest::newRow("pool with a negative memory")
            << QString(
                   R"({%1, "planner": "pipeline", "cluster": {"groups": [{"machine": "a", "machines": 2, "mbps": 10}]}, "capacity_bytes": {"a": -1}})")
                   .arg(head)
            << "/capacity_bytes/a: must be bytes above 0 and at most 1e15";
        QTest::newRow("pool with PipeDream's cost model")
            << QString(
                   R"({%1, "planner": "pipeline", "cost_model": "pipedream", "cluster": {"groups": [{"machine": "a", "machines": 2, "mbps": 10}]}})")
                   .arg(head)
            << "/cost_model: a plan with PipeDream's cost model is not shown in the window "
               "(cutlab-cli train --cluster ... --cost-model pipedream prints it)";
    }

    // A pool plan's groups become the `--cluster` text; optimizer, recomputation and each
    // type's memory (null: none) come back.
    void poolTrainingPlanIsRead() {
        const auto result = cutlab::core::parseTrainingPlanFile(
            R"({"format": "cutlab-plan", "version": 1, "kind": "training", "planner": "pipeline",
                "network": {"links": [{"from": "device", "to": "cloud", "bandwidth_mbps": 10}]},
                "cost_model": "cutlab", "optimizer": "adam",
                "recompute": true, "micro_batch": 32, "micro_batches": 20,
                "cluster": {"groups": [{"machine": "pi", "machines": 4, "mbps": 100},
                                       {"machine": "gpu", "machines": 1, "mbps": null}]},
                "capacity_bytes": {"pi": 1073741824, "gpu": null}})");
        QVERIFY2(result.ok(), result.ok() ? "" : result.issues.front().text().c_str());
        const auto& plan = *result.plan;
        QCOMPARE(plan.pool, std::string("pi:4@100,gpu:1"));
        QCOMPARE(plan.poolCapacityBytes.size(), std::size_t(1));
        QCOMPARE(plan.poolCapacityBytes.at("pi"), 1073741824.0);
        QCOMPARE(plan.optimizer, cutlab::core::OptimizerKind::Adam);
        QVERIFY(plan.recompute);
        QCOMPARE(plan.microBatch, 32);
        QCOMPARE(plan.microBatches, 20);
    }
    void malformedTrainingPlans() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const auto result = cutlab::core::parseTrainingPlanFile(text.toStdString());
        QVERIFY(!result.ok());
        QCOMPARE(QString::fromStdString(result.issues.front().text()), expected);
    }

    // Stages back to boundaries, by hand: a, b | c | d, e.
    void trainingPlanStagesBecomeBoundaries() {
        cutlab::core::Profile profile;
        for (const char* id : {"a", "b", "c", "d", "e"}) {
            cutlab::core::Layer layer;
            layer.id = id;
            profile.layers.push_back(layer);
        }
        cutlab::core::TrainingPlanFileContent plan;
        plan.stageLayers = {{"a", "b"}, {"c"}, {"d", "e"}};
        std::string error;
        const auto boundaries = cutlab::core::stageBoundariesFromPlan(plan, profile, error);
        QVERIFY(boundaries);
        QCOMPARE(*boundaries, (std::vector<int>{2, 3}));
        plan.stageLayers = {{"a", "b"}, {"d"}, {"c", "e"}};
        QVERIFY(!cutlab::core::stageBoundariesFromPlan(plan, profile, error));
        QCOMPARE(error, std::string("stage 2 is not the run of layers after the stage before it "
                                    "(at layer 'd'): the window restores consecutive stages only"));
        plan.stageLayers = {{"a", "b"}, {"c"}};
        QVERIFY(!cutlab::core::stageBoundariesFromPlan(plan, profile, error));
        QCOMPARE(error, std::string("the stages hold 3 of the profile's 5 layers"));
        plan.stageLayers = {{"a", "x"}};
        QVERIFY(!cutlab::core::stageBoundariesFromPlan(plan, profile, error));
        QCOMPARE(error, std::string("stage 1 names layer 'x', which the profile lacks"));
    }
};

CUTLAB_TEST_MAIN(TestPlanFile, Guiless)
} // namespace tst_planfile

#include "tst_planfile.moc"
