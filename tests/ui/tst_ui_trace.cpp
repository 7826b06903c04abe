// Network ▸ Trace View: a replay over a shared cellular trace read back from the window (the
// summary, every frame's latency, the plan band) against `cutlab-cli replay --json` on the same
// settings; playing moves the cursor; a long replay can be cancelled; a bad trace is refused.
#include "../TestMain.h"
#include "UiTestSupport.h"
#include "WindowFixture.h"

#include "ui/charts/Format.h"
#include "ui/document/Document.h"
#include "ui/trace/CutBand.h"
#include "ui/trace/TraceChartBuilder.h"
#include "ui/trace/TraceWindow.h"
#include "ui/window/MainWindow.h"

#include "core/model/Network.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineSeries>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_ui_trace {

using namespace cutlab;
using namespace cutlab::ui;

namespace {

const char* const kTrace = "ATT-LTE-driving.up";

QJsonObject cliReplay(const QString& trace) {
    QProcess process;
    process.start(QStringLiteral(CUTLAB_CLI_PATH),
                  {"replay", uiSourcePath("sample_profiles/scission/vgg19.json"), "--network", "4g",
                   "--trace", "device-cloud=" + trace, "--frames", "300", "--interval", "100",
                   "--adapt", "window:2", "--deadline", "800", "--json"});
    if (!process.waitForFinished(60000) || process.exitCode() != 0)
        qFatal("cutlab-cli replay failed: %s", process.readAllStandardError().constData());
    return QJsonDocument::fromJson(process.readAllStandardOutput()).object();
}

QLineSeries* seriesNamed(QChart* chart, const QString& name) {
    for (QAbstractSeries* series : chart->series())
        if (series->objectName() == name)
            return static_cast<QLineSeries*>(series);
    return nullptr;
}

// The window set up as the command line above, and replayed.
TraceWindow* replayed(MainWindow* window) {
    TraceWindow* trace = window->traceWindow();
    trace->show();
    trace->directionBox()->setCurrentIndex(trace->directionBox()->findText("device → cloud"));
    trace->traceBox()->setCurrentIndex(trace->traceBox()->findText(kTrace));
    trace->framesBox()->setValue(300);
    trace->intervalBox()->setValue(100);
    trace->windowBox()->setValue(2);
    trace->deadlineBox()->setValue(800);
    QSignalSpy done(trace, &TraceWindow::finished);
    QTest::mouseClick(trace->runButton(), Qt::LeftButton);
    if (!done.wait(60000))
        qWarning("the replay did not finish");
    return trace;
}

} // namespace

class TestUiTrace : public QObject {
    Q_OBJECT
  private:
    WindowFixture m_fixture;

