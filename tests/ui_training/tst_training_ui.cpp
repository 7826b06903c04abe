// The Training mode: panel, chart builders, stage strip dragging, strategy sweep, export.
#include "../TestPaths.h"

#include "core/training/StrategySweepComputer.h"
#include "core/training/TrainingTimelineMaker.h"
#include "ui/training/HierTrainTimelineBuilder.h"
#include "ui/training/PipelineGanttBuilder.h"
#include "ui/training/PipelineSettingsBox.h"
#include "ui/training/StageBoundaryItem.h"
#include "ui/training/StageStripView.h"
#include "ui/training/StrategyChartBuilder.h"
#include "ui/training/TimeChartCanvas.h"
#include "ui/training/TrainingPalette.h"
#include "ui/training/TrainingPanel.h"

#include "core/io/NetworkFile.h"
#include "core/io/ProfileLoader.h"
#include "core/model/NetworkEdit.h"
#include "core/pipeline/PipelinePlanner.h"
#include "core/pipeline/PipelineSchedule.h"
#include "core/planners/IterationPlanner.h"
#include "core/planners/PlannerRegistry.h"
#include "core/training/TrainingResult.h"

#include <QChart>
#include <QChartView>
#include <QFile>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QImage>
#include <QLineSeries>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace cutlab;

namespace {

core::Profile loadProfile(const QString& relative) {
    auto result = core::loadProfileFile(sourcePath(relative).toStdString());
    if (!result.ok())
        qFatal("cannot load %s", qPrintable(relative));
    return *result.profile;
}

core::Network hierTrainNetwork() {
    auto result = core::loadNetwork(
        sourcePath("sample_profiles/hiertrain/network-hiertrain.json").toStdString());
    if (!result.ok())
        qFatal("cannot load the HierTrain network");
    return *result.network;
}

const char* const kAlexNet = "sample_profiles/hiertrain/alexnet-tinyimagenet.json";
const char* const kLeNet = "sample_profiles/hiertrain/lenet5-cifar10.json";

std::vector<QGraphicsRectItem*> barsOf(QGraphicsScene* scene) {
    std::vector<QGraphicsRectItem*> bars;
    for (QGraphicsItem* item : scene->items())
        if (item->data(ui::TimeChartCanvas::KindKey).toString() ==
            QLatin1String(ui::TimeChartCanvas::kBarKind))
            bars.push_back(static_cast<QGraphicsRectItem*>(item));
    return bars;
}

// The panel plans off the GUI thread: wait for its answers.
bool settled(const ui::TrainingPanel& panel) {
    return QTest::qWaitFor([&panel] { return !panel.isPlanning(); }, 60000);
}

bool nearlyEqual(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max({1.0, std::abs(a), std::abs(b)});
}

} // namespace

class TrainingUiTest : public QObject {
    Q_OBJECT
  private slots:
    void panelShowsCoreHierTrainPlan();
    void inactivePanelPlansNothing();
    void staleAnswersAreDropped();
    void timelineWorkersFillEachPhase_data();
    void timelineWorkersFillEachPhase();
    void ganttDrawsOneBarPerTask();
    void draggingABoundaryResimulates();
    void strategyChartHasCoreValues();
    void errorsShowInsideThePanel();
    void exportsEveryView_data();
    void exportsEveryView();
};

void TrainingUiTest::panelShowsCoreHierTrainPlan() {
    const core::Profile profile = loadProfile(kAlexNet);
    const core::Network network = hierTrainNetwork();
    ui::TrainingPanel panel;
    panel.setDocument(profile, network);
    panel.setPlanner("hiertrain");
    QVERIFY(settled(panel));
    QVERIFY2(panel.errorText().isEmpty(), qPrintable(panel.errorText()));
    const core::TrainingCostModel model(profile, network, core::trainingMachines(profile));
    const auto expected = core::runIterationPlanner("hiertrain", model, 128);
    QVERIFY(panel.trainingResult().has_value());
    QVERIFY(panel.trainingResult()->hybrid.has_value());
    QCOMPARE(panel.trainingResult()->batch, 128);
    QCOMPARE(panel.trainingResult()->iterationMs(), expected.iterationMs());
    QCOMPARE(panel.trainingResult()->hybrid->samples, expected.hybrid->samples);
    // The timeline view draws the plan: its bars end exactly at the iteration time.
    const auto bars = barsOf(panel.timelineView()->scene());
    QVERIFY(!bars.empty());
    double last = 0;
    for (auto* bar : bars)
        last = std::max(last, bar->data(ui::TimeChartCanvas::EndKey).toDouble());
    QVERIFY(std::abs(last - expected.iterationMs()) < 1e-6 * expected.iterationMs());
    // A change of batch re-plans at once.
    panel.setBatch(64);
    QVERIFY(settled(panel));
    QCOMPARE(panel.trainingResult()->iterationMs(),
             core::runIterationPlanner("hiertrain", model, 64).iterationMs());
}

