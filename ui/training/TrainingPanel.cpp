#include "ui/training/TrainingPanel.h"

#include "core/plans/PoolPlanJson.h"
#include "core/predictor/PredictorJson.h"

#include "core/planners/IterationPlanner.h"
#include "core/planners/PlannerRegistry.h"
#include "core/training/StrategySweepComputer.h"
#include "core/training/TrainingTimelineMaker.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/Format.h"
#include "ui/charts/ImageExporter.h"
#include "ui/charts/Theme.h"
#include "ui/files/SaveDialog.h"
#include "ui/files/SaveNames.h"
#include "ui/jobs/JobRunner.h"
#include "ui/training/FittingSceneView.h"
#include "ui/training/HierTrainTimelineBuilder.h"
#include "ui/training/IterationMemoryBars.h"
#include "ui/training/PipelineGanttBuilder.h"
#include "ui/training/PipelinePlanningStatus.h"
#include "ui/training/PipelineSettingsBox.h"
#include "ui/training/PoolGanttBuilder.h"
#include "ui/training/PoolPresentation.h"
#include "ui/training/StageMemoryView.h"
#include "ui/training/StageStripView.h"
#include "ui/training/StrategyChartBuilder.h"
#include "ui/training/TrainingDocument.h"
#include "ui/training/TrainingExport.h"
#include "ui/training/TrainingPlanDocument.h"

#include "core/cluster/PoolPlanner.h"
#include "core/model/PlanError.h"
#include "core/pipeline/Recomputation.h"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTabWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace cutlab::ui {
namespace {

QGraphicsView* makeSceneView(QGraphicsScene* scene, QWidget* parent, const QString& tooltip) {
    auto* view = new FittingSceneView(scene, parent);
    view->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    view->setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    view->setBackgroundBrush(Theme::light().canvas.background);
    view->setToolTip(tooltip);
    return view;
}

} // namespace

TrainingPanel::TrainingPanel(QWidget* parent)
    : QWidget(parent), m_document(new TrainingDocument(this)), m_plannerBox(new QComboBox(this)),
      m_batchBox(new QSpinBox(this)), m_pipelineBox(new PipelineSettingsBox(this)),
      m_linksBox(new QComboBox(this)), m_logXBox(new QCheckBox(this)),
      m_exportButton(new QPushButton(QStringLiteral("Export view…"), this)),
      m_message(new QLabel(this)), m_summary(new QLabel(this)), m_memorySummary(new QLabel(this)),
      m_planning(new PipelinePlanningStatus(this)), m_tabs(new QTabWidget(this)),
      m_timelineScene(new QGraphicsScene(this)),
      m_timelineView(makeSceneView(m_timelineScene, this,
                                   QStringLiteral("One iteration over time: each worker's busy "
                                                  "bars inside each phase; grey is idle."))),
      m_strip(new StageStripView(this)), m_memoryView(new StageMemoryView(this)),
      m_iterationMemoryView(new StageMemoryView(this)), m_ganttScene(new QGraphicsScene(this)),
      m_ganttView(makeSceneView(m_ganttScene, this,
                                QStringLiteral("The simulated pipeline schedule: stages and links "
                                               "over time, micro-batch numbers on the bars."))),
      m_strategyView(new QChartView(this)), m_strategyStatus(new QLabel(this)),
      m_jobs(new JobRunner(JobSlotCount, this)) {
    describeWidgets();
    layOut();
    updatePipelineCaption();
    connectAll();
    clearDocument();
}

// Ranges, items, tooltips and styles of the widgets the constructor made.
void TrainingPanel::describeWidgets() {
    populatePlanners(m_plannerBox);
    m_plannerBox->setToolTip(QStringLiteral(
        "The training planner: HierTrain's hybrid parallelism, a baseline, or the pipeline."));
    m_batchBox->setRange(1, 1 << 20);
    m_batchBox->setToolTip(QStringLiteral(
        "Samples in the mini-batch of one iteration (hiertrain and the baselines; the pipeline "
        "uses its micro-batch settings)."));
    m_linksBox->addItem(QStringLiteral("edge–cloud + device–cloud"),
                        QString::fromStdString(core::StrategySweepComputer::defaultLinks()));
    m_linksBox->addItem(QStringLiteral("edge–cloud (backhaul)"), QStringLiteral("backhaul"));
    m_linksBox->addItem(QStringLiteral("device–edge"), QStringLiteral("device-edge"));
    m_linksBox->addItem(QStringLiteral("uplink (device–edge + device–cloud)"),
                        QStringLiteral("uplink"));
    m_linksBox->setToolTip(QStringLiteral(
        "The links whose bandwidth the strategy comparison varies from 1 to 10 Mbps. HierTrain's "
        "lab relays device traffic via the edge, so edge–cloud and device–cloud move together."));
    m_logXBox->setText(QStringLiteral("Log bandwidth axis"));
    m_logXBox->setToolTip(
        QStringLiteral("Show the bandwidth on a logarithmic axis instead of a linear one."));
    m_exportButton->setToolTip(QStringLiteral("Save the view on show as PNG, SVG or PDF."));
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral(
        "QLabel { color: #9b1c1c; background: #fdecea; padding: 6px; border-radius: 3px; }"));
    m_message->setToolTip(QStringLiteral("Why the selected planner has no answer."));
    m_message->hide();
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setToolTip(QStringLiteral("The answer of the selected planner."));
    m_memorySummary->setWordWrap(true);
    m_memorySummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_memorySummary->setToolTip(QStringLiteral(
        "What each stage of the pipeline holds against its machine's memory (memory_bytes)."));
    m_memorySummary->hide();
    m_strategyStatus->setWordWrap(true); // a long reason must not widen every tab
    m_strategyStatus->setToolTip(QStringLiteral("State of the strategy comparison sweep."));
    m_strategyView->setRenderHint(QPainter::Antialiasing);
    m_strategyView->setToolTip(QStringLiteral(
        "Iteration time of every planner against the swept bandwidth (HierTrain's figures 7–10)."));
    m_tabs->setToolTip(QStringLiteral("The views of the Training mode."));
}

