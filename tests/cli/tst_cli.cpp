// cutlab-cli through its contract (formats.md §4): exit codes, stdout/stderr, JSON shapes.
#include "../TestPaths.h"

#include <QDirIterator>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int status = -1;
    QString out;
    QString err;
};

Run cli(const QStringList& arguments) {
    QProcess process;
    process.start(QStringLiteral(CUTLAB_CLI_PATH), arguments);
    if (!process.waitForFinished(60000)) qFatal("cutlab-cli did not finish");
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1,
            QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError())};
}

QJsonObject json(const QString& text) { return QJsonDocument::fromJson(text.toUtf8()).object(); }

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
            for (const QString& line : QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts))
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
        const Run run = cli({"validate", sourcePath("sample_profiles/handmade/tiny-residual.json"), kVgg19Npy});
        QCOMPARE(run.status, 0);
        QVERIFY(run.err.isEmpty());
        QVERIFY(run.out.contains("tiny-residual.json: valid (5 layers, 2 cut points, 2 machines)"));
    }
    void infoJsonIsTheDocumentedOne() {
        const Run run = cli({"info", sourcePath("sample_profiles/handmade/tiny-residual.json"), "--json"});
        QCOMPARE(run.status, 0);
        const QJsonDocument expected = QJsonDocument::fromJson(R"({ "model": "tiny-residual", "layers": 5,
          "machines": [ { "id": "d", "tier": "device" }, { "id": "c", "tier": "cloud" } ],
          "cut_points": [ { "after": "stem", "bytes": 4096 }, { "after": "add", "bytes": 4096 } ],
          "blocks": [ { "first": "stem", "last": "stem" }, { "first": "c1", "last": "add" },
                      { "first": "fc", "last": "fc" } ] })");
        QCOMPARE(QJsonDocument::fromJson(run.out.toUtf8()), expected);
    }
    void scissionReadmeExample() {
        const Run run = cli({"plan", kVgg19Npy, "--network", kScission3g, "--use", "device", "--use", "edge", "--use",
                             "cloud", "--pin", "10@edge", "--pin", "16@cloud", "--json"});
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
        const Run table = cli({"plan", kVgg19Npy, "--network", kScission3g, "--use", "device", "--use", "edge",
                               "--use", "cloud", "--pin", "10@edge", "--pin", "16@cloud"});
        QCOMPARE(table.status, 0);
        QVERIFY(table.out.contains("9010.6"));
    }
    void noPlanExitsOneAndNamesTheConstraint() {
        const Run run = cli({"plan", sourcePath("sample_profiles/handmade/tiny-linear.json"), "--pin", "conv1@cloud",
                             "--pin", "fc@device", "--json"});
        QCOMPARE(run.status, 1);
        QCOMPARE(json(run.out)["plans"].toArray().size(), 0);
        QVERIFY2(run.err.contains("--pin conv1@cloud, --pin fc@device together"), qPrintable(run.err));
        const Run alone = cli({"plan", sourcePath("sample_profiles/handmade/tiny-residual.json"), "--use", "edge"});
        QCOMPARE(alone.status, 1);
        QVERIFY(alone.out.isEmpty());
        QVERIFY2(alone.err.contains("no plan satisfies --use edge"), qPrintable(alone.err));
    }
    void cutsEvaluateOnePlan() {
        const Run run = cli({"plan", sourcePath("sample_profiles/handmade/tiny-linear.json"), "--cuts", "pool1,#3", "--json"});
        QCOMPARE(run.status, 0);
        const QJsonObject plan = json(run.out)["plans"].toArray().first().toObject();
        QCOMPARE(plan["total_ms"].toDouble(), 408.0);
        QCOMPARE(json(run.out)["planner"].toString(), QString("manual"));
        const Run invalid = cli({"plan", sourcePath("sample_profiles/handmade/tiny-residual.json"), "--cuts", "c1,none"});
        QCOMPARE(invalid.status, 2);
        QVERIFY(invalid.out.isEmpty());
        QVERIFY2(invalid.err.contains("the device cut after layer 'c1' is not a valid cut point"), qPrintable(invalid.err));
    }
    void planners() {
        for (const char* planner : {"scission", "neurosurgeon", "jointdnn"}) {
            const Run run = cli({"plan", sourcePath("sample_profiles/scission/vgg16.json"), "--planner", planner,
                                 "--network", "4g", "--top", "3", "--json"});
            QCOMPARE(run.status, 0);
            QCOMPARE(json(run.out)["planner"].toString(), QString(planner));
            QVERIFY(json(run.out)["plans"].toArray().size() >= 1);
        }
    }
    void usageErrors_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString tiny = sourcePath("sample_profiles/handmade/tiny-linear.json");
        QTest::newRow("no command") << QStringList{} << "usage: cutlab-cli COMMAND";
        QTest::newRow("unknown command") << QStringList{"frobnicate"} << "unknown command 'frobnicate'";
        QTest::newRow("unknown option") << QStringList{"plan", tiny, "--fast"} << "unknown option --fast";
        QTest::newRow("top zero") << QStringList{"plan", tiny, "--top", "0"} << "--top: '0' is not a whole number >= 1";
        QTest::newRow("missing value") << QStringList{"plan", tiny, "--network"} << "--network needs a value";
        QTest::newRow("unknown tier") << QStringList{"plan", tiny, "--use", "fog"} << "--use: unknown tier 'fog'";
        QTest::newRow("unknown layer") << QStringList{"plan", tiny, "--pin", "conv9@edge"} << "--pin: unknown layer 'conv9'";
        QTest::newRow("bad position") << QStringList{"plan", tiny, "--pin", "#9@edge"} << "there is no layer at position #9";
        QTest::newRow("unknown planner") << QStringList{"plan", tiny, "--planner", "magic"} << "unknown planner 'magic'";
        QTest::newRow("network file") << QStringList{"plan", tiny, "--network", "/nonexistent.csv"}
                                      << "/nonexistent.csv: error: no such file (and not a preset: 3g, 4g, fibre, ideal)";
        QTest::newRow("use and skip") << QStringList{"plan", tiny, "--use", "edge", "--skip", "edge"} << "contradict";
        QTest::newRow("machines") << QStringList{"plan", tiny, "--machines", "tablet"} << "--machines: unknown machine 'tablet'";
        QTest::newRow("max-time shape") << QStringList{"plan", tiny, "--max-time", "device"} << "should look like TIER=MS or TIER=PCT%";
        QTest::newRow("return-result") << QStringList{"plan", tiny, "--return-result"} << "--planner jointdnn only";
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
        file.write(R"({"format":"cutlab-network","version":1,"name":"half","links":[{"from":"phone","to":"gateway","bandwidth_mbps":10,"latency_ms":1}]})");
        file.close();
        const Run run = cli({"plan", sourcePath("sample_profiles/handmade/tiny-linear.json"), "--network", network});
        QCOMPARE(run.status, 2);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(run.err.contains("the network 'half' has no link between 'phone' and 'server'"), qPrintable(run.err));
    }
    void trainHierTrainJson() {
        const QString alexnet = sourcePath("sample_profiles/hiertrain/alexnet-tinyimagenet.json");
        const QString network = sourcePath("sample_profiles/hiertrain/network-hiertrain.json");
        const Run run = cli({"train", alexnet, "--planner", "hiertrain", "--network", network, "--batch", "64", "--json"});
        QCOMPARE(run.status, 0);
        const QJsonObject doc = json(run.out);
        QCOMPARE(doc["kind"].toString(), QString("training"));
        QCOMPARE(doc["planner"].toString(), QString("hiertrain"));
        const QJsonObject samples = doc["samples"].toObject();
        QCOMPARE(samples["o"].toInt() + samples["s"].toInt() + samples["l"].toInt(), 64);
        QVERIFY(doc["m_s"].toInt() <= doc["m_l"].toInt());
        const QJsonObject phases = doc["phases_ms"].toObject();
        double sum = 0;
        for (const char* phase : {"tf1", "tf2", "tf3", "tb3", "tb2", "tb1", "tup"}) sum += phases[phase].toDouble();
        QVERIFY(qAbs(sum - doc["iteration_ms"].toDouble()) < 1e-6);
        // Never slower than a single tier training alone.
        for (const char* single : {"all-device", "all-edge", "all-cloud"}) {
            const Run base = cli({"train", alexnet, "--planner", single, "--network", network, "--batch", "64", "--json"});
            QCOMPARE(base.status, 0);
            QVERIFY(doc["iteration_ms"].toDouble() <= json(base.out)["iteration_ms"].toDouble() + 1e-9);
        }
        const Run joint = cli({"train", alexnet, "--planner", "jointdnn+", "--network", network, "--json"});
        QCOMPARE(joint.status, 0);
        QVERIFY(!json(joint.out)["placement"].toArray().isEmpty());
    }
    void trainRefusesInferenceProfiles() {
        const Run run = cli({"train", sourcePath("sample_profiles/scission/vgg16.json"), "--planner", "hiertrain"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.out.isEmpty());
        QVERIFY2(run.err.contains("has no backward_ms"), qPrintable(run.err));
        const Run unknown = cli({"train", sourcePath("sample_profiles/hiertrain/lenet5-cifar10.json"), "--planner", "magic"});
        QCOMPARE(unknown.status, 2);
        QVERIFY(unknown.err.contains("unknown training planner 'magic'"));
    }
    void sweepCsvAndJson() {
        const QString lenet = sourcePath("sample_profiles/hiertrain/lenet5-cifar10.json");
        const Run csv = cli({"sweep", lenet, "--train", "--vary", "edge-cloud,device-cloud", "--from", "1", "--to", "10",
                             "--steps", "3", "--planners", "hiertrain,all-cloud", "--network",
                             sourcePath("sample_profiles/hiertrain/network-hiertrain.json"), "--csv"});
        QCOMPARE(csv.status, 0);
        const QStringList lines = csv.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4);
        QCOMPARE(lines[0], QString("mbps,hiertrain,all-cloud"));
        QVERIFY(lines[2].startsWith("3.16228,"));
        for (int i = 1; i < 4; ++i) {
            const QStringList cells = lines[i].split(',');
            QVERIFY(cells[1].toDouble() <= cells[2].toDouble() + 1e-9); // HierTrain never loses to All-Cloud
        }
        const Run inference = cli({"sweep", sourcePath("sample_profiles/scission/vgg16.json"), "--vary", "uplink", "--from",
                                   "0.1", "--to", "100", "--steps", "4", "--planners", "scission,neurosurgeon", "--json"});
        QCOMPARE(inference.status, 0);
        const QJsonObject doc = json(inference.out);
        QCOMPARE(doc["mbps"].toArray().size(), 4);
        const QJsonArray scission = doc["series_ms"].toObject()["scission"].toArray();
        const QJsonArray neurosurgeon = doc["series_ms"].toObject()["neurosurgeon"].toArray();
        for (int i = 0; i < 4; ++i) QVERIFY(scission[i].toDouble() <= neurosurgeon[i].toDouble() + 1e-9);
        QVERIFY(scission[0].toDouble() >= scission[3].toDouble()); // more bandwidth never hurts
        const Run bad = cli({"sweep", lenet, "--vary", "sideways", "--from", "1", "--to", "2", "--steps", "2", "--planners", "scission"});
        QCOMPARE(bad.status, 2);
        QVERIFY2(bad.err.contains("'sideways' is not a link"), qPrintable(bad.err));
    }
    void chartsThroughTheCommandLine() {
        // cutlab-cli hands chart commands to cutlab-charts (Qt) and keeps its own start light.
        QTemporaryDir dir;
        const QString png = dir.filePath("breakdown.png");
        const Run chart = cli({"chart", kVgg19Npy, "--kind", "breakdown", "--network", "4g", "-o", png});
        QCOMPARE(chart.status, 0);
        QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() > 400);
        const QString svg = dir.filePath("strategy.svg");
        const Run strategy = cli({"training-chart", sourcePath("sample_profiles/hiertrain/lenet5-cifar10.json"), "--kind",
                                  "strategy", "-o", svg});
        QCOMPARE(strategy.status, 0);
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("<svg"));
        const Run bad = cli({"chart", kVgg19Npy, "--kind", "pie", "-o", dir.filePath("pie.png")});
        QCOMPARE(bad.status, 2);
        QVERIFY(bad.out.isEmpty());
        QVERIFY2(bad.err.contains("--kind must be breakdown, layers or sweep, not 'pie'"), qPrintable(bad.err));
        QVERIFY(!QFile::exists(dir.filePath("pie.png")));
    }
    void helpOnEverySubcommand() {
        for (const char* command : {"validate", "info", "plan", "train", "sweep", "import", "chart", "training-chart"}) {
            const Run run = cli({command, "--help"});
            QCOMPARE(run.status, 0);
            QVERIFY(run.out.startsWith(QString("usage: cutlab-cli ") + command));
        }
        QCOMPARE(cli({"--help"}).status, 0);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
