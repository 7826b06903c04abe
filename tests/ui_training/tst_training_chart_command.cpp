// `cutlab-cli training-chart`: each kind renders to PNG, SVG and PDF; bad input is exit 2 with
// nothing written.
#include "../TestMain.h"
#include "../TestPaths.h"

#include "app/cli/CliError.h"
#include "app/cli/Commands.h"

#include <QApplication>
#include <QFile>
#include <QImage>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>

#include <string>
#include <vector>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_training_chart_command {

class TrainingChartCommandTest : public QObject {
    Q_OBJECT
  private slots:
    void rendersEachKind_data();
    void rendersEachKind();
    void badInputWritesNothing_data();
    void badInputWritesNothing();
    void help();
};

namespace {
std::string sample(const char* relative) {
    return sourcePath(relative).toStdString();
}
const char* const kAlexNet = "sample_profiles/hiertrain/alexnet-tinyimagenet.json";
const char* const kNetwork = "sample_profiles/hiertrain/network-hiertrain.json";
} // namespace

void TrainingChartCommandTest::rendersEachKind_data() {
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("extension");
    for (const char* extension : {"png", "svg", "pdf"}) {
        QTest::addRow("timeline %s", extension) << QStringList{"--kind", "timeline"} << extension;
        QTest::addRow("timeline jalad %s", extension)
            << QStringList{"--kind", "timeline", "--planner", "jalad", "--batch", "32"}
            << extension;
        QTest::addRow("gantt %s", extension)
            << QStringList{"--kind",          "gantt",
                           "--stages",        "raspi3,nuc-i3-1core,gtx1080ti",
                           "--micro-batches", "6",
                           "--schedule",      "gpipe"}
            << extension;
        QTest::addRow("strategy %s", extension)
            << QStringList{"--kind", "strategy", "--vary", "backhaul", "--log-x"} << extension;
    }
}

void TrainingChartCommandTest::rendersEachKind() {
    QFETCH(QStringList, options);
    QFETCH(QString, extension);
    QTemporaryDir dir;
    const QString out = dir.filePath("chart." + extension);
    std::vector<std::string> arguments{sample(kAlexNet), "--network", sample(kNetwork)};
    for (const QString& option : options)
        arguments.push_back(option.toStdString());
    arguments.push_back("-o");
    arguments.push_back(out.toStdString());
    QCOMPARE(cutlab::cli::runTrainingChart(arguments), 0);
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.size() > 1000);
    if (extension == "png") {
        const QImage image(out);
        QVERIFY(!image.isNull());
        QCOMPARE(image.pixelColor(1, 1), QColor(Qt::white));
    } else if (extension == "svg") {
        QVERIFY(QSvgRenderer(out).isValid());
    } else {
        QVERIFY(file.read(5) == "%PDF-");
    }
}

void TrainingChartCommandTest::badInputWritesNothing_data() {
    QTest::addColumn<QStringList>("options");
    QTest::addRow("no kind") << QStringList{};
    QTest::addRow("unknown kind") << QStringList{"--kind", "pie"};
    QTest::addRow("unknown planner") << QStringList{"--kind", "timeline", "--planner", "magic"};
    QTest::addRow("pipeline option on timeline")
        << QStringList{"--kind", "timeline", "--stages", "raspi3"};
    QTest::addRow("unknown machine") << QStringList{"--kind", "gantt", "--stages", "raspi3,tpu"};
    QTest::addRow("bad vary") << QStringList{"--kind", "strategy", "--vary", "moon-cloud"};
    QTest::addRow("bad cut mode") << QStringList{"--kind", "gantt", "--cut-mode", "some"};
    QTest::addRow("no backward times") << QStringList{"--kind", "timeline", "--profile-override"};
}

void TrainingChartCommandTest::badInputWritesNothing() {
    QFETCH(QStringList, options);
    QTemporaryDir dir;
    const QString out = dir.filePath("chart.png");
    std::vector<std::string> arguments{sample(kAlexNet), "--network", sample(kNetwork)};
    for (const QString& option : options) {
        if (option == "--profile-override")
            arguments[0] = sample("sample_profiles/scission/vgg16.json");
        else
            arguments.push_back(option.toStdString());
    }
    arguments.push_back("-o");
    arguments.push_back(out.toStdString());
    QVERIFY_THROWS_EXCEPTION(cutlab::cli::CliError, cutlab::cli::runTrainingChart(arguments));
    QVERIFY(!QFileInfo::exists(out));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 0);
    // An unwritable output path is exit 2 too, and leaves nothing.
    const QString missing = dir.filePath("missing/chart.png");
    QVERIFY_THROWS_EXCEPTION(
        cutlab::cli::CliError,
        cutlab::cli::runTrainingChart({sample(kAlexNet), "--network", sample(kNetwork), "--kind",
                                       "timeline", "-o", missing.toStdString()}));
    QVERIFY(!QFileInfo::exists(missing));
}

void TrainingChartCommandTest::help() {
    QCOMPARE(cutlab::cli::runTrainingChart({"--help"}), 0);
}

CUTLAB_TEST_MAIN(TrainingChartCommandTest, Gui)
} // namespace tst_training_chart_command

#include "tst_training_chart_command.moc"
