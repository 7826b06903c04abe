// cutlab-cli train --planner pipeline --cluster run as the built program, and the memory options
// of --stages (JSON, the limit that leaves no plan, bad sizes): the JSON read back
// (the peer's time per stage, replication, machines, memory), the table, the memory limit that
// leaves no plan (exit 1, naming the smallest limit that fits), bad input (exit 2) and --help.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "CliRun.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_clustercommand {

namespace {

const QString kResNet18 = sourcePath("sample_profiles/pipedream/resnet18.json");

QStringList clusterArguments(const QStringList& extra) {
    return QStringList{"train", kResNet18, "--planner", "pipeline", "--cost-model", "pipedream"} +
           extra;
}

} // namespace

class TestClusterCommand : public QObject {
    Q_OBJECT

  private slots:
    // Two levels: 4 workers at 80,000 Mbit/s (1e10 B/s) in each of 2 servers at 800 Mbit/s
    // (1e8 B/s). The peer (-n 4 2 -b 1e10 1e8) prints 0.0333245012 s.
    void jsonReadsBack() {
        const CliRun run = runCli(clusterArguments({"--cluster", "gpu:4@80000,2@800", "--json"}));
        QCOMPARE(run.status, 0);
        QVERIFY2(run.err.isEmpty(), qPrintable(run.err));
        const QJsonObject doc = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(doc["cost_model"].toString(), QString("pipedream"));
        QVERIFY(std::abs(doc["bottleneck_ms"].toDouble() - 33.3245012) <= 1e-9 * 33.3245012);
        QCOMPARE(doc["machines_total"].toInt(), 8);
        QCOMPARE(doc["cluster"].toObject()["levels"].toArray().size(), 2);
        QSet<QString> machines, layers;
        int layerCount = 0;
        const QJsonObject peaks = doc["peak_memory_bytes"].toObject();
        for (const auto entry : doc["stages"].toArray()) {
            const QJsonObject stage = entry.toObject();
            const QJsonArray ids = stage["machines"].toArray();
            QCOMPARE(stage["replication"].toInt(), ids.size());
            int product = 1;
            for (const auto factor : stage["replication_per_level"].toArray())
                product *= factor.toInt();
            QCOMPARE(product, ids.size());
            for (const auto id : ids) {
                QVERIFY(QRegularExpression("^gpu#[0-7]$").match(id.toString()).hasMatch());
                QVERIFY2(!machines.contains(id.toString()), "a machine runs two stages");
                machines.insert(id.toString());
                QVERIFY(peaks[id.toString()].toDouble() >= stage["memory_bytes"].toDouble());
            }
            for (const auto layer : stage["layers"].toArray()) {
                layers.insert(layer.toString());
                ++layerCount;
            }
        }
        QCOMPARE(machines.size(), doc["machines_used"].toInt());
        QCOMPARE(machines.size(), 8);
        QCOMPARE(peaks.size(), 8);
        QCOMPARE(layers.size(), layerCount); // no layer in two stages
        QCOMPARE(layerCount, 70);            // resnet18's 70 layers (71 in the file, one Input)
    }

    void tableStatesTheTimePerStage() {
        const CliRun run = runCli(clusterArguments({"--cluster", "gpu:4@8000"}));
        QCOMPARE(run.status, 0);
        QVERIFY2(run.out.contains("time per stage 65.918 ms"), qPrintable(run.out));
        QVERIFY(run.out.contains("over 4 gpu machines"));
    }

    void straightHasNoReplica() {
        const CliRun run =
            runCli(clusterArguments({"--cluster", "gpu:8@8000", "--straight", "--json"}));
        QCOMPARE(run.status, 0);
        const QJsonObject doc = QJsonDocument::fromJson(run.out.toUtf8()).object();
        for (const auto stage : doc["stages"].toArray())
            QCOMPARE(stage.toObject()["replication"].toInt(), 1);
        QCOMPARE(doc["straight"].toBool(), true);
    }