void TrainingUiTest::inactivePanelPlansNothing() {
    ui::TrainingPanel panel;
    panel.setActive(false);
    panel.setDocument(loadProfile(kAlexNet), hierTrainNetwork());
    panel.setNetwork(*core::networkPreset("4g"));
    QCOMPARE(panel.computationsStarted(), 0);
    QVERIFY(!panel.isPlanning());
    QVERIFY(!panel.isStrategyRunning());
    QVERIFY(!panel.trainingResult().has_value());
    // Activated: it plans the document it was given last.
    panel.setActive(true);
    QVERIFY(panel.computationsStarted() > 0);
    QVERIFY(settled(panel));
    const core::Profile profile = loadProfile(kAlexNet);
    const core::TrainingCostModel model(profile, *core::networkPreset("4g"),
                                        core::trainingMachines(profile));
    QVERIFY(panel.trainingResult().has_value());
    QCOMPARE(panel.trainingResult()->iterationMs(),
             core::runIterationPlanner("hiertrain", model, 128).iterationMs());
}

// Quick changes: only the last one's answer is ever shown.
void TrainingUiTest::staleAnswersAreDropped() {
    const core::Profile profile = loadProfile(kAlexNet);
    ui::TrainingPanel panel;
    std::vector<int> shownBatches;
    connect(&panel, &ui::TrainingPanel::planChanged, &panel, [&panel, &shownBatches] {
        if (panel.trainingResult())
            shownBatches.push_back(panel.trainingResult()->batch);
    });
    panel.setDocument(profile, hierTrainNetwork());
    for (int samples : {1, 2, 3, 5, 8, 13, 21, 37})
        panel.setBatch(samples);
    QVERIFY(settled(panel));
    QVERIFY(!shownBatches.empty());
    for (int shown : shownBatches)
        QCOMPARE(shown, 37);
    QCOMPARE(panel.trainingResult()->batch, 37);
}

void TrainingUiTest::timelineWorkersFillEachPhase_data() {
    QTest::addColumn<QString>("profile");
    QTest::addColumn<QString>("planner");
    QTest::addColumn<int>("batch");
    for (const char* path : {kAlexNet, kLeNet})
        for (const auto& planner : core::iterationPlanners())
            for (int batch : {1, 37, 128})
                QTest::addRow("%s %s %d", QFileInfo(path).baseName().toLatin1().constData(),
                              planner.id.c_str(), batch)
                    << QString(path) << QString::fromStdString(planner.id) << batch;
}

// Every phase of the timeline ends when its slowest worker ends (the phase is the max of the
// workers' terms), and the whole timeline lasts exactly the planner's iteration time.
void TrainingUiTest::timelineWorkersFillEachPhase() {
    QFETCH(QString, profile);
    QFETCH(QString, planner);
    QFETCH(int, batch);
    const core::Profile p = loadProfile(profile);
    const core::Network network = hierTrainNetwork();
    const core::TrainingCostModel model(p, network, core::trainingMachines(p));
    const auto result = core::runIterationPlanner(planner.toStdString(), model, batch);
    const core::TrainingTimeline timeline = core::TrainingTimelineMaker::fromResult(model, result);
    QVERIFY(nearlyEqual(timeline.totalMs, result.iterationMs()));
    for (const auto& phase : timeline.phases) {
        double busiest = phase.startMs;
        for (const auto& bar : timeline.bars) {
            QVERIFY(bar.endMs > bar.startMs);
            if (bar.startMs >= phase.startMs - 1e-9 && bar.startMs < phase.endMs) {
                QVERIFY2(bar.endMs <= phase.endMs + 1e-6 * std::max(1.0, phase.endMs),
                         bar.detail.c_str());
                busiest = std::max(busiest, bar.endMs);
            }
        }
        QVERIFY2(std::abs(busiest - phase.endMs) <= 1e-6 * std::max(1.0, phase.endMs),
                 phase.name.c_str());
    }
    if (result.hybrid)
        QCOMPARE(timeline.phases.size(), std::size_t(7));
}