// Controls on the left (planner, batch, pipeline settings, strategy options, export); the
// message, summary, progress and the three views' tabs on the right.
void TrainingPanel::layOut() {
    auto* strategyBox = new QWidget(this);
    auto* strategyForm = new QFormLayout(strategyBox);
    strategyForm->setContentsMargins(0, 0, 0, 0);
    strategyForm->addRow(QStringLiteral("Vary"), m_linksBox);
    strategyForm->addRow(QString(), m_logXBox);

    auto* controls = new QWidget(this);
    controls->setMaximumWidth(330);
    auto* form = new QFormLayout();
    form->addRow(QStringLiteral("Planner"), m_plannerBox);
    form->addRow(QStringLiteral("Batch"), m_batchBox);
    auto* left = new QVBoxLayout(controls);
    left->addLayout(form);
    left->addWidget(m_pipelineBox);
    auto* strategyGroup = new QLabel(QStringLiteral("<b>Strategy comparison</b>"), controls);
    left->addWidget(strategyGroup);
    left->addWidget(strategyBox);
    left->addWidget(m_exportButton);
    left->addStretch(1);

    auto* pipelinePage = new QWidget(this);
    auto* pipelineLayout = new QVBoxLayout(pipelinePage);
    pipelineLayout->setContentsMargins(0, 0, 0, 0);
    m_pipelineCaption = new QLabel(pipelinePage);
    m_pipelineCaption->setWordWrap(true);
    m_pipelineCaption->setToolTip(
        QStringLiteral("What this tab shows beside the selected planner"));
    pipelineLayout->addWidget(m_pipelineCaption);
    pipelineLayout->addWidget(m_strip);
    pipelineLayout->addWidget(m_memoryView);
    pipelineLayout->addWidget(m_ganttView, 1);
    auto* strategyPage = new QWidget(this);
    auto* strategyLayout = new QVBoxLayout(strategyPage);
    strategyLayout->setContentsMargins(0, 0, 0, 0);
    strategyLayout->addWidget(m_strategyStatus);
    strategyLayout->addWidget(m_strategyView, 1);
    auto* timelinePage = new QWidget(this);
    auto* timelineLayout = new QVBoxLayout(timelinePage);
    timelineLayout->setContentsMargins(0, 0, 0, 0);
    timelineLayout->addWidget(m_iterationMemoryView);
    timelineLayout->addWidget(m_timelineView, 1);
    m_tabs->addTab(timelinePage, QStringLiteral("Timeline"));
    m_tabs->addTab(pipelinePage, QStringLiteral("Pipeline"));
    m_tabs->addTab(strategyPage, QStringLiteral("Strategy comparison"));

    auto* right = new QVBoxLayout();
    right->addWidget(m_message);
    right->addWidget(m_summary);
    right->addWidget(m_memorySummary);
    right->addWidget(m_planning);
    right->addWidget(m_tabs, 1);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(controls);
    layout->addLayout(right, 1);

    m_timelineView->viewport()->installEventFilter(this);
    m_ganttView->viewport()->installEventFilter(this);
}

void TrainingPanel::connectAll() {
    // User edits become the document's commands; the document's signals update the widgets
    // (with their signals blocked, so nothing is pushed again) and re-plan.
    connect(m_plannerBox, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            m_document->setPlanner(m_plannerBox->itemData(index).toString());
    });
    connect(m_batchBox, &QSpinBox::valueChanged, m_document, &TrainingDocument::setBatch);
    connect(m_pipelineBox, &PipelineSettingsBox::changed, this,
            [this] { m_document->setPipelineSettings(m_pipelineBox->settings()); });
    connect(m_strip, &StageStripView::boundariesChanged, this, &TrainingPanel::previewBoundaries);
    connect(m_strip, &StageStripView::boundariesDragged, this,
            [this](const std::vector<int>& before) {
                m_document->moveStageBoundaries(before, m_strip->boundaries());
            });
    connect(m_document, &TrainingDocument::profileChanged, this, &TrainingPanel::documentReset);
    connect(m_document, &TrainingDocument::networkChanged, this, &TrainingPanel::replan);
    connect(m_document, &TrainingDocument::plannerChanged, this, &TrainingPanel::plannerChanged);
    connect(m_document, &TrainingDocument::batchChanged, this, &TrainingPanel::batchChanged);
    connect(m_document, &TrainingDocument::pipelineSettingsChanged, this,
            &TrainingPanel::pipelineSettingsChanged);
    connect(m_document, &TrainingDocument::stageBoundariesChanged, this,
            &TrainingPanel::updatePipeline);
    connect(m_linksBox, &QComboBox::currentIndexChanged, this, &TrainingPanel::restartStrategy);
    connect(m_logXBox, &QCheckBox::toggled, this, &TrainingPanel::showStrategy);
    connect(m_exportButton, &QPushButton::clicked, this, &TrainingPanel::exportCurrent);
}

TrainingPanel::~TrainingPanel() {
    delete m_strategyView->chart();
}

void TrainingPanel::populatePlanners(QComboBox* box) {
    for (const auto& info : core::allPlanners()) {
        if (info.kind == core::PlannerKind::Inference)
            continue;
        box->addItem(QString::fromStdString(info.label), QString::fromStdString(info.id));
        box->setItemData(box->count() - 1, QString::fromStdString(info.summary), Qt::ToolTipRole);
    }
}

QUndoStack* TrainingPanel::undoStack() const {
    return m_document->undoStack();
}

bool TrainingPanel::hasDocument() const {
    return m_document->hasDocument();
}

bool TrainingPanel::isPipelineSelected() const {
    return m_document->isPipeline();
}

void TrainingPanel::setDocument(const core::Profile& profile, const core::Network& network) {
    setDocument(std::make_shared<const core::Profile>(profile), network);
}

void TrainingPanel::setDocument(std::shared_ptr<const core::Profile> profile,
                                const core::Network& network) {
    m_document->setDocument(std::move(profile), network);
}

void TrainingPanel::setNetwork(const core::Network& network) {
    m_document->setNetwork(network);
}

void TrainingPanel::clearDocument() {
    m_document->clear();
}

void TrainingPanel::setDark(bool dark) {
    m_dark = dark;
    const CanvasColors& colors = Theme::of(dark).canvas;
    m_timelineView->setBackgroundBrush(colors.background);
    m_ganttView->setBackgroundBrush(colors.background);
    m_strip->setColors(colors);
    m_memoryView->setColors(colors);
    m_iterationMemoryView->setColors(colors);
    drawTimeline();
    drawGantt();
    if (QChart* chart = m_strategyView->chart())
        ChartStyle::apply(chart, m_dark);
}

