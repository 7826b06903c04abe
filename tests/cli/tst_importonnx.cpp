// `cutlab-cli import MODEL.onnx -o PROFILE.json`, run as the built program: the format detected
// from the content, estimated machines one per tier (or --machines), --dim, every refusal with
// its message, exit status 2 and no output file, and the profile read back, planned and shown.
#include "../TestPaths.h"
#include "CliRun.h"

#include "core/io/ProfileLoader.h"
#include "core/model/ModelStructure.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Run = CliRun;

Run cli(const QStringList& arguments) {
    return runCli(arguments);
}

QString onnx(const char* name) {
    return sourcePath(QStringLiteral("tests/data/onnx/%1").arg(name));
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
};

QTEST_MAIN(TestImportOnnx)
#include "tst_importonnx.moc"