void TrainingUiTest::ganttDrawsOneBarPerTask() {
    const core::Profile profile = loadProfile(kAlexNet);
    const core::Network network = hierTrainNetwork();
    core::PipelineRequest request;
    request.chain = {0, 1, 2};
    const core::PipelinePlan plan = core::planPipeline(profile, network, request);
    const core::PipelineSchedule schedule = core::simulateSchedule(
        core::stageTimings(plan), 6, core::ScheduleKind::OneForwardOneBackward);
    QGraphicsScene scene;
    ui::PipelineGanttBuilder::build(&scene, profile, plan, schedule, 1000, "gantt");
    const auto bars = barsOf(&scene);
    QCOMPARE(bars.size(), schedule.tasks.size());
    std::vector<int> seen(schedule.tasks.size(), 0);
    // Time 0 and the mini-batch end give the x scale; every bar sits at its task's start and end.
    double x0 = 1e9, x1 = -1e9;
    for (auto* bar : bars) {
        x0 = std::min(x0, bar->rect().left());
        x1 = std::max(x1, bar->rect().right());
    }
    const double scale = (x1 - x0) / schedule.minibatchMs;
    for (auto* bar : bars) {
        const int index = bar->data(ui::TimeChartCanvas::IndexKey).toInt();
        QVERIFY(index >= 0 && index < static_cast<int>(schedule.tasks.size()));
        ++seen[static_cast<std::size_t>(index)];
        const auto& task = schedule.tasks[static_cast<std::size_t>(index)];
        QCOMPARE(bar->data(ui::TimeChartCanvas::StartKey).toDouble(), task.startMs);
        QCOMPARE(bar->data(ui::TimeChartCanvas::EndKey).toDouble(), task.endMs);
        QVERIFY(std::abs(bar->rect().left() - (x0 + task.startMs * scale)) < 0.01);
        QVERIFY(std::abs(bar->rect().right() - (x0 + task.endMs * scale)) <
                0.7); // bars are at least 0.6 px wide
        const QColor pass = task.pass == core::Pass::Forward ? ui::TrainingPalette::forward()
                                                             : ui::TrainingPalette::backward();
        QCOMPARE(bar->brush().color(), pass);
        QCOMPARE(bar->brush().style(),
                 task.resource == core::Resource::Link ? Qt::BDiagPattern : Qt::SolidPattern);
    }
    QVERIFY(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }));
}