// A new document, or none: every widget shows the document's settings, and all is planned anew.
void TrainingPanel::documentReset() {
    const TrainingDocument& doc = *m_document;
    {
        const QSignalBlocker blockPlanner(m_plannerBox), blockBatch(m_batchBox);
        m_plannerBox->setCurrentIndex(m_plannerBox->findData(doc.planner()));
        m_batchBox->setValue(doc.batch());
    }
    if (doc.profile())
        m_pipelineBox->setMachines(*doc.profile());
    m_pipelineBox->setSettings(doc.pipelineSettings());
    updatePipelineCaption();
    if (doc.hasDocument()) {
        replan();
        return;
    }
    m_jobs->cancel(StrategyJob);
    m_jobs->cancel(IterationJob);
    m_jobs->cancel(PipelineJob);
    m_planning->finish();
    m_stale = false;
    m_pipelineInputs.reset();
    m_result.reset();
    m_timeline.reset();
    m_pipeline.reset();
    m_poolPlan.reset();
    m_iterationError = m_pipelineError =
        QStringLiteral("Open a profile with backward times to plan training.");
    m_strip->clear();
    showSceneMessage(m_timelineScene, m_iterationError);
    showSceneMessage(m_ganttScene, m_pipelineError);
    m_strategyStatus->setText(QString());
    updateMessage();
}

void TrainingPanel::plannerChanged() {
    {
        const QSignalBlocker block(m_plannerBox);
        m_plannerBox->setCurrentIndex(m_plannerBox->findData(m_document->planner()));
    }
    showView(isPipelineSelected() ? View::Pipeline : View::Timeline);
    updatePipelineCaption();
    replanIteration();
    updateMessage();
}

// With an iteration planner selected the Pipeline tab still shows the pipeline planner's
// answer: say so, so that the summary above (the selected planner's) and the tab never seem to
// speak of one plan.
void TrainingPanel::updatePipelineCaption() {
    const int index = m_plannerBox->findData(m_document->planner());
    m_pipelineCaption->setText(
        QStringLiteral("The selected planner is %1. This tab shows what the pipeline planner "
                       "makes of the Pipeline settings, for comparison; choose Pipeline as the "
                       "planner to use it.")
            .arg(index >= 0 ? m_plannerBox->itemText(index) : m_document->planner()));
    m_pipelineCaption->setVisible(!isPipelineSelected());
}

void TrainingPanel::batchChanged() {
    {
        const QSignalBlocker block(m_batchBox);
        m_batchBox->setValue(m_document->batch());
    }
    replanIteration();
    restartStrategy();
}

void TrainingPanel::pipelineSettingsChanged() {
    m_pipelineBox->setSettings(m_document->pipelineSettings());
    updatePipeline();
    restartStrategy(); // its pipeline series follows the settings
}

void TrainingPanel::setActive(bool active) {
    if (active == m_active)
        return;
    m_active = active;
    if (m_active && m_stale && m_document->hasDocument())
        replan();
}

bool TrainingPanel::isPlanning() const {
    return m_jobs->isRunning(IterationJob) || m_jobs->isRunning(PipelineJob);
}

int TrainingPanel::computationsStarted() const {
    return m_jobs->startedCount();
}

QString TrainingPanel::planner() const {
    return m_document->planner();
}

void TrainingPanel::setPlanner(const QString& id) {
    if (m_plannerBox->findData(id) >= 0)
        m_document->setPlanner(id);
}

int TrainingPanel::batch() const {
    return m_document->batch();
}

void TrainingPanel::setBatch(int samples) {
    m_batchBox->setValue(samples); // clamped to the box's range, then a command
}

void TrainingPanel::setStrategyLinks(const QString& links) {
    int index = m_linksBox->findData(links);
    if (index < 0) {
        m_linksBox->addItem(links, links);
        index = m_linksBox->count() - 1;
    }
    m_linksBox->setCurrentIndex(index);
}

void TrainingPanel::setStrategyLogX(bool logX) {
    m_logXBox->setChecked(logX);
}

void TrainingPanel::showView(View view) {
    m_tabs->setCurrentIndex(static_cast<int>(view));
}

QString TrainingPanel::errorText() const {
    return isPipelineSelected() ? m_pipelineError : m_iterationError;
}

bool TrainingPanel::isStrategyRunning() const {
    return m_jobs->isRunning(StrategyJob);
}

const core::StrategySweep* TrainingPanel::strategySweep() const {
    return m_sweep.planners.empty() ? nullptr : &m_sweep;
}

void TrainingPanel::runPlanner() {
    if (!m_document->hasDocument())
        return;
    if (isPipelineSelected() && !m_document->stageBoundaries().empty()) {
        m_document->restorePlannedStages();
        return;
    }
    m_pipelineInputs.reset();
    if (isPipelineSelected())
        updatePipeline();
    else
        replanIteration();
}

void TrainingPanel::replan() {
    m_pipelineInputs.reset(); // a new profile or network: the pipeline is planned again
    if (!m_document->hasDocument())
        return;
    if (!m_active) {
        // Nothing to show now: drop what was shown and plan when the panel is shown again.
        m_jobs->cancel(StrategyJob);
        m_jobs->cancel(IterationJob);
        m_jobs->cancel(PipelineJob);
        m_planning->finish();
        m_result.reset();
        m_timeline.reset();
        m_pipeline.reset();
        m_poolPlan.reset();
        m_strip->clear(); // it may show an older profile's layers
        m_stale = true;
        return;
    }
    m_stale = false;
    replanIteration();
    updatePipeline();
    restartStrategy();
}

