// The Training mode: panel, chart builders, stage strip dragging, strategy sweep, export, the
// document's undo and redo, dark canvases.
#include "../StageStripDrag.h"
#include "../TestMain.h"
#include "../TestPaths.h"

#include "core/training/StrategySweepComputer.h"
#include "core/training/TrainingTimelineMaker.h"
#include "ui/charts/Format.h"
#include "ui/charts/Theme.h"
#include "ui/training/HierTrainTimelineBuilder.h"
#include "ui/training/PipelineGanttBuilder.h"
#include "ui/training/PipelinePlanningStatus.h"
#include "ui/training/PipelineSettingsBox.h"
#include "ui/training/StageBoundaryItem.h"
#include "ui/training/StageCellsItem.h"
#include "ui/training/StageStripView.h"
#include "ui/training/StrategyChartBuilder.h"
#include "ui/training/TimeChartCanvas.h"
#include "ui/training/TrainingDocument.h"
#include "ui/training/TrainingPalette.h"
#include "ui/training/TrainingPanel.h"

#include "core/io/NetworkFile.h"
#include "core/io/ProfileLoader.h"
#include "core/model/NetworkEdit.h"
#include "core/pipeline/PipelinePlanner.h"
#include "core/pipeline/PipelineSchedule.h"
#include "core/planners/IterationPlanner.h"
#include "core/planners/PlannerRegistry.h"
#include "core/predictor/ModelTimes.h"
#include "core/predictor/PredictorJson.h"
#include "core/predictor/PredictorTrainer.h"
#include "core/training/TrainingResult.h"

#include <QAbstractSeries>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFile>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QImage>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QSpinBox>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_training_ui {

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

double iterationMs(const core::Profile& profile, const core::Network& network,
                   const std::string& planner, int batch) {
    const core::TrainingCostModel model(profile, network, core::trainingMachines(profile));
    return core::runIterationPlanner(planner, model, batch).iterationMs();
}

// The schedule core simulates for a partition given by its stage boundaries (default settings
// but the chain).
double pipelineMs(const core::Profile& profile, const core::Network& network,
                  const std::vector<int>& chain, const std::vector<int>& stageOfLayer) {
    core::PipelineRequest request;
    request.chain = chain;
    const core::PipelinePlan plan = core::evaluatePipeline(profile, network, request, stageOfLayer);
    return core::simulateSchedule(core::stageTimings(plan),
                                  4 * static_cast<int>(plan.stages.size()),
                                  core::ScheduleKind::OneForwardOneBackward)
        .minibatchMs;
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
    void coincidingStrategiesSaySo();
    void errorsShowInsideThePanel();
    void exportsEveryView_data();
    void exportsEveryView();
    void undoRedoPlannerChange();
    void undoRedoBatchChange();
    void undoRedoPipelineSetting();
    void undoRedoStageDrag();
    void summaryTellsAPartitionByHand();
    void newDocumentClearsUndoStack();
    void pipelineRunsNoIterationPlanner();
    void darkCanvasExportStaysLight();
    void anyModeOnInceptionShowsProgressAndStops();
    void compressionAndTimeSourcesChangeThePlan();
    void flushScheduleIsChosenAndNamed();
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
    // The strip shows it too: the middle of every cell on screen has its new stage's colour.
    const ui::StageCellsItem* cells = strip->cells();
    QVERIFY(cells);
    const QImage shown = strip->viewport()->grab().toImage();
    const double cellTop = cells->boundingRect().top() + 1;
    int checked = 0;
    for (std::size_t i = 0; i < stageOfLayer.size(); ++i) {
        const QPoint middle =
            strip->mapFromScene(QPointF((strip->xOfPosition(static_cast<int>(i)) +
                                         strip->xOfPosition(static_cast<int>(i) + 1)) /
                                            2,
                                        cellTop + 13));
        if (!shown.rect().contains(middle))
            continue;
        QCOMPARE(shown.pixelColor(middle), ui::StageCellsItem::stageColor(stageOfLayer[i]));
        ++checked;
    }
    QVERIFY(checked >= target + 1);
    // Hovering a cell names its layer.
    const QPoint overFirst = strip->mapFromScene(
        QPointF((strip->xOfPosition(0) + strip->xOfPosition(1)) / 2, cellTop + 13));
    QTest::mouseMove(strip->viewport(), overFirst + QPoint(1, 0));
    QTest::mouseMove(strip->viewport(), overFirst);
    QTRY_COMPARE(cells->toolTip(), QStringLiteral("#0 %1 (%2)")
                                       .arg(QString::fromStdString(profile.layers[0].id),
                                            QString::fromStdString(profile.layers[0].type)));
}

