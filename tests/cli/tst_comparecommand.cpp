// cutlab-cli compare run as the built program on a real run of tools/cutlab-run-split
// (tests/data/runs: LeNet-5 cut after pool2 at 2 Mbit/s, 5 ms, 10 frames): the rows read back
// against the plan's figures and the medians of the run's frames, --json, and refusals.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "CliRun.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <vector>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_comparecommand {

namespace {

const QString kPlan = sourcePath("tests/data/runs/lenet5-plan.json");
const QString kRun = sourcePath("tests/data/runs/lenet5-run.json");

QJsonObject readJson(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object()
                                          : QJsonObject();
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

// The medians of the run's frames: segment 1, the transfer, segment 2, end to end.
std::vector<double> runMedians() {
    std::vector<double> head, link, tail, whole;
    for (const auto entry : readJson(kRun)["frames"].toArray()) {
        const QJsonObject frame = entry.toObject();
        head.push_back(frame["segments"].toArray()[0].toObject()["compute_ms"].toDouble());
        tail.push_back(frame["segments"].toArray()[1].toObject()["compute_ms"].toDouble());
        link.push_back(frame["transfers"].toArray()[0].toObject()["ms"].toDouble());
        whole.push_back(frame["end_to_end_ms"].toDouble());
    }
    return {median(head), median(link), median(tail), median(whole)};
}

// The plan's figures in the same order.
std::vector<double> planFigures() {
    const QJsonObject plan = readJson(kPlan)["plans"].toArray()[0].toObject();
    const QJsonArray stages = plan["stages"].toArray();
    return {stages[0].toObject()["compute_ms"].toDouble(),
            plan["transfers"].toArray()[0].toObject()["ms"].toDouble(),
            stages[1].toObject()["compute_ms"].toDouble(), plan["total_ms"].toDouble()};
}

} // namespace

class TestCompareCommand : public QObject {
    Q_OBJECT
  private slots:
    void printsEveryItemInTheOrderAFrameMeetsThem() {
        const CliRun run = runCli({"compare", kPlan, kRun});
        QVERIFY2(run.status == 0, qPrintable(run.err));
        const QStringList lines = run.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 6);
        QVERIFY(lines[0].startsWith("lenet5, plan 1 of " + kPlan +
                                    " (manual, network 2 Mbps 5 ms): 10 frames, 1 thread"));
        const QStringList names = {"segment 1 on thisbox-1t: conv1 .. pool2",
                                   "transfer thisbox-1t -> thisbox-2t of the output of pool2",
                                   "segment 2 on thisbox-2t: fc1 .. fc3", "end to end"};
        const std::vector<double> predicted = planFigures(), measured = runMedians();
        for (int i = 0; i < 4; ++i) {
            const QString& line = lines[i + 2];
            QVERIFY2(line.startsWith(names[i]), qPrintable(line));
            const QStringList fields = line.mid(names[i].size()).simplified().split(' ');
            QCOMPARE(fields[0], QString::number(predicted[std::size_t(i)], 'f', 2));
            QCOMPARE(fields[1], QString::number(measured[std::size_t(i)], 'f', 2));
            const double error = predicted[std::size_t(i)] / measured[std::size_t(i)] - 1;
            QCOMPARE(fields[5], QString::asprintf("%+.1f%%", error * 100));
        }
        // the link was emulated as planned: 11.68 ms against 11.40
        QVERIFY(lines[3].endsWith("within 10 %"));
    }
    void jsonHoldsTheSameFigures() {
        const CliRun run = runCli({"compare", kPlan, kRun, "--json"});
        QCOMPARE(run.status, 0);
        const QJsonObject comparison = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(comparison["frames"].toInt(), 10);
        const QJsonArray items = comparison["items"].toArray();
        QCOMPARE(items.size(), 4);
        const std::vector<double> predicted = planFigures(), measured = runMedians();
        const QStringList kinds = {"segment", "transfer", "segment", "end_to_end"};
        for (int i = 0; i < 4; ++i) {
            const QJsonObject item = items[i].toObject();
            QCOMPARE(item["kind"].toString(), kinds[i]);
            QCOMPARE(item["predicted_ms"].toDouble(), predicted[std::size_t(i)]);
            QVERIFY(std::fabs(item["measured_ms"].toDouble() - measured[std::size_t(i)]) < 1e-9);
            QVERIFY(!item["explanation"].toString().isEmpty());
        }
    }
    void refusesWhatItCannotCompare() {
        QTemporaryDir dir;
        const QString other = dir.filePath("other-plan.json");
        {
            const CliRun plan = runCli({"plan", sourcePath("sample_profiles/torch/lenet5.json"),
                                        "--network", sourcePath("tests/data/runs/net-2mbps.json"),
                                        "--cuts", "act2,fc3", "--json"});
            QCOMPARE(plan.status, 0);
            QFile file(other);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(plan.out.toUtf8());
        }
        const struct {
            QStringList arguments;
            QString message;
        } cases[] = {
            {{"compare", kPlan}, "usage: cutlab-cli compare"},
            {{"compare", kPlan, kRun, "--bogus"}, "unknown option --bogus"},
            {{"compare", kRun, kPlan}, "expected \"cutlab-run\""},
            {{"compare", other, kRun},
             "the run is of another plan: frame 0's segment 1 ran conv1 .. pool2 on thisbox-1t, "
             "the plan's segment 1 on thisbox-1t: conv1 .. act2"},
            {{"compare", dir.filePath("missing.json"), kRun}, "missing.json"},
            {{"compare", kPlan, dir.path()}, "is a directory"},
        };
        for (const auto& c : cases) {
            const CliRun run = runCli(c.arguments);
            QVERIFY2(run.status == 2, qPrintable(c.arguments.join(' ') + ": " + run.err));
            QVERIFY2(run.err.contains(c.message), qPrintable(run.err));
            QVERIFY(run.out.isEmpty());
        }
    }
};

CUTLAB_TEST_MAIN(TestCompareCommand, Guiless)
} // namespace tst_comparecommand

#include "tst_comparecommand.moc"