void TrainingPanel::replanIteration() {
    if (!m_document->hasDocument())
        return;
    if (!m_active) {
        m_stale = true;
        return;
    }
    m_result.reset();
    m_timeline.reset();
    m_iterationError.clear();
    m_iterationMemoryView->clear();
    if (isPipelineSelected()) { // the timeline belongs to the iteration planners: none runs
        m_jobs->cancel(IterationJob);
        drawTimeline();
        updateMessage();
        return;
    }
    m_jobs->start(IterationJob,
                  [this, profile = m_document->profile(), network = *m_document->network(),
                   name = planner().toStdString(),
                   samples = batch()](const std::atomic<bool>&) -> JobRunner::Apply {
                      // On a worker thread: only the copies above are read.
                      auto result = std::make_shared<std::optional<core::TrainingResult>>();
                      auto timeline = std::make_shared<std::optional<core::TrainingTimeline>>();
                      auto bars = std::make_shared<std::vector<StageMemoryBar>>();
                      QString error;
                      try {
                          const core::TrainingCostModel model(*profile, network,
                                                              core::trainingMachines(*profile));
                          *result = core::runIterationPlanner(name, model, samples);
                          *timeline = core::TrainingTimelineMaker::fromResult(model, **result);
                          *bars = iterationMemoryBars(model, **result);
                      } catch (const core::PlanError& planError) {
                          result->reset();
                          timeline->reset();
                          error = QString::fromStdString(planError.what());
                      }
                      return [this, result, timeline, bars,
                              error] { // on the GUI thread, if still current
                          m_result = *result;
                          m_timeline = *timeline;
                          m_iterationError = error;
                          m_iterationMemoryView->setStages(*bars);
                          drawTimeline();
                          updateMessage();
                          emit planChanged();
                      };
                  });
    showSceneMessage(m_timelineScene, QStringLiteral("Planning…"), false);
    updateMessage();
}

std::optional<nlohmann::ordered_json> TrainingPanel::planDocument(QString* error) const {
    if (!m_document->hasDocument() || !m_document->network()) {
        *error = QStringLiteral("Open a profile first.");
        return std::nullopt;
    }
    if (isPlanning()) {
        *error = QStringLiteral("The plan is still being computed: export it once it is shown.");
        return std::nullopt;
    }
    if (!errorText().isEmpty()) {
        *error = QStringLiteral("The %1 planner has no plan: %2").arg(planner(), errorText());
        return std::nullopt;
    }
    if (isPipelineSelected() && m_document->pipelineSettings().usesPool()) {
        if (!m_poolPlan) {
            *error = QStringLiteral("The pipeline planner has no plan over the pool on screen.");
            return std::nullopt;
        }
        auto doc = core::poolPlanToJson(*m_document->profile(), *m_document->network(),
                                        m_poolRequest, m_poolPlan->plan);
        doc["batch"] = m_document->settings().batch;
        return doc;
    }
    return TrainingPlanDocument::write({*m_document->profile(), *m_document->network(),
                                        m_document->settings(), m_result, m_pipeline},
                                       error);
}

core::PipelineRequest TrainingPanel::pipelineRequest(QString* error) const {
    const core::Profile& profile = *m_document->profile();
    const PipelineSettings& settings = m_document->pipelineSettings();
    core::PipelineRequest request;
    request.chain = settings.machineChain(profile, error);
    request.microBatch = settings.microBatch;
    request.cutMode = settings.cutMode;
    if (settings.forwardBits > 0)
        request.compression = core::AcceptCodec(settings.forwardBits, settings.backwardBits);
    request.memory = settings.memorySettings(static_cast<int>(request.chain.size()));
    request.capacityBytes = settings.capacities(profile);
    return request;
}

void TrainingPanel::updatePipeline() {
    if (!m_document->hasDocument())
        return;
    if (!m_active) {
        m_stale = true;
        return;
    }
    const auto inputs =
        std::make_pair(m_document->pipelineSettings(), m_document->stageBoundaries());
    if (m_pipelineInputs && *m_pipelineInputs == inputs)
        return; // shown or under way already
    if (inputs.first.usesPool()) {
        replanPool(); // the pool planner's stages: no boundaries set by hand
    } else if (inputs.second.empty()) {
        replanPipeline();
    } else {
        resimulatePipeline(inputs.second, false);
        planOptimumIfMissing();
    }
}

// A partition set by hand with no optimum known for its settings (a reopened plan, settings
// changed): the planner's optimum is planned on a worker, for the summary to compare with.
void TrainingPanel::planOptimumIfMissing() {
    const PipelineSettings settings = m_document->pipelineSettings();
    if (m_optimum && m_optimum->first == settings)
        return;
    QString error;
    const core::PipelineRequest request = pipelineRequest(&error);
    if (!error.isEmpty())
        return;
    m_jobs->start(OptimumJob,
                  [this, settings, profile = m_document->profile(),
                   network = *m_document->network(),
                   request](const std::atomic<bool>& cancelled) -> JobRunner::Apply {
                      PipelineOptimum optimum;
                      try {
                          core::PipelineRequest cancellable = request;
                          cancellable.cancel = &cancelled;
                          const auto [pipeline, measuredMs] =
                              planOnChosenTimes(*profile, network, cancellable, settings);
                          optimum = optimumOf(pipeline, measuredMs);
                      } catch (const std::exception&) {
                          return nullptr; // the summary keeps saying how to plan it
                      }
                      return [this, settings, optimum] {
                          if (m_document->pipelineSettings() != settings)
                              return;
                          m_optimum = std::make_pair(settings, optimum);
                          updateMessage();
                      };
                  });
}

void TrainingPanel::showPipelinePartition(const std::vector<int>& allowed) {
    const core::Profile& profile = *m_document->profile();
    QStringList names;
    for (std::size_t s = 0; s < m_pipeline->plan.stages.size(); ++s)
        names << QStringLiteral("%1: %2").arg(s).arg(QString::fromStdString(
            profile.machines[static_cast<std::size_t>(m_pipeline->plan.stages[s].machine)].id));
    m_strip->setPartition(profile, m_pipeline->stageOfLayer, allowed, names);
}

void TrainingPanel::showPipelineMemory() {
    if (m_poolPlan && m_document->hasDocument()) {
        m_memoryView->setStages(PoolPresentation::memoryBars(m_poolPlan->plan, m_poolRequest));
        m_strip->setOverStages(PoolPresentation::overStages(m_poolPlan->plan, m_poolRequest));
        return;
    }
    if (!m_pipeline || !m_document->hasDocument()) {
        m_memoryView->clear();
        m_strip->setOverStages({});
        return;
    }
    const core::Profile& profile = *m_document->profile();
    const std::vector<double> capacities = m_document->pipelineSettings().capacities(profile);
    std::vector<StageMemoryBar> bars;
    std::vector<bool> over;
    for (std::size_t s = 0; s < m_pipeline->plan.stages.size(); ++s) {
        const core::PipelineStage& stage = m_pipeline->plan.stages[s];
        const auto position = static_cast<std::size_t>(stage.chainPosition);
        StageMemoryBar bar{QStringLiteral("%1: %2").arg(s).arg(QString::fromStdString(
                               profile.machines[static_cast<std::size_t>(stage.machine)].id)),
                           stage.memory, position < capacities.size() ? capacities[position] : 0};
        over.push_back(bar.isOver());
        bars.push_back(std::move(bar));
    }
    m_memoryView->setStages(std::move(bars));
    m_strip->setOverStages(over);
}