void TrainingUiTest::draggingABoundaryResimulates() {
    const core::Profile profile = loadProfile(kAlexNet);
    const core::Network network = hierTrainNetwork();
    ui::TrainingPanel panel;
    panel.resize(1280, 800);
    panel.setDocument(profile, network);
    panel.setPlanner("pipeline");
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QVERIFY(settled(panel));
    ui::StageStripView* strip = panel.stageStrip();
    QVERIFY(panel.pipeline().has_value());
    QVERIFY(strip->isEditable());
    QVERIFY(!strip->boundaries().empty());
    const std::vector<int> before = strip->boundaries();
    // The first boundary may go anywhere strictly between 0 and the next boundary (a chain: every
    // cut is valid).
    const int high = before.size() > 1 ? before[1] : static_cast<int>(profile.layers.size());
    const int target = before[0] > 1 ? 1 : std::min(before[0] + 2, high - 1);
    QVERIFY(target != before[0]);
    ui::StageBoundaryItem* handle = strip->handle(0);
    QVERIFY(handle);
    const QPoint from = strip->mapFromScene(handle->mapToScene(handle->rect().center()));
    const QPoint to = strip->mapFromScene(
        QPointF(strip->xOfPosition(target) + 3, handle->mapToScene(handle->rect().center()).y()));
    QTest::mousePress(strip->viewport(), Qt::LeftButton, {}, from);
    for (int i = 1; i <= 8; ++i)
        QTest::mouseMove(strip->viewport(), from + (to - from) * i / 8);
    QTest::mouseRelease(strip->viewport(), Qt::LeftButton, {}, to);
    QCOMPARE(strip->boundaries()[0], target);
    // The panel re-simulated the dragged partition exactly as core does.
    const std::vector<int> stageOfLayer = strip->stageOfLayer();
    QVERIFY(panel.pipeline().has_value());
    QCOMPARE(panel.pipeline()->stageOfLayer, stageOfLayer);
    core::PipelineRequest request;
    request.chain = panel.pipelineSettings()->chain(profile, nullptr);
    const core::PipelinePlan plan = core::evaluatePipeline(profile, network, request, stageOfLayer);
    const int m = 4 * static_cast<int>(plan.stages.size());
    const auto schedule = core::simulateSchedule(core::stageTimings(plan), m,
                                                 core::ScheduleKind::OneForwardOneBackward);
    QCOMPARE(panel.pipeline()->schedule.minibatchMs, schedule.minibatchMs);
    QCOMPARE(panel.pipeline()->plan.stages.front().layers.size(), std::size_t(target));
    // The Gantt view shows the new schedule.
    QCOMPARE(barsOf(panel.ganttView()->scene()).size(), schedule.tasks.size());
}

void TrainingUiTest::strategyChartHasCoreValues() {
    const core::Profile profile = loadProfile(kAlexNet);
    const core::Network network = hierTrainNetwork();
    ui::TrainingPanel panel;
    panel.setDocument(profile, network);
    QTRY_VERIFY_WITH_TIMEOUT(panel.strategySweep() != nullptr && !panel.isStrategyRunning(), 60000);
    QChart* chart = panel.strategyView()->chart();
    QVERIFY(chart);
    const auto names = core::iterationPlanners();
    QCOMPARE(chart->series().size(), static_cast<int>(names.size()));
    const double msPerUnit = chart->property("msPerUnit").toDouble();
    QVERIFY(msPerUnit == 1.0 || msPerUnit == 1000.0);
    const auto mbps = core::StrategySweepComputer::defaultBandwidths();
    QCOMPARE(mbps.front(), 1.0);
    QCOMPARE(mbps.back(), 10.0);
    for (std::size_t p = 0; p < names.size(); ++p) {
        auto* series = qobject_cast<QLineSeries*>(chart->series()[static_cast<int>(p)]);
        QVERIFY(series);
        QCOMPARE(series->name(), QString::fromStdString(names[p].id));
        QCOMPARE(series->count(), static_cast<int>(mbps.size()));
        for (std::size_t i = 0; i < mbps.size(); ++i) {
            core::Network varied = network;
            core::setLinkBetween(varied, profile, {core::Tier::Edge, core::Tier::Cloud}, mbps[i]);
            core::setLinkBetween(varied, profile, {core::Tier::Device, core::Tier::Cloud}, mbps[i]);
            const core::TrainingCostModel model(profile, varied, core::trainingMachines(profile));
            const double expected =
                core::runIterationPlanner(names[p].id, model, 128).iterationMs();
            const QPointF point = series->at(static_cast<int>(i));
            QCOMPARE(point.x(), mbps[i]);
            QVERIFY2(std::abs(point.y() * msPerUnit - expected) <= 1e-9 * expected,
                     qPrintable(QStringLiteral("%1 at %2 Mbps: %3 vs %4")
                                    .arg(series->name())
                                    .arg(mbps[i])
                                    .arg(point.y() * msPerUnit)
                                    .arg(expected)));
        }
    }
    // HierTrain's one-tier special cases can never beat it.
    const auto* sweep = panel.strategySweep();
    for (std::size_t i = 0; i < mbps.size(); ++i)
        for (std::size_t p = 1; p <= 3; ++p)
            QVERIFY(sweep->ms[0][i] <= sweep->ms[p][i] + 1e-9);
}

