// `cutlab-cli replay` run as the built program: every sample against its plan's total, traces
// from the network file and the command line, the adaptive summary, and every refusal.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "CliRun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_replaycommand {

namespace {

QJsonObject jsonOf(const CliRun& run) {
    if (run.status != 0)
        qFatal("cutlab-cli failed (%d): %s", run.status, qPrintable(run.err));
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

QString traceFile(const QString& name) {
    return sourcePath("sample_profiles/traces/" + name);
}

void writeFile(const QString& path, const QByteArray& text) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

const QString kVgg19 = "sample_profiles/scission/vgg19.json";

} // namespace

class TestReplayCommand : public QObject {
    Q_OBJECT
  private slots:
    void everySampleFrameTakesThePlansTotal() {
        int checked = 0;
        for (const QString& path : sampleProfilePaths()) {
            const CliRun plan = runCli({"plan", path, "--network", "4g", "--top", "1", "--json"});
            if (plan.status != 0)
                continue; // profiles with no inference plan on 4g (training-only samples)
            const QJsonObject best = jsonOf(plan)["plans"].toArray()[0].toObject();
            const double total = best["total_ms"].toDouble();
            const QJsonObject replay =
                jsonOf(runCli({"replay", path, "--network", "4g", "--frames", "4", "--interval",
                               QString::number(total + 10, 'g', 17), "--json"}));
            const QJsonArray frames = replay["frames"].toArray();
            QCOMPARE(frames.size(), 4);
            for (const auto& frame : frames) {
                const double latency = frame.toObject()["latency_ms"].toDouble();
                if (std::abs(latency - total) > 1e-9 * std::max(1.0, total))
                    QFAIL(qPrintable(path + QString(": a frame took %1 ms, the plan says %2")
                                                .arg(latency, 0, 'g', 17)
                                                .arg(total, 0, 'g', 17)));
            }
            const QJsonArray stages = best["stages"].toArray();
            const QJsonArray placement = frames[0].toObject()["placement"].toArray();
            QCOMPARE(placement.size(), stages.size());
            for (int s = 0; s < stages.size(); ++s)
                QCOMPARE(placement[s].toObject()["last_layer"], stages[s].toObject()["last_layer"]);
            ++checked;
        }
        QVERIFY(checked >= 15);
    }

    void summaryFollowsTheFrames() {
        const QJsonObject replay =
            jsonOf(runCli({"replay", sourcePath(kVgg19), "--network", "4g", "--cuts", "none,none",
                           "--trace", "device-cloud=" + traceFile("ATT-LTE-driving.up"), "--frames",
                           "200", "--interval", "33", "--deadline", "500", "--json"}));
        QCOMPARE(replay["format"].toString(), QString("cutlab-replay"));
        QCOMPARE(replay["traces"].toArray()[0].toObject()["from"].toString(), QString("device"));
        std::vector<double> latencies;
        int misses = 0;
        double sum = 0, lastEnd = 0;
        for (const auto& value : replay["frames"].toArray()) {
            const QJsonObject frame = value.toObject();
            QCOMPARE(frame["arrival_ms"].toDouble(), frame["index"].toInt() * 33.0);
            latencies.push_back(frame["latency_ms"].toDouble());
            sum += latencies.back();
            misses += latencies.back() > 500;
            lastEnd = frame["arrival_ms"].toDouble() + latencies.back();
        }
        std::sort(latencies.begin(), latencies.end());
        const QJsonObject summary = replay["summary"].toObject();
        QCOMPARE(summary["mean_ms"].toDouble(), sum / 200);
        QCOMPARE(summary["p50_ms"].toDouble(), latencies[99]);  // ⌈100⌉-th
        QCOMPARE(summary["p95_ms"].toDouble(), latencies[189]); // ⌈190⌉-th
        QCOMPARE(summary["p99_ms"].toDouble(), latencies[197]); // ⌈198⌉-th
        QCOMPARE(summary["max_ms"].toDouble(), latencies.back());
        QCOMPARE(summary["deadline_misses"].toInt(), misses);
        QVERIFY(misses > 0); // the whole input over a driving LTE uplink, 30 fps, queues
        QVERIFY(qAbs(summary["throughput_fps"].toDouble() - 200 * 1000.0 / lastEnd) < 1e-9);
    }