// The profile a pipeline is planned on (on a worker): the document's, or with the other
// machines' times estimated from the reference machine (core::profileWithEstimatedTimes).
// Throws std::exception with a sentence when the predictor file cannot be used.
core::Profile TrainingPanel::estimatedProfile(const core::Profile& profile, core::TimeSource times,
                                              const std::string& reference,
                                              const std::string& predictorPath) {
    if (times == core::TimeSource::Profile)
        return profile;
    std::optional<core::LatencyPredictor> predictor;
    if (times == core::TimeSource::Predictor)
        predictor = core::predictorFromFile(predictorPath);
    return core::profileWithEstimatedTimes(profile, times, reference,
                                           predictor ? &*predictor : nullptr);
}

// What the plan's times were and what the measured ones say of its partition.
QString TrainingPanel::timesNote() const {
    const PipelineSettings& settings = m_document->pipelineSettings();
    if (settings.times == core::TimeSource::Profile || !m_pipelineMeasuredMs)
        return {};
    const QString source = settings.times == core::TimeSource::SpeedRatio
                               ? QStringLiteral("speed-ratio estimates")
                               : QStringLiteral("latency-predictor estimates");
    return QStringLiteral(" Planned on %1 from %2; with the measured times this partition's "
                          "bottleneck is %3.")
        .arg(source, settings.chain.isEmpty() ? QString() : settings.chain.front(),
             Format::ms(*m_pipelineMeasuredMs));
}

std::pair<core::PipelineSimulation, std::optional<double>>
TrainingPanel::planOnChosenTimes(const core::Profile& profile, const core::Network& network,
                                 const core::PipelineRequest& request,
                                 const PipelineSettings& settings) {
    // the times planned on: measured, or estimated from the chain's first machine; with the
    // forward pass again in the backward one when recomputing
    core::Profile planned = estimatedProfile(
        profile, settings.times,
        settings.chain.isEmpty() ? std::string() : settings.chain.front().toStdString(),
        settings.predictorPath.toStdString());
    if (settings.recompute)
        planned = core::withRecomputation(std::move(planned));
    auto pipeline = core::PipelineSimulation::planned(planned, network, request,
                                                      settings.microBatches, settings.scheduleKind);
    recountMemoryAsSimulated(pipeline, planned, network, request, settings);
    std::optional<double> measuredMs;
    if (settings.times != core::TimeSource::Profile)
        measuredMs =
            core::evaluatePipeline(settings.recompute ? core::withRecomputation(profile) : profile,
                                   network, request, pipeline.stageOfLayer)
                .bottleneckMs;
    return {std::move(pipeline), measuredMs};
}

// The planner counts the micro-batches in flight over 4 × the chain's machines when their number
// is automatic; the schedule simulates 4 × the stages it used: when fewer, each stage's memory is
// counted again as simulated (GPipe keeps every micro-batch; the plan fits all the more).
void TrainingPanel::recountMemoryAsSimulated(core::PipelineSimulation& pipeline,
                                             const core::Profile& profile,
                                             const core::Network& network,
                                             const core::PipelineRequest& request,
                                             const PipelineSettings& settings) {
    const int stages = static_cast<int>(pipeline.plan.stages.size());
    core::PipelineRequest simulated = request;
    simulated.memory = settings.memorySettings(stages);
    if (simulated.memory.microBatches == request.memory.microBatches)
        return;
    const core::PipelinePlan costed =
        core::evaluatePipeline(profile, network, simulated, pipeline.stageOfLayer);
    for (int s = 0; s < stages; ++s)
        pipeline.plan.stages[static_cast<std::size_t>(s)].memory =
            costed.stages[static_cast<std::size_t>(s)].memory;
}

PipelineOptimum TrainingPanel::optimumOf(const core::PipelineSimulation& pipeline,
                                         std::optional<double> measuredMs) {
    return PipelineOptimum{measuredMs.value_or(pipeline.plan.bottleneckMs),
                           pipeline.plan.exact && !measuredMs};
}

void TrainingPanel::replanPipeline() {
    m_pipelineInputs = std::make_pair(m_document->pipelineSettings(), std::vector<int>());
    m_pipeline.reset();
    m_poolPlan.reset();
    m_pipelineError.clear();
    const core::PipelineRequest request = pipelineRequest(&m_pipelineError);
    m_pipelineMeasuredMs.reset();
    auto applyPipeline = [this, settings = m_document->pipelineSettings()](
                             std::optional<core::PipelineSimulation> pipeline,
                             std::vector<int> allowed, QString error,
                             std::optional<double> measuredMs = std::nullopt) {
        m_planning->finish();
        m_pipeline = std::move(pipeline);
        m_pipelineMeasuredMs = measuredMs;
        m_pipelineError = error;
        m_pipelinePlanned = true;
        if (m_pipeline) {
            m_optimum = std::make_pair(settings, optimumOf(*m_pipeline, measuredMs));
            showPipelinePartition(allowed);
        } else {
            m_strip->clear();
        }
        showPipelineMemory();
        drawGantt();
        updateMessage();
        emit planChanged();
    };
    if (!m_pipelineError.isEmpty()) { // the settings are wrong: nothing to compute
        m_jobs->cancel(PipelineJob);
        m_planning->finish();
        applyPipeline(std::nullopt, {}, m_pipelineError);
        return;
    }
    m_strip->clear();
    showPipelineMemory();
    const PipelineSettings settings = m_document->pipelineSettings();
    const PipelinePlanningStatus::Channel channel = m_planning->start();
    m_jobs->start(
        PipelineJob,
        [applyPipeline, profile = m_document->profile(), network = *m_document->network(), request,
         settings, channel](const std::atomic<bool>& cancelled) -> JobRunner::Apply {
            // On a worker thread: only the copies above are read.
            auto pipeline = std::make_shared<std::optional<core::PipelineSimulation>>();
            auto allowed = std::make_shared<std::vector<int>>();
            std::optional<double> measuredMs;
            QString error;
            try {
                core::PipelineRequest cancellable =
                    request; // stops when the slot's job is replaced or the window closes
                cancellable.cancel = &cancelled;
                cancellable.progressPermille = channel.permille.get();
                cancellable.finishNow = channel.finishNow.get();
                auto planned = planOnChosenTimes(*profile, network, cancellable, settings);
                *pipeline = std::move(planned.first);
                measuredMs = planned.second;
                *allowed = core::PipelineSimulation::allowedBoundaries(*profile, request.cutMode);
            } catch (const std::exception& planError) {
                pipeline->reset();
                error = QString::fromStdString(planError.what());
            }
            return [applyPipeline, pipeline, allowed, error, measuredMs] {
                applyPipeline(std::move(*pipeline), std::move(*allowed), error, measuredMs);
            };
        });
    showSceneMessage(m_ganttScene, QStringLiteral("Planning…"), false);
    updateMessage();
}