void TrainingUiTest::errorsShowInsideThePanel() {
    // An inference-only profile: no backward times.
    const core::Profile inference = loadProfile("sample_profiles/scission/vgg16.json");
    QVERIFY(!inference.hasBackward);
    ui::TrainingPanel panel;
    panel.setDocument(inference, *core::networkPreset("3g"));
    QVERIFY(settled(panel));
    QVERIFY(!panel.trainingResult().has_value());
    QVERIFY2(panel.errorText().contains("backward"), qPrintable(panel.errorText()));
    panel.setPlanner("pipeline");
    QVERIFY(!panel.pipeline().has_value());
    QVERIFY(!panel.errorText().isEmpty());
    QString error;
    QVERIFY(!panel.exportView(ui::TrainingPanel::View::Timeline,
                              QDir::temp().filePath("cutlab-never.png"), &error));
    QVERIFY(!error.isEmpty());
    // A network without the device–edge link that the plan needs.
    const core::Profile alexnet = loadProfile(kAlexNet);
    core::Network broken;
    broken.name = "only edge-cloud";
    broken.links.push_back({"edge", "cloud", 10, 0});
    panel.setDocument(alexnet, broken);
    panel.setPlanner("hiertrain");
    QVERIFY(settled(panel));
    QVERIFY(!panel.trainingResult().has_value());
    QVERIFY2(panel.errorText().contains("device") || panel.errorText().contains("raspi3"),
             qPrintable(panel.errorText()));
    // Fixing the network brings the plan back.
    panel.setNetwork(hierTrainNetwork());
    QVERIFY(settled(panel));
    QVERIFY(panel.trainingResult().has_value());
    QVERIFY(panel.errorText().isEmpty());
}

void TrainingUiTest::exportsEveryView_data() {
    QTest::addColumn<int>("view");
    QTest::addRow("timeline") << static_cast<int>(ui::TrainingPanel::View::Timeline);
    QTest::addRow("pipeline") << static_cast<int>(ui::TrainingPanel::View::Pipeline);
    QTest::addRow("strategy") << static_cast<int>(ui::TrainingPanel::View::Strategy);
}

void TrainingUiTest::exportsEveryView() {
    QFETCH(int, view);
    const auto which = static_cast<ui::TrainingPanel::View>(view);
    ui::TrainingPanel panel;
    panel.setDocument(loadProfile(kAlexNet), hierTrainNetwork());
    QTRY_VERIFY_WITH_TIMEOUT(panel.strategySweep() != nullptr && !panel.isStrategyRunning(), 60000);
    QVERIFY(settled(panel));
    QTemporaryDir dir;
    QString error;
    const QString png = dir.filePath("view.png"), svg = dir.filePath("view.svg"),
                  pdf = dir.filePath("view.pdf");
    QVERIFY2(panel.exportView(which, png, &error), qPrintable(error));
    QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 1000);
    int coloured = 0;
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3) {
            const QColor c = image.pixelColor(x, y);
            if (c.saturation() > 80)
                ++coloured;
        }
    QVERIFY2(coloured > 200, qPrintable(QString::number(coloured)));
    QCOMPARE(image.pixelColor(1, 1), QColor(Qt::white));
    QVERIFY2(panel.exportView(which, svg, &error), qPrintable(error));
    QSvgRenderer renderer(svg);
    QVERIFY(renderer.isValid());
    QVERIFY(renderer.defaultSize().width() > 300);
    QVERIFY2(panel.exportView(which, pdf, &error), qPrintable(error));
    QFile file(pdf);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.size() > 1000);
    QVERIFY(file.read(5) == "%PDF-");
    // A bad path: nothing written, an error for the user.
    const QString missing = dir.filePath("no-such-dir/view.png");
    error.clear();
    QVERIFY(!panel.exportView(which, missing, &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!QFileInfo::exists(missing));
    QVERIFY(QDir(dir.path()).entryList(QDir::Files).size() == 3); // no temporary left behind
    QVERIFY(!panel.exportView(which, dir.filePath("view.txt"), &error));
    QVERIFY(!QFileInfo::exists(dir.filePath("view.txt")));
}

QTEST_MAIN(TrainingUiTest)
#include "tst_training_ui.moc"
