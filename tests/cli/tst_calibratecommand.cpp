// cutlab-cli calibrate run as the built program on a measured profile of a small network
// (tests/data/calibration): the machine file it writes, what --check prints for it and for a
// preset, the machine file used by import, and refusals (exit 2, nothing written).
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

#include <algorithm>
#include <cmath>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_calibratecommand {

namespace {

const QString kProfile = sourcePath("tests/data/calibration/tiny.json");
const QString kModel = sourcePath("tests/data/calibration/tiny.onnx");

QJsonObject readJson(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

// The median error --check prints on its last line ("...: median error 19.9 % over 9 layers").
double printedMedianError(const CliRun& run) {
    const QRegularExpression pattern("median error ([0-9.]+) % over ([0-9]+) layers");
    const QRegularExpressionMatch match = pattern.match(run.out);
    return match.hasMatch() ? match.captured(1).toDouble() : -1;
}

QJsonObject classRate(const QJsonObject& machine, const QString& operatorClass) {
    for (const auto entry : machine["classes"].toArray())
        if (entry.toObject()["operator_class"].toString() == operatorClass)
            return entry.toObject();
    return {};
}

} // namespace

class TestCalibrateCommand : public QObject {
    Q_OBJECT
  private slots:
    void writesAMachineWithARatePerClassSeen() {
        QTemporaryDir dir;
        const QString out = dir.filePath("box-calibrated.json");
        const CliRun run = runCli({"calibrate", kProfile, "--model", kModel, "-o", out});
        QVERIFY2(run.status == 0, qPrintable(run.err));
        QVERIFY(run.out.contains("machine 'box' (edge) calibrated; median error"));
        const QJsonObject machine = readJson(out);
        QCOMPARE(machine["format"].toString(), QString("cutlab-machine"));
        QCOMPARE(machine["id"].toString(), QString("box"));
        QCOMPARE(machine["tier"].toString(), QString("edge"));
        QSet<QString> classes;
        for (const auto entry : machine["classes"].toArray()) {
            const QJsonObject rate = entry.toObject();
            classes.insert(rate["operator_class"].toString());
            QVERIFY(rate["gflops"].toDouble() > 0 && rate["gbps"].toDouble() > 0);
        }
        // the network has a dense, a depthwise, a pointwise convolution, pooling, relus,
        // a flatten and a linear layer of one row
        QCOMPARE(classes, (QSet<QString>{"convolution", "grouped_convolution", "pooling",
                                         "elementwise", "data_movement", "matrix_vector"}));
        QCOMPARE(machine["calibration"].toObject()["layers"].toInt(), 9);
    }
    // The fitted machine explains its own measurements better than a preset does, and --json
    // holds the same figures as the text.
    void checkScoresTheFitAgainstAPreset() {
        QTemporaryDir dir;
        const QString out = dir.filePath("box.json");
        QCOMPARE(runCli({"calibrate", kProfile, "--model", kModel, "-o", out}).status, 0);
        const CliRun fitted = runCli({"calibrate", kProfile, "--model", kModel, "--check", out});
        const CliRun preset = runCli({"calibrate", kProfile, "--model", kModel, "--check", "pi4"});
        QCOMPARE(fitted.status, 0);
        QCOMPARE(preset.status, 0);
        QVERIFY(printedMedianError(fitted) >= 0);
        QVERIFY2(printedMedianError(fitted) < printedMedianError(preset) / 2,
                 qPrintable(fitted.out + preset.out));
        const CliRun json =
            runCli({"calibrate", kProfile, "--model", kModel, "--check", out, "--json"});
        QCOMPARE(json.status, 0);
        const QJsonObject score = QJsonDocument::fromJson(json.out.toUtf8()).object();
        QCOMPARE(score["layers"].toArray().size(), 9);
        QCOMPARE(std::round(score["median_error"].toDouble() * 1000) / 10,
                 printedMedianError(fitted));
        for (const auto entry : score["layers"].toArray()) {
            const QJsonObject layer = entry.toObject();
            QVERIFY(fitted.out.contains(layer["layer"].toString()));
            QVERIFY(layer["measured_ms"].toDouble() > 0 && layer["estimated_ms"].toDouble() > 0);
        }
    }
    // import --machines FILE prices each operator at its class's rate, by hand: the linear layer
    // (/fc/Gemm, 640 flops, 32 x 4 in, 10 x 4 out, 1,320 parameter bytes) and the depthwise
    // convolution.
    void importPricesOperatorsAtTheirClassRates() {
        QTemporaryDir dir;
        const QString machineFile = dir.filePath("box.json");
        QCOMPARE(runCli({"calibrate", kProfile, "--model", kModel, "-o", machineFile}).status, 0);
        const QString imported = dir.filePath("tiny-box.json");
        const CliRun run =
            runCli({"import", kModel, "-o", imported, "--machines", "phone=" + machineFile});
        QVERIFY2(run.status == 0, qPrintable(run.err));
        const QJsonObject machine = readJson(machineFile);
        const QJsonObject rate = classRate(machine, "matrix_vector");
        const double flops = 640, bytes = (128 + 40) + 1320;
        const double expected =
            machine["overhead_ms"].toDouble() + std::max(flops / (rate["gflops"].toDouble() * 1e6),
                                                         bytes / (rate["gbps"].toDouble() * 1e6));
        const QJsonObject profile = readJson(imported);
        QCOMPARE(profile["machines"].toArray().first().toObject()["id"].toString(),
                 QString("phone"));
        bool found = false;
        for (const auto entry : profile["layers"].toArray()) {
            const QJsonObject layer = entry.toObject();
            if (layer["id"].toString() != "/fc/Gemm")
                continue;
            found = true;
            QCOMPARE(layer["operator_class"].toString(), QString("matrix_vector"));
            const double ms = layer["forward_ms"].toObject()["phone"].toDouble();
            QVERIFY2(std::fabs(ms - expected) <= 1e-9 + 1e-4 * expected,
                     qPrintable(QString("%1 against %2").arg(ms).arg(expected)));
        }
        QVERIFY(found);
        // the depthwise convolution (/dw/Conv: 16 channels of 64 x 64, 3 x 3, group 16):
        // 2 x 16 x 64 x 64 x 1 x 9 flops; in and out 16 x 64 x 64 x 4 bytes, (16 x 9 + 16) x 4
        // parameter bytes; at the grouped-convolution rate
        const QJsonObject grouped = classRate(machine, "grouped_convolution");
        const double dwFlops = 2.0 * 16 * 64 * 64 * 9, dwBytes = 2.0 * 16 * 64 * 64 * 4 + 640;
        const double dwExpected = machine["overhead_ms"].toDouble() +
                                  std::max(dwFlops / (grouped["gflops"].toDouble() * 1e6),
                                           dwBytes / (grouped["gbps"].toDouble() * 1e6));
        bool foundDepthwise = false;
        for (const auto entry : profile["layers"].toArray()) {
            const QJsonObject layer = entry.toObject();
            if (layer["id"].toString() != "/dw/Conv")
                continue;
            foundDepthwise = true;
            QCOMPARE(layer["operator_class"].toString(), QString("grouped_convolution"));
            QCOMPARE(layer["flops"].toDouble(), dwFlops);
            const double ms = layer["forward_ms"].toObject()["phone"].toDouble();
            QVERIFY2(std::fabs(ms - dwExpected) <= 1e-9 + 1e-4 * dwExpected,
                     qPrintable(QString("%1 against %2").arg(ms).arg(dwExpected)));
        }
        QVERIFY(foundDepthwise);
    }
    void refusesBadInputWritingNothing() {
        QTemporaryDir dir;
        const QString out = dir.filePath("never.json");
        const struct {
            QStringList arguments;
            const char* message;
        } cases[] = {
            {{"calibrate", kProfile, "-o", out}, "--model MODEL.onnx is missing after it"},
            {{"calibrate", kProfile, "--model", kModel}, "give either -o MACHINE.json or --check"},
            {{"calibrate", kProfile, "--model", kModel, "-o", out, "--check", "pi4"},
             "give either -o MACHINE.json or --check"},
            {{"calibrate", kProfile, "--model", sourcePath("tests/data/onnx/linear.onnx"), "-o",
              out},
             "no operator of the model belongs to a layer of the profile"},
            {{"calibrate", kProfile, "--model", kModel, "-o", out, "--machine", "nope"},
             "the profile has no machine 'nope'"},
            {{"calibrate", kProfile, "--model", kModel, "-o", out, "--tier", "moon"},
             "unknown tier 'moon'"},
            {{"calibrate", kProfile, "--model", kModel, "--check", "warp=1,2,3"}, "--check"},
            {{"calibrate", dir.filePath("missing.json"), "--model", kModel, "-o", out},
             "missing.json"},
            {{"calibrate", kProfile, "--model", kModel, "-o", out, "--bogus"},
             "unknown option --bogus"},
        };
        for (const auto& c : cases) {
            const CliRun run = runCli(c.arguments);
            QVERIFY2(run.status == 2, qPrintable(c.arguments.join(' ') + ": " + run.err));
            QVERIFY2(run.err.contains(c.message), qPrintable(run.err));
            QVERIFY(run.out.isEmpty());
            QVERIFY(!QFile::exists(out));
        }
    }
};

CUTLAB_TEST_MAIN(TestCalibrateCommand, Guiless)
} // namespace tst_calibratecommand

#include "tst_calibratecommand.moc"
