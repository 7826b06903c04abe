// `cutlab-cli plan --objective throughput` run as the built program: the JSON and the table agree
// on the period, --max-latency keeps every frame within it, and every refusal says why.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "CliRun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_throughputcommand {

namespace {

const QString kVgg19 = "sample_profiles/scission/vgg19.json";

QJsonArray plansOf(const QStringList& extra) {
    QStringList arguments{"plan",        sourcePath(kVgg19), "--network", "4g",
                          "--objective", "throughput",       "--top",     "5",
                          "--json"};
    arguments += extra;
    const CliRun run = runCli(arguments);
    if (run.status != 0)
        qFatal("cutlab-cli failed (%d): %s", run.status, qPrintable(run.err));
    return QJsonDocument::fromJson(run.out.toUtf8()).object()["plans"].toArray();
}

} // namespace

class TestThroughputCommand : public QObject {
    Q_OBJECT
  private slots:
    void plansComeInOrderOfTheirPeriod() {
        const QJsonArray plans = plansOf({});
        QCOMPARE(plans.size(), 5);
        double previous = 0;
        for (const auto& value : plans) {
            const QJsonObject plan = value.toObject();
            const double period = plan["period_ms"].toDouble();
            QVERIFY(period > 0);
            QVERIFY(period >= previous);
            QVERIFY(period <= plan["total_ms"].toDouble() + 1e-9);
            QCOMPARE(plan["throughput_fps"].toDouble(), 1000.0 / period);
            previous = period;
        }
    }

    void theTableShowsPeriodAndFramesPerSecond() {
        const CliRun run = runCli({"plan", sourcePath(kVgg19), "--network", "4g", "--objective",
                                   "throughput", "--top", "1"});
        QCOMPARE(run.status, 0);
        QVERIFY2(run.out.contains("period ms") && run.out.contains("frames/s"),
                 qPrintable(run.out));
        const double period = plansOf({})[0].toObject()["period_ms"].toDouble();
        QVERIFY2(run.out.contains(QString::number(period, 'f', 1)), qPrintable(run.out));
    }

    void maxLatencyKeepsThePlansWithinIt() {
        // The constrained ranking is the unconstrained one with the slower frames left out.
        const double limit = 500;
        QJsonArray within;
        for (const auto& value : plansOf({"--top", "1000"}))
            if (value.toObject()["total_ms"].toDouble() <= limit)
                within.append(value);
        const QJsonArray plans = plansOf({"--max-latency", "500"});
        QCOMPARE(plans.size(), 5);
        QVERIFY(within.size() >= 5);
        for (int i = 0; i < plans.size(); ++i) {
            QVERIFY(plans[i].toObject()["total_ms"].toDouble() <= limit);
            QCOMPARE(plans[i].toObject()["period_ms"].toDouble(),
                     within[i].toObject()["period_ms"].toDouble());
        }
        QVERIFY(plansOf({"--top", "1000"}).size() > within.size()); // the limit binds
    }

    void noPlanWithinTheLimitExitsOneNamingIt() {
        const CliRun run = runCli({"plan", sourcePath(kVgg19), "--network", "4g", "--objective",
                                   "throughput", "--max-latency", "1"});
        QCOMPARE(run.status, 1);
        QVERIFY2(run.err.contains("--max-latency 1"), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }

    void badOptionsExitTwo_data() {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("says");
        QTest::newRow("unknown objective") << QStringList{"--objective", "speed"}
                                           << "latency, transfer, throughput, energy, or for a "
                                              "language model ttft, tpot or generate";
        QTest::newRow("negative limit")
            << QStringList{"--objective", "throughput", "--max-latency", "-5"} << "--max-latency";
        QTest::newRow("text limit")
            << QStringList{"--objective", "throughput", "--max-latency", "soon"} << "--max-latency";
        QTest::newRow("throughput on jointdnn")
            << QStringList{"--objective", "throughput", "--planner", "jointdnn"}
            << "--planner scission";
        QTest::newRow("limit on neurosurgeon")
            << QStringList{"--max-latency", "100", "--planner", "neurosurgeon"}
            << "--planner scission only";
    }
    void badOptionsExitTwo() {
        QFETCH(QStringList, extra);
        QFETCH(QString, says);
        QStringList arguments{"plan", sourcePath(kVgg19), "--network", "4g"};
        const CliRun run = runCli(arguments + extra);
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains(says), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }
};

CUTLAB_TEST_MAIN(TestThroughputCommand, Guiless)
} // namespace tst_throughputcommand

#include "tst_throughputcommand.moc"