// Plans over the Cluster editor's pool with CutLab's cost model (core::planPool) on a worker, and
// simulates the plan's schedule; a newer change drops the answer.
void TrainingPanel::replanPool() {
    const PipelineSettings settings = m_document->pipelineSettings();
    m_pipelineInputs = std::make_pair(settings, std::vector<int>());
    m_pipeline.reset();
    m_poolPlan.reset();
    m_pipelineError.clear();
    const core::PoolRequest request =
        settings.poolRequest(*m_document->profile(), &m_pipelineError);
    m_poolRequest = request;
    m_planning->finish();
    m_strip->clear();
    showPipelineMemory();
    if (!m_pipelineError.isEmpty()) { // the settings are wrong: nothing to compute
        m_jobs->cancel(PipelineJob);
        showPoolPlan();
        return;
    }
    m_jobs->start(
        PipelineJob,
        [this, profile = m_document->profile(), network = *m_document->network(),
         request](const std::atomic<bool>&) -> JobRunner::Apply {
            // On a worker thread: only the copies above are read.
            auto plan = std::make_shared<std::optional<core::PoolSimulation>>();
            QString error;
            try {
                const core::Profile planned =
                    request.recompute ? core::withRecomputation(*profile) : *profile;
                // the pool planner counts memory for 1F1B: the Gantt chart simulates it
                *plan = core::PoolSimulation::of(planned, request,
                                                 core::planPool(planned, network, request),
                                                 core::ScheduleKind::OneForwardOneBackward);
            } catch (const core::PoolMemoryError& memoryError) {
                error = QStringLiteral("%1: raise a type's memory in the Cluster editor (0 = no "
                                       "limit), add machines or recompute activations.")
                            .arg(QString::fromStdString(memoryError.what()));
            } catch (const std::exception& planError) {
                error = QString::fromStdString(planError.what());
            }
            return [this, plan, error] { // on the GUI thread, if still current
                m_poolPlan = std::move(*plan);
                m_pipelineError = error;
                showPoolPlan();
            };
        });
    showSceneMessage(m_ganttScene, QStringLiteral("Planning…"), false);
    updateMessage();
}

// The pool plan (or why there is none) in the strip, the memory bars, the Gantt chart and the
// sentences above them.
void TrainingPanel::showPoolPlan() {
    m_pipelinePlanned = true;
    if (m_poolPlan)
        m_strip->setPartition(*m_document->profile(), m_poolPlan->stageOfLayer, {},
                              PoolPresentation::stageLabels(m_poolPlan->plan),
                              QStringLiteral("×r: a stage replicated on r machines, each on its "
                                             "share of the micro-batch (the pool planner's stages "
                                             "are not dragged)"));
    else
        m_strip->clear();
    showPipelineMemory();
    drawGantt();
    updateMessage();
    emit planChanged();
}

// Simulates the pipeline over the given boundaries at once (no planner): the document's (an undo
// or redo, after a drag) or, live while a handle is dragged, the strip's own.
void TrainingPanel::resimulatePipeline(const std::vector<int>& boundaries, bool fromStrip) {
    const core::Profile& profile = *m_document->profile();
    const PipelineSettings& settings = m_document->pipelineSettings();
    m_jobs->cancel(PipelineJob); // the dragged partition wins over a plan still under way
    m_planning->finish();
    m_pipelineInputs = std::make_pair(settings, boundaries);
    m_pipelineError.clear();
    m_pipelinePlanned = false;
    m_poolPlan.reset();
    const core::PipelineRequest request = pipelineRequest(&m_pipelineError);
    if (m_pipelineError.isEmpty()) {
        // A boundary at p has layers [0, p) before it.
        std::vector<int> stageOfLayer(profile.layers.size(), 0);
        for (std::size_t i = 0; i < stageOfLayer.size(); ++i)
            stageOfLayer[i] = static_cast<int>(
                std::upper_bound(boundaries.begin(), boundaries.end(), static_cast<int>(i)) -
                boundaries.begin());
        core::PipelineRequest partitioned = request; // its micro-batches: 4 × its stages
        partitioned.memory = settings.memorySettings(static_cast<int>(boundaries.size()) + 1);
        try {
            m_pipeline = core::PipelineSimulation::evaluated(
                settings.recompute ? core::withRecomputation(profile) : profile,
                *m_document->network(), partitioned, stageOfLayer, settings.microBatches,
                settings.scheduleKind);
        } catch (const core::PlanError& error) {
            m_pipeline.reset();
            m_pipelineError = QString::fromStdString(error.what());
        }
    } else {
        m_pipeline.reset();
    }
    // The strip follows the document (not while it is the one being dragged).
    if (!fromStrip && m_pipeline && m_strip->stageOfLayer() != m_pipeline->stageOfLayer &&
        !m_strip->setBoundaries(boundaries))
        showPipelinePartition(
            core::PipelineSimulation::allowedBoundaries(profile, settings.cutMode));
    showPipelineMemory();
    drawGantt();
    updateMessage();
    emit planChanged();
}

void TrainingPanel::previewBoundaries() {
    if (!m_document->hasDocument() || !m_strip->isEditable())
        return;
    resimulatePipeline(m_strip->boundaries(), true);
}