// A planner whose line lies entirely under another's says so in the legend; lines that differ
// anywhere (or lack an answer at different points) keep their own names.
void TrainingUiTest::coincidingStrategiesSaySo() {
    core::StrategySweep sweep;
    sweep.model = "m";
    sweep.links = "edge-cloud";
    sweep.batch = 8;
    sweep.mbps = {1, 2, 3};
    const double nan = std::numeric_limits<double>::quiet_NaN();
    sweep.planners = {"jointdnn", "all-edge", "jointdnn+", "jalad"};
    sweep.ms = {{30, 20, nan}, {25, 25, 25}, {30, 20, nan}, {30, 20, 10}};
    std::unique_ptr<QChart> chart(
        ui::StrategyChartBuilder::build(sweep, false, QStringLiteral("t")));
    QStringList names;
    for (QAbstractSeries* series : chart->series())
        names << series->name();
    QCOMPARE(names, QStringList({"jointdnn (= jointdnn+)", "all-edge", "jointdnn+", "jalad"}));
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
    // every iteration planner, then the pipeline over its default settings: one micro-batch of
    // the model's 128 samples
    QCOMPARE(chart->series().size(), static_cast<int>(names.size()) + 1);
    QCOMPARE(chart->series().back()->name(), QStringLiteral("pipeline (1 × 128)"));
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

// The planner combo holds ids; a choice in it is one command; undo and redo re-plan.
void TrainingUiTest::undoRedoPlannerChange() {
    const core::Profile profile = loadProfile(kAlexNet);
    const core::Network network = hierTrainNetwork();
    ui::TrainingPanel panel;
    panel.setDocument(profile, network);
    QVERIFY(settled(panel));
    QUndoStack* stack = panel.undoStack();
    QCOMPARE(stack, panel.document()->undoStack());
    QCOMPARE(stack->count(), 0);
    QComboBox* box = panel.plannerBox();
    // Every training planner of the registry, shown by its label, chosen by its id.
    int row = 0;
    for (const auto& info : core::allPlanners()) {
        if (info.kind == core::PlannerKind::Inference)
            continue;
        QCOMPARE(box->itemData(row).toString(), QString::fromStdString(info.id));
        QCOMPARE(box->itemText(row), QString::fromStdString(info.label));
        ++row;
    }
    QCOMPARE(box->count(), row);
    QVERIFY(box->findData(QStringLiteral("pipeline")) >= 0);
    // Chosen in the combo box, as a user would.
    box->setCurrentIndex(box->findData(QStringLiteral("all-device")));
    QCOMPARE(panel.planner(), QStringLiteral("all-device"));
    QCOMPARE(stack->count(), 1);
    QVERIFY(settled(panel));
    QVERIFY(panel.trainingResult().has_value());
    QCOMPARE(panel.trainingResult()->planner, std::string("all-device"));
    QCOMPARE(panel.trainingResult()->iterationMs(),
             iterationMs(profile, network, "all-device", 128));

    stack->undo();
    QCOMPARE(panel.planner(), QStringLiteral("hiertrain"));
    QCOMPARE(box->currentData().toString(), QStringLiteral("hiertrain"));
    QCOMPARE(stack->count(), 1); // the combo followed the document without pushing a command
    QCOMPARE(stack->index(), 0);
    QVERIFY(settled(panel));
    QCOMPARE(panel.trainingResult()->planner, std::string("hiertrain"));
    QCOMPARE(panel.trainingResult()->iterationMs(),
             iterationMs(profile, network, "hiertrain", 128));

    stack->redo();
    QCOMPARE(box->currentData().toString(), QStringLiteral("all-device"));
    QVERIFY(settled(panel));
    QCOMPARE(panel.trainingResult()->iterationMs(),
             iterationMs(profile, network, "all-device", 128));
    QCOMPARE(stack->count(), 1);
    // setPlanner is the same user change; an unknown id changes nothing.
    panel.setPlanner("jalad");
    QCOMPARE(stack->count(), 2);
    panel.setPlanner("no-such-planner");
    QCOMPARE(panel.planner(), QStringLiteral("jalad"));
    QCOMPARE(stack->count(), 2);
}

// Typing a batch is one command (the keystrokes merge); undo and redo re-plan the iteration.
void TrainingUiTest::undoRedoBatchChange() {
    const core::Profile profile = loadProfile(kAlexNet);
    const core::Network network = hierTrainNetwork();
    ui::TrainingPanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setDocument(profile, network);
    QVERIFY(settled(panel));
    QSpinBox* box = panel.batchBox();
    QCOMPARE(box->value(), 128);
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, "32");
    QCOMPARE(box->value(), 32);
    QCOMPARE(panel.batch(), 32);
    QCOMPARE(panel.undoStack()->count(), 1); // "3", then "32": one command
    QVERIFY(settled(panel));
    QCOMPARE(panel.trainingResult()->batch, 32);
    QCOMPARE(panel.trainingResult()->iterationMs(), iterationMs(profile, network, "hiertrain", 32));
    // The arrow key is another change of the same spin box: it merges too.
    QTest::keyClick(box, Qt::Key_Up);
    QCOMPARE(panel.batch(), 33);
    QCOMPARE(panel.undoStack()->count(), 1);

    panel.undoStack()->undo();
    QCOMPARE(panel.batch(), 128);
    QCOMPARE(box->value(), 128);
    QCOMPARE(panel.undoStack()->index(), 0);
    QVERIFY(settled(panel));
    QCOMPARE(panel.trainingResult()->batch, 128);
    QCOMPARE(panel.trainingResult()->iterationMs(),
             iterationMs(profile, network, "hiertrain", 128));
    panel.undoStack()->redo();
    QCOMPARE(box->value(), 33);
    QVERIFY(settled(panel));
    QCOMPARE(panel.trainingResult()->batch, 33);
    // A change of another setting is a command of its own.
    panel.setPlanner("all-edge");
    panel.setBatch(64);
    QCOMPARE(panel.undoStack()->count(), 3);
    panel.undoStack()->undo();
    QCOMPARE(panel.batch(), 33);
    QCOMPARE(panel.planner(), QStringLiteral("all-edge"));
}

