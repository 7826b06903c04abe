// PipeDream: the graph.txt importer and its quirks, and PipeDream's optimizer answers
// (tests/data/pipedream/README.md) reproduced by the pipeline planner in --cut-mode any.
#include "../TestMain.h"
#include "../TestPaths.h"

#include "core/io/PipeDreamImport.h"
#include "core/io/PipeDreamImporter.h"
#include "core/io/ProfileLoader.h"
#include "core/pipeline/PipelinePlanner.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

#include <unistd.h>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_pipedream {

using namespace cutlab::core;

namespace {

QByteArray readData(const QString& relative) {
    QFile file(sourcePath(relative));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(relative));
    return file.readAll();
}

Profile importAndLoad(const std::string& text, const PipeDreamImportOptions& options = {}) {
    const auto document = importPipeDreamGraph(text, options);
    auto loaded = parseProfile(document.dump());
    if (!loaded.ok())
        qFatal("imported profile does not load: %s", loaded.issues.front().text().c_str());
    return *loaded.profile;
}

Profile importModel(const QString& model) {
    PipeDreamImportOptions options;
    options.modelName = model.toStdString();
    return importAndLoad(readData("tests/data/pipedream/" + model + ".txt").toStdString(), options);
}

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeAll(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

// importPipeDreamFile's error, or "none".
QString importFailure(const QString& source, const QString& destination,
                      PipeDreamFileError::Kind* kind = nullptr) {
    PipeDreamImportOptions options;
    options.modelName.clear();
    try {
        importPipeDreamFile(source.toStdString(), destination.toStdString(), options);
    } catch (const PipeDreamFileError& error) {
        if (kind)
            *kind = error.kind();
        return QString::fromStdString(error.what());
    }
    return QStringLiteral("none");
}

double bottleneck(const Profile& profile, int machines,
                  PipelineCutMode mode = PipelineCutMode::Any) {
    PipelineRequest request;
    request.chain.assign(static_cast<std::size_t>(machines), 0);
    request.cutMode = mode;
    request.microBatch = 128;
    return planPipeline(profile, *networkPreset("ideal"), request).bottleneckMs;
}

// Unsorted nodes, an Input node, a list activation, a node without times, a stage_id suffix.
const char* const kQuirks =
    "node4 -- Add -- forward_compute_time=0.500, backward_compute_time=0.250, "
    "activation_size=2560.000, parameter_size=0.000\n"
    "node3 -- Split(2) -- forward_compute_time=1.000, backward_compute_time=2.000, "
    "activation_size=[1280.000; 256.000; 1024.000], parameter_size=0.000\n"
    "node1 -- Input -- forward_compute_time=99.000, backward_compute_time=0.000, "
    "activation_size=3840.000, parameter_size=0.000\n"
    "node10 -- Linear(in_features=5, out_features=2, bias=True) -- forward_compute_time=2.5, "
    "backward_compute_time=3.5, activation_size=128.0, parameter_size=48.0 -- stage_id=1\n"
    "node9 -- Size(0) -- forward_compute_time=0.000, backward_compute_time=0.000, "
    "activation_size=4.000, parameter_size=0.000\n"
    "node2 -- Conv2d(3, 8, kernel_size=(3, 3)) -- activation_size=2560.000, "
    "parameter_size=896.000\n"
    "\tnode3 -- node4\n"
    "\tnode1 -- node2\n"
    "\tnode2 -- node3\n"
    "\tnode4 -- node10\n"
    "\tnode2 -- node4\n"
    "\tnode2 -- node9\n";

} // namespace

