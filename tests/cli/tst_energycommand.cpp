// `cutlab-cli plan --objective energy` run as the built program: plans in order of the device's
// energy, the table shows it, the profile's power is replaced by --power, refusals say why.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "CliRun.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_energycommand {

namespace {

const QString kVgg19 = "sample_profiles/scission/vgg19.json";

QStringList energyArguments(const QStringList& extra) {
    return QStringList{"plan",        sourcePath(kVgg19), "--network", "4g",
                       "--objective", "energy",           "--power",   "raspi4=3.4@lte"} +
           extra;
}

QJsonArray plansOf(const QStringList& extra) {
    const CliRun run = runCli(energyArguments(extra + QStringList{"--json"}));
    if (run.status != 0)
        qFatal("cutlab-cli failed (%d): %s", run.status, qPrintable(run.err));
    return QJsonDocument::fromJson(run.out.toUtf8()).object()["plans"].toArray();
}

} // namespace

class TestEnergyCommand : public QObject {
    Q_OBJECT
  private slots:
    void plansComeInOrderOfEnergy() {
        const QJsonArray plans = plansOf({"--top", "20"});
        QCOMPARE(plans.size(), 20);
        double previous = 0;
        for (const auto& value : plans) {
            const QJsonObject plan = value.toObject();
            const double energy = plan["energy_mj"].toDouble();
            QVERIFY(energy > 0);
            QVERIFY(energy >= previous);
            previous = energy;
        }
    }

    void moreComputePowerMakesTheDeviceCostMore() {
        // The same plan all on raspi4 (no transfer): energy = its compute ms × the watts.
        const auto onDevice = [](const QString& power) {
            const CliRun run = runCli({"plan", sourcePath(kVgg19), "--network", "4g", "--objective",
                                       "energy", "--power", power, "--skip", "edge", "--skip",
                                       "cloud", "--top", "1", "--json"});
            const QJsonObject plan =
                QJsonDocument::fromJson(run.out.toUtf8()).object()["plans"][0].toObject();
            return std::pair(plan["compute_ms"].toDouble(), plan["energy_mj"].toDouble());
        };
        const auto [ms, energy] = onDevice("raspi4=2@wifi");
        QVERIFY(ms > 0);
        QCOMPARE(energy, ms * 2);
        QCOMPARE(onDevice("raspi4=5@3g").second, ms * 5);
    }

    void theTableShowsEnergy() {
        const CliRun run = runCli(energyArguments({"--top", "1"}));
        QCOMPARE(run.status, 0);
        QVERIFY2(run.out.contains("energy mJ"), qPrintable(run.out));
        const double energy = plansOf({})[0].toObject()["energy_mj"].toDouble();
        QVERIFY2(run.out.contains(QString::number(energy, 'f', 1)), qPrintable(run.out));
    }

    void theEnergyChartShowsEveryPlacementAndTheFront() {
        QTemporaryDir dir;
        const QString svg = dir.filePath("energy.svg");
        const CliRun run = runCli({"chart", sourcePath(kVgg19), "--kind", "energy", "--network",
                                   "3g", "--power", "raspi4=0.8@3g", "-o", svg});
        QCOMPARE(run.status, 0);
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        // VGG19's 25 blocks over 1 device, 2 edge and 2 cloud machines: all on the device, and
        // per device cut a < 25: 2 clouds + 2 edges × (edge to the end + 2 clouds × (24 − a)
        // cloud cuts) = 1 + Σ (4 + 4·(24 − a)) = 1 + 100 + 1,200 placements.
        for (const char* expected :
             {"Device energy vs latency — vgg19 on 3g", "on the front of 1,301 placements",
              "Pareto front", "energy (mJ)"})
            QVERIFY2(text.contains(QString::fromUtf8(expected)), expected);
        const CliRun refused =
            runCli({"chart", sourcePath(kVgg19), "--kind", "energy", "-o", dir.filePath("no.svg")});
        QCOMPARE(refused.status, 2);
        QVERIFY2(refused.err.contains("--kind energy needs a device's power"),
                 qPrintable(refused.err));
        QVERIFY(!QFile::exists(dir.filePath("no.svg")));
    }

    void refusalsSayWhy_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QStringList base{"plan", sourcePath(kVgg19), "--objective", "energy"};
        QTest::newRow("no power") << base << "machine 'raspi4' has none";
        QTest::newRow("unknown machine")
            << base + QStringList{"--power", "phone=3@lte"} << "--power: unknown machine 'phone'";
        QTest::newRow("unknown radio")
            << base + QStringList{"--power", "raspi4=3@5g"} << "unknown radio '5g'";
        QTest::newRow("negative watts")
            << base + QStringList{"--power", "raspi4=-3@lte"} << "'-3' is not a number >= 0";
        QTest::newRow("too many watts")
            << base + QStringList{"--power", "raspi4=2e6@lte"} << "0 to 1e6 W";
        QTest::newRow("no radio") << base + QStringList{"--power", "raspi4=3"} << "ID=WATTS@RADIO";
        QTest::newRow("jointdnn") << base + QStringList{"--power", "raspi4=3@lte", "--planner",
                                                        "jointdnn"}
                                  << "use --planner scission or neurosurgeon";
    }

    void refusalsSayWhy() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const CliRun run = runCli(arguments);
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }
};

CUTLAB_TEST_MAIN(TestEnergyCommand, Guiless)
} // namespace tst_energycommand

#include "tst_energycommand.moc"
