// cutlab-cli trace run as the built program on the six cellular traces of
// sample_profiles/traces: the JSON read back against lines counted here and against the core's
// own figures, the text table, a two-column file, and the refusals.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "CliRun.h"

#include "core/io/TraceFile.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_tracecommand {

namespace {

const QStringList kTraces = {"ATT-LTE-driving.down",      "ATT-LTE-driving.up",
                             "TMobile-UMTS-driving.down", "TMobile-UMTS-driving.up",
                             "Verizon-LTE-short.down",    "Verizon-LTE-short.up"};

QString tracesFolder() {
    return sourcePath("sample_profiles/traces");
}

// How many timestamps a mahimahi file holds, and its last (the period), read here by hand.
std::pair<qsizetype, double> countLines(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {-1, -1};
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    return {lines.size(), lines.last().toDouble()};
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

class TestTraceCommand : public QObject {
    Q_OBJECT
  private slots:
    void jsonMatchesCountedLinesAndTheCore() {
        const CliRun run = runCli(QStringList{"trace", "--json"} + kTraces, tracesFolder());
        QVERIFY2(run.status == 0, qPrintable(run.err));
        const QJsonObject document = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(document["format"].toString(), QString("cutlab-trace-summary"));
        QCOMPARE(document["version"].toInt(), 1);
        const QJsonArray traces = document["traces"].toArray();
        QCOMPARE(traces.size(), kTraces.size());
        for (qsizetype i = 0; i < kTraces.size(); ++i) {
            const QJsonObject entry = traces[i].toObject();
            const QString path = tracesFolder() + "/" + kTraces[i];
            QCOMPARE(entry["file"].toString(), kTraces[i]);
            QCOMPARE(entry["form"].toString(), QString("mahimahi"));
            const auto [lines, periodMs] = countLines(path);
            QCOMPARE(entry["opportunities"].toInteger(), qint64(lines));
            QCOMPARE(entry["period_ms"].toDouble(), periodMs);
            QCOMPARE(entry["mean_mbps"].toDouble(), double(lines) * 1500 * 8 / periodMs / 1000);
            const auto loaded = cutlab::core::loadTraceFile(path.toStdString());
            QVERIFY(loaded.ok());
            QCOMPARE(entry["p10_mbps"].toDouble(), loaded.trace->secondPercentileMbps(10));
            QCOMPARE(entry["p50_mbps"].toDouble(), loaded.trace->secondPercentileMbps(50));
            QCOMPARE(entry["p90_mbps"].toDouble(), loaded.trace->secondPercentileMbps(90));
            const QJsonArray bins = entry["bins_mbps"].toArray();
            const std::vector<double> expected = loaded.trace->secondBinsMbps();
            QCOMPARE(bins.size(), qsizetype(std::ceil(periodMs / 1000)));
            QCOMPARE(std::size_t(bins.size()), expected.size());
            for (qsizetype b = 0; b < bins.size(); ++b)
                QCOMPARE(bins[b].toDouble(), expected[std::size_t(b)]);
        }
    }
    void textTableHasOneRowPerTrace() {
        const CliRun run = runCli(QStringList{"trace"} + kTraces, tracesFolder());
        QVERIFY2(run.status == 0, qPrintable(run.err));
        const QStringList lines = run.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), kTraces.size() + 1);
        QCOMPARE(lines[0].simplified(),
                 QString("trace form opportunities period s mean Mbit/s p10 Mbit/s p50 Mbit/s "
                         "p90 Mbit/s"));
        for (qsizetype i = 0; i < kTraces.size(); ++i) {
            const QStringList fields = lines[i + 1].simplified().split(' ');
            QCOMPARE(fields.size(), 8);
            QCOMPARE(fields[0], kTraces[i]);
            QCOMPARE(fields[1], QString("mahimahi"));
            const auto [count, periodMs] = countLines(tracesFolder() + "/" + kTraces[i]);
            QCOMPARE(fields[2], QString::number(count));
            QCOMPARE(fields[3], QString::number(periodMs / 1000, 'f', 3));
            QCOMPARE(fields[4], QString::number(double(count) * 12 / periodMs, 'f', 3));
        }
        QVERIFY(!lines.join('\n').contains("1 s bin"));
    }
    void binsOnRequest() {
        const CliRun run = runCli({"trace", "Verizon-LTE-short.up", "--bins"}, tracesFolder());
        QVERIFY2(run.status == 0, qPrintable(run.err));
        const QStringList lines = run.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines[2], QString("Verizon-LTE-short.up: Mbit/s in each 1 s bin"));
        QCOMPARE(lines.size(), 3 + 14); // 140 bins, ten to a line
        QCOMPARE(lines[3].simplified().split(' ').size(), 10);
    }
    void twoColumnFile() {
        QTemporaryDir folder;
        QVERIFY(writeFile(folder.filePath("steps.txt"), "0 1.2\n1 0\n2 2.4\n"));
        const CliRun run = runCli({"trace", "steps.txt", "--json"}, folder.path());
        QVERIFY2(run.status == 0, qPrintable(run.err));
        const QJsonObject entry =
            QJsonDocument::fromJson(run.out.toUtf8()).object()["traces"].toArray()[0].toObject();
        QCOMPARE(entry["form"].toString(), QString("two-column"));
        QCOMPARE(entry["opportunities"].toInt(), 300);
        QCOMPARE(entry["period_ms"].toDouble(), 3000.0);
        QCOMPARE(entry["mean_mbps"].toDouble(), 1.2);
        // Bins: 99, 1 (the packet completed at 1,000 ms) and 200 packets.
        QCOMPARE(entry["p10_mbps"].toDouble(), 0.012);
        QCOMPARE(entry["p50_mbps"].toDouble(), 1.188);
        QCOMPARE(entry["p90_mbps"].toDouble(), 2.4);
    }
    void refusals_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("decreasing")
            << QStringList{"trace", "bad.up"}
            << "cutlab-cli trace: bad.up: error: line 3: timestamp 40 is before the previous "
               "line's 41\n";
        QTest::newRow("missing") << QStringList{"trace", "missing.up"}
                                 << "cutlab-cli trace: missing.up: error: no such file\n";
        QTest::newRow("one good, one bad")
            << QStringList{"trace", "--json", "good.up", "empty.up"}
            << "cutlab-cli trace: empty.up: error: the trace is empty\n";
        QTest::newRow("unknown option")
            << QStringList{"trace", "good.up", "--mean"}
            << "cutlab-cli trace: unknown option --mean (see cutlab-cli trace --help)\n";
    }
    void refusals() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        QTemporaryDir folder;
        QVERIFY(writeFile(folder.filePath("bad.up"), "0\n41\n40\n"));
        QVERIFY(writeFile(folder.filePath("good.up"), "0\n10\n"));
        QVERIFY(writeFile(folder.filePath("empty.up"), "\n\n"));
        const CliRun run = runCli(arguments, folder.path());
        QCOMPARE(run.status, 2);
        QCOMPARE(run.err, message);
        QCOMPARE(run.out, QString()); // nothing printed for the good file either
    }
    void usage() {
        const CliRun none = runCli({"trace"});
        QCOMPARE(none.status, 2);
        QVERIFY(none.err.contains("usage: cutlab-cli trace FILE... [--json] [--bins]"));
        const CliRun help = runCli({"trace", "--help"});
        QCOMPARE(help.status, 0);
        QVERIFY(help.out.startsWith("usage: cutlab-cli trace FILE... [--json] [--bins]"));
        const CliRun top = runCli({"--help"});
        QVERIFY(top.out.contains("  trace FILE...         what a network trace measures"));
    }
};

CUTLAB_TEST_MAIN(TestTraceCommand, Guiless)
} // namespace tst_tracecommand

#include "tst_tracecommand.moc"