class TestPipeDream : public QObject {
    Q_OBJECT
  private slots:
    void importerQuirks() {
        PipeDreamImportOptions options;
        options.modelName = "quirks";
        const auto doc = importPipeDreamGraph(kQuirks, options);
        QCOMPARE(doc["model"]["batch"].get<double>(), 128.0);
        QCOMPARE(doc["model"]["input_bytes"].get<double>(), 30.0); // 3840 / 128
        QCOMPARE(doc["machines"].size(), std::size_t(1));
        QCOMPARE(doc["machines"][0]["id"].get<std::string>(), std::string("gpu"));
        QCOMPARE(doc["machines"][0]["tier"].get<std::string>(), std::string("cloud"));
        const Profile p = importAndLoad(kQuirks, options);
        QCOMPARE(p.model.name, std::string("quirks"));
        QCOMPARE(p.model.batch, 128.0);
        QCOMPARE(p.hasBackward, true);
        // Topological, ready nodes by node number: node9 and node10 are both ready after node4,
        // node9 first although "node10" < "node9" as text.
        std::vector<std::string> ids;
        for (const auto& layer : p.layers)
            ids.push_back(layer.id);
        QCOMPARE(ids, (std::vector<std::string>{"node2", "node3", "node4", "node9", "node10"}));
        // The Input node is gone; the layer it fed reads the model input.
        QVERIFY(p.layers[0].readsModelInput);
        QVERIFY(p.layers[0].inputs.empty());
        QCOMPARE(p.layers[2].inputs,
                 (std::vector<int>{1, 0})); // node4 <- node3, node2 (file order of edges)
        // Sizes per sample; lists summed; parameters kept; times kept for the mini-batch.
        QCOMPARE(p.layers[0].outputBytes, 20.0);
        QCOMPARE(p.layers[1].outputBytes, (1280.0 + 256.0 + 1024.0) / 128.0);
        QCOMPARE(p.layers[4].paramBytes, 48.0);
        QCOMPARE(p.layers[4].forwardMs, std::vector<double>{2.5});
        QCOMPARE(p.layers[4].backwardMs, std::vector<double>{3.5});
        QCOMPARE(p.layers[3].outputBytes, 4.0 / 128.0);
        // No times: zero.
        QCOMPARE(p.layers[0].forwardMs, std::vector<double>{0.0});
        QCOMPARE(p.layers[0].backwardMs, std::vector<double>{0.0});
        // Type = class name, label = PipeDream's description.
        QCOMPARE(p.layers[0].type, std::string("Conv2d"));
        QCOMPARE(p.layers[0].fields["label"].get<std::string>(),
                 std::string("Conv2d(3, 8, kernel_size=(3, 3))"));
        QCOMPARE(p.layers[1].type, std::string("Split"));
        QCOMPARE(p.layers[1].fields["output_bytes_parts"].size(), std::size_t(3));
        QCOMPARE(p.layers[2].type, std::string("Add"));
    }

    void estimatedMachines() {
        PipeDreamImportOptions options;
        options.estimatedMachines = {{"pi", Tier::Device, 40}, {"nuc", Tier::Edge, 2.5}};
        const auto doc = importPipeDreamGraph(kQuirks, options);
        QCOMPARE(doc["machines"].size(), std::size_t(3));
        QCOMPARE(doc["machines"][1]["estimated"].get<bool>(), true);
        QVERIFY(!doc["machines"][0].contains("estimated"));
        const Profile p = importAndLoad(kQuirks, options);
        QCOMPARE(p.machines[1].tier, Tier::Device);
        QCOMPARE(p.layers[4].forwardMs, (std::vector<double>{2.5, 100.0, 6.25}));
        QCOMPARE(p.layers[4].backwardMs, (std::vector<double>{3.5, 140.0, 8.75}));
        options.estimatedMachines = {{"gpu", Tier::Edge, 2}};
        QVERIFY_THROWS_EXCEPTION(PipeDreamImportError, importPipeDreamGraph(kQuirks, options));
    }