    // The smallest limit the message names is exact: one byte less has no plan, it has one.
    void memoryLimitWithoutPlan() {
        const QStringList straight = {"--cluster", "gpu:4@8000", "--straight", "--memory"};
        CliRun run = runCli(clusterArguments(straight + QStringList{"gpu=1GB"}));
        QCOMPARE(run.status, 1);
        QVERIFY(run.out.isEmpty());
        const QRegularExpressionMatch named =
            QRegularExpression("the smallest limit with a plan is (\\d+) bytes \\(--memory "
                               "gpu=\\d+\\), which stage \\d+ \\(node\\d+ \\.\\. node\\d+, 1 "
                               "replica\\) needs")
                .match(run.err);
        QVERIFY2(named.hasMatch(), qPrintable(run.err));
        const qlonglong smallest = named.captured(1).toLongLong();
        QCOMPARE(
            runCli(clusterArguments(straight + QStringList{"gpu=" + QString::number(smallest)}))
                .status,
            0);
        QCOMPARE(
            runCli(clusterArguments(straight + QStringList{"gpu=" + QString::number(smallest - 1)}))
                .status,
            1);
    }

    void badInputExitsTwo_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("0 machines")
            << QStringList{"--cluster", "gpu:0@8000"} << "is not a number of machines";
        QTest::newRow("1e6 machines")
            << QStringList{"--cluster", "gpu:1000000@8000"} << "at most 1024 in all";
        QTest::newRow("too many in all")
            << QStringList{"--cluster", "gpu:64@10,64@10"} << "more than 1024 machines in all";
        QTest::newRow("unknown machine")
            << QStringList{"--cluster", "tpu:4@8000"} << "unknown machine 'tpu'";
        QTest::newRow("bandwidth 0")
            << QStringList{"--cluster", "gpu:4@0"} << "is not a bandwidth in Mbit/s";
        QTest::newRow("no bandwidth") << QStringList{"--cluster", "gpu:4"} << "has no @MBPS";
        QTest::newRow("negative memory")
            << QStringList{"--cluster", "gpu:4@8000", "--memory", "gpu=-4GB"}
            << "is not a memory size";
        QTest::newRow("absurd memory")
            << QStringList{"--cluster", "gpu:4@8000", "--memory", "gpu=1e30"}
            << "is not a memory size";
        QTest::newRow("memory of another machine")
            << QStringList{"--cluster", "gpu:4@8000", "--memory", "cpu=1GB"}
            << "is not the cluster's machine";
        QTest::newRow("ratio 0") << QStringList{"--cluster", "gpu:4@8000",
                                                "--activation-compression", "0"}
                                 << "must be above 0";
        QTest::newRow("with --stages")
            << QStringList{"--cluster", "gpu:4@8000", "--stages", "gpu,gpu"}
            << "does not apply with --cluster";
        QTest::newRow("unknown accounting")
            << QStringList{"--cluster", "gpu:4@8000", "--memory-accounting", "torch"}
            << "must be pipedream";
    }

    void badInputExitsTwo() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const CliRun run = runCli(clusterArguments(arguments));
        QCOMPARE(run.status, 2);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QVERIFY(!run.err.contains("internal error"));
    }

    // A chain of four: every stage within --memory, its parts adding up; 1 GB fits nothing.
    void chainWithinMemory() {
        const QStringList chain = {
            "train",           kResNet18,   "--planner", "pipeline",   "--stages",
            "gpu,gpu,gpu,gpu", "--network", "ideal",     "--cut-mode", "any"};
        CliRun run =
            runCli(chain + QStringList{"--memory", "gpu=6GB", "--optimizer", "adam", "--json"});
        QCOMPARE(run.status, 0);
        const QJsonObject doc = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(doc["optimizer"].toString(), QString("adam"));
        QCOMPARE(doc["peak_memory_bytes"].toObject().size(), 4);
        for (const auto entry : doc["stages"].toArray()) {
            const QJsonObject stage = entry.toObject();
            const QJsonObject parts = stage["memory"].toObject();
            QVERIFY(stage["memory_bytes"].toDouble() <= 6e9);
            QCOMPARE(stage["capacity_bytes"].toDouble(), 6e9);
            QCOMPARE(parts["optimizer_state"].toDouble(), 2 * parts["weights"].toDouble());
            const double sum = parts["weights"].toDouble() + parts["gradients"].toDouble() +
                               parts["optimizer_state"].toDouble() +
                               parts["stashed_weights"].toDouble() +
                               parts["activations"].toDouble();
            QVERIFY(std::abs(sum - stage["memory_bytes"].toDouble()) <= 1e-6 * sum);
        }
        run = runCli(chain + QStringList{"--memory", "gpu=1GB"});
        QCOMPARE(run.status, 1);
        QVERIFY2(run.err.contains("no partition fits the machines' memory") &&
                     run.err.contains("the machine has 1000000000 bytes"),
                 qPrintable(run.err));
        run = runCli(chain + QStringList{"--memory", "tpu=1GB"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.contains("unknown machine 'tpu'"));
        run = runCli(chain + QStringList{"--memory", "gpu=0"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.contains("is not a memory size"));
        run = runCli(chain + QStringList{"--optimizer", "lbfgs"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.contains("--optimizer must be sgd, momentum or adam"));
    }

    // machines[].memory_bytes: read, and refused with a sentence naming the field.
    void profileMemoryBytes_data() {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("4 GiB") << "4294967296"
                               << "";
        QTest::newRow("zero") << "0"
                              << "memory_bytes: must be above 0";
        QTest::newRow("negative") << "-1"
                                  << "memory_bytes: must not be negative";
        QTest::newRow("string") << "\"4GB\""
                                << "memory_bytes: the number \"4GB\" is written as a string";
        QTest::newRow("huge") << "1e16"
                              << "memory_bytes: must be at most 1e15 bytes";
    }

    void profileMemoryBytes() {
        QFETCH(QString, value);
        QFETCH(QString, message);
        QFile source(sourcePath("sample_profiles/handmade/tiny-linear.json"));
        QVERIFY(source.open(QIODevice::ReadOnly));
        QString text = QString::fromUtf8(source.readAll());
        const qsizetype at = text.indexOf("\"tier\"");
        QVERIFY(at > 0);
        text.insert(at, "\"memory_bytes\": " + value + ", ");
        QTemporaryDir dir;
        QFile profile(dir.filePath("p.json"));
        QVERIFY(profile.open(QIODevice::WriteOnly));
        profile.write(text.toUtf8());
        profile.close();
        const CliRun run = runCli({"validate", profile.fileName()});
        if (message.isEmpty()) {
            QCOMPARE(run.status, 0);
        } else {
            QCOMPARE(run.status, 2);
            QVERIFY2(run.out.contains(message) || run.err.contains(message),
                     qPrintable(run.out + run.err));
        }
    }

    void helpListsTheOptions() {
        const CliRun run = runCli({"train", "--planner", "pipeline", "--help"});
        QCOMPARE(run.status, 0);
        for (const char* option :
             {"--cluster ID:N@MBPS", "--cost-model pipedream", "--memory ID=BYTES",
              "--memory-accounting pipedream", "--straight", "--fewer-machines",
              "--activation-compression", "--optimizer sgd|momentum|adam", "--recompute",
              "--memory ID=BYTES[,ID=BYTES]"})
            QVERIFY2(run.out.contains(option), option);
        QVERIFY(runCli({"train", "--help"}).out.contains("--cluster"));
    }
};

CUTLAB_TEST_MAIN(TestClusterCommand, Guiless)
} // namespace tst_clustercommand

#include "tst_clustercommand.moc"
