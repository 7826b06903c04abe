// `cutlab-cli plan --planner stream --stages ...` run as the built program: its JSON is the core's
// front, every plan's figures add up from its stages, the table shows them, refusals say why.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "CliRun.h"

#include "core/inference/StreamPlanner.h"
#include "core/io/NetworkFile.h"
#include "core/io/ProfileLoader.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_streamcommand {

using namespace cutlab::core;

namespace {

const QString kAlexnet = "sample_profiles/hiertrain/alexnet-tinyimagenet.json";
const QString kNetwork = "sample_profiles/hiertrain/network-hiertrain.json";
const QString kChain = "raspi3,nuc-i3-1core,gtx1080ti";

QStringList streamArguments(const QString& chain) {
    return {"plan",   sourcePath(kAlexnet), "--network", sourcePath(kNetwork), "--planner",
            "stream", "--stages",           chain};
}

QJsonObject streamJson(const QString& chain) {
    const CliRun run = runCli(streamArguments(chain) + QStringList{"--json"});
    if (run.status != 0)
        qFatal("cutlab-cli failed (%d): %s", run.status, qPrintable(run.err));
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

StreamResult coreResult() {
    const Profile profile = *loadProfileFile(sourcePath(kAlexnet).toStdString()).profile;
    const Network network = *loadNetwork(sourcePath(kNetwork).toStdString()).network;
    return planStream(profile, network, {{0, 1, 2}});
}

bool close(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

} // namespace

class TestStreamCommand : public QObject {
    Q_OBJECT
  private slots:
    void theJsonIsTheCoresFront() {
        const QJsonObject json = streamJson(kChain);
        QCOMPARE(json["kind"].toString(), QString("stream"));
        QCOMPARE(json["exact"].toBool(), true);
        const StreamResult want = coreResult();
        const QJsonArray plans = json["plans"].toArray();
        QCOMPARE(plans.size(), qsizetype(want.front.size()));
        QVERIFY(plans.size() >= 2);
        for (qsizetype i = 0; i < plans.size(); ++i) {
            const QJsonObject plan = plans[i].toObject();
            const StreamPlan& core = want.front[static_cast<std::size_t>(i)];
            QVERIFY(close(plan["period_ms"].toDouble(), core.periodMs));
            QVERIFY(close(plan["total_ms"].toDouble(), core.latencyMs));
            QCOMPARE(plan["stages"].toArray().size(), qsizetype(core.stages.size()));
        }
        QVERIFY(close(json["fastest"].toObject()["period_ms"].toDouble(), want.fastest.periodMs));
        QVERIFY(close(plans[0].toObject()["period_ms"].toDouble(), want.fastest.periodMs));
    }

    void everyPlanAddsUpFromItsStages() {
        // Links of the sample network: device-edge 5 Mbps, edge-cloud 3.5 Mbps, no latency.
        const double mbps[] = {5, 3.5};
        double previousPeriod = 0, previousLatency = 1e300;
        for (const auto& value : streamJson(kChain)["plans"].toArray()) {
            const QJsonObject plan = value.toObject();
            double period = 0, latency = 0;
            const QJsonArray stages = plan["stages"].toArray();
            for (qsizetype s = 0; s < stages.size(); ++s) {
                const QJsonObject stage = stages[s].toObject();
                const bool last = s + 1 == stages.size(); // sends nothing, no link after it
                const double busy =
                    last ? 0.0 : stage["sent_bytes"].toDouble() * 8 / (mbps[s] * 1000);
                QVERIFY(close(stage["link_busy_ms"].toDouble(), busy));
                period = std::max({period, stage["compute_ms"].toDouble(), busy});
                latency += stage["compute_ms"].toDouble() + stage["link_busy_ms"].toDouble() +
                           stage["link_latency_ms"].toDouble();
            }
            QVERIFY(close(plan["period_ms"].toDouble(), period));
            QVERIFY(close(plan["total_ms"].toDouble(), latency));
            QVERIFY(close(plan["throughput_fps"].toDouble(), 1000 / period));
            // the front: period up, latency strictly down
            QVERIFY(period > previousPeriod && latency < previousLatency);
            previousPeriod = period;
            previousLatency = latency;
        }
    }

    void theTableShowsEveryPlanOfTheFront() {
        const CliRun run = runCli(streamArguments(kChain));
        QCOMPARE(run.status, 0);
        QVERIFY2(run.out.contains("latency/throughput front"), qPrintable(run.out));
        for (const auto& value : streamJson(kChain)["plans"].toArray()) {
            const QJsonObject plan = value.toObject();
            QVERIFY2(run.out.contains(QString::number(plan["period_ms"].toDouble(), 'f', 2)) &&
                         run.out.contains(QString::number(plan["total_ms"].toDouble(), 'f', 2)),
                     qPrintable(run.out));
        }
        QVERIFY2(run.out.contains("raspi3 [conv1"), qPrintable(run.out));
    }

    void theChartDrawsTheFront() {
        QTemporaryDir dir;
        const QString svg = dir.filePath("stream.svg");
        const CliRun run = runCli({"chart", sourcePath(kAlexnet), "--kind", "stream", "--network",
                                   sourcePath(kNetwork), "--stages", kChain, "-o", svg});
        QCOMPARE(run.status, 0);
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        const StreamResult expected = coreResult();
        for (const QString& part :
             {QStringLiteral("Latency against throughput"),
              QStringLiteral("%1 plan(s) on the latency/throughput front")
                  .arg(expected.front.size()),
              QStringLiteral("Pareto-optimal plans"), QStringLiteral("smallest period"),
              QStringLiteral("frames per second")})
            QVERIFY2(text.contains(part), qPrintable(part));
        const QStringList base{"chart", sourcePath(kAlexnet), "-o", dir.filePath("x.svg")};
        for (const auto& [extra, message] :
             {std::pair(QStringList{"--kind", "stream", "--top", "3", "--stages", kChain},
                        QStringLiteral("--top does not apply to --kind stream")),
              std::pair(QStringList{"--kind", "stream"},
                        QStringLiteral("--kind stream needs --stages ID,ID,...")),
              std::pair(QStringList{"--kind", "layers", "--stages", kChain},
                        QStringLiteral("--stages applies to --kind stream"))}) {
            const CliRun refused = runCli(base + extra);
            QCOMPARE(refused.status, 2);
            QVERIFY2(refused.err.contains(message), qPrintable(refused.err));
        }
        QVERIFY(!QFile::exists(dir.filePath("x.svg")));
    }

    void refusalsSayWhy_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown machine")
            << streamArguments("raspi3,nowhere") << "unknown machine 'nowhere'";
        QTest::newRow("machine twice")
            << streamArguments("raspi3,raspi3") << "'raspi3' appears twice";
        QTest::newRow("no stages")
            << QStringList{"plan", sourcePath(kAlexnet), "--planner", "stream"} << "needs --stages";
        QTest::newRow("top") << streamArguments(kChain) + QStringList{"--top", "3"}
                             << "--top does not apply";
        QTest::newRow("cuts") << streamArguments(kChain) + QStringList{"--cuts", "conv1,none"}
                              << "--cuts does not apply";
        QTest::newRow("stages alone")
            << QStringList{"plan", sourcePath(kAlexnet), "--stages", kChain}
            << "--stages is for --planner stream";
        QTest::newRow("empty stages")
            << QStringList{"plan", sourcePath(kAlexnet), "--planner", "stream", "--stages", ""}
            << "--stages needs machine ids";
    }

    void refusalsSayWhy() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const CliRun run = runCli(arguments);
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }

    void aMissingLinkIsRefused() {
        QTemporaryDir dir;
        const QString path = dir.filePath("edge-only.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "cutlab-network", "version": 1, "name": "edge only", "links": [
            {"from": "device", "to": "edge", "bandwidth_mbps": 5, "latency_ms": 0}]})");
        file.close();
        const CliRun run = runCli({"plan", sourcePath(kAlexnet), "--network", path, "--planner",
                                   "stream", "--stages", "raspi3,gtx1080ti"});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("raspi3") && run.err.contains("gtx1080ti"), qPrintable(run.err));
    }
};

CUTLAB_TEST_MAIN(TestStreamCommand, Guiless)
} // namespace tst_streamcommand

#include "tst_streamcommand.moc"