// A pipeline setting edited in its box is one command; undo and redo plan the pipeline again.
void TrainingUiTest::undoRedoPipelineSetting() {
    const core::Profile profile = loadProfile(kAlexNet);
    ui::TrainingPanel panel;
    panel.setDocument(profile, hierTrainNetwork());
    panel.setPlanner("pipeline");
    QVERIFY(settled(panel));
    QVERIFY(panel.pipeline().has_value());
    const int stages = static_cast<int>(panel.pipeline()->plan.stages.size());
    QCOMPARE(panel.pipeline()->schedule.microBatches, 4 * stages);
    QCOMPARE(panel.pipeline()->schedule.kind, core::ScheduleKind::OneForwardOneBackward);
    const int before = panel.undoStack()->count();

    ui::PipelineSettingsBox* box = panel.pipelineSettings();
    box->setMicroBatches(7);
    QCOMPARE(panel.document()->pipelineSettings().microBatches, 7);
    QCOMPARE(panel.undoStack()->count(), before + 1);
    QVERIFY(settled(panel));
    QCOMPARE(panel.pipeline()->schedule.microBatches, 7);
    box->setScheduleKind(core::ScheduleKind::GPipe);
    QCOMPARE(panel.undoStack()->count(), before + 2);
    QVERIFY(settled(panel));
    QCOMPARE(panel.pipeline()->schedule.kind, core::ScheduleKind::GPipe);
    const double gpipeMs = panel.pipeline()->schedule.minibatchMs;

    panel.undoStack()->undo();
    QCOMPARE(box->scheduleKind(), core::ScheduleKind::OneForwardOneBackward);
    QCOMPARE(box->microBatches(), 7);
    QVERIFY(settled(panel));
    QCOMPARE(panel.pipeline()->schedule.kind, core::ScheduleKind::OneForwardOneBackward);
    QCOMPARE(panel.pipeline()->schedule.microBatches, 7);
    panel.undoStack()->undo();
    QCOMPARE(box->microBatches(), 0);
    QVERIFY(settled(panel));
    QCOMPARE(panel.pipeline()->schedule.microBatches, 4 * stages);
    QCOMPARE(panel.undoStack()->count(), before + 2); // the box followed without new commands
    panel.undoStack()->redo();
    panel.undoStack()->redo();
    QCOMPARE(box->microBatches(), 7);
    QCOMPARE(box->scheduleKind(), core::ScheduleKind::GPipe);
    QVERIFY(settled(panel));
    QCOMPARE(panel.pipeline()->schedule.minibatchMs, gpipeMs);
    // The chain typed by the user: one command, undone back to the profile's machines.
    const QStringList chain = box->chainIds();
    box->setChainIds(QStringList{chain.front(), chain.back()});
    QCOMPARE(panel.document()->pipelineSettings().chain.size(), qsizetype(2));
    QVERIFY(settled(panel));
    QVERIFY(panel.pipeline()->plan.stages.size() <= 2);
    panel.undoStack()->undo();
    QCOMPARE(box->chainIds(), chain);
    QVERIFY(settled(panel));
    QCOMPARE(static_cast<int>(panel.pipeline()->plan.stages.size()), stages);
}

