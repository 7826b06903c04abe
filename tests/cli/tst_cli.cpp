// cutlab-cli through its contract (docs/formats.md §4): exit codes, stdout/stderr, JSON shapes.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "CliRun.h"

#include <QDirIterator>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_cli {

namespace {

using Run = CliRun;

Run cli(const QStringList& arguments) {
    return runCli(arguments);
}

QJsonObject json(const QString& text) {
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

// Writes a file into a test's temporary folder and returns its path.
QString writeTestFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
    QFile file(dir.filePath(name));
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write a test file");
    return file.fileName();
}

const QString kVgg19Npy = sourcePath("tests/data/scission-npy/vgg19.json");
const QString kScission3g = sourcePath("tests/data/scission-reference/network_stats.csv");

} // namespace

class TestCli : public QObject {
    Q_OBJECT
  private slots:
    void badProfiles_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QStringList>("expected");
        QDirIterator it(sourcePath("tests/data/bad"), {"*.json"}, QDir::Files);
        while (it.hasNext()) {
            const QString path = it.next();
            QFile file(path.left(path.size() - 5) + ".expected");
            QVERIFY(file.open(QIODevice::ReadOnly));
            QStringList expected;
            for (const QString& line :
                 QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts))
                expected << path + ": error: " + line;
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path << expected;
        }
    }
    void badProfiles() {
        QFETCH(QString, path);
        QFETCH(QStringList, expected);
        for (const char* command : {"validate", "info", "plan"}) {
            const Run run = cli({command, path});
            QCOMPARE(run.status, 2);
            QVERIFY(run.out.isEmpty());
            QString err = run.err;
            err.remove(QString("cutlab-cli %1: ").arg(command));
            QCOMPARE(err.split('\n', Qt::SkipEmptyParts), expected);
        }
    }
    void validateGoodProfiles() {
        const Run run =
            cli({"validate", sourcePath("sample_profiles/handmade/tiny-residual.json"), kVgg19Npy});
        QCOMPARE(run.status, 0);
        QVERIFY(run.err.isEmpty());
        QVERIFY(run.out.contains("tiny-residual.json: valid (5 layers, 2 cut points, 2 machines)"));
    }
    void infoJsonIsTheDocumentedOne() {
        const Run run =
            cli({"info", sourcePath("sample_profiles/handmade/tiny-residual.json"), "--json"});
        QCOMPARE(run.status, 0);
        const QJsonDocument expected =
            QJsonDocument::fromJson(R"({ "model": "tiny-residual", "layers": 5,
          "machines": [ { "id": "d", "tier": "device" }, { "id": "c", "tier": "cloud" } ],
          "cut_points": [ { "after": "stem", "bytes": 4096 }, { "after": "add", "bytes": 4096 } ],
          "blocks": [ { "first": "stem", "last": "stem" }, { "first": "c1", "last": "add" },
                      { "first": "fc", "last": "fc" } ] })");
        QCOMPARE(QJsonDocument::fromJson(run.out.toUtf8()), expected);
    }
    void scissionReadmeExample() {
        const Run run =
            cli({"plan", kVgg19Npy, "--network", kScission3g, "--use", "device", "--use", "edge",
                 "--use", "cloud", "--pin", "10@edge", "--pin", "16@cloud", "--json"});
        QCOMPARE(run.status, 0);
        const QJsonObject doc = json(run.out);
        QCOMPARE(doc["format"].toString(), QString("cutlab-plan"));
        QCOMPARE(doc["kind"].toString(), QString("inference"));
        QCOMPARE(doc["network"].toObject()["links"].toArray().size(), 8);
        const QJsonObject best = doc["plans"].toArray().first().toObject();
        QCOMPARE(QString::number(best["total_ms"].toDouble(), 'f', 1), QString("9010.6"));
        QCOMPARE(QString::number(best["compute_ms"].toDouble(), 'f', 1), QString("766.6"));
        QCOMPARE(QString::number(best["transfer_ms"].toDouble(), 'f', 1), QString("8244.0"));
        QCOMPARE(best["transfer_bytes"].toInteger(), 2408704);
        const QJsonObject device = best["stages"].toArray().first().toObject();
        QCOMPARE(device["machine"].toString(), QString("raspi4"));
        QCOMPARE(device["first_layer"].toString(), QString("0-1"));
        QCOMPARE(device["last_layer"].toString(), QString("6"));
        QCOMPARE(QString::number(device["compute_ms"].toDouble(), 'f', 1), QString("680.8"));
        const QJsonObject upload = best["transfers"].toArray().first().toObject();
        QCOMPARE(upload["bytes"].toInteger(), 1605760);
        QCOMPARE(QString::number(upload["ms"].toDouble(), 'f', 1), QString("8095.5"));
        QCOMPARE(upload["latency_ms"].toDouble(), 66.7);
        // The same as a table.
        const Run table =
            cli({"plan", kVgg19Npy, "--network", kScission3g, "--use", "device", "--use", "edge",
                 "--use", "cloud", "--pin", "10@edge", "--pin", "16@cloud"});
        QCOMPARE(table.status, 0);
        QVERIFY(table.out.contains("9010.6"));
    }
    void noPlanExitsOneAndNamesTheConstraint() {
        const Run run = cli({"plan", sourcePath("sample_profiles/handmade/tiny-linear.json"),
                             "--pin", "conv1@cloud", "--pin", "fc@device", "--json"});
        QCOMPARE(run.status, 1);
        QCOMPARE(json(run.out)["plans"].toArray().size(), 0);
        QVERIFY2(run.err.contains("--pin conv1@cloud, --pin fc@device together"),
                 qPrintable(run.err));
        const Run alone = cli(
            {"plan", sourcePath("sample_profiles/handmade/tiny-residual.json"), "--use", "edge"});
        QCOMPARE(alone.status, 1);
        QVERIFY(alone.out.isEmpty());
        QVERIFY2(alone.err.contains("no plan satisfies --use edge"), qPrintable(alone.err));
    }
    void cutsEvaluateOnePlan() {
        const Run run = cli({"plan", sourcePath("sample_profiles/handmade/tiny-linear.json"),
                             "--cuts", "pool1,#3", "--json"});
        QCOMPARE(run.status, 0);
        const QJsonObject plan = json(run.out)["plans"].toArray().first().toObject();
        QCOMPARE(plan["total_ms"].toDouble(), 408.0);
        QCOMPARE(json(run.out)["planner"].toString(), QString("manual"));
        const Run invalid = cli({"plan", sourcePath("sample_profiles/handmade/tiny-residual.json"),
                                 "--cuts", "c1,none"});
        QCOMPARE(invalid.status, 2);
        QVERIFY(invalid.out.isEmpty());
        QVERIFY2(invalid.err.contains("the device cut after layer 'c1' is not a valid cut point"),
                 qPrintable(invalid.err));
    }
    void planners() {
        for (const char* planner : {"scission", "neurosurgeon", "jointdnn"}) {
            const Run run = cli({"plan", sourcePath("sample_profiles/scission/vgg16.json"),
                                 "--planner", planner, "--network", "4g", "--top", "3", "--json"});
            QCOMPARE(run.status, 0);
            QCOMPARE(json(run.out)["planner"].toString(), QString(planner));
            QVERIFY(json(run.out)["plans"].toArray().size() >= 1);
        }
    }
    // The README's "Samples" example ranks the PyTorch-measured ResNet-18's placements.
    void torchSampleExample() {
        const Run run = cli({"plan", sourcePath("sample_profiles/torch/resnet18.json"), "--network",
                             "4g", "--json"});
        QCOMPARE(run.status, 0);
        const QJsonArray plans = json(run.out)["plans"].toArray();
        QVERIFY(plans.size() >= 2);
        QVERIFY(plans[0].toObject()["total_ms"].toDouble() <=
                plans[1].toObject()["total_ms"].toDouble());
    }
    // The Qt commands print nothing but their own messages, even where Qt would warn (no
    // XDG_RUNTIME_DIR, as under cron or a bare container).
    void qtCommandsPrintOnlyTheirOwnMessages() {
        QTemporaryDir dir;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.remove("XDG_RUNTIME_DIR");
        environment.insert("QT_QPA_PLATFORM", "offscreen");
        const QString vgg19 = sourcePath("sample_profiles/scission/vgg19.json");
        const QString alexnet = sourcePath("sample_profiles/hiertrain/alexnet-tinyimagenet.json");
        const QList<QStringList> commands{
            {"report", vgg19, "-o", dir.filePath("r.pdf")},
            {"chart", vgg19, "--kind", "breakdown", "-o", dir.filePath("c.png")},
            {"training-chart", alexnet, "--kind", "timeline", "-o", dir.filePath("t.png")}};
        for (const QStringList& command : commands) {
            const Run run = runCli(command, {}, environment);
            QCOMPARE(run.status, 0);
            QVERIFY2(run.err.isEmpty(), qPrintable(command.front() + ": " + run.err));
            QVERIFY(QFileInfo(command.last()).size() > 0);
        }
    }
    void usageErrors_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString tiny = sourcePath("sample_profiles/handmade/tiny-linear.json");
        QTest::newRow("no command") << QStringList{} << "usage: cutlab-cli COMMAND";
        QTest::newRow("unknown command")
            << QStringList{"frobnicate"} << "unknown command 'frobnicate'";
        QTest::newRow("unknown option")
            << QStringList{"plan", tiny, "--fast"} << "unknown option --fast";
        QTest::newRow("short unknown option")
            << QStringList{"plan", tiny, "-x"} << "unknown option -x (see cutlab-cli plan --help)";
        QTest::newRow("second profile")
            << QStringList{"info", tiny, tiny} << "info takes one profile, got '" + tiny + "' too";
        QTest::newRow("pipeline unknown option")
            << QStringList{"train", tiny, "--planner", "pipeline", "--fast"}
            << "unknown option --fast (see cutlab-cli train --planner pipeline --help)";
        QTest::newRow("import second file") << QStringList{"import", "a.onnx", "b.onnx"}
                                            << "import takes one file, got 'b.onnx' too";
        QTest::newRow("top zero") << QStringList{"plan", tiny, "--top", "0"}
                                  << "--top: '0' is not a whole number >= 1";
        QTest::newRow("missing value")
            << QStringList{"plan", tiny, "--network"} << "--network needs a value";
        QTest::newRow("unknown tier")
            << QStringList{"plan", tiny, "--use", "fog"} << "--use: unknown tier 'fog'";
        QTest::newRow("unknown layer")
            << QStringList{"plan", tiny, "--pin", "conv9@edge"} << "--pin: unknown layer 'conv9'";
        QTest::newRow("bad position")
            << QStringList{"plan", tiny, "--pin", "#9@edge"} << "there is no layer at position #9";
        QTest::newRow("unknown planner")
            << QStringList{"plan", tiny, "--planner", "magic"} << "unknown planner 'magic'";
        QTest::newRow("network file")
            << QStringList{"plan", tiny, "--network", "/nonexistent.csv"}
            << "/nonexistent.csv: error: no such file (and not a preset: 3g, 4g, fibre, ideal)";
        QTest::newRow("use and skip")
            << QStringList{"plan", tiny, "--use", "edge", "--skip", "edge"} << "contradict";
        QTest::newRow("machines") << QStringList{"plan", tiny, "--machines", "tablet"}
                                  << "--machines: unknown machine 'tablet'";
        QTest::newRow("max-time shape") << QStringList{"plan", tiny, "--max-time", "device"}
                                        << "should look like TIER=MS or TIER=PCT%";
        QTest::newRow("return-result")
            << QStringList{"plan", tiny, "--return-result"} << "--planner jointdnn only";
    }
    void usageErrors() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        const Run run = cli(arguments);
        QCOMPARE(run.status, 2);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
    }
    void missingLinkIsAnError() {
        QTemporaryDir dir;
        const QString network = dir.filePath("net.json");
        QFile file(network);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(
            R"({"format":"cutlab-network","version":1,"name":"half","links":[{"from":"phone","to":"gateway","bandwidth_mbps":10,"latency_ms":1}]})");
        file.close();
        const Run run = cli({"plan", sourcePath("sample_profiles/handmade/tiny-linear.json"),
                             "--network", network});
        QCOMPARE(run.status, 2);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(run.err.contains("the network 'half' has no link between 'phone' and 'server'"),
                 qPrintable(run.err));
    }
    void trainHierTrainJson() {
        const QString alexnet = sourcePath("sample_profiles/hiertrain/alexnet-tinyimagenet.json");
        const QString network = sourcePath("sample_profiles/hiertrain/network-hiertrain.json");
        const Run run = cli({"train", alexnet, "--planner", "hiertrain", "--network", network,
                             "--batch", "64", "--json"});
        QCOMPARE(run.status, 0);
        const QJsonObject doc = json(run.out);
        QCOMPARE(doc["kind"].toString(), QString("training"));
        QCOMPARE(doc["planner"].toString(), QString("hiertrain"));
        const QJsonObject samples = doc["samples"].toObject();
        QCOMPARE(samples["o"].toInt() + samples["s"].toInt() + samples["l"].toInt(), 64);
        QVERIFY(doc["m_s"].toInt() <= doc["m_l"].toInt());
        const QJsonObject phases = doc["phases_ms"].toObject();
        double sum = 0;
        for (const char* phase : {"tf1", "tf2", "tf3", "tb3", "tb2", "tb1", "tup"})
            sum += phases[phase].toDouble();
        QVERIFY(qAbs(sum - doc["iteration_ms"].toDouble()) < 1e-6);
        // Never slower than a single tier training alone.
        for (const char* single : {"all-device", "all-edge", "all-cloud"}) {
            const Run base = cli({"train", alexnet, "--planner", single, "--network", network,
                                  "--batch", "64", "--json"});
            QCOMPARE(base.status, 0);
            QVERIFY(doc["iteration_ms"].toDouble() <=
                    json(base.out)["iteration_ms"].toDouble() + 1e-9);
        }
        const Run joint =
            cli({"train", alexnet, "--planner", "jointdnn+", "--network", network, "--json"});
        QCOMPARE(joint.status, 0);
        QVERIFY(!json(joint.out)["placement"].toArray().isEmpty());
    }
    void trainRefusesInferenceProfiles() {
        const Run run = cli(
            {"train", sourcePath("sample_profiles/scission/vgg16.json"), "--planner", "hiertrain"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.out.isEmpty());
        // what is missing, how much of it, and where profiles that have it come from
        QVERIFY2(run.err.contains("training needs backward and update times, and no layer has "
                                  "backward_ms in this profile. Profiles that have them: the "
                                  "samples in sample_profiles/hiertrain/"),
                 qPrintable(run.err));
        const Run pipeline = cli({"train", sourcePath("sample_profiles/pipedream/vgg16.json"),
                                  "--planner", "hiertrain"});
        QCOMPARE(pipeline.status, 2);
        QVERIFY2(pipeline.err.contains("no layer has update_ms in this profile; the pipeline "
                                       "planner needs only forward and backward times"),
                 qPrintable(pipeline.err));
        const Run unknown =
            cli({"train", sourcePath("sample_profiles/hiertrain/lenet5-cifar10.json"), "--planner",
                 "magic"});
        QCOMPARE(unknown.status, 2);
        QVERIFY(unknown.err.contains("unknown training planner 'magic'"));
    }
    void sweepCsvAndJson() {
        const QString lenet = sourcePath("sample_profiles/hiertrain/lenet5-cifar10.json");
        const Run csv =
            cli({"sweep", lenet, "--train", "--vary", "edge-cloud,device-cloud", "--from", "1",
                 "--to", "10", "--steps", "3", "--planners", "hiertrain,all-cloud", "--network",
                 sourcePath("sample_profiles/hiertrain/network-hiertrain.json"), "--csv"});
        QCOMPARE(csv.status, 0);
        const QStringList lines = csv.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4);
        QCOMPARE(lines[0], QString("mbps,hiertrain,all-cloud"));
        QVERIFY(lines[2].startsWith("3.16228,"));
        for (int i = 1; i < 4; ++i) {
            const QStringList cells = lines[i].split(',');
            QVERIFY(cells[1].toDouble() <=
                    cells[2].toDouble() + 1e-9); // HierTrain never loses to All-Cloud
        }
        const Run inference = cli({"sweep", sourcePath("sample_profiles/scission/vgg16.json"),
                                   "--vary", "uplink", "--from", "0.1", "--to", "100", "--steps",
                                   "4", "--planners", "scission,neurosurgeon", "--json"});
        QCOMPARE(inference.status, 0);
        const QJsonObject doc = json(inference.out);
        QCOMPARE(doc["mbps"].toArray().size(), 4);
        const QJsonArray scission = doc["series_ms"].toObject()["scission"].toArray();
        const QJsonArray neurosurgeon = doc["series_ms"].toObject()["neurosurgeon"].toArray();
        for (int i = 0; i < 4; ++i)
            QVERIFY(scission[i].toDouble() <= neurosurgeon[i].toDouble() + 1e-9);
        QVERIFY(scission[0].toDouble() >= scission[3].toDouble()); // more bandwidth never hurts
        const Run bad = cli({"sweep", lenet, "--vary", "sideways", "--from", "1", "--to", "2",
                             "--steps", "2", "--planners", "scission"});
        QCOMPARE(bad.status, 2);
        QVERIFY2(bad.err.contains("'sideways' is not a link"), qPrintable(bad.err));
    }
    void chartsThroughTheCommandLine() {
        // cutlab-cli hands chart commands to cutlab-charts (Qt) and keeps its own start light.
        QTemporaryDir dir;
        const QString png = dir.filePath("breakdown.png");
        const Run chart =
            cli({"chart", kVgg19Npy, "--kind", "breakdown", "--network", "4g", "-o", png});
        QCOMPARE(chart.status, 0);
        QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() > 400);
        const QString svg = dir.filePath("strategy.svg");
        const Run strategy =
            cli({"training-chart", sourcePath("sample_profiles/hiertrain/lenet5-cifar10.json"),
                 "--kind", "strategy", "-o", svg});
        QCOMPARE(strategy.status, 0);
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("<svg"));
        const Run bad = cli({"chart", kVgg19Npy, "--kind", "pie", "-o", dir.filePath("pie.png")});
        QCOMPARE(bad.status, 2);
        QVERIFY(bad.out.isEmpty());
        QVERIFY2(bad.err.contains(
                     "--kind must be breakdown, layers, sweep, energy or stream, not 'pie'"),
                 qPrintable(bad.err));
        QVERIFY(!QFile::exists(dir.filePath("pie.png")));
    }
    // Every command and output of the command line on every shipped sample: no crash, no internal
    // error, JSON that parses, and never NaN or infinity where a number is printed.
    void everyOutputOnEverySample_data() {
        QTest::addColumn<QString>("path");
        for (const QString& path : sampleProfilePaths())
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }
    void everyOutputOnEverySample() {
        QFETCH(QString, path);
        const Run info = cli({"info", path, "--json"});
        QCOMPARE(info.status, 0);
        QStringList machines;
        for (const auto machine : json(info.out)["machines"].toArray())
            machines << machine.toObject()["id"].toString();
        QList<QStringList> requests{
            {"info", path},
            {"plan", path, "--top", "3"},
            {"plan", path, "--planner", "neurosurgeon"},
            {"plan", path, "--planner", "jointdnn"},
            {"plan", path, "--planner", "jointdnn", "--return-result"},
            {"plan", path, "--objective", "transfer"},
            {"sweep", path, "--vary", "uplink", "--from", "1", "--to", "100", "--steps", "3",
             "--planners", "scission,neurosurgeon,jointdnn"},
            {"train", path, "--planner", "pipeline", "--stages", machines.join(','),
             "--micro-batch", "4"},
            {"train", path, "--planner", "pipeline", "--stages", machines.join(','), "--cut-mode",
             "any", "--micro-batch", "4"}};
        for (const char* planner :
             {"hiertrain", "all-device", "all-edge", "all-cloud", "jointdnn", "jointdnn+", "jalad"})
            requests.append({"train", path, "--planner", planner, "--batch", "16"});
        for (const QStringList& request : QList<QStringList>(requests))
            requests.append(request + QStringList{"--json"});
        static const QRegularExpression notANumber(
            QStringLiteral("(^|[^a-z])-?(nan|inf|infinity)([^a-z]|$)"),
            QRegularExpression::CaseInsensitiveOption);
        for (const QStringList& request : requests) {
            const Run run = cli(request);
            const QString what = request.join(' ') + "\n" + run.err;
            QVERIFY2(run.status >= 0 && run.status <= 2, qPrintable(what));
            QVERIFY2(!run.err.contains("internal error"), qPrintable(what));
            if (run.status == 2) {
                QVERIFY2(run.out.isEmpty() && !run.err.isEmpty(), qPrintable(what));
                continue;
            }
            if (run.status == 1 && run.out.isEmpty() && request.contains("--json")) {
                // train: no plan fits the machines' memory (formats.md §4.5, §4.6), no document
                QVERIFY2(run.err.contains("memory"), qPrintable(what));
                continue;
            }
            QVERIFY2(!notANumber.match(run.out).hasMatch(), qPrintable(what + run.out.left(2000)));
            if (request.contains("--json")) {
                QJsonParseError error;
                QJsonDocument::fromJson(run.out.toUtf8(), &error);
                QVERIFY2(error.error == QJsonParseError::NoError,
                         qPrintable(what + error.errorString()));
                for (const char* key : {"\"total_ms\": null", "\"iteration_ms\": null"})
                    QVERIFY2(!run.out.contains(key), qPrintable(what));
            }
        }
    }
    // Files and values that once hung, crashed or answered wrongly: each is refused at once with
    // its exact message and exit 2, nothing on stdout.
    void hostileInputs() {
        QTemporaryDir dir;
        auto write = [&](const QString& name, const QByteArray& bytes) {
            return writeTestFile(dir, name, bytes);
        };
        auto refused = [](const QStringList& arguments, const QString& expected) {
            const Run run = cli(arguments);
            QVERIFY2(run.status == 2, qPrintable(arguments.join(' ') + " -> " +
                                                 QString::number(run.status) + " " + run.err));
            QVERIFY(run.out.isEmpty());
            QCOMPARE(run.err.trimmed(), expected);
        };
        const QString good = sourcePath("sample_profiles/handmade/tiny-residual.json");
        const QString notRegular =
            "is not a regular file (a device, FIFO or socket); CutLab reads only files";
        refused({"validate", "/dev/zero"}, "/dev/zero: error: " + notRegular);
        refused({"import", "/dev/zero", "-o", dir.filePath("x.json")},
                "cutlab-cli import: /dev/zero: error: " + notRegular);
        const QString fifo = dir.filePath("fifo");
        QCOMPARE(QProcess::execute("mkfifo", {fifo}), 0);
        refused({"validate", fifo}, "" + fifo + ": error: " + notRegular);
        refused({"plan", good, "--network", fifo}, "cutlab-cli plan: " + fifo +
                                                       ": error: " + notRegular +
                                                       " (and not a preset: 3g, 4g, fibre, ideal)");
        refused({"validate", dir.path()}, "" + dir.path() + ": error: is a directory, not a file");
        refused({"import", dir.path(), "-o", dir.filePath("x.json")},
                "cutlab-cli import: " + dir.path() + ": error: is a directory, not a file");
        QFile large(dir.filePath("large.json"));
        QVERIFY(large.open(QIODevice::WriteOnly));
        QVERIFY(large.resize(129ll * 1024 * 1024)); // sparse: nothing is written
        large.close();
        refused({"validate", large.fileName()},
                "" + large.fileName() +
                    ": error: is 129 MiB; CutLab reads files of at most 128 MiB");
        // Numbers that pass as finite but overflow sums, on the command line and in networks.
        refused({"plan", good, "--input-bytes", "1e300"},
                "cutlab-cli plan: --input-bytes: 1e300 is too large (at most 1e15)");
        refused({"train", good, "--planner", "hiertrain", "--batch", "2000000000"},
                "cutlab-cli train: --batch: 2000000000 is too large (at most 1000000)");
        const QString tinyLink =
            write("tiny.json", R"({"format": "cutlab-network", "version": 1, "links": [
            {"from": "device", "to": "cloud", "bandwidth_mbps": 1e-300, "latency_ms": 1}]})");
        refused({"plan", good, "--network", tinyLink},
                "cutlab-cli plan: " + tinyLink +
                    ": error: /links/0/bandwidth_mbps: must be at least 1e-6 Mbps (null means "
                    "unlimited)");
        const QString slowLink =
            write("slow.json", R"({"format": "cutlab-network", "version": 1, "links": [
            {"from": "device", "to": "cloud", "bandwidth_mbps": 10, "latency_ms": 1e308}]})");
        refused({"plan", good, "--network", slowLink},
                "cutlab-cli plan: " + slowLink +
                    ": error: /links/0/latency_ms: must be at most 1e9 ms (1e+308)");
        const QString csvPing =
            write("ping.csv", "source,destination,ping(ms),bandwidth(mbps)\nd,c,1e308,10\n");
        refused({"plan", good, "--network", csvPing},
                "cutlab-cli plan: " + csvPing +
                    ": error: line 2: ping 1e308 must be at most 1e9 ms");
        // Text that is not UTF-8.
        const QString latin1 =
            write("latin1.csv", "source,destination,ping(ms),bandwidth(mbps)\nd\xe9vice,c,1,10\n");
        refused({"plan", good, "--network", latin1},
                "cutlab-cli plan: " + latin1 + ": error: line 2: not UTF-8 text (byte 46)");
        const QString graph = write(
            "graph.txt", "node1 -- Input\xff -- forward_compute_time=0, backward_compute_time=0, "
                         "activation_size=1, parameter_size=0\n");
        refused({"import", graph, "-o", dir.filePath("g.json")},
                "cutlab-cli import: " + graph + ": error: line 1: not UTF-8 text (byte 15)");
        QVERIFY(!QFile::exists(dir.filePath("g.json")));
    }
    // `import` names the model after the file (its folder for graph.txt) and writes whole files
    // only: a refused import leaves an existing output as it was (core::importPipeDreamFile).
    void importWritesWholeFilesOrNothing() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkdir("mynet"));
        QFile source(sourcePath("tests/data/pipedream/alexnet.txt"));
        QVERIFY(source.open(QIODevice::ReadOnly));
        const QString graph = writeTestFile(dir, "mynet/graph.txt", source.readAll());
        const QString output = writeTestFile(dir, "out.json", "keep");
        const QString bad =
            writeTestFile(dir, "bad.txt",
                          "node1 -- Input -- forward_compute_time=1, backward_compute_time=0, "
                          "parameter_size=0\n");
        Run run = cli({"import", bad, "-o", output});
        QCOMPARE(run.status, 2);
        QVERIFY(run.out.isEmpty());
        QCOMPARE(run.err.trimmed(), "cutlab-cli import: " + bad +
                                        ": error: line 1: node node1 has no activation_size");
        const QString profile = sourcePath("sample_profiles/handmade/tiny-linear.json");
        run = cli({"import", profile, "-o", output});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.startsWith(
                     "cutlab-cli import: " + profile +
                     ": error: unknown format: CutLab imports ONNX models (.onnx), "
                     "language models (a Hugging Face config.json, a llama.cpp .gguf) and "
                     "PipeDream's profiler graph.txt (lines 'nodeN -- Layer -- "),
                 qPrintable(run.err));
        QFile kept(output);
        QVERIFY(kept.open(QIODevice::ReadOnly));
        QCOMPARE(kept.readAll(), QByteArray("keep"));
        kept.close();
        run = cli({"import", graph, "-o", output});
        QVERIFY2(run.status == 0, qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
        QVERIFY(run.err.isEmpty());
        const Run info = cli({"info", output, "--json"});
        QVERIFY2(info.status == 0, qPrintable(info.err));
        QCOMPARE(json(info.out)["model"].toString(), QString("mynet"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList({"bad.txt", "out.json"}));
    }

    // A network named after a file whose name is not UTF-8 still prints as JSON.
    void networkFileNameThatIsNotUtf8() {
        QTemporaryDir dir;
        const QByteArray name = QFile::encodeName(dir.path()) + "/net\xff.csv";
        FILE* file = std::fopen(name.constData(), "w");
        QVERIFY(file);
        std::fputs("source,destination,ping(ms),bandwidth(mbps)\nd,c,1,10\n", file);
        std::fclose(file);
        // QProcess takes QStrings: let a shell spell the raw byte of the name.
        QProcess shell;
        shell.start(
            "/bin/sh",
            {"-c",
             QString("exec \"$0\" plan \"$1\" --network \"$2\"/net$(printf '\\377').csv --json"),
             QStringLiteral(CUTLAB_CLI_PATH),
             sourcePath("sample_profiles/handmade/tiny-residual.json"), dir.path()});
        QVERIFY(shell.waitForFinished(60000));
        const QByteArray out = shell.readAllStandardOutput();
        QVERIFY2(shell.exitCode() == 0, shell.readAllStandardError().constData());
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(out, &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(doc.object()["network"].toObject()["name"].toString(),
                 QString::fromUtf8("net\xef\xbf\xbd"));
    }
    // JointDNN returning the result from a profile with no edge machine (it read past its table).
    void jointDnnReturnWithAMissingTier() {
        const QString path = sourcePath("sample_profiles/handmade/tiny-residual.json");
        const Run run = cli({"plan", path, "--planner", "jointdnn", "--return-result", "--network",
                             "4g", "--json"});
        QCOMPARE(run.status, 0);
        const QJsonObject best = json(run.out)["plans"].toArray().first().toObject();
        double sum = 0;
        for (const char* part : {"compute_ms", "transfer_ms"})
            sum += best[part].toDouble();
        QVERIFY(qAbs(sum - best["total_ms"].toDouble()) < 1e-9);
        QVERIFY(best["total_ms"].toDouble() > 0);
    }
    // The PipeDream reader: a first line beyond 64 KiB is still recognised, and a node with
    // 100,000 inputs imports with each input once.
    void pipeDreamLongLinesAndManyInputs() {
        QTemporaryDir dir;
        QByteArray text = "node1 -- Input" + QByteArray(70000, 'x') +
                          " -- forward_compute_time=0, backward_compute_time=0, "
                          "activation_size=128, parameter_size=0\n";
        text += "node2 -- Conv2d -- forward_compute_time=1, backward_compute_time=2, "
                "activation_size=256, parameter_size=8\n";
        text += "\tnode1 -- node2\n";
        const Run run =
            cli({"import", writeTestFile(dir, "long.txt", text), "-o", dir.filePath("long.json")});
        QVERIFY2(run.status == 0, qPrintable(run.err));
        QByteArray many;
        constexpr int kInputs = 100000;
        for (int i = 0; i < kInputs; ++i)
            many += "node" + QByteArray::number(i) +
                    " -- Input -- forward_compute_time=0, backward_compute_time=0, "
                    "activation_size=128, parameter_size=0\n";
        many += "node" + QByteArray::number(kInputs) +
                " -- Cat -- forward_compute_time=1, backward_compute_time=1, activation_size=128, "
                "parameter_size=0\n";
        for (int i = 0; i < kInputs; ++i)
            many +=
                "\tnode" + QByteArray::number(i) + " -- node" + QByteArray::number(kInputs) + "\n";
        many += "\tnode0 -- node" + QByteArray::number(kInputs) + "\n"; // a repeated edge
        const Run imported =
            cli({"import", writeTestFile(dir, "wide.txt", many), "-o", dir.filePath("wide.json")});
        QVERIFY2(imported.status == 0, qPrintable(imported.err));
        const Run info = cli({"info", dir.filePath("wide.json"), "--json"});
        QCOMPARE(info.status, 0);
        QCOMPARE(json(info.out)["layers"].toInt(), 1);
    }
    void helpOnEverySubcommand() {
        for (const char* command : {"validate", "info", "plan", "train", "sweep", "import", "merge",
                                    "estimate", "predictor", "chart", "report", "training-chart",
                                    "calibrate", "compare", "trace", "replay"}) {
            const Run run = cli({command, "--help"});
            QCOMPARE(run.status, 0);
            QVERIFY(run.out.startsWith(QString("usage: cutlab-cli ") + command));
        }
        QCOMPARE(cli({"--help"}).status, 0);
    }

    // `cutlab-cli --help` lists exactly the subcommands docs/formats.md §4 lists, and says that
    // import reads ONNX models as well as PipeDream graphs.
    void usageListsWhatTheDocsList() {
        QFile formats(sourcePath("docs/formats.md"));
        QVERIFY(formats.open(QIODevice::ReadOnly | QIODevice::Text));
        const QString docs = QString::fromUtf8(formats.readAll());
        const qsizetype start = docs.indexOf("## 4. `cutlab-cli`");
        QVERIFY(start >= 0);
        const qsizetype open = docs.indexOf("```\n", start) + 4;
        const QString block = docs.mid(open, docs.indexOf("```", open) - open);
        QSet<QString> documented;
        for (const QString& line : block.split('\n', Qt::SkipEmptyParts))
            documented.insert(line.split(' ').value(1));
        const Run help = cli({"--help"});
        QSet<QString> listed;
        for (const QString& line : help.out.split('\n'))
            if (line.startsWith("  "))
                listed.insert(line.trimmed().split(' ').front());
        QCOMPARE(listed, documented);
        QVERIFY2(help.out.contains("import FILE -o OUT    an ONNX model or a PipeDream graph.txt"),
                 qPrintable(help.out));
    }
};

CUTLAB_TEST_MAIN(TestCli, Guiless)
} // namespace tst_cli

#include "tst_cli.moc"
