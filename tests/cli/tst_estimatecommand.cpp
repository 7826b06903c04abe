// cutlab-cli estimate: adds roofline-estimated machines to a profile, writes a profile that
// validate, info, plan and train accept, refuses with a message naming the file (exit 2, nothing
// on stdout, no output file) and never leaves a partial or changed output on error.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "CliRun.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_estimatecommand {

namespace {

using Run = CliRun;

Run cli(const QStringList& arguments) {
    return runCli(arguments);
}

QString writeTestFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
    QFile file(dir.filePath(name));
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write a test file");
    return file.fileName();
}

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QJsonObject readJson(const QString& path) {
    return QJsonDocument::fromJson(readAll(path)).object();
}

// The three layers of tst_roofline: a conv (840 MFLOP), a relu (no flops), a dense layer.
const QByteArray kThreeLayers = R"({"format":"cutlab-profile","version":1,
  "model":{"name":"three-layers","input_bytes":600000},
  "machines":[{"id":"measured","tier":"device"}],
  "layers":[
    {"id":"conv","type":"Conv2D","output_bytes":3200000,"param_bytes":200000,"flops":840000000,
     "forward_ms":{"measured":60}},
    {"id":"relu","type":"ReLU","inputs":["conv"],"output_bytes":3200000,
     "forward_ms":{"measured":2}},
    {"id":"dense","type":"Dense","inputs":["relu"],"output_bytes":40,"param_bytes":32000000,
     "flops":16000000,"forward_ms":{"measured":10}}]})";

const QString kKnown = "pi3, pi4, jetson-nano, nuc-i3, i7-6700k, gtx1080ti, v100, phone-sd8g3, "
                       "pi5, orin-nano, agx-orin, laptop-gpu, rtx4090, a100, h100";

} // namespace