// One drag of the stage strip is one command, pushed on release; undo puts the boundaries and
// the simulated schedule back, redo applies the drag again.
void TrainingUiTest::undoRedoStageDrag() {
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
    QVERIFY(strip->isEditable());
    const std::vector<int> before = strip->boundaries();
    QVERIFY(!before.empty());
    const std::vector<int> stagesBefore = panel.pipeline()->stageOfLayer;
    const double msBefore = panel.pipeline()->schedule.minibatchMs;
    const std::vector<int> chain = panel.pipelineSettings()->chain(profile, nullptr);
    QCOMPARE(msBefore, pipelineMs(profile, network, chain, stagesBefore));
    const int high = before.size() > 1 ? before[1] : static_cast<int>(profile.layers.size());
    const int target = before[0] > 1 ? 1 : std::min(before[0] + 2, high - 1);
    QVERIFY(target != before[0]);
    const int commands = panel.undoStack()->count();
    int resimulations = 0;
    connect(&panel, &ui::TrainingPanel::planChanged, &panel, [&resimulations] { ++resimulations; });

    dragFirstBoundary(strip, target);
    QCOMPARE(strip->boundaries()[0], target);
    QVERIFY(resimulations >= 1);                        // live while dragging
    QCOMPARE(panel.undoStack()->count(), commands + 1); // one command for the whole drag
    std::vector<int> after = before;
    after[0] = target;
    QCOMPARE(panel.document()->stageBoundaries(), after);
    const std::vector<int> stagesAfter = strip->stageOfLayer();
    const double msAfter = pipelineMs(profile, network, chain, stagesAfter);
    QCOMPARE(panel.pipeline()->stageOfLayer, stagesAfter);
    QCOMPARE(panel.pipeline()->schedule.minibatchMs, msAfter);

    panel.undoStack()->undo();
    QVERIFY(settled(panel));
    QCOMPARE(strip->boundaries(), before);
    QCOMPARE(strip->stageOfLayer(), stagesBefore);
    QCOMPARE(panel.pipeline()->stageOfLayer, stagesBefore);
    QCOMPARE(panel.pipeline()->schedule.minibatchMs, msBefore);
    QCOMPARE(barsOf(panel.ganttView()->scene()).size(), panel.pipeline()->schedule.tasks.size());
    // The handle is where the boundary is, ready for the next drag.
    QCOMPARE(strip->handle(0)->pos().x(), strip->xOfPosition(before[0]));

    panel.undoStack()->redo();
    QVERIFY(settled(panel));
    QCOMPARE(strip->boundaries(), after);
    QCOMPARE(panel.pipeline()->stageOfLayer, stagesAfter);
    QCOMPARE(panel.pipeline()->schedule.minibatchMs, msAfter);
    QCOMPARE(panel.undoStack()->count(), commands + 1);

    // A click on a handle that moves nothing pushes nothing.
    const QPoint at =
        strip->mapFromScene(strip->handle(0)->mapToScene(strip->handle(0)->rect().center()));
    QTest::mouseClick(strip->viewport(), Qt::LeftButton, {}, at);
    QCOMPARE(panel.undoStack()->count(), commands + 1);
    // A pipeline setting changed after the drag lets the planner choose again; its undo brings
    // the dragged partition back.
    panel.pipelineSettings()->setMicroBatches(6);
    QVERIFY(settled(panel));
    QVERIFY(panel.document()->stageBoundaries().empty());
    QCOMPARE(panel.pipeline()->stageOfLayer, stagesBefore);
    panel.undoStack()->undo();
    QVERIFY(settled(panel));
    QCOMPARE(strip->boundaries(), after);
    QCOMPARE(panel.pipeline()->schedule.minibatchMs, msAfter);
}

QLabel* summaryOf(const ui::TrainingPanel& panel) {
    for (QLabel* label : panel.findChildren<QLabel*>())
        if (label->toolTip() == QStringLiteral("The answer of the selected planner."))
            return label;
    return nullptr;
}

