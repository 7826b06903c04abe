// cutlab-cli train --planner pipeline --cluster ID:N[@MBPS],... with CutLab's cost model, run as
// the built program: the JSON read back against the profile by hand (shares, compute, every
// machine once), the table, the smallest memory named when nothing fits (exact to the byte),
// bad input (exit 2) and --help.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "CliRun.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include <cmath>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_poolcommand {

namespace {

const QString kAlexNet = sourcePath("sample_profiles/hiertrain/alexnet-tinyimagenet.json");
const QString kPool = "raspi3:4@100,nuc-i3-1core:2@1000,gtx1080ti:1@1000";

QStringList poolArguments(const QStringList& extra) {
    return QStringList{"train", kAlexNet, "--planner", "pipeline", "--network", "4g"} + extra;
}

QJsonObject readJson(const QString& path) {
    QFile file(path);
    file.open(QIODevice::ReadOnly);
    return QJsonDocument::fromJson(file.readAll()).object();
}

// Forward + backward ms of layers first..last on machine `id`, at the profile's batch.
double rangeMs(const QJsonObject& profile, const QString& id, const QString& first,
               const QString& last) {
    double sum = 0;
    bool inside = false;
    for (const auto entry : profile["layers"].toArray()) {
        const QJsonObject layer = entry.toObject();
        inside = inside || layer["id"].toString() == first;
        if (inside)
            sum += layer["forward_ms"].toObject()[id].toDouble() +
                   layer["backward_ms"].toObject()[id].toDouble();
        if (layer["id"].toString() == last)
            break;
    }
    return sum;
}

QString neededBytes(const QString& message) {
    return QRegularExpression("--memory raspi3=(\\d+)").match(message).captured(1);
}

} // namespace

class TestPoolCommand : public QObject {
    Q_OBJECT

  private slots:
    void jsonReadsBack() {
        const CliRun run = runCli(poolArguments({"--cluster", kPool, "--json"}));
        QCOMPARE(run.status, 0);
        QVERIFY2(run.err.isEmpty(), qPrintable(run.err));
        const QJsonObject doc = QJsonDocument::fromJson(run.out.toUtf8()).object();
        const QJsonObject profile = readJson(kAlexNet);
        QCOMPARE(doc["cost_model"].toString(), QString("cutlab"));
        QVERIFY(doc["exact"].toBool());
        QCOMPARE(doc["machines_total"].toInt(), 7);
        QCOMPARE(doc["machines_used"].toInt(), 7);
        const double scale =
            doc["micro_batch"].toDouble() / profile["model"].toObject()["batch"].toDouble();
        QSet<QString> machines;
        double bottleneck = 0;
        int layers = 0;
        for (const auto entry : doc["stages"].toArray()) {
            const QJsonObject stage = entry.toObject();
            layers += stage["layers"].toInt();
            double speed = 0, shareSum = 0;
            const QJsonObject replicas = stage["replicas"].toObject();
            for (const QString& id : replicas.keys()) {
                const double t = scale * rangeMs(profile, id, stage["first_layer"].toString(),
                                                 stage["last_layer"].toString());
                speed += replicas[id].toInt() / t;
                shareSum += replicas[id].toInt() * stage["shares"].toObject()[id].toDouble();
                const QJsonObject memory = stage["memory"].toObject()[id].toObject();
                QVERIFY(std::abs(memory["weights"].toDouble() + memory["gradients"].toDouble() +
                                 memory["optimizer_state"].toDouble() +
                                 memory["stashed_weights"].toDouble() +
                                 memory["activations"].toDouble() - memory["total"].toDouble()) <=
                        1e-6 * memory["total"].toDouble());
            }
            QVERIFY(std::abs(shareSum - 1) <= 1e-12);
            QVERIFY(std::abs(stage["compute_ms"].toDouble() - 1 / speed) <= 1e-9 / speed);
            QVERIFY(std::abs(stage["stage_ms"].toDouble() -
                             (stage["compute_ms"].toDouble() +
                              stage["all_reduce_ms"].toDouble() / 4)) <= 1e-9);
            bottleneck =
                std::max({bottleneck, stage["stage_ms"].toDouble(), stage["link_ms"].toDouble()});
            for (const auto id : stage["machines"].toArray()) {
                QVERIFY2(!machines.contains(id.toString()), "a machine runs two stages");
                machines.insert(id.toString());
                QCOMPARE(doc["peak_memory_bytes"].toObject()[id.toString()].toDouble(),
                         stage["memory"]
                             .toObject()[id.toString().section('#', 0, 0)]
                             .toObject()["total"]
                             .toDouble());
            }
        }
        QCOMPARE(machines.size(), 7);
        QCOMPARE(layers, profile["layers"].toArray().size());
        QCOMPARE(doc["bottleneck_ms"].toDouble(), bottleneck);
    }