// The pipeline as its settings stand, over the mini-batch's samples: batch / micro-batch
// micro-batches (at least one); none when its settings cannot plan (the pipeline tab says why).
std::optional<core::PipelineStrategy> TrainingPanel::strategyPipeline() const {
    QString error;
    core::PipelineStrategy pipeline;
    pipeline.request = pipelineRequest(&error);
    if (pipeline.request.chain.empty() || !m_document->profile()->hasBackward)
        return std::nullopt;
    const int microBatch = pipeline.request.microBatch > 0
                               ? pipeline.request.microBatch
                               : static_cast<int>(m_document->profile()->model.batch);
    pipeline.request.microBatch = microBatch;
    pipeline.microBatches = std::max(1, batch() / std::max(1, microBatch));
    pipeline.kind = m_document->pipelineSettings().scheduleKind;
    pipeline.request.timeLimitMs = 2000; // per bandwidth: the best plan found within it
    return pipeline;
}

void TrainingPanel::restartStrategy() {
    if (!m_document->hasDocument())
        return;
    if (!m_active) {
        m_stale = true;
        return;
    }
    m_strategyStatus->setText(QStringLiteral("Computing every planner at %1 bandwidths…")
                                  .arg(core::StrategySweepComputer::defaultBandwidths().size()));
    // Latest sweep wins: a running one is told to stop and its result dropped.
    m_jobs->start(
        StrategyJob,
        [this, profile = m_document->profile(), network = *m_document->network(),
         links = m_linksBox->currentData().toString().toStdString(), samples = batch(),
         mbps = core::StrategySweepComputer::defaultBandwidths(),
         planners = core::iterationPlanners(),
         pipeline = strategyPipeline()](const std::atomic<bool>& cancelled) -> JobRunner::Apply {
            // On a worker thread: only the copies above are read.
            auto sweep = std::make_shared<core::StrategySweep>(core::StrategySweepComputer::compute(
                *profile, network, links, samples, mbps, planners, &cancelled, pipeline));
            return [this, sweep] { // on the GUI thread, if still current
                m_sweep = std::move(*sweep);
                showStrategy();
                emit strategyFinished();
            };
        });
}

void TrainingPanel::showStrategy() {
    const core::StrategySweep* sweep = strategySweep();
    if (!sweep)
        return;
    ChartStyle::show(m_strategyView,
                     StrategyChartBuilder::build(*sweep, m_logXBox->isChecked(),
                                                 StrategyChartBuilder::defaultTitle(*sweep)),
                     m_dark);
    const bool anyAnswer = hasAnyAnswer(*sweep);
    m_strategyView->setVisible(anyAnswer); // an empty chart with a full legend says nothing
    m_strategyStatus->setWordWrap(true);
    m_strategyStatus->setText(
        !anyAnswer ? QStringLiteral("No planner has an answer, so there is nothing to compare: %1")
                         .arg(QString::fromStdString(sweep->error))
        : sweep->error.empty() ? QStringLiteral("Batch %1, %2 planners, %3 bandwidths.")
                                     .arg(sweep->batch)
                                     .arg(sweep->planners.size())
                                     .arg(sweep->mbps.size())
                               : QStringLiteral("Some points have no answer: %1")
                                     .arg(QString::fromStdString(sweep->error)));
}

bool TrainingPanel::hasAnyAnswer(const core::StrategySweep& sweep) {
    for (const auto& series : sweep.ms)
        for (double ms : series)
            if (std::isfinite(ms))
                return true;
    return false;
}

void TrainingPanel::showSceneMessage(QGraphicsScene* scene, const QString& text, bool error) const {
    const CanvasColors& colors = Theme::of(m_dark).canvas;
    scene->clear();
    scene->setBackgroundBrush(colors.background);
    auto* item = scene->addText(QString());
    item->setPlainText(text);
    item->setTextWidth(520);
    item->setDefaultTextColor(error ? (m_dark ? QColor(0xf2, 0x8b, 0x82) : QColor(0x9b, 0x1c, 0x1c))
                                    : colors.mutedText);
    scene->setSceneRect(item->boundingRect().adjusted(-20, -20, 20, 20));
}

void TrainingPanel::drawTimeline() {
    if (!m_document->hasDocument()) {
        showSceneMessage(m_timelineScene, m_iterationError);
        return;
    }
    if (isPipelineSelected()) {
        showSceneMessage(m_timelineScene,
                         QStringLiteral("The timeline shows one iteration of hiertrain or a "
                                        "baseline; choose one of those planners to see it. The "
                                        "pipeline's schedule is on the Pipeline tab."),
                         false);
        return;
    }
    if (!m_timeline) {
        const bool planning = m_jobs->isRunning(IterationJob);
        showSceneMessage(m_timelineScene, planning ? QStringLiteral("Planning…") : m_iterationError,
                         !planning);
        return;
    }
    HierTrainTimelineBuilder::build(m_timelineScene, *m_timeline,
                                    std::max(760, m_timelineView->viewport()->width() - 4),
                                    Theme::of(m_dark).canvas);
}

void TrainingPanel::drawGantt() {
    if (m_poolPlan) {
        PoolGanttBuilder::build(m_ganttScene, *m_document->profile(), *m_poolPlan,
                                std::max(760, m_ganttView->viewport()->width() - 4), ganttTitle(),
                                Theme::of(m_dark).canvas);
        return;
    }
    if (!m_pipeline) {
        const bool planning = m_document->hasDocument() && m_jobs->isRunning(PipelineJob);
        showSceneMessage(m_ganttScene, planning ? QStringLiteral("Planning…") : m_pipelineError,
                         !planning); // planning is no error
        return;
    }
    PipelineGanttBuilder::build(m_ganttScene, *m_document->profile(), m_pipeline->plan,
                                m_pipeline->schedule,
                                std::max(760, m_ganttView->viewport()->width() - 4), ganttTitle(),
                                Theme::of(m_dark).canvas);
}

QString TrainingPanel::ganttTitle() const {
    const QString model = QString::fromStdString(m_document->profile()->model.name);
    if (m_poolPlan)
        return QStringLiteral("%1: pipeline over %2 stages on %3 of %4 machines of the pool")
            .arg(model)
            .arg(m_poolPlan->plan.stages.size())
            .arg(m_poolPlan->plan.machinesUsed)
            .arg(m_poolPlan->plan.machinesTotal);
    return QStringLiteral("%1: pipeline over %2 stages")
        .arg(model)
        .arg(m_pipeline->plan.stages.size());
}

