// `plan --memory` and the plan's memory fields (docs/formats.md §3, §4.4; cost-models.md §1.8),
// run as the built program on tiny-residual, whose live bytes are worked out by hand below.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "CliRun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_planmemorycommand {

namespace {

const QString kResidual = sourcePath("sample_profiles/handmade/tiny-residual.json");

// tiny-residual: input 3072 bytes; stem, c1, c2, add 4096 bytes out, fc 40; weights
// 1792, 9280, 9280, 0, 41000. Live bytes per layer (a tensor lives from its maker to its last
// reader): stem 3072+4096 = 7168, c1 8192, c2 12288 (stem's output is read again by add),
// add 12288, fc 4136. All weights: 61352.
constexpr double kAllWeights = 61352;
constexpr double kLargestLive = 12288;

QJsonObject firstPlan(const CliRun& run) {
    return QJsonDocument::fromJson(run.out.toUtf8()).object()["plans"].toArray().first().toObject();
}

QJsonObject memoryOf(const QJsonObject& plan, const QString& machine) {
    for (const QJsonValue& entry : plan["memory"].toArray())
        if (entry["machine"].toString() == machine)
            return entry.toObject();
    return {};
}

} // namespace

class TestPlanMemoryCommand : public QObject {
    Q_OBJECT

  private slots:
    void cutPlanReportsHandComputedMemory() {
        const CliRun run =
            runCli({"plan", kResidual, "--cuts", "stem,none", "--memory", "c=1MiB", "--json"});
        QCOMPARE(run.status, 0);
        const QJsonObject plan = firstPlan(run);
        const QJsonObject device = memoryOf(plan, "d");
        QCOMPARE(device["tier"].toString(), QString("device"));
        QCOMPARE(device["weights_bytes"].toDouble(), 1792.0);
        QCOMPARE(device["activation_bytes"].toDouble(), 7168.0);
        QCOMPARE(device["bytes"].toDouble(), 8960.0);
        QVERIFY(device["capacity_bytes"].isNull());
        const QJsonObject cloud = memoryOf(plan, "c");
        QCOMPARE(cloud["weights_bytes"].toDouble(), kAllWeights - 1792);
        QCOMPARE(cloud["activation_bytes"].toDouble(), kLargestLive);
        QCOMPARE(cloud["capacity_bytes"].toDouble(), 1048576.0);
        QCOMPARE(plan["peak_memory_bytes"]["d"].toDouble(), 8960.0);
        QCOMPARE(plan["peak_memory_bytes"]["c"].toDouble(), kAllWeights - 1792 + kLargestLive);
    }

    void allOnTheCloudLeavesTheInputOnTheDevice() {
        const CliRun run = runCli({"plan", kResidual, "--cuts", "none,none", "--json"});
        QCOMPARE(run.status, 0);
        const QJsonObject plan = firstPlan(run);
        QCOMPARE(memoryOf(plan, "d")["weights_bytes"].toDouble(), 0.0);
        QCOMPARE(memoryOf(plan, "d")["bytes"].toDouble(), 3072.0);
        QCOMPARE(memoryOf(plan, "c")["bytes"].toDouble(), kAllWeights + kLargestLive);
    }

    // d=8 KiB cannot run stem (8960 bytes) and c=16 KiB cannot run even fc (41000 + 4136), so
    // no plan fits; the cloud is 57256 bytes short of running everything, the device 65448:
    // the message names the cloud, and its figure is exact to the byte.
    void noPlanNamesTheSmallestCapacity() {
        const CliRun run = runCli({"plan", kResidual, "--memory", "d=8KiB,c=16KiB"});
        QCOMPARE(run.status, 1);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(run.err.contains("no plan fits the machines' memory: c (cloud) would need 73640 "
                                  "bytes for one (--memory c=73640), it has 16384 bytes"),
                 qPrintable(run.err));
        const CliRun enough = runCli({"plan", kResidual, "--memory", "d=8KiB,c=73640", "--json"});
        QCOMPARE(enough.status, 0);
        const QJsonObject plan = firstPlan(enough);
        QCOMPARE(plan["stages"].toArray().size(), 1);
        QCOMPARE(plan["stages"][0]["machine"].toString(), QString("c"));
        QCOMPARE(plan["peak_memory_bytes"]["c"].toDouble(), 73640.0);
        const CliRun short1 =
            runCli({"plan", kResidual, "--memory", "d=8KiB", "--memory", "c=73639"});
        QCOMPARE(short1.status, 1);
    }

    // Every planner ranks only plans that fit: with the device at 8960 bytes, stem is the most
    // it can run, and no ranked plan goes over.
    void everyPlannerRanksOnlyPlansThatFit_data() {
        QTest::addColumn<QString>("planner");
        QTest::newRow("scission") << "scission";
        QTest::newRow("neurosurgeon") << "neurosurgeon";
        QTest::newRow("jointdnn") << "jointdnn";
    }
    void everyPlannerRanksOnlyPlansThatFit() {
        QFETCH(QString, planner);
        const CliRun run = runCli({"plan", kResidual, "--planner", planner, "--memory", "d=8960",
                                   "--top", "10", "--json"});
        QCOMPARE(run.status, 0);
        const QJsonArray plans = QJsonDocument::fromJson(run.out.toUtf8())["plans"].toArray();
        QVERIFY(!plans.isEmpty());
        for (const QJsonValue& plan : plans) {
            QVERIFY(plan["peak_memory_bytes"]["d"].toDouble() <= 8960);
            for (const QJsonValue& stage : plan["stages"].toArray())
                if (stage["machine"].toString() == "d")
                    QCOMPARE(stage["last_layer"].toString(), QString("stem"));
        }
    }

    void badMemoryIsAUsageError_data() {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("zero") << "d=0"
                              << "'0' is not a memory size";
        QTest::newRow("negative") << "d=-4GiB"
                                  << "'-4GiB' is not a memory size";
        QTest::newRow("absurd") << "d=2e15"
                                << "'2e15' is not a memory size";
        QTest::newRow("not a number") << "d=lots"
                                      << "'lots' is not a memory size";
        QTest::newRow("no id") << "=4GiB"
                               << "--memory must be ID=BYTES";
        QTest::newRow("no size") << "d"
                                 << "--memory must be ID=BYTES";
        QTest::newRow("unknown machine") << "pi=4GiB"
                                         << "--memory: unknown machine 'pi' (the profile has d, c)";
    }
    void badMemoryIsAUsageError() {
        QFETCH(QString, value);
        QFETCH(QString, message);
        const CliRun run = runCli({"plan", kResidual, "--memory", value});
        QCOMPARE(run.status, 2);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
    }

    // The Scission samples give the Raspberry Pi 4 its 4 GiB; the plan reports it.
    void sampleCapacityIsReported() {
        const CliRun run = runCli(
            {"plan", sourcePath("sample_profiles/scission/vgg19.json"), "--top", "1", "--json"});
        QCOMPARE(run.status, 0);
        const QJsonObject device = memoryOf(firstPlan(run), "raspi4");
        QCOMPARE(device["capacity_bytes"].toDouble(), 4294967296.0);
        QVERIFY(device["bytes"].toDouble() > 0);
    }
};

CUTLAB_TEST_MAIN(TestPlanMemoryCommand, Guiless)
} // namespace tst_planmemorycommand

#include "tst_planmemorycommand.moc"
