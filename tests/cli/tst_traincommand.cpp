// cutlab-cli train with the whole-iteration planners (hiertrain and its baselines) and the
// machines' memory (docs/cost-models.md §2.8) run as the built program: the JSON memory parts
// add up to what the profile says, a binding limit changes the plan, a limit too small exits 1
// naming the smallest capacity that plans (exactly: one byte less still exits 1), bad input
// exits 2, and --help lists the options.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "CliRun.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_traincommand {

namespace {

const QString kAlexNet = sourcePath("sample_profiles/hiertrain/alexnet-tinyimagenet.json");
const QString kNetwork = sourcePath("sample_profiles/hiertrain/network-hiertrain.json");
const QString kAllSmall = "raspi3=100MB,nuc-i3-1core=100MB,gtx1080ti=100MB";

QStringList trainArguments(const QString& planner, const QStringList& extra) {
    return QStringList{"train", kAlexNet, "--planner", planner, "--network", kNetwork} + extra;
}

QJsonObject jsonOf(const CliRun& run) {
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

// Σ of a layer field over layers [begin, end) of the AlexNet profile.
double layerSum(const char* field, int begin, int end) {
    QFile file(kAlexNet);
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    const QJsonArray layers = QJsonDocument::fromJson(file.readAll()).object()["layers"].toArray();
    double sum = 0;
    for (int i = begin; i < end; ++i)
        sum += layers[i].toObject()[field].toDouble();
    return sum;
}

int layerCount() {
    QFile file(kAlexNet);
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    return static_cast<int>(
        QJsonDocument::fromJson(file.readAll()).object()["layers"].toArray().size());
}

// The bytes the error message names: "... is N bytes on TIER 'ID' (--memory ID=N; ...".
QString neededBytes(const QString& message, const QString& machine) {
    const QRegularExpression sentence("the smallest memory of one machine with a plan is (\\d+) "
                                      "bytes on \\w+ '" +
                                      QRegularExpression::escape(machine) + "' \\(--memory " +
                                      QRegularExpression::escape(machine) + "=(\\d+); it has");
    const auto match = sentence.match(message);
    return match.hasMatch() && match.captured(1) == match.captured(2) ? match.captured(1)
                                                                      : QString();
}

} // namespace

class TestTrainCommand : public QObject {
    Q_OBJECT

  private slots:
    void hierTrainMemoryAddsUp() {
        const CliRun run = runCli(trainArguments("hiertrain", {"--optimizer", "adam", "--json"}));
        QCOMPARE(run.status, 0);
        const QJsonObject doc = jsonOf(run);
        QCOMPARE(doc["optimizer"].toString(), QString("adam"));
        const int n = layerCount(), ms = doc["m_s"].toInt(), ml = doc["m_l"].toInt();
        const QJsonObject samples = doc["samples"].toObject();
        const double bo = samples["o"].toDouble(), bs = samples["s"].toDouble(),
                     bl = samples["l"].toDouble();
        QVERIFY(bs > 0 && bl > 0); // every worker takes part, so every term is exercised
        const QJsonObject o = doc["workers"].toObject()["o"].toObject();
        const QJsonObject parts = o["memory"].toObject();
        const double weights = layerSum("param_bytes", 0, n);
        QCOMPARE(parts["weights"].toDouble(), weights);
        QCOMPARE(parts["gradients"].toDouble(), weights);
        QCOMPARE(parts["optimizer_state"].toDouble(), 2 * weights);
        QCOMPARE(parts["activations"].toDouble(),
                 bo * layerSum("output_bytes", 0, ms) +
                     (bo + bs) * layerSum("output_bytes", ms, ml) +
                     (bo + bs + bl) * layerSum("output_bytes", ml, n));
        QCOMPARE(o["memory_bytes"].toDouble(), 4 * weights + parts["activations"].toDouble());
        const QJsonObject l = doc["workers"].toObject()["l"].toObject();
        QCOMPARE(l["memory_bytes"].toDouble(),
                 4 * layerSum("param_bytes", 0, ml) + bl * layerSum("output_bytes", 0, ml));
        // Each worker's machine reports its bytes as the peak.
        const QJsonObject peaks = doc["peak_memory_bytes"].toObject();
        const QJsonObject machines = doc["machines"].toObject();
        for (const char* worker : {"o", "s", "l"})
            QCOMPARE(peaks[machines[worker].toString()].toDouble(),
                     doc["workers"].toObject()[worker].toObject()["memory_bytes"].toDouble());
        // The sample's vendor figures: a Raspberry Pi 3 B holds 1 GiB, a GTX 1080 Ti 11 GiB.
        const QJsonObject capacities = doc["capacity_bytes"].toObject();
        QCOMPARE(capacities.keys(), QStringList({"gtx1080ti", "raspi3"}));
        QCOMPARE(capacities["raspi3"].toDouble(), 1073741824.0);
        QCOMPARE(capacities["gtx1080ti"].toDouble(), 11811160064.0);
    }