// After a drag the summary speaks of the user's partition and compares it with the planner's
// optimum (never "Optimal."); Run Planner brings the optimum back, and the summary with it.
void TrainingUiTest::summaryTellsAPartitionByHand() {
    const core::Profile profile = loadProfile(kAlexNet);
    ui::TrainingPanel panel;
    panel.resize(1280, 800);
    panel.setDocument(profile, hierTrainNetwork());
    panel.setPlanner("pipeline");
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QVERIFY(settled(panel));
    QLabel* summary = summaryOf(panel);
    QVERIFY(summary);
    QVERIFY2(summary->text().startsWith(QStringLiteral("Pipeline: ")) &&
                 summary->text().endsWith(QStringLiteral(" Optimal.")),
             qPrintable(summary->text()));
    const double optimumMs = panel.pipeline()->plan.bottleneckMs;
    const std::vector<int> planned = panel.stageStrip()->boundaries();

    dragFirstBoundary(panel.stageStrip(), 1); // one layer in the first stage
    QVERIFY(settled(panel));
    QVERIFY(panel.stageStrip()->boundaries() != planned);
    const double mineMs = panel.pipeline()->plan.bottleneckMs;
    QVERIFY(mineMs > optimumMs);
    const QString text = summary->text();
    QVERIFY2(text.startsWith(QStringLiteral("Your partition: ")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("Optimal")), qPrintable(text));
    QVERIFY2(
        text.contains(QStringLiteral("bottleneck %1 per micro-batch").arg(ui::Format::ms(mineMs))),
        qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("The planner's optimum is %1 per micro-batch (yours is "
                                          "%2× slower); Run Planner (Ctrl+R) restores it.")
                               .arg(ui::Format::ms(optimumMs))
                               .arg(mineMs / optimumMs, 0, 'f', 2)),
             qPrintable(text));

    panel.runPlanner();
    QVERIFY(settled(panel));
    QCOMPARE(panel.stageStrip()->boundaries(), planned);
    QVERIFY(panel.document()->stageBoundaries().empty());
    QVERIFY2(summary->text().endsWith(QStringLiteral(" Optimal.")), qPrintable(summary->text()));
    panel.undoStack()->undo(); // Run Planner was one command: the hand-made partition is back
    QVERIFY(settled(panel));
    QVERIFY(summary->text().startsWith(QStringLiteral("Your partition: ")));
}

void TrainingUiTest::newDocumentClearsUndoStack() {
    const core::Profile profile = loadProfile(kAlexNet);
    ui::TrainingPanel panel;
    panel.setDocument(profile, hierTrainNetwork());
    panel.setPlanner("all-cloud");
    panel.setBatch(16);
    panel.pipelineSettings()->setMicroBatches(5);
    QCOMPARE(panel.undoStack()->count(), 3);
    QVERIFY(panel.undoStack()->canUndo());
    // A new network: not undoable; the settings stay.
    panel.setNetwork(*core::networkPreset("4g"));
    QCOMPARE(panel.undoStack()->count(), 0);
    QVERIFY(!panel.undoStack()->canUndo());
    QCOMPARE(panel.planner(), QStringLiteral("all-cloud"));
    QCOMPARE(panel.batch(), 16);
    QCOMPARE(panel.document()->pipelineSettings().microBatches, 5);
    panel.setBatch(8);
    QCOMPARE(panel.undoStack()->count(), 1);
    // A new document: the batch is the profile's again, the stack empty.
    panel.setDocument(loadProfile(kLeNet), hierTrainNetwork());
    QCOMPARE(panel.undoStack()->count(), 0);
    QCOMPARE(panel.batch(), static_cast<int>(loadProfile(kLeNet).model.batch));
    QCOMPARE(panel.batchBox()->value(), panel.batch());
    QVERIFY(settled(panel));
    QCOMPARE(panel.trainingResult()->batch, panel.batch());
    panel.clearDocument();
    QCOMPARE(panel.undoStack()->count(), 0);
    QVERIFY(!panel.hasDocument());
}

// With the pipeline chosen, only the pipeline is planned: no iteration planner runs behind it.
void TrainingUiTest::pipelineRunsNoIterationPlanner() {
    const core::Profile profile = loadProfile(kAlexNet);
    ui::TrainingPanel panel;
    panel.setPlanner("pipeline");
    QCOMPARE(panel.planner(), QStringLiteral("pipeline"));
    bool iterationShown = false;
    connect(&panel, &ui::TrainingPanel::planChanged, &panel, [&panel, &iterationShown] {
        iterationShown = iterationShown || panel.trainingResult().has_value();
    });
    panel.setDocument(profile, hierTrainNetwork());
    // The pipeline's plan and the strategy comparison: nothing else.
    QCOMPARE(panel.computationsStarted(), 2);
    QVERIFY(settled(panel));
    QTRY_VERIFY_WITH_TIMEOUT(!panel.isStrategyRunning(), 60000);
    QCOMPARE(panel.computationsStarted(), 2);
    QVERIFY(panel.pipeline().has_value());
    QVERIFY(!panel.trainingResult().has_value());
    QVERIFY(!iterationShown);
    QVERIFY(panel.errorText().isEmpty());
    QVERIFY(barsOf(panel.timelineView()->scene()).empty());
    bool explained = false;
    for (QGraphicsItem* item : panel.timelineView()->scene()->items())
        if (auto* text = dynamic_cast<QGraphicsTextItem*>(item))
            explained = explained || text->toPlainText().contains("Pipeline tab");
    QVERIFY(explained);
    // Switching away from an iteration planner to the pipeline computes nothing (the pipeline
    // was planned already) and drops the iteration answer.
    panel.setPlanner("hiertrain");
    QCOMPARE(panel.computationsStarted(), 3);
    QVERIFY(settled(panel));
    QCOMPARE(panel.trainingResult()->planner, std::string("hiertrain"));
    panel.setPlanner("pipeline");
    QCOMPARE(panel.computationsStarted(), 3);
    QVERIFY(!panel.isPlanning());
    QVERIFY(!panel.trainingResult().has_value());
    QVERIFY(barsOf(panel.timelineView()->scene()).empty());
    // Undo and a batch change with the pipeline chosen: still no iteration planner.
    iterationShown = false;
    panel.setBatch(64); // re-runs the strategy comparison only
    QCOMPARE(panel.computationsStarted(), 4);
    QVERIFY(settled(panel));
    QVERIFY(!iterationShown);
    QVERIFY(!panel.trainingResult().has_value());
}