  private slots:
    void theReplayIsTheCommandLines() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        window->document()->setNetwork(*core::networkPreset("4g"));
        TraceWindow* trace = replayed(window);
        QVERIFY(trace->result());
        const QString path = trace->traceBox()->currentData().toString();
        QVERIFY(path.endsWith(kTrace));
        const QJsonObject cli = cliReplay(path);
        const QJsonObject summary = cli["summary"].toObject();
        const QString text = trace->summary()->text();
        for (const auto& [name, figures] :
             {std::pair(QStringLiteral("adaptive"), summary),
              std::pair(QStringLiteral("static"), summary["static"].toObject()),
              std::pair(QStringLiteral("hindsight"), summary["hindsight"].toObject())}) {
            const QString expected =
                QStringLiteral("<b>%1</b> p50 %2, p95 %3, %4 of 300 frames late")
                    .arg(name, Format::ms(figures["p50_ms"].toDouble()),
                         Format::ms(figures["p95_ms"].toDouble()))
                    .arg(figures["deadline_misses"].toInt());
            QVERIFY2(text.contains(expected), qPrintable(text + "\nlacks\n" + expected));
        }
        // every frame's latency as the command line replayed it
        QLineSeries* adaptive = seriesNamed(trace->latencyView()->chart(), "adaptive");
        QVERIFY(adaptive);
        const QJsonArray frames = cli["frames"].toArray();
        QCOMPARE(adaptive->count(), frames.size());
        for (int k = 0; k < frames.size(); ++k) {
            QCOMPARE(adaptive->at(k).x(), frames[k].toObject()["arrival_ms"].toDouble() / 1000);
            QCOMPARE(adaptive->at(k).y(), frames[k].toObject()["latency_ms"].toDouble());
        }
        // on this setting the adaptive run keeps the static plan, so its line hides the static
        // one: the legend says so
        QLineSeries* fixed = seriesNamed(trace->latencyView()->chart(), "static");
        QVERIFY(fixed);
        QCOMPARE(fixed->points(), adaptive->points());
        QCOMPARE(fixed->name(), QStringLiteral("static (same as adaptive)"));
        QCOMPARE(adaptive->name(), QStringLiteral("adaptive")); // hindsight differs here
        // when hindsight keeps the same plans too, all three lines are one: the legend says which
        TraceReplayResult same = *trace->result();
        same.runs.fixed = same.runs.adaptive;
        same.runs.hindsight = same.runs.adaptive;
        const std::unique_ptr<QChart> chart(TraceChartBuilder::latencyChart(same));
        QCOMPARE(seriesNamed(chart.get(), "static")->name(),
                 QStringLiteral("static (same as adaptive and hindsight)"));
        QCOMPARE(seriesNamed(chart.get(), "adaptive")->name(),
                 QStringLiteral("adaptive (same as hindsight)"));
        QCOMPARE(seriesNamed(chart.get(), "hindsight")->name(), QStringLiteral("hindsight"));
        // the band names every plan the adaptive run used
        QCOMPARE(trace->cutBand()->planNames().size(), summary["plans_used"].toInt());
        QVERIFY(trace->progress()->value() == trace->progress()->maximum());
    }

    // An upload direction gets a measured uplink by default, a download a downlink; a trace
    // the person picks stays.
    void aLinkDirectionGetsATraceOfItsDirection() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        window->document()->setNetwork(*core::networkPreset("4g"));
        TraceWindow* trace = window->traceWindow();
        trace->show();
        QCOMPARE(trace->directionBox()->currentText(), QStringLiteral("device → cloud"));
        QCOMPARE(trace->traceBox()->currentText(), QStringLiteral("ATT-LTE-driving.up"));
        trace->directionBox()->setCurrentIndex(trace->directionBox()->findText("cloud → device"));
        QCOMPARE(trace->traceBox()->currentText(), QStringLiteral("ATT-LTE-driving.down"));
        trace->traceBox()->setCurrentIndex(trace->traceBox()->findText("Verizon-LTE-short.up"));
        trace->directionBox()->setCurrentIndex(trace->directionBox()->findText("device → edge"));
        QCOMPARE(trace->traceBox()->currentText(), QStringLiteral("Verizon-LTE-short.up"));
    }

    void aStaticLineTheAdaptiveOneLeavesIsNamedPlainly() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        window->document()->setNetwork(*core::networkPreset("4g"));
        TraceWindow* trace = window->traceWindow();
        trace->show();
        trace->directionBox()->setCurrentIndex(trace->directionBox()->findText("device → cloud"));
        trace->traceBox()->setCurrentIndex(trace->traceBox()->findText("Verizon-LTE-short.up"));
        trace->framesBox()->setValue(300);
        trace->intervalBox()->setValue(1000);
        trace->windowBox()->setValue(2);
        QSignalSpy done(trace, &TraceWindow::finished);
        QTest::mouseClick(trace->runButton(), Qt::LeftButton);
        QVERIFY(done.wait(60000));
        QVERIFY(trace->cutBand()->planNames().size() > 1); // the adaptive run changed plans
        QLineSeries* fixed = seriesNamed(trace->latencyView()->chart(), "static");
        QLineSeries* adaptive = seriesNamed(trace->latencyView()->chart(), "adaptive");
        QVERIFY(fixed && adaptive);
        QCOMPARE(fixed->name(), QStringLiteral("static"));
        QVERIFY(fixed->points() != adaptive->points());
    }

    void playingMovesTheCursorAndPauses() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        TraceWindow* trace = replayed(window);
        QVERIFY(trace->playButton()->isEnabled());
        trace->speedBox()->setCurrentIndex(trace->speedBox()->findText("20×"));
        QTest::mouseClick(trace->playButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(trace->cursorSeconds() > 2, 5000); // 20 s of replay per second
        QCOMPARE(trace->playButton()->text(), QStringLiteral("Pause"));
        QLineSeries* cursor = seriesNamed(trace->bandwidthView()->chart(), "cursor");
        QVERIFY(cursor && cursor->count() == 2);
        QTest::mouseClick(trace->playButton(), Qt::LeftButton);
        const double paused = trace->cursorSeconds();
        QTest::qWait(200);
        QCOMPARE(trace->cursorSeconds(), paused);
        QCOMPARE(cursor->at(0).x(), paused);
    }

    void aLongReplayCanBeCancelled() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        TraceWindow* trace = replayed(window);
        const auto before = trace->result()->settings.frames;
        trace->framesBox()->setValue(5'000'000);
        trace->intervalBox()->setValue(10);
        QTest::mouseClick(trace->runButton(), Qt::LeftButton);
        QVERIFY(trace->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(trace->progress()->value() > 0, 20000); // progress shows
        QTest::mouseClick(trace->cancelButton(), Qt::LeftButton);
        QVERIFY(!trace->isRunning());
        QVERIFY2(trace->status()->text().startsWith("Cancelled"),
                 qPrintable(trace->status()->text()));
        QCOMPARE(trace->result()->settings.frames, before); // the previous replay stays
        QVERIFY(trace->runButton()->isEnabled());
    }

    void aLongReplayDrawsTheSlowestOfEachGroup() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        TraceWindow* trace = window->traceWindow();
        trace->traceBox()->setCurrentIndex(trace->traceBox()->findText(kTrace));
        trace->framesBox()->setValue(40000);
        trace->intervalBox()->setValue(25);
        QSignalSpy done(trace, &TraceWindow::finished);
        QTest::mouseClick(trace->runButton(), Qt::LeftButton);
        QVERIFY(done.wait(120000));
        QVERIFY(trace->result());
        QChart* latency = trace->latencyView()->chart();
        QVERIFY2(latency->title().contains("the slowest of every 2 frames"),
                 qPrintable(latency->title()));
        QLineSeries* adaptive = seriesNamed(latency, "adaptive");
        QCOMPARE(adaptive->count(), 20000);
        const auto& frames = trace->result()->runs.adaptive.frames;
        for (int group : {0, 777, 19999}) {
            double slowest = 0;
            for (int k = 2 * group; k < 2 * group + 2; ++k)
                slowest = std::max(slowest, frames[static_cast<std::size_t>(k)].latencyMs);
            QCOMPARE(adaptive->at(group).y(), slowest);
        }
        // 1,000 s of trace in 1 s bins: a step (two points) per bin
        QCOMPARE(seriesNamed(trace->bandwidthView()->chart(), "bandwidth")->count(), 2000);
    }

    void aBadTraceIsRefusedWithItsLine() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.up");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("5\n3\n");
        file.close();
        TraceWindow* trace = window->traceWindow();
        const int count = trace->traceBox()->count();
        QVERIFY(!trace->addTraceFile(path));
        QCOMPARE(trace->traceBox()->count(), count);
        QVERIFY2(trace->status()->text().contains("line 2"), qPrintable(trace->status()->text()));
    }
};

CUTLAB_TEST_MAIN(TestUiTrace, Gui)
} // namespace tst_ui_trace

#include "tst_ui_trace.moc"