    void bindingLimitChangesThePlan() {
        const QJsonObject free = jsonOf(runCli(trainArguments("hiertrain", {"--json"})));
        const double raspi = free["peak_memory_bytes"].toObject()["raspi3"].toDouble();
        QVERIFY(raspi > 3000000);
        const CliRun run =
            runCli(trainArguments("hiertrain", {"--memory", "raspi3=3000000", "--json"}));
        QCOMPARE(run.status, 0);
        const QJsonObject doc = jsonOf(run);
        QVERIFY(doc["peak_memory_bytes"].toObject()["raspi3"].toDouble() <= 3000000);
        QCOMPARE(doc["capacity_bytes"].toObject()["raspi3"].toDouble(), 3000000.0);
        QVERIFY(doc["iteration_ms"].toDouble() > free["iteration_ms"].toDouble());
        const CliRun text = runCli(trainArguments("hiertrain", {"--memory", "raspi3=3000000"}));
        QVERIFY2(text.out.contains(QRegularExpression("memory \\(sgd\\): .*raspi3 \\d+ bytes of "
                                                      "3000000")),
                 qPrintable(text.out));
    }

    void tooLittleMemoryNamesTheSmallestThatPlans_data() {
        QTest::addColumn<QString>("planner");
        QTest::addColumn<QString>("machine");
        QTest::newRow("hiertrain") << "hiertrain"
                                   << "raspi3";
        QTest::newRow("jointdnn+") << "jointdnn+"
                                   << "raspi3";
        QTest::newRow("all-edge") << "all-edge"
                                  << "nuc-i3-1core";
    }
    void tooLittleMemoryNamesTheSmallestThatPlans() {
        QFETCH(QString, planner);
        QFETCH(QString, machine);
        const CliRun run = runCli(trainArguments(planner, {"--memory", kAllSmall}));
        QCOMPARE(run.status, 1);
        const QString bytes = neededBytes(run.err, machine);
        QVERIFY2(!bytes.isEmpty(), qPrintable(run.err));
        QVERIFY2(run.err.contains("needed by "), qPrintable(run.err));
        const QString limits = kAllSmall;
        const QString enough = QString(limits).replace(machine + "=100MB", machine + "=" + bytes);
        const CliRun fits = runCli(trainArguments(planner, {"--memory", enough, "--json"}));
        QCOMPARE(fits.status, 0);
        QVERIFY(jsonOf(fits)["peak_memory_bytes"].toObject()[machine].toDouble() <=
                bytes.toDouble());
        const QString less = QString(limits).replace(
            machine + "=100MB", machine + "=" + QString::number(bytes.toLongLong() - 1));
        QCOMPARE(runCli(trainArguments(planner, {"--memory", less})).status, 1);
    }

    void badMemoryExitsTwo_data() {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown machine")
            << QStringList{"--memory", "tpu=1GB"} << "--memory: unknown machine 'tpu'";
        QTest::newRow("negative") << QStringList{"--memory", "raspi3=-1GB"}
                                  << "'-1GB' is not a memory size";
        QTest::newRow("absurd") << QStringList{"--memory", "raspi3=2000TB"}
                                << "'2000TB' is not a memory size";
        QTest::newRow("no id") << QStringList{"--memory", "1GB"} << "--memory must be ID=BYTES";
        QTest::newRow("optimizer")
            << QStringList{"--optimizer", "lion"} << "--optimizer must be sgd, momentum or adam";
        QTest::newRow("recompute")
            << QStringList{"--recompute"} << "--recompute applies to --planner pipeline";
    }
    void badMemoryExitsTwo() {
        QFETCH(QStringList, extra);
        QFETCH(QString, message);
        const CliRun run = runCli(trainArguments("hiertrain", extra));
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
    }

    void helpListsTheMemoryOptions() {
        const CliRun run = runCli({"train", "--help"});
        QCOMPARE(run.status, 0);
        QVERIFY(run.out.contains("--memory ID=BYTES"));
        QVERIFY(run.out.contains("--optimizer NAME"));
        QVERIFY(run.out.contains("1 no plan fits the memory"));
    }
};

CUTLAB_TEST_MAIN(TestTrainCommand, Guiless)
} // namespace tst_traincommand

#include "tst_traincommand.moc"