// The window's dark theme reaches the training canvases; exports stay light.
void TrainingUiTest::darkCanvasExportStaysLight() {
    const ui::CanvasColors& dark = ui::Theme::darkTheme().canvas;
    const ui::CanvasColors& light = ui::Theme::light().canvas;
    QVERIFY(dark.background != light.background);
    ui::TrainingPanel panel;
    panel.resize(1280, 800);
    panel.setDocument(loadProfile(kAlexNet), hierTrainNetwork());
    QVERIFY(settled(panel));
    QTRY_VERIFY_WITH_TIMEOUT(panel.strategySweep() != nullptr && !panel.isStrategyRunning(), 60000);
    QCOMPARE(panel.timelineView()->scene()->backgroundBrush().color(), light.background);
    panel.setDark(true);
    QVERIFY(panel.isDark());
    QGraphicsScene* timeline = panel.timelineView()->scene();
    QCOMPARE(timeline->backgroundBrush().color(), dark.background);
    QCOMPARE(panel.timelineView()->backgroundBrush().color(), dark.background);
    QVERIFY(!barsOf(timeline).empty()); // redrawn, not dropped
    // The idle rows and the texts use the dark canvas colours; no light text is left.
    int idleRows = 0, texts = 0;
    for (QGraphicsItem* item : timeline->items()) {
        if (auto* rect = dynamic_cast<QGraphicsRectItem*>(item);
            rect && rect->brush().color() == dark.idle)
            ++idleRows;
        if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item);
            text && !text->parentItem()) {
            QCOMPARE(text->brush().color(), dark.text);
            ++texts;
        }
    }
    QVERIFY(idleRows >= 3);
    QVERIFY(texts > 5);
    QCOMPARE(panel.ganttView()->scene()->backgroundBrush().color(), dark.background);
    QCOMPARE(panel.stageStrip()->backgroundBrush().color(), dark.background);
    QCOMPARE(panel.stageStrip()->colors().text, dark.text);
    QCOMPARE(panel.stageStrip()->handle(0)->brush().color(), dark.text);
    QCOMPARE(panel.strategyView()->chart()->backgroundBrush().color(),
             ui::Theme::darkTheme().chart.background);
    // A re-plan keeps the dark look.
    panel.setBatch(64);
    QVERIFY(settled(panel));
    QCOMPARE(panel.timelineView()->scene()->backgroundBrush().color(), dark.background);
    // The exported image is light.
    QTemporaryDir dir;
    QString error;
    const QString png = dir.filePath("timeline.png");
    QVERIFY2(panel.exportView(ui::TrainingPanel::View::Timeline, png, &error), qPrintable(error));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QCOMPARE(image.pixelColor(1, 1), QColor(Qt::white));
    QCOMPARE(image.pixelColor(image.width() / 2, image.height() - 2), QColor(Qt::white));
    const QString gantt = dir.filePath("gantt.png");
    QVERIFY2(panel.exportView(ui::TrainingPanel::View::Pipeline, gantt, &error), qPrintable(error));
    QCOMPARE(QImage(gantt).pixelColor(1, 1), QColor(Qt::white));
    // Back to light.
    panel.setDark(false);
    QCOMPARE(panel.timelineView()->scene()->backgroundBrush().color(), light.background);
    QCOMPARE(panel.stageStrip()->backgroundBrush().color(), light.background);
    QCOMPARE(panel.strategyView()->chart()->backgroundBrush().color(),
             ui::Theme::light().chart.background);
}