void TrainingPanel::updateMessage() {
    const QString error = errorText(); // core names what is missing and the way out
    m_message->setText(error);
    m_message->setVisible(!error.isEmpty() && m_document->hasDocument());
    QString summary;
    if (isPipelineSelected()) {
        if (m_poolPlan)
            summary = PoolPresentation::summary(*m_poolPlan, m_document->pipelineSettings().pool);
        else if (m_pipeline && m_pipelinePlanned)
            summary = PipelineSummary::planned(*m_pipeline, timesNote());
        else if (m_pipeline)
            summary = PipelineSummary::userPartition(
                *m_pipeline, m_optimum && m_optimum->first == m_document->pipelineSettings()
                                 ? std::optional(m_optimum->second)
                                 : std::nullopt);
    } else if (m_result) {
        summary = QStringLiteral("%1, batch %2: iteration %3.")
                      .arg(QString::fromStdString(m_result->planner))
                      .arg(m_result->batch)
                      .arg(Format::ms(m_result->iterationMs()));
    }
    const auto slot = isPipelineSelected() ? PipelineJob : IterationJob;
    if (summary.isEmpty() && m_jobs->isRunning(slot))
        summary = QStringLiteral("Planning…");
    m_summary->setText(summary);
    const QString memory =
        !isPipelineSelected() ? QString()
        : m_poolPlan          ? PoolPresentation::memory(m_poolPlan->plan, m_poolRequest)
        : m_pipeline          ? PipelineSummary::memory(
                                    *m_document->profile(), m_pipeline->plan,
                                    m_document->pipelineSettings().capacities(*m_document->profile()))
                     : QString();
    m_memorySummary->setText(memory);
    m_memorySummary->setVisible(!memory.isEmpty());
    const auto& bars = m_memoryView->stages();
    const bool over =
        !memory.isEmpty() && std::any_of(bars.begin(), bars.end(),
                                         [](const StageMemoryBar& bar) { return bar.isOver(); });
    m_memorySummary->setStyleSheet(over ? QStringLiteral("QLabel { color: %1; font-weight: bold; }")
                                              .arg(Theme::of(m_dark).canvas.error.name())
                                        : QString());
}

bool TrainingPanel::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Resize) {
        if (watched == m_timelineView->viewport() && m_timeline)
            drawTimeline();
        if (watched == m_ganttView->viewport() && (m_pipeline || m_poolPlan))
            drawGantt();
    }
    return QWidget::eventFilter(watched, event);
}

QString TrainingPanel::summaryText() const {
    return m_memorySummary->text().isEmpty()
               ? m_summary->text()
               : m_summary->text() + QLatin1Char('\n') + m_memorySummary->text();
}

std::unique_ptr<QGraphicsScene> TrainingPanel::chartScene(QString* title, QString* error) const {
    return sceneOf(isPipelineSelected() ? View::Pipeline : View::Timeline, title, error);
}

std::unique_ptr<QGraphicsScene> TrainingPanel::sceneOf(View view, QString* title,
                                                       QString* error) const {
    if (view == View::Timeline) {
        if (!m_timeline) {
            *error = isPipelineSelected()
                         ? QStringLiteral("The timeline shows the iteration planners: choose "
                                          "hiertrain or a baseline instead of the pipeline.")
                     : !m_iterationError.isEmpty()
                         ? m_iterationError
                         : QStringLiteral("The timeline has not been planned yet.");
            return nullptr;
        }
        auto scene = std::make_unique<QGraphicsScene>();
        HierTrainTimelineBuilder::build(scene.get(), *m_timeline, 1000);
        *title = QString::fromStdString(m_timeline->title);
        return scene;
    }
    if (m_poolPlan) {
        auto scene = std::make_unique<QGraphicsScene>();
        *title = ganttTitle();
        PoolGanttBuilder::build(scene.get(), *m_document->profile(), *m_poolPlan, 1000, *title);
        return scene;
    }
    if (!m_pipeline) {
        *error = !m_pipelineError.isEmpty()
                     ? m_pipelineError
                     : QStringLiteral("The pipeline has not been planned yet.");
        return nullptr;
    }
    auto scene = std::make_unique<QGraphicsScene>();
    *title = QStringLiteral("%1: pipeline")
                 .arg(QString::fromStdString(m_document->profile()->model.name));
    PipelineGanttBuilder::build(scene.get(), *m_document->profile(), m_pipeline->plan,
                                m_pipeline->schedule, 1000, *title);
    return scene;
}

bool TrainingPanel::exportView(View view, const QString& path, QString* error) const {
    auto fail = [&](const QString& message) {
        if (error)
            *error = message;
        return false;
    };
    if (!ImageExporter::isSupported(path))
        return fail(QStringLiteral("%1: choose a .png, .svg or .pdf file name").arg(path));
    switch (view) {
    case View::Timeline:
    case View::Pipeline: {
        QString title, why;
        const auto scene = sceneOf(view, &title, &why);
        if (!scene)
            return fail(why);
        return TrainingExport::writeScene(path, *scene, error, title);
    }
    case View::Strategy: {
        const core::StrategySweep* sweep = strategySweep();
        if (!sweep)
            return fail(QStringLiteral("The strategy comparison has not finished yet."));
        if (!hasAnyAnswer(*sweep))
            return fail(QString::fromStdString(sweep->error));
        return ImageExporter::writeChart(
            path,
            StrategyChartBuilder::build(*sweep, m_logXBox->isChecked(),
                                        StrategyChartBuilder::defaultTitle(*sweep)),
            QSizeF(900, 560), error);
    }
    }
    return false;
}

void TrainingPanel::exportCurrent() {
    static const char* const kViewStems[] = {"timeline", "pipeline", "strategy"};
    const QString model = m_document->hasDocument()
                              ? QString::fromStdString(m_document->profile()->model.name)
                              : QString();
    SaveDialog::Request request{
        QStringLiteral("Export view"),
        SaveNames::proposal(model, QString::fromLatin1(kViewStems[m_tabs->currentIndex()]),
                            QStringLiteral("png")),
        QStringLiteral("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"),
        QStringLiteral("png"),
        {}};
    const QString path = SaveDialog::ask(this, request);
    if (path.isEmpty())
        return;
    QString error;
    if (!exportView(static_cast<View>(m_tabs->currentIndex()), path, &error))
        emit problem(QStringLiteral("Cannot export the view"), error);
}

} // namespace cutlab::ui