    void malformed_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        const QString good = "node2 -- ReLU -- forward_compute_time=1, backward_compute_time=1, "
                             "activation_size=4, parameter_size=0\n";
        QTest::newRow("empty") << ""
                               << "the file has no node lines";
        QTest::newRow("no metadata")
            << good + "node3 -- ReLU\n"
            << "line 2: expected 'nodeN -- Layer -- forward_compute_time=…, …' (a node) or "
               "'<tab>nodeA -- nodeB' (an edge)";
        QTest::newRow("bad number")
            << good + "node3 -- ReLU -- forward_compute_time=1.2.3, activation_size=4\n"
            << "line 2: forward_compute_time '1.2.3' is not a number";
        QTest::newRow("negative")
            << good + "node3 -- ReLU -- forward_compute_time=-1, activation_size=4\n"
            << "line 2: forward_compute_time -1 must be a finite number >= 0";
        QTest::newRow("no activation") << good + "node3 -- ReLU -- forward_compute_time=1\n"
                                       << "line 2: node node3 has no activation_size";
        QTest::newRow("open list") << good + "node3 -- Split -- activation_size=[1; 2\n"
                                   << "line 2: activation_size list '[1; 2' lacks its ']'";
        QTest::newRow("bad list entry") << good + "node3 -- Split -- activation_size=[1; x]\n"
                                        << "line 2: activation_size entry 'x' is not a number";
        QTest::newRow("not key=value") << good + "node3 -- ReLU -- activation_size=4, oops\n"
                                       << "line 2: 'oops' should look like key=value";
        QTest::newRow("twice") << good + "node3 -- ReLU -- activation_size=4, activation_size=5\n"
                               << "line 2: activation_size is given twice";
        QTest::newRow("duplicate node")
            << good + "\n" + good << "line 3: node node2 is defined twice (also line 1)";
        QTest::newRow("unknown edge end")
            << good + "\tnode2 -- node9\n"
            << "line 2: the edge names node node9, which no node line defines";
        QTest::newRow("bad edge") << good + "\tnode2 node3\n"
                                  << "line 2: an edge line should look like '<tab>nodeA -- nodeB'";
        QTest::newRow("self edge") << good + "\tnode2 -- node2\n"
                                   << "line 2: node node2 feeds itself";
        const QString other = QString(good).replace("node2", "node3");
        QTest::newRow("cycle")
            << good + other + "\tnode2 -- node3\n\tnode3 -- node2\n"
            << "the graph has a cycle (nodes that never become ready: node2, node3)";
        QTest::newRow("only input")
            << "node1 -- Input -- forward_compute_time=0, activation_size=4\n"
            << "the graph has only Input nodes, no layer to profile";
    }
    void malformed() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        try {
            importPipeDreamGraph(text.toStdString(), {});
            QFAIL("a malformed file was imported");
        } catch (const PipeDreamImportError& error) {
            QCOMPARE(QString::fromUtf8(error.what()), message);
        }
    }

    void detection() {
        QVERIFY(looksLikePipeDreamGraph(kQuirks));
        QVERIFY(looksLikePipeDreamGraph(readData("tests/data/pipedream/vgg16.txt").toStdString()));
        QVERIFY(!looksLikePipeDreamGraph("{\"format\": \"cutlab-profile\"}"));
        QVERIFY(!looksLikePipeDreamGraph("source,destination,ping(ms),bandwidth(mbps)\n"));
        QVERIFY(!looksLikePipeDreamGraph(""));
    }

    // Every row of PipeDream's table: straight pipeline, no communication.
    void referenceTable_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("machines");
        QTest::addColumn<double>("expected");
        const QString readme = QString::fromUtf8(readData("tests/data/pipedream/README.md"));
        const QRegularExpression row(R"(\| (\w+) \| (\d) \| ([0-9.]+) \|)");
        int rows = 0;
        for (auto match = row.globalMatch(readme); match.hasNext(); ++rows) {
            const auto m = match.next();
            QTest::addRow("%s x%s", qPrintable(m.captured(1)), qPrintable(m.captured(2)))
                << m.captured(1) << m.captured(2).toInt() << m.captured(3).toDouble();
        }
        if (rows != 15)
            qFatal("expected 15 rows in the PipeDream table, found %d", rows);
    }
    void referenceTable() {
        QFETCH(QString, model);
        QFETCH(int, machines);
        QFETCH(double, expected);
        const double got = bottleneck(importModel(model), machines);
        QVERIFY2(std::abs(got - expected) <= 1e-3,
                 qPrintable(QString("got %1, PipeDream %2").arg(got, 0, 'f', 6).arg(expected)));
    }

    void singleMachineTotals_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<double>("expected");
        QTest::newRow("alexnet") << "alexnet" << 85.321;
        QTest::newRow("vgg16") << "vgg16" << 672.535;
        QTest::newRow("resnet50") << "resnet50" << 443.419;
    }
    void singleMachineTotals() {
        QFETCH(QString, model);
        QFETCH(double, expected);
        const Profile p = importModel(model);
        QVERIFY(std::abs(bottleneck(p, 1) - expected) <= 1e-3);
        QVERIFY(std::abs(bottleneck(p, 1, PipelineCutMode::Single) - expected) <= 1e-3);
    }

    // Single-tensor cuts can only be worse than PipeDream's antichains, never better.
    void singleModeNeverBeatsAnyMode() {
        const QStringList models{"resnet18", "squeezenet1_0", "densenet121"};
        for (const QString& model : models) {
            const Profile p = importModel(model);
            for (int machines : {2, 4, 8})
                QVERIFY(bottleneck(p, machines) <=
                        bottleneck(p, machines, PipelineCutMode::Single) + 1e-9);
        }
    }

    // Inception-v3 has 221,565 downsets: --cut-mode any plans it exactly, never worse than the
    // valid cut points, and better with more machines.
    void inceptionIsPlannedExactly() {
        const Profile p = importModel("inception_v3");
        QCOMPARE(p.layers.size(), std::size_t(325));
        PipelineRequest request;
        request.chain.assign(4, 0);
        request.cutMode = PipelineCutMode::Any;
        request.microBatch = 128;
        const PipelinePlan plan = planPipeline(p, *networkPreset("ideal"), request);
        QCOMPARE(plan.states, std::size_t(221565));
        QVERIFY2(plan.exact, plan.note.c_str());
        QCOMPARE(plan.lowerBoundMs, plan.bottleneckMs);
        QCOMPARE(plan.stages.size(), std::size_t(4));
        QVERIFY(plan.bottleneckMs <= bottleneck(p, 4, PipelineCutMode::Single) + 1e-9);
        QVERIFY(bottleneck(p, 2) > plan.bottleneckMs);
        // no stage can be lighter than a quarter of the work
        double total = 0;
        for (const auto& stage : plan.stages)
            total += stage.computeMs;
        QVERIFY(plan.bottleneckMs >= total / 4 - 1e-9);
    }

    // The names an import chooses when the user gives none (cutlab-cli import and the window).
    void importNames() {
        QCOMPARE(pipeDreamModelName("profiles/alexnet/graph.txt"), std::string("alexnet"));
        QCOMPARE(pipeDreamModelName("data/vgg16.txt"), std::string("vgg16"));
        QCOMPARE(pipeDreamModelName("graph.txt"), std::string("graph")); // no folder to name it
        QCOMPARE(pipeDreamModelName("data/my.model.txt"), std::string("my.model"));
        QCOMPARE(pipeDreamModelName("data/"), std::string("imported"));
        QCOMPARE(pipeDreamModelName("data/r\xe9seau.txt"), std::string("r\xef\xbf\xbdseau"));
    }

    // Convert, name, check, write: the result loads, named after the file or as asked.
    void importFileWritesALoadableProfile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString source = sourcePath("tests/data/pipedream/alexnet.txt");
        const QString destination = dir.filePath("out.json");
        PipeDreamImportOptions options;
        options.modelName.clear();
        QCOMPARE(importPipeDreamFile(source.toStdString(), destination.toStdString(), options),
                 std::string("alexnet"));
        auto loaded = loadProfileFile(destination.toStdString());
        QVERIFY(loaded.ok());
        QCOMPARE(loaded.profile->model.name, std::string("alexnet"));
        QCOMPARE(loaded.profile->layers.size(), std::size_t(22));
        // 2-space JSON ending with a newline, as `cutlab-cli import` always wrote it
        const QByteArray text = readAll(destination);
        QVERIFY(text.startsWith("{\n  \"format\": \"cutlab-profile\""));
        QVERIFY(text.endsWith("}\n"));
        // a chosen name wins; an existing file is replaced and keeps its mode
        QVERIFY(QFile::setPermissions(destination,
                                      QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup));
        options.modelName = "mine";
        QCOMPARE(importPipeDreamFile(source.toStdString(), destination.toStdString(), options),
                 std::string("mine"));
        QCOMPARE(loadProfileFile(destination.toStdString()).profile->model.name,
                 std::string("mine"));
        namespace fs = std::filesystem;
        QCOMPARE(fs::status(destination.toStdString()).permissions(),
                 fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
        // a link is written through: it stays a link, its target gets the profile
        const QString target = dir.filePath("target.json");
        writeAll(target, "old");
        const QString link = dir.filePath("link.json");
        QVERIFY(QFile::link(target, link));
        importPipeDreamFile(source.toStdString(), link.toStdString(), options);
        QVERIFY(QFileInfo(link).isSymLink());
        QVERIFY(loadProfileFile(target.toStdString()).ok());
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System).size(), 3);
    }

    // Nothing is written unless the whole import succeeds; an existing file is left as it was.
    void importFileRefusals() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString destination = dir.filePath("keep.json");
        writeAll(destination, "keep");
        PipeDreamFileError::Kind kind{};
        // not a PipeDream graph
        const QString profile = sourcePath("sample_profiles/handmade/tiny-linear.json");
        QCOMPARE(importFailure(profile, destination, &kind), profile + ": error: unknown format");
        QCOMPARE(kind, PipeDreamFileError::Kind::UnknownFormat);
        // a malformed graph names its line
        const QString malformed = dir.filePath("bad.txt");
        writeAll(malformed, "node1 -- Input -- forward_compute_time=1, backward_compute_time=0, "
                            "parameter_size=0\n");
        QCOMPARE(importFailure(malformed, destination, &kind),
                 malformed + ": error: line 1: node node1 has no activation_size");
        QCOMPARE(kind, PipeDreamFileError::Kind::Malformed);
        // a source that cannot be read
        QCOMPARE(importFailure(dir.filePath("missing.txt"), destination, &kind)
                     .startsWith(dir.filePath("missing.txt") + ": error: "),
                 true);
        QCOMPARE(kind, PipeDreamFileError::Kind::Read);
        QCOMPARE(importFailure(dir.path(), destination, &kind),
                 dir.path() + ": error: is a directory, not a file");
        QCOMPARE(kind, PipeDreamFileError::Kind::Read);
        // a destination that cannot be written: the message names it
        const QString good = sourcePath("tests/data/pipedream/alexnet.txt");
        const QString folder = dir.filePath("folder");
        QVERIFY(QDir(dir.path()).mkdir("folder"));
        QCOMPARE(
            importFailure(good, folder, &kind),
            folder +
                ": error: is a directory, not a regular file: CutLab writes only regular files");
        QCOMPARE(kind, PipeDreamFileError::Kind::Write);
        const QString nowhere = dir.filePath("no/such/folder/x.json");
        QVERIFY(importFailure(good, nowhere, &kind)
                    .startsWith(nowhere + ": error: cannot write there ("));
        QCOMPARE(kind, PipeDreamFileError::Kind::Write);
        if (::geteuid() != 0) { // root may write a read-only file
            QVERIFY(QFile::setPermissions(destination, QFile::ReadOwner | QFile::ReadUser));
            QVERIFY(importFailure(good, destination, &kind)
                        .startsWith(destination + ": error: cannot write there ("));
            QCOMPARE(kind, PipeDreamFileError::Kind::Write);
        }
        QCOMPARE(readAll(destination), QByteArray("keep"));
        // no temporary file left behind
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::System),
                 QStringList({"bad.txt", "keep.json"}));
    }

    // The committed sample profiles are exactly what the importer makes of the data.
    void samplesAreTheImportedProfiles_data() {
        QTest::addColumn<QString>("model");
        for (const char* model : {"alexnet", "vgg16", "resnet18", "resnet50", "squeezenet1_0",
                                  "densenet121", "inception_v3"})
            QTest::newRow(model) << model;
    }
    void samplesAreTheImportedProfiles() {
        QFETCH(QString, model);
        const auto sample = nlohmann::ordered_json::parse(
            readData("sample_profiles/pipedream/" + model + ".json").toStdString());
        PipeDreamImportOptions options;
        options.modelName = model.toStdString();
        options.source = sample["model"]["source"].get<std::string>();
        QVERIFY(QString::fromStdString(options.source).contains("msr-fiddle/pipedream"));
        QVERIFY(QString::fromStdString(options.source).contains("MIT"));
        const auto imported = importPipeDreamGraph(
            readData("tests/data/pipedream/" + model + ".txt").toStdString(), options);
        QVERIFY(imported == sample);
    }
};

CUTLAB_TEST_MAIN(TestPipeDream, Guiless)
} // namespace tst_pipedream

#include "tst_pipedream.moc"