// Inception-v3's 221,565 downsets are planned on a worker with a progress bar; Stop keeps the best
// plan so far with its proven bound, and a plan left alone is optimal.
void TrainingUiTest::anyModeOnInceptionShowsProgressAndStops() {
    const core::Profile profile = loadProfile("sample_profiles/pipedream/inception_v3.json");
    ui::TrainingPanel panel;
    panel.setDocument(profile, *core::networkPreset("ideal"));
    panel.setPlanner("pipeline");
    panel.pipelineSettings()->setChainIds({"gpu", "gpu", "gpu", "gpu"});
    QVERIFY(settled(panel));
    auto* status = panel.findChild<ui::PipelinePlanningStatus*>();
    QVERIFY(status);
    QVERIFY(!status->isVisibleTo(&panel));
    QLabel* summary = nullptr;
    for (QLabel* label : panel.findChildren<QLabel*>())
        if (label->toolTip() == QStringLiteral("The answer of the selected planner."))
            summary = label;
    QVERIFY(summary);

    panel.pipelineSettings()->setCutMode(core::PipelineCutMode::Any);
    QVERIFY(panel.isPlanning());
    QVERIFY(status->isVisibleTo(&panel));
    status->stopButton()->click();
    QVERIFY(settled(panel));
    QVERIFY(!status->isVisibleTo(&panel));
    QVERIFY(panel.pipeline());
    QVERIFY(!panel.pipeline()->plan.exact);
    QVERIFY(panel.pipeline()->plan.lowerBoundMs <= panel.pipeline()->plan.bottleneckMs);
    QVERIFY2(summary->text().contains(QStringLiteral("not proven optimal: lower bound")) &&
                 summary->text().contains(QStringLiteral("stopped")),
             qPrintable(summary->text()));

    panel.pipelineSettings()->setMicroBatches(6); // plans again, left alone this time
    QVERIFY(status->isVisibleTo(&panel));
    QTRY_VERIFY_WITH_TIMEOUT(status->permille() > 0, 20000);
    QVERIFY(settled(panel));
    QVERIFY(!status->isVisibleTo(&panel));
    QVERIFY(panel.pipeline()->plan.exact);
    QCOMPARE(panel.pipeline()->plan.states, std::size_t(221565));
    QCOMPARE(panel.pipeline()->plan.stages.size(), std::size_t(4));
    QVERIFY2(summary->text().endsWith(QStringLiteral("Optimal.")), qPrintable(summary->text()));
}

// Compression and the source of the times are pipeline settings: AccEPT's codec shrinks the
// transfers of a link-bound pipeline; planning on the peers' estimates says what the measured
// times make of the partition; a predictor comes from a file, and no file keeps the choice.
void TrainingUiTest::compressionAndTimeSourcesChangeThePlan() {
    const core::Profile profile = loadProfile("sample_profiles/torch/resnet18.json");
    ui::TrainingPanel panel;
    panel.setDocument(profile, *core::networkPreset("4g"));
    panel.setPlanner("pipeline");
    ui::PipelineSettingsBox* box = panel.pipelineSettings();
    box->setChainIds({"thisbox-1t", "thisbox-2t"});
    QVERIFY(settled(panel));
    QLabel* summary = nullptr;
    for (QLabel* label : panel.findChildren<QLabel*>())
        if (label->toolTip() == QStringLiteral("The answer of the selected planner."))
            summary = label;
    QVERIFY(summary);
    const double plain = panel.pipeline()->plan.bottleneckMs;

    box->setCompression(2, 8);
    QVERIFY(settled(panel));
    QCOMPARE(panel.document()->pipelineSettings().forwardBits, 2);
    core::PipelineRequest request;
    request.chain = {0, 1};
    request.compression = core::AcceptCodec(2, 8);
    const core::PipelinePlan expected =
        core::planPipeline(profile, *core::networkPreset("4g"), request);
    QCOMPARE(panel.pipeline()->plan.bottleneckMs, expected.bottleneckMs);
    QVERIFY(panel.pipeline()->plan.bottleneckMs < plain);
    // the codec's sizes on the links: what core plans with the same request
    QCOMPARE(panel.pipeline()->plan.stages.size(), expected.stages.size());
    for (std::size_t k = 0; k < expected.stages.size(); ++k)
        QCOMPARE(panel.pipeline()->plan.stages[k].linkBytes, expected.stages[k].linkBytes);
    box->setCompression(0, 8);
    QVERIFY(settled(panel));
    QCOMPARE(panel.pipeline()->plan.bottleneckMs, plain);
    QVERIFY(!summary->text().contains(QStringLiteral("Planned on")));

    box->setTimes(core::TimeSource::SpeedRatio);
    QVERIFY(settled(panel));
    QVERIFY2(summary->text().contains(QStringLiteral("Planned on speed-ratio estimates from "
                                                     "thisbox-1t; with the measured times")),
             qPrintable(summary->text()));
    // A partition set by hand is simulated on the measured times: no word of the estimates,
    // and the planner's answer, planned on estimates, is its plan, not a proven optimum.
    const std::vector<int> estimated = panel.stageStrip()->boundaries();
    QCOMPARE(estimated.size(), std::size_t(1));
    panel.document()->moveStageBoundaries(estimated, {estimated[0] > 1 ? 1 : 2});
    QVERIFY(settled(panel));
    QVERIFY2(summary->text().startsWith(QStringLiteral("Your partition: ")) &&
                 !summary->text().contains(QStringLiteral("Planned on")) &&
                 !summary->text().contains(QStringLiteral("optimum")) &&
                 summary->text().contains(QStringLiteral("The planner's plan is ")),
             qPrintable(summary->text()));
    panel.undoStack()->undo();
    QVERIFY(settled(panel));

    // a predictor from a file; a dialog closed without one keeps the speed ratio
    QTemporaryDir dir;
    const QString path = dir.filePath("predictor.json");
    {
        core::TrainingOptions options;
        options.epochs = 5;
        const auto predictor =
            core::trainLatencyPredictor(core::modelTimesOf(profile), {}, options);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(core::predictorToJson(predictor).dump()));
    }
    box->setPredictorFileChooser([] { return QString(); });
    auto* timesBox = box->findChildren<QComboBox*>().back();
    timesBox->setCurrentIndex(2);
    QCOMPARE(timesBox->currentIndex(), 1);
    QCOMPARE(panel.document()->pipelineSettings().times, core::TimeSource::SpeedRatio);
    box->setPredictorFileChooser([path] { return path; });
    timesBox->setCurrentIndex(2);
    QVERIFY(settled(panel));
    QCOMPARE(panel.document()->pipelineSettings().times, core::TimeSource::Predictor);
    QCOMPARE(panel.document()->pipelineSettings().predictorPath, path);
    QVERIFY2(summary->text().contains(QStringLiteral("Planned on latency-predictor estimates")),
             qPrintable(summary->text()));
    // a broken predictor file is a message, not a crash
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write("{}");
    }
    box->setCompression(3, 8); // plans again, reading the file again
    QVERIFY(settled(panel));
    QVERIFY(!panel.pipeline());
    QVERIFY2(panel.errorText().contains(QStringLiteral("predictor.json")),
             qPrintable(panel.errorText()));
}