class TestEstimateCommand : public QObject {
    Q_OBJECT
  private slots:
    void writesAProfileThatInfoAndPlanAccept() {
        QTemporaryDir dir;
        const QString input = writeTestFile(dir, "three.json", kThreeLayers);
        const QString output = dir.filePath("estimated.json");
        const Run run =
            cli({"estimate", input, "--machines", "pi4@device,gtx1080ti@cloud", "-o", output});
        QVERIFY2(run.status == 0, qPrintable(run.err));
        QVERIFY(run.err.isEmpty());
        QCOMPARE(run.out, output + ": added pi4 (device), gtx1080ti (cloud) with roofline "
                                   "estimates\n"
                                   "note: 1 of 3 layers has no flops: estimated from memory "
                                   "traffic only\n"
                                   "note: no backward_ms added where the measured machines lack "
                                   "them (a layer has them for every machine or none), so "
                                   "training planners will refuse this profile\n");
        const QJsonObject doc = readJson(output);
        QCOMPARE(doc["model"].toObject()["times"].toString(), QString("partly estimated"));
        const QJsonArray machines = doc["machines"].toArray();
        QCOMPARE(machines.size(), 3);
        QVERIFY(!machines[0].toObject().contains("estimated"));
        for (int m : {1, 2}) {
            QCOMPARE(machines[m].toObject()["estimated"].toBool(), true);
            QVERIFY(machines[m].toObject()["estimate"].toString().startsWith("roofline: "));
        }
        QCOMPARE(machines[2].toObject()["tier"].toString(), QString("cloud"));
        // conv on pi4: 0.05 + 840e6 / 16.8e9 s = 50.05 ms (tst_roofline has the arithmetic).
        const QJsonObject conv = doc["layers"].toArray()[0].toObject()["forward_ms"].toObject();
        QVERIFY(std::fabs(conv["pi4"].toDouble() - 50.05) < 1e-9);
        QCOMPARE(conv["measured"].toDouble(), 60.0);

        QCOMPARE(cli({"validate", output}).status, 0);
        const Run info = cli({"info", output, "--json"});
        QVERIFY2(info.status == 0, qPrintable(info.err));
        QCOMPARE(QJsonDocument::fromJson(info.out.toUtf8())["machines"].toArray().size(), 3);
        const Run plan = cli({"plan", output, "--network", "4g", "--json"});
        QVERIFY2(plan.status == 0, qPrintable(plan.err));
        QVERIFY(!QJsonDocument::fromJson(plan.out.toUtf8())["plans"].toArray().isEmpty());
    }
    void defaultMachinesAndTrainingTimes() {
        QTemporaryDir dir;
        // Every machine replaced: backward and update times are estimated for all of them.
        const QString input = writeTestFile(dir, "three.json", kThreeLayers);
        const QString output = dir.filePath("out.json");
        const Run run = cli({"estimate", input, "--machines", "measured=pi3,nuc-i3,v100", "-o",
                             output, "--replace"});
        QVERIFY2(run.status == 0, qPrintable(run.err));
        QCOMPARE(run.out, output + ": added nuc-i3 (edge), v100 (cloud); replaced measured "
                                   "(device) with roofline estimates\nnote: 1 of 3 layers has no "
                                   "flops: estimated from memory traffic only\n");
        const QJsonObject doc = readJson(output);
        QCOMPARE(doc["model"].toObject()["times"].toString(), QString("estimated"));
        QVERIFY(doc["layers"].toArray()[2].toObject().contains("update_ms"));
        const Run train = cli({"train", output, "--planner", "hiertrain", "--network", "4g"});
        QVERIFY2(train.status == 0, qPrintable(train.err));
        // No --machines: pi4@device, nuc-i3@edge, gtx1080ti@cloud.
        const Run defaults = cli({"estimate", input, "-o", dir.filePath("defaults.json")});
        QVERIFY2(defaults.status == 0, qPrintable(defaults.err));
        QVERIFY(defaults.out.contains("added pi4 (device), nuc-i3 (edge), gtx1080ti (cloud)"));
    }
    // HierTrain's AlexNet sample already has a gtx1080ti machine (itself estimated).
    void anExistingMachineIsReplacedOnlyWhenAsked() {
        QTemporaryDir dir;
        const QString input = sourcePath("sample_profiles/hiertrain/alexnet-tinyimagenet.json");
        const QString output = dir.filePath("alexnet.json");
        Run run = cli({"estimate", input, "-o", output});
        QCOMPARE(run.status, 2);
        QVERIFY(run.out.isEmpty());
        QCOMPARE(run.err, "cutlab-cli estimate: " + input +
                              ": error: machine 'gtx1080ti' is already in the profile (--replace "
                              "rewrites it with estimates)\n");
        QVERIFY(!QFile::exists(output));
        run = cli({"estimate", input, "--machines", "gtx1080ti@cloud", "--replace", "-o", output});
        QVERIFY2(run.status == 0, qPrintable(run.err));
        QCOMPARE(run.out, output + ": replaced gtx1080ti (cloud) with roofline estimates\n");
        const QJsonObject doc = readJson(output);
        // Every machine of the sample is marked estimated, so the whole profile is.
        QCOMPARE(doc["model"].toObject()["times"].toString(), QString("estimated"));
        QCOMPARE(doc["machines"].toArray()[2].toObject()["preset"].toString(),
                 QString("gtx1080ti"));
        QCOMPARE(doc["machines"].toArray().size(), 3);
        // The preset's memory (11 GiB) is written; a preset of a PC writes none.
        QCOMPARE(doc["machines"].toArray()[2].toObject()["memory_bytes"].toDouble(), 11811160064.0);
        run = cli(
            {"estimate", input, "--machines", "jetson-nano@device,i7-6700k@edge", "-o", output});
        QVERIFY2(run.status == 0, qPrintable(run.err));
        const QJsonArray added = readJson(output)["machines"].toArray();
        QCOMPARE(added[3].toObject()["id"].toString(), QString("jetson-nano"));
        QCOMPARE(added[3].toObject()["memory_bytes"].toDouble(), 4294967296.0);
        QCOMPARE(added[4].toObject()["id"].toString(), QString("i7-6700k"));
        QVERIFY(!added[4].toObject().contains("memory_bytes"));
        const Run train = cli({"train", output, "--planner", "hiertrain", "--network", "4g"});
        QVERIFY2(train.status == 0, qPrintable(train.err));
    }
    void refusals_data() {
        QTest::addColumn<QStringList>("arguments"); // PROFILE stands for the input's path
        QTest::addColumn<QString>("message");       // after "cutlab-cli estimate: "
        QTest::newRow("no flops")
            << QStringList{sourcePath("sample_profiles/pipedream/alexnet.json")}
            << sourcePath("sample_profiles/pipedream/alexnet.json") +
                   ": error: this profile has no flops: estimates need an imported model "
                   "(cutlab-cli import MODEL.onnx)";
        QTest::newRow("unknown preset")
            << QStringList{"PROFILE", "--machines", "pi4@device,rtx5090@cloud"}
            << "--machines: unknown preset 'rtx5090' (known: " + kKnown + ")";
        QTest::newRow("unknown tier") << QStringList{"PROFILE", "--machines", "pi4@fog"}
                                      << "--machines: unknown tier 'fog' in 'pi4@fog' (expected "
                                         "device, edge or cloud)";
        QTest::newRow("empty entry") << QStringList{"PROFILE", "--machines", "pi4,"}
                                     << "--machines: an empty entry in 'pi4,' (two commas in a "
                                        "row, or one at an end)";
        QTest::newRow("no value") << QStringList{"PROFILE", "--machines"}
                                  << "--machines needs a value";
        QTest::newRow("existing id")
            << QStringList{"PROFILE", "--machines", "measured=pi4"}
            << "PROFILE: error: machine 'measured' is already in the profile (--replace rewrites "
               "it with estimates)";
        QTest::newRow("unknown option") << QStringList{"PROFILE", "--fast"}
                                        << "unknown option --fast (see cutlab-cli estimate --help)";
        QTest::newRow("list with a profile")
            << QStringList{"PROFILE", "--list"} << "--list takes no other arguments";
        QTest::newRow("missing profile")
            << QStringList{"missing.json"} << "missing.json: error: no such file";
    }
    void refusals() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString input = writeTestFile(dir, "three.json", kThreeLayers);
        const QString output = dir.filePath("out.json");
        arguments.replaceInStrings("PROFILE", input);
        message.replace("PROFILE", input);
        const Run run = cli(QStringList{"estimate", "-o", output} + arguments);
        QCOMPARE(run.status, 2);
        QVERIFY(run.out.isEmpty());
        QCOMPARE(run.err, "cutlab-cli estimate: " + message + "\n");
        QVERIFY(!QFile::exists(output));
        QCOMPARE(readAll(input), kThreeLayers);
    }
    // An estimate beyond the format's 1e9 ms is refused before anything is written, and an
    // existing output is left as it was.
    void anInvalidResultLeavesTheOutputAlone() {
        QTemporaryDir dir;
        QByteArray huge = kThreeLayers;
        huge.replace("\"flops\":840000000", "\"flops\":1e21");
        const QString input = writeTestFile(dir, "huge.json", huge);
        const QString output = writeTestFile(dir, "out.json", "keep");
        const Run run = cli({"estimate", input, "--machines", "pi3", "-o", output});
        QCOMPARE(run.status, 2);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(run.err.startsWith("cutlab-cli estimate: " + input +
                                    ": error: the estimated profile does not validate: "
                                    "/layers/0/forward_ms/pi3: must be at most 1e9 ms"),
                 qPrintable(run.err));
        QCOMPARE(readAll(output), QByteArray("keep"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList({"huge.json", "out.json"}));
    }
    void listAndHelp() {
        const Run list = cli({"estimate", "--list"});
        QCOMPARE(list.status, 0);
        for (const QString& id : kKnown.split(", "))
            QVERIFY2(list.out.contains("\n" + id + " (") || list.out.startsWith(id + " ("),
                     qPrintable(id));
        QVERIFY(list.out.contains("pi4 (device)  Raspberry Pi 4 B (4 x Cortex-A72 1.5 GHz)\n"
                                  "  16.8 GFLOP/s fp32 used (0.35 x 48 peak), 4 GB/s, 0.05 ms "
                                  "per layer, memory 4294967296 bytes (4 GiB)\n"));
        QVERIFY(list.out.contains("0.02 ms per layer, memory not the machine's own (none set)\n"));
        QCOMPARE(list.out.count("\n  source: "), 15);
        const Run help = cli({"estimate", "--help"});
        QCOMPARE(help.status, 0);
        QVERIFY(help.out.startsWith("usage: cutlab-cli estimate"));
        const Run usage = cli({"--help"});
        QVERIFY(usage.out.contains("  estimate PROFILE -o OUT"));
    }
};

CUTLAB_TEST_MAIN(TestEstimateCommand, Guiless)
} // namespace tst_estimatecommand

#include "tst_estimatecommand.moc"