    void networkFileTracesAndTheCommandLine() {
        QTemporaryDir dir;
        QVERIFY(QFile::copy(traceFile("TMobile-UMTS-driving.up"), dir.filePath("umts.up")));
        QVERIFY(QFile::copy(traceFile("ATT-LTE-driving.up"), dir.filePath("lte.up")));
        writeFile(dir.filePath("net.json"),
                  R"({"format": "cutlab-network", "version": 1, "name": "drive", "links": [
                    {"from": "device", "to": "cloud", "bandwidth_mbps": 5, "latency_ms": 40,
                     "trace": "umts.up"},
                    {"from": "device", "to": "edge", "bandwidth_mbps": 5, "latency_ms": 10},
                    {"from": "edge", "to": "cloud", "bandwidth_mbps": 50, "latency_ms": 25}]})");
        const QStringList base = {"replay",     sourcePath(kVgg19),
                                  "--network",  dir.filePath("net.json"),
                                  "--cuts",     "none,none",
                                  "--frames",   "20",
                                  "--interval", "1000",
                                  "--json"};
        const QJsonObject fromFile = jsonOf(runCli(base));
        QCOMPARE(fromFile["traces"].toArray()[0].toObject()["file"].toString(), QString("umts.up"));
        const QJsonObject overridden = jsonOf(runCli(
            base + QStringList{"--trace", "device-cloud=" + dir.filePath("lte.up") + "@2000"}));
        const QJsonArray traces = overridden["traces"].toArray();
        QCOMPARE(traces.size(), 1);
        QCOMPARE(traces[0].toObject()["file"].toString(), QString("lte.up"));
        QCOMPARE(traces[0].toObject()["offset_ms"].toDouble(), 2000.0);
        QVERIFY(fromFile["summary"].toObject()["mean_ms"] !=
                overridden["summary"].toObject()["mean_ms"]);
    }

    void machineIdsWithDashesSplitOnce() {
        QTemporaryDir dir;
        writeFile(dir.filePath("net.json"),
                  R"({"format": "cutlab-network", "version": 1, "links": [
                    {"from": "jetson-nano", "to": "cloud", "bandwidth_mbps": 5, "latency_ms": 40}]})");
        const QString profile = sourcePath("sample_profiles/estimated/resnet18.json");
        const CliRun run =
            runCli({"replay", profile, "--network", dir.filePath("net.json"), "--skip", "edge",
                    "--trace", "jetson-nano-cloud=" + traceFile("ATT-LTE-driving.up"), "--frames",
                    "3", "--interval", "1000", "--json"});
        QCOMPARE(run.status, 0);
        const QJsonObject trace = jsonOf(run)["traces"].toArray()[0].toObject();
        QCOMPARE(trace["from"].toString(), QString("jetson-nano"));
        QCOMPARE(trace["to"].toString(), QString("cloud"));
    }

    void adaptiveReportsStaticAndHindsight() {
        const QJsonObject replay =
            jsonOf(runCli({"replay", sourcePath(kVgg19), "--network", "4g", "--skip", "edge",
                           "--trace", "device-cloud=" + traceFile("ATT-LTE-driving.up"), "--frames",
                           "300", "--interval", "100", "--adapt", "window:2", "--json"}));
        QCOMPARE(replay["adapt"].toString(), QString("window:2"));
        const QJsonObject summary = replay["summary"].toObject();
        for (const char* run : {"static", "hindsight"}) {
            const QJsonObject other = summary[run].toObject();
            QVERIFY2(other.contains("p95_ms") && other.contains("plans_used"), run);
        }
        QCOMPARE(summary["static"].toObject()["plans_used"].toInt(), 1);
        QVERIFY(summary["plans_used"].toInt() > 1); // the cut follows the trace
    }

    void textReportNamesEveryRun() {
        const CliRun run = runCli({"replay", sourcePath(kVgg19), "--network", "4g", "--trace",
                                   "device-cloud=" + traceFile("Verizon-LTE-short.up"), "--frames",
                                   "50", "--interval", "200", "--adapt", "window:1"});
        QCOMPARE(run.status, 0);
        QVERIFY2(run.out.contains("adaptive") && run.out.contains("static") &&
                     run.out.contains("hindsight") && run.out.contains("Verizon-LTE-short.up"),
                 qPrintable(run.out));
        QVERIFY(run.err.isEmpty());
    }

    void refusals_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString vgg = sourcePath(kVgg19);
        const QStringList ok = {"replay", vgg, "--frames", "3", "--interval", "10"};
        QTest::newRow("no frames") << QStringList{"replay", vgg, "--interval", "10"} << "--frames";
        QTest::newRow("no interval") << QStringList{"replay", vgg, "--frames", "3"} << "--interval";
        QTest::newRow("zero frames") << (ok + QStringList{"--frames", "0"}) << "--frames";
        QTest::newRow("negative interval")
            << (ok + QStringList{"--interval", "-1"}) << "--interval";
        QTest::newRow("bad adapt") << (ok + QStringList{"--adapt", "often"}) << "window:SECONDS";
        QTest::newRow("zero window") << (ok + QStringList{"--adapt", "window:0"})
                                     << "the window must be more than 0 s and at most 86400 s";
        QTest::newRow("window over a day")
            << (ok + QStringList{"--adapt", "window:86401"})
            << "the window must be more than 0 s and at most 86400 s";
        QTest::newRow("adapt with cuts")
            << (ok + QStringList{"--adapt", "window:2", "--cuts", "none,none"}) << "--cuts";
        QTest::newRow("trace without file")
            << (ok + QStringList{"--trace", "device-cloud"}) << "FROM-TO=FILE";
        QTest::newRow("unknown ends")
            << (ok + QStringList{"--trace", "phone-cloud=x.up"}) << "two link ends";
        QTest::newRow("no such link")
            << (ok + QStringList{"--network", "4g", "--trace",
                                 "cloud-cloud=" + traceFile("ATT-LTE-driving.up")})
            << "has no link between cloud and cloud";
        QTest::newRow("missing trace file")
            << (ok + QStringList{"--trace", "device-cloud=/nonexistent/x.up"})
            << "/nonexistent/x.up";
        QTest::newRow("bad offset")
            << (ok +
                QStringList{"--trace", "device-cloud=" + traceFile("ATT-LTE-driving.up") + "@-5"})
            << "offset";
        QTest::newRow("unknown option") << (ok + QStringList{"--frobnicate"}) << "--frobnicate";
    }
    void refusals() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const CliRun run = runCli(arguments);
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }

    void badTraceFileNamesTheLine() {
        QTemporaryDir dir;
        writeFile(dir.filePath("bad.up"), "10\n20\n15\n");
        const CliRun run =
            runCli({"replay", sourcePath(kVgg19), "--trace",
                    "device-cloud=" + dir.filePath("bad.up"), "--frames", "3", "--interval", "10"});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("line 3"), qPrintable(run.err));
    }
};

CUTLAB_TEST_MAIN(TestReplayCommand, Guiless)
} // namespace tst_replaycommand

#include "tst_replaycommand.moc"