namespace {

// Every text of a scene, simple or rich, joined by newlines.
QString sceneText(QGraphicsScene* scene) {
    QStringList texts;
    for (QGraphicsItem* item : scene->items()) {
        if (auto* simple = dynamic_cast<QGraphicsSimpleTextItem*>(item))
            texts << simple->text();
        else if (auto* rich = dynamic_cast<QGraphicsTextItem*>(item))
            texts << rich->toPlainText();
    }
    return texts.join(QLatin1Char('\n'));
}

} // namespace

// The Schedule box offers DAPPLE's 1F1B-flush: chosen from the keyboard, the schedule simulated
// is the flush one, and the Gantt chart's caption names it, not plain "1F1B".
void TrainingUiTest::flushScheduleIsChosenAndNamed() {
    const core::Profile profile = loadProfile(kAlexNet);
    ui::TrainingPanel panel;
    panel.setDocument(profile, hierTrainNetwork());
    panel.setPlanner("pipeline");
    QVERIFY(settled(panel));
    QVERIFY(sceneText(panel.ganttView()->scene()).contains("1F1B with stashing schedule"));
    QComboBox* schedule = nullptr;
    for (QComboBox* combo : panel.pipelineSettings()->findChildren<QComboBox*>())
        if (combo->findData(QStringLiteral("1f1b-flush")) >= 0)
            schedule = combo;
    QVERIFY(schedule);
    QCOMPARE(schedule->count(), 3);
    QCOMPARE(schedule->itemText(1), QStringLiteral("1F1B-flush (DAPPLE)"));
    schedule->setFocus();
    QTest::keyClick(schedule, Qt::Key_Down);
    QCOMPARE(panel.pipelineSettings()->scheduleKind(),
             core::ScheduleKind::OneForwardOneBackwardFlush);
    QVERIFY(settled(panel));
    QCOMPARE(panel.pipeline()->schedule.kind, core::ScheduleKind::OneForwardOneBackwardFlush);
    const QString text = sceneText(panel.ganttView()->scene());
    QVERIFY2(text.contains("1F1B-flush schedule"), qPrintable(text));
    QVERIFY(!text.contains("1F1B with stashing"));
}

CUTLAB_TEST_MAIN(TrainingUiTest, Gui)
} // namespace tst_training_ui

#include "tst_training_ui.moc"