    void tableStatesTheBottleneck() {
        const CliRun json = runCli(poolArguments({"--cluster", kPool, "--json"}));
        const double bottleneck =
            QJsonDocument::fromJson(json.out.toUtf8()).object()["bottleneck_ms"].toDouble();
        const CliRun run = runCli(poolArguments({"--cluster", kPool}));
        QCOMPARE(run.status, 0);
        QVERIFY2(
            run.out.contains(
                QString("bottleneck %1 ms per micro-batch (optimal)").arg(bottleneck, 0, 'f', 3)),
            qPrintable(run.out));
        QVERIFY(run.out.contains("raspi3#0"));
    }

    // 20 MB for every type: nothing fits; the message names raspi3's smallest memory with the
    // others as given, and that memory plans while one byte less does not.
    void smallestMemoryIsExact() {
        const QStringList tight = {"--cluster", kPool, "--memory",
                                   "raspi3=20MB,nuc-i3-1core=20MB,gtx1080ti=20MB"};
        const CliRun run = runCli(poolArguments(tight));
        QCOMPARE(run.status, 1);
        const QString needed = neededBytes(run.err);
        QVERIFY2(!needed.isEmpty(), qPrintable(run.err));
        const QString others = ",nuc-i3-1core=20MB,gtx1080ti=20MB";
        QCOMPARE(
            runCli(poolArguments({"--cluster", kPool, "--memory", "raspi3=" + needed + others}))
                .status,
            0);
        const QString less = QString::number(needed.toLongLong() - 1);
        QCOMPARE(runCli(poolArguments({"--cluster", kPool, "--memory", "raspi3=" + less + others}))
                     .status,
                 1);
    }

    void badInputExitsTwo_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("0 machines")
            << QStringList{"--cluster", "raspi3:0@100"} << "is not a number of machines";
        QTest::newRow("1e6 machines")
            << QStringList{"--cluster", "raspi3:1000000@100"} << "at most 1024 in all";
        QTest::newRow("unknown machine")
            << QStringList{"--cluster", "tpu:2@100"} << "unknown machine 'tpu'";
        QTest::newRow("bandwidth 0")
            << QStringList{"--cluster", "raspi3:2@0"} << "is not a bandwidth in Mbit/s";
        QTest::newRow("twice") << QStringList{"--cluster", "raspi3:2@100,raspi3:1"}
                               << "lists raspi3 twice";
        QTest::newRow("a level") << QStringList{"--cluster", "raspi3:2@100,2@10"}
                                 << "PipeDream's hierarchy";
        QTest::newRow("negative memory")
            << QStringList{"--cluster", kPool, "--memory", "raspi3=-1GB"} << "memory size";
        QTest::newRow("unknown memory id")
            << QStringList{"--cluster", kPool, "--memory", "tpu=1GB"} << "tpu";
        QTest::newRow("compression")
            << QStringList{"--cluster", kPool, "--activation-compression", "2"}
            << "belongs to PipeDream's cost model";
        QTest::newRow("cost model") << QStringList{"--cluster", kPool, "--cost-model", "torch"}
                                    << "must be cutlab or pipedream";
    }

    void badInputExitsTwo() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const CliRun run = runCli(poolArguments(arguments));
        QCOMPARE(run.status, 2);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
    }

    void helpListsThePool() {
        const CliRun run = runCli({"train", "--planner", "pipeline", "--help"});
        QVERIFY(run.out.contains("--cluster ID:N[@MBPS],..."));
        QVERIFY(run.out.contains("--micro-batches M"));
    }
};

CUTLAB_TEST_MAIN(TestPoolCommand, Guiless)
} // namespace tst_poolcommand

#include "tst_poolcommand.moc"
