// `cutlab-cli import MODEL.onnx -o PROFILE.json`, run as the built program: the format detected
// from the content, estimated machines one per tier (or --machines), --dim, every refusal with
// its message, exit status 2 and no output file, and the profile read back, planned and shown.
#include "../OnnxTestModels.h"
#include "../TestMain.h"
#include "../TestPaths.h"
#include "CliRun.h"

#include "core/io/ProfileLoader.h"
#include "core/model/ModelStructure.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_importonnx {

namespace {

using Run = CliRun;

Run cli(const QStringList& arguments) {
    return runCli(arguments);
}

QString onnx(const char* name) {
    return sourcePath(QStringLiteral("tests/data/onnx/%1").arg(name));
}

// cutlab-cli with the import worker named in the environment (a stand-in that crashes).
Run cliWithWorker(const QStringList& arguments, const QString& worker) {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert("CUTLAB_IMPORT_WORKER", worker);
    return runCli(arguments, {}, environment);
}

void writeBytes(const QString& path, const std::string& bytes) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QCOMPARE(file.write(bytes.data(), static_cast<qint64>(bytes.size())),
             static_cast<qint64>(bytes.size()));
}

} // namespace

class TestImportOnnx : public QObject {
    Q_OBJECT
  private slots:
    // The residual model with the default machines: one estimated machine per tier, the
    // graph's cut points, and the other commands take the file.
    void importsWithEstimatedMachines() {
        QTemporaryDir dir;
        const QString out = dir.filePath("residual.json");
        const Run run = cli({"import", onnx("residual.onnx"), "-o", out});
        QCOMPARE(run.status, 0);
        QVERIFY2(run.err.isEmpty(), qPrintable(run.err));
        const auto loaded = cutlab::core::loadProfileFile(out.toStdString());
        QVERIFY(loaded.ok());
        const auto& profile = *loaded.profile;
        QCOMPARE(profile.layers.size(), std::size_t(7));
        QCOMPARE(profile.machines.size(), std::size_t(3));
        const char* presets[] = {"pi4", "nuc-i3", "gtx1080ti"};
        for (std::size_t m = 0; m < 3; ++m) {
            QCOMPARE(QString::fromStdString(profile.machines[m].id), QString(presets[m]));
            QCOMPARE(static_cast<int>(profile.machines[m].tier), static_cast<int>(m));
        }
        QVERIFY(profile.hasBackward);
        // a compute-heavy conv is slower on the Pi than on the GPU
        const int conv = profile.layerIndex("res_a");
        QVERIFY(profile.layers[static_cast<std::size_t>(conv)].forwardMs[0] >
                profile.layers[static_cast<std::size_t>(conv)].forwardMs[2]);
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("\"estimated\": true"));
        QVERIFY(text.contains("imported from residual.onnx"));
        const auto structure = cutlab::core::analyseStructure(profile);
        QCOMPARE(structure.cutAfter, (std::vector<int>{0, 1, 4, 5}));
        const Run info = cli({"info", out});
        QCOMPARE(info.status, 0);
        QVERIFY(info.out.contains("residual"));
        const Run plan = cli({"plan", out, "--network", "4g"});
        QCOMPARE(plan.status, 0);
    }

    void chosenMachinesAndDimensions() {
        QTemporaryDir dir;
        const QString out = dir.filePath("symbolic.json");
        const Run refused = cli({"import", onnx("symbolic.onnx"), "-o", out});
        QCOMPARE(refused.status, 2);
        QVERIFY2(refused.err.contains("--dim H=VALUE"), qPrintable(refused.err));
        QVERIFY(!QFile::exists(out));
        const Run run = cli({"import", onnx("linear.onnx"), "-o", out, "--machines",
                             "phone=pi3@device,v100@cloud", "--name", "lin"});
        QCOMPARE(run.status, 0);
        const auto loaded = cutlab::core::loadProfileFile(out.toStdString());
        QVERIFY(loaded.ok());
        QCOMPARE(loaded.profile->machines.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(loaded.profile->machines[0].id), QString("phone"));
        QCOMPARE(QString::fromStdString(loaded.profile->model.name), QString("lin"));
        QCOMPARE(cli({"import", onnx("symbolic.onnx"), "-o", out, "--dim", "H=5"}).status, 0);
    }

    void refusals_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::newRow("text file") << QStringList{onnx("not_onnx.onnx")} << "unknown format";
        QTest::newRow("truncated") << QStringList{onnx("truncated.onnx")} << "truncated";
        QTest::newRow("opset") << QStringList{onnx("opset99.onnx")} << "opset 99 is newer";
        QTest::newRow("unknown preset")
            << QStringList{onnx("linear.onnx"), "--machines", "pi9@device"} << "pi9";
        QTest::newRow("bad dim") << QStringList{onnx("linear.onnx"), "--dim", "H"} << "NAME=VALUE";
        QTest::newRow("missing") << QStringList{onnx("absent.onnx")} << "no such file";
    }
    void refusals() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString out = dir.filePath("out.json");
        const Run run = cli(QStringList{"import"} + arguments + QStringList{"-o", out});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
        QVERIFY(!QFile::exists(out));
    }

    // Every malformed model of tests/data/onnx/hostile (each crashed, hung or corrupted memory
    // in the ONNX library or CutLab before the checks and the sandbox): exit 2, the sentence
    // that names what is wrong, nothing written, no library noise on stderr.
    void hostileModelsAreRefused_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QFile expected(sourcePath("tests/data/onnx/hostile/expected.txt"));
        QVERIFY(expected.open(QIODevice::ReadOnly | QIODevice::Text));
        int rows = 0;
        for (const QString& line : QString::fromUtf8(expected.readAll()).split('\n')) {
            if (line.isEmpty() || line.startsWith('#'))
                continue;
            const QStringList parts = line.split('\t');
            QTest::newRow(qPrintable(parts[0])) << parts[0] << parts[1];
            ++rows;
        }
        QDirIterator models(sourcePath("tests/data/onnx/hostile"), {"*.onnx"}, QDir::Files);
        int files = 0;
        for (; models.hasNext(); models.next())
            ++files;
        QCOMPARE(rows, files); // every model has its expected message
    }
    void hostileModelsAreRefused() {
        QFETCH(QString, file);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString out = dir.filePath("out.json");
        const Run run = cli({"import", sourcePath("tests/data/onnx/hostile/" + file), "-o", out});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY2(!run.err.contains("internal error") && !run.err.contains("FATAL"),
                 qPrintable(run.err));
        QVERIFY(!QFile::exists(out));
    }

    // The ONNX fuzz corpus (the test models, the hostile ones and what fuzzing kept) replays
    // through the command line with exit 0 or 2 only, never an internal error or the library's
    // own complaints on stderr.
    void fuzzCorpusReplays() {
        QTemporaryDir dir;
        QDirIterator inputs(sourcePath("tests/fuzz/corpus/fuzz_onnx"), QDir::Files);
        int replayed = 0;
        while (inputs.hasNext()) {
            const QString input = inputs.next();
            const Run run = cli({"import", input, "-o", dir.filePath("out.json")});
            QVERIFY2(run.status == 0 || run.status == 2, qPrintable(input + "\n" + run.err));
            QVERIFY2(!run.err.contains("internal error") && !run.err.contains("FATAL") &&
                         !run.err.contains("libprotobuf"),
                     qPrintable(input + "\n" + run.err));
            QVERIFY2(run.status == 0 || run.err.count('\n') == 1, qPrintable(run.err));
            ++replayed;
        }
        QVERIFY(replayed >= 19);
    }

    // A worker that dies of a signal (as the ONNX library does on some malformed models) is one
    // sentence and exit 2, whichever signal it is.
    void crashingWorkerIsAMessage_data() {
        QTest::addColumn<QString>("signal");
        QTest::addColumn<QString>("message");
        QTest::newRow("SIGSEGV") << "SEGV"
                                 << "(signal 11, Segmentation fault)";
        QTest::newRow("SIGABRT") << "ABRT"
                                 << "(signal 6, Aborted)";
        QTest::newRow("SIGFPE") << "FPE"
                                << "(signal 8, Floating point exception)";
    }
    void crashingWorkerIsAMessage() {
        QFETCH(QString, signal);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString worker = dir.filePath("worker.sh");
        writeBytes(worker, ("#!/bin/sh\nkill -" + signal + " $$\n").toStdString());
        QVERIFY(QFile::setPermissions(worker, QFile::ReadOwner | QFile::ExeOwner));
        const QString out = dir.filePath("out.json");
        const Run run = cliWithWorker({"import", onnx("linear.onnx"), "-o", out}, worker);
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("error: the ONNX library crashed on this model " + message +
                                  ": the file is malformed or unsupported"),
                 qPrintable(run.err));
        QVERIFY(!QFile::exists(out));
    }

    // A helper that sends a layer graph no profile may hold (as a compromised one could) is
    // refused with the profile checks' sentence, and nothing is written.
    void lyingWorkerIsRefused() {
        QFETCH(QString, layers);
        QFETCH(QString, message);
        const QString graph = R"({"format":"cutlab-profile","version":1,"model":{"name":"m",)"
                              R"("source":"s","input_bytes":4,"batch":1},"machines":[],)"
                              R"("layers":)" +
                              layers + "}";
        QTemporaryDir dir;
        const QString worker = dir.filePath("worker.sh");
        writeBytes(worker, QString("#!/bin/sh\nprintf 'graph %1\\n%2'\n")
                               .arg(graph.toUtf8().size())
                               .arg(graph)
                               .toStdString());
        QVERIFY(QFile::setPermissions(worker, QFile::ReadOwner | QFile::ExeOwner));
        const QString out = dir.filePath("out.json");
        const Run run = cliWithWorker({"import", onnx("linear.onnx"), "-o", out}, worker);
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("the import helper sent a layer graph that does not validate: " +
                                  message),
                 qPrintable(run.err));
        QVERIFY(!QFile::exists(out));
    }
    void lyingWorkerIsRefused_data() {
        QTest::addColumn<QString>("layers");
        QTest::addColumn<QString>("message");
        QTest::newRow("negative bytes")
            << R"([{"id":"a","type":"Relu","inputs":[],"output_bytes":-4,"flops":1}])"
            << "/layers/0/output_bytes: must not be negative (-4)";
        QTest::newRow("later input")
            << R"([{"id":"a","type":"Relu","inputs":["b"],"output_bytes":4,"flops":1},)"
               R"({"id":"b","type":"Relu","inputs":[],"output_bytes":4,"flops":1}])"
            << "/layers/0/inputs/0: layer 'b' comes later in the list";
        QTest::newRow("times") << R"([{"id":"a","type":"Relu","inputs":[],"output_bytes":4,)"
                                  R"("flops":1,"forward_ms":{"x":1}}])"
                               << "/layers/0/forward_ms/x: unknown machine 'x'";
    }

    // A worker that cannot be started names itself and the way out.
    void missingWorkerIsAMessage() {
        QTemporaryDir dir;
        const Run run = cliWithWorker({"import", onnx("linear.onnx"), "-o", dir.filePath("o.json")},
                                      dir.filePath("no-such-worker"));
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("cannot be started (No such file or directory): reinstall "
                                  "CutLab, or name the helper in CUTLAB_IMPORT_WORKER"),
                 qPrintable(run.err));
    }

    // Outputs go only onto regular files: a FIFO, a directory and a link to a device are
    // refused and left as they were (as root, -o /dev/null once replaced the device).
    void outputsOnlyOntoRegularFiles() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath("pipe.json");
        QCOMPARE(QProcess::execute("mkfifo", {fifo}), 0);
        const QString link = dir.filePath("null.json");
        QVERIFY(QFile::link("/dev/null", link));
        const QString folder = dir.filePath("folder.json");
        QVERIFY(QDir().mkdir(folder));
        const QList<QPair<QString, QString>> cases{
            {fifo, "is a FIFO (named pipe), not a regular file"},
            {link, "is a symbolic link to a device, not a regular file"},
            {folder, "is a directory, not a regular file"}};
        for (const auto& [target, message] : cases) {
            const Run run = cli({"import", onnx("linear.onnx"), "-o", target});
            QCOMPARE(run.status, 2);
            QVERIFY2(run.err.contains(target + ": error: " + message), qPrintable(run.err));
        }
        QVERIFY(QFileInfo(link).isSymLink());
        QVERIFY(!QFileInfo("/dev/null").isFile()); // still the device
        QVERIFY(QFileInfo(fifo).exists() && !QFileInfo(fifo).isFile());
    }

    // More operators than a readable profile can hold: refused before inference, nothing
    // written (a 10^6-node chain once took 96 s and wrote a 518 MB profile nobody could read).
    void tooManyOperatorsAreRefusedEarly() {
        QTemporaryDir dir;
        const QString model = dir.filePath("chain.onnx");
        writeBytes(model, onnx_test::reluChain(200001));
        const QString out = dir.filePath("chain.json");
        const Run run = cli({"import", model, "-o", out});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains("the model has 200001 operators; CutLab imports at most 200000"),
                 qPrintable(run.err));
        QVERIFY(!QFile::exists(out));
    }

    // Unnamed operators without outputs get ids from their type, numbered in file order (the
    // numbering was quadratic: 20,000 such nodes took 67 s).
    void unnamedOperatorsAreNumbered() {
        QTemporaryDir dir;
        const QString model = dir.filePath("unnamed.onnx");
        writeBytes(model, onnx_test::unnamedWithoutOutputs(2000));
        const QString out = dir.filePath("unnamed.json");
        const Run run = cli({"import", model, "-o", out});
        QCOMPARE(run.status, 0);
        const auto loaded = cutlab::core::loadProfileFile(out.toStdString());
        QVERIFY(loaded.ok());
        const auto& layers = loaded.profile->layers;
        QCOMPARE(layers.size(), std::size_t(2001));
        QCOMPARE(QString::fromStdString(layers[0].id), QString("relu"));
        QCOMPARE(QString::fromStdString(layers[1].id), QString("Custom"));
        QCOMPARE(QString::fromStdString(layers[2].id), QString("Custom#2"));
        QCOMPARE(QString::fromStdString(layers[2000].id), QString("Custom#2000"));
    }
};

CUTLAB_TEST_MAIN(TestImportOnnx, Guiless)
} // namespace tst_importonnx

#include "tst_importonnx.moc"
