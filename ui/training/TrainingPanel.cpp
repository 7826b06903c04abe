#include "ui/training/TrainingPanel.h"

#include "core/planners/IterationPlanner.h"
#include "core/planners/PlannerRegistry.h"
#include "core/training/StrategySweepComputer.h"
#include "core/training/TrainingTimelineMaker.h"
#include "ui/charts/ChartStyle.h"
#include "ui/charts/Format.h"
#include "ui/charts/ImageExporter.h"
#include "ui/jobs/JobRunner.h"
#include "ui/training/HierTrainTimelineBuilder.h"
#include "ui/training/PipelineGanttBuilder.h"
#include "ui/training/PipelineSettingsBox.h"
#include "ui/training/StageStripView.h"
#include "ui/training/StrategyChartBuilder.h"
#include "ui/training/StrategySweepRunner.h"
#include "ui/training/TrainingExport.h"

#include "core/model/PlanError.h"

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

#include "ui/training/FittingSceneView.h"
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace cutlab::ui {
namespace {

constexpr const char* kPipeline = "pipeline";

QGraphicsView* makeSceneView(QGraphicsScene* scene, QWidget* parent, const QString& tooltip) {
    auto* view = new FittingSceneView(scene, parent);
    view->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    view->setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    view->setBackgroundBrush(Qt::white);
    view->setToolTip(tooltip);
    return view;
}

} // namespace

TrainingPanel::TrainingPanel(QWidget* parent)
    : QWidget(parent), m_plannerBox(new QComboBox(this)), m_batchBox(new QSpinBox(this)),
      m_pipelineBox(new PipelineSettingsBox(this)), m_linksBox(new QComboBox(this)),
      m_logXBox(new QCheckBox(this)),
      m_exportButton(new QPushButton(QStringLiteral("Export view…"), this)),
      m_message(new QLabel(this)), m_summary(new QLabel(this)), m_tabs(new QTabWidget(this)),
      m_timelineScene(new QGraphicsScene(this)),
      m_timelineView(makeSceneView(m_timelineScene, this,
                                   QStringLiteral("One iteration over time: each worker's busy "
                                                  "bars inside each phase; grey is idle."))),
      m_strip(new StageStripView(this)), m_ganttScene(new QGraphicsScene(this)),
      m_ganttView(makeSceneView(m_ganttScene, this,
                                QStringLiteral("The simulated pipeline schedule: stages and links "
                                               "over time, micro-batch numbers on the bars."))),
      m_strategyView(new QChartView(this)), m_strategyStatus(new QLabel(this)),
      m_runner(new StrategySweepRunner(this)), m_jobs(new JobRunner(JobSlotCount, this)) {
    for (const auto* info : core::plannersOfKind(core::PlannerKind::Iteration))
        m_plannerBox->addItem(QString::fromStdString(info->id));
    m_plannerBox->addItem(QString::fromLatin1(kPipeline));
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
    m_strategyStatus->setToolTip(QStringLiteral("State of the strategy comparison sweep."));
    m_strategyView->setRenderHint(QPainter::Antialiasing);
    m_strategyView->setToolTip(QStringLiteral(
        "Iteration time of every planner against the swept bandwidth (HierTrain's figures 7–10)."));
    m_tabs->setToolTip(QStringLiteral("The views of the Training mode."));

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
    pipelineLayout->addWidget(m_strip);
    pipelineLayout->addWidget(m_ganttView, 1);
    auto* strategyPage = new QWidget(this);
    auto* strategyLayout = new QVBoxLayout(strategyPage);
    strategyLayout->setContentsMargins(0, 0, 0, 0);
    strategyLayout->addWidget(m_strategyStatus);
    strategyLayout->addWidget(m_strategyView, 1);
    m_tabs->addTab(m_timelineView, QStringLiteral("Timeline"));
    m_tabs->addTab(pipelinePage, QStringLiteral("Pipeline"));
    m_tabs->addTab(strategyPage, QStringLiteral("Strategy comparison"));

    auto* right = new QVBoxLayout();
    right->addWidget(m_message);
    right->addWidget(m_summary);
    right->addWidget(m_tabs, 1);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(controls);
    layout->addLayout(right, 1);

    m_timelineView->viewport()->installEventFilter(this);
    m_ganttView->viewport()->installEventFilter(this);

    connect(m_plannerBox, &QComboBox::currentIndexChanged, this, [this] {
        showView(planner() == QLatin1String(kPipeline) ? View::Pipeline : View::Timeline);
        updateMessage();
    });
    connect(m_batchBox, &QSpinBox::valueChanged, this, [this] {
        replanIteration();
        restartStrategy();
    });
    connect(m_pipelineBox, &PipelineSettingsBox::changed, this, &TrainingPanel::replanPipeline);
    connect(m_strip, &StageStripView::boundariesChanged, this, &TrainingPanel::resimulatePipeline);
    connect(m_linksBox, &QComboBox::currentIndexChanged, this, &TrainingPanel::restartStrategy);
    connect(m_logXBox, &QCheckBox::toggled, this, &TrainingPanel::showStrategy);
    connect(m_runner, &StrategySweepRunner::finished, this, [this] {
        showStrategy();
        emit strategyFinished();
    });
    connect(m_exportButton, &QPushButton::clicked, this, &TrainingPanel::exportCurrent);
    clearDocument();
}

TrainingPanel::~TrainingPanel() {
    delete m_strategyView->chart();
}

void TrainingPanel::setDocument(const core::Profile& profile, const core::Network& network) {
    setDocument(std::make_shared<const core::Profile>(profile), network);
}

void TrainingPanel::setDocument(std::shared_ptr<const core::Profile> profile,
                                const core::Network& network) {
    m_profile = std::move(profile);
    m_network = network;
    {
        const QSignalBlocker block(m_batchBox);
        m_batchBox->setValue(std::max(1, static_cast<int>(m_profile->model.batch)));
    }
    m_pipelineBox->setProfile(*m_profile);
    replan();
}

void TrainingPanel::setNetwork(const core::Network& network) {
    m_network = network;
    if (m_profile)
        replan();
}

void TrainingPanel::setActive(bool active) {
    if (active == m_active)
        return;
    m_active = active;
    if (m_active && m_stale && m_profile)
        replan();
}

bool TrainingPanel::isPlanning() const {
    return m_jobs->isBusy();
}

int TrainingPanel::computationsStarted() const {
    return m_jobs->startedCount() + m_strategyStarts;
}

void TrainingPanel::clearDocument() {
    m_runner->cancel();
    m_jobs->cancel(IterationJob);
    m_jobs->cancel(PipelineJob);
    m_stale = false;
    m_profile.reset();
    m_network.reset();
    m_result.reset();
    m_timeline.reset();
    m_pipeline.reset();
    m_iterationError = m_pipelineError =
        QStringLiteral("Open a profile with backward times to plan training.");
    m_strip->clear();
    showSceneMessage(m_timelineScene, m_iterationError);
    showSceneMessage(m_ganttScene, m_pipelineError);
    m_strategyStatus->setText(QString());
    updateMessage();
}

QString TrainingPanel::planner() const {
    return m_plannerBox->currentText();
}

void TrainingPanel::setPlanner(const QString& name) {
    const int index = m_plannerBox->findText(name);
    if (index >= 0)
        m_plannerBox->setCurrentIndex(index);
}

int TrainingPanel::batch() const {
    return m_batchBox->value();
}
void TrainingPanel::setBatch(int samples) {
    m_batchBox->setValue(samples);
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
    return planner() == QLatin1String(kPipeline) ? m_pipelineError : m_iterationError;
}

bool TrainingPanel::isStrategyRunning() const {
    return m_runner->isRunning();
}

const core::StrategySweep* TrainingPanel::strategySweep() const {
    return m_runner->result().planners.empty() ? nullptr : &m_runner->result();
}

void TrainingPanel::replan() {
    if (!m_active) {
        // Nothing to show now: drop what was shown and plan when the panel is shown again.
        m_runner->cancel();
        m_jobs->cancel(IterationJob);
        m_jobs->cancel(PipelineJob);
        m_result.reset();
        m_timeline.reset();
        m_pipeline.reset();
        m_stale = true;
        return;
    }
    m_stale = false;
    replanIteration();
    replanPipeline();
    restartStrategy();
}

void TrainingPanel::replanIteration() {
    if (!m_profile)
        return;
    if (!m_active) {
        m_stale = true;
        return;
    }
    m_result.reset();
    m_timeline.reset();
    m_iterationError.clear();
    const QString name =
        planner() == QLatin1String(kPipeline) ? QStringLiteral("hiertrain") : planner();
    m_jobs->start(IterationJob,
                  [this, profile = m_profile, network = *m_network, name = name.toStdString(),
                   samples = batch()](const std::atomic<bool>&) -> JobRunner::Apply {
                      // On a worker thread: only the copies above are read.
                      auto result = std::make_shared<std::optional<core::TrainingResult>>();
                      auto timeline = std::make_shared<std::optional<core::TrainingTimeline>>();
                      QString error;
                      try {
                          const core::TrainingCostModel model(*profile, network,
                                                              core::trainingMachines(*profile));
                          *result = core::runIterationPlanner(name, model, samples);
                          *timeline = core::TrainingTimelineMaker::fromResult(model, **result);
                      } catch (const core::PlanError& planError) {
                          result->reset();
                          timeline->reset();
                          error = QString::fromStdString(planError.what());
                      }
                      return
                          [this, result, timeline, error] { // on the GUI thread, if still current
                              m_result = *result;
                              m_timeline = *timeline;
                              m_iterationError = error;
                              drawTimeline();
                              updateMessage();
                              emit planChanged();
                          };
                  });
    showSceneMessage(m_timelineScene, QStringLiteral("Planning…"));
    updateMessage();
}

core::PipelineRequest TrainingPanel::pipelineRequest(QString* error) const {
    core::PipelineRequest request;
    request.chain = m_pipelineBox->chain(*m_profile, error);
    request.microBatch = m_pipelineBox->microBatch();
    request.cutMode = m_pipelineBox->cutMode();
    return request;
}

void TrainingPanel::replanPipeline() {
    if (!m_profile)
        return;
    if (!m_active) {
        m_stale = true;
        return;
    }
    m_pipeline.reset();
    m_pipelineError.clear();
    const core::PipelineRequest request = pipelineRequest(&m_pipelineError);
    auto applyPipeline = [this](std::optional<core::PipelineSimulation> pipeline,
                                std::vector<int> allowed, QString error) {
        m_pipeline = std::move(pipeline);
        m_pipelineError = error;
        if (m_pipeline) {
            QStringList names;
            for (std::size_t s = 0; s < m_pipeline->plan.stages.size(); ++s)
                names << QStringLiteral("%1: %2").arg(s).arg(QString::fromStdString(
                    m_profile
                        ->machines[static_cast<std::size_t>(m_pipeline->plan.stages[s].machine)]
                        .id));
            m_strip->setPartition(*m_profile, m_pipeline->stageOfLayer, allowed, names);
        } else {
            m_strip->clear();
        }
        drawGantt();
        updateMessage();
        emit planChanged();
    };
    if (!m_pipelineError.isEmpty()) { // the settings are wrong: nothing to compute
        m_jobs->cancel(PipelineJob);
        applyPipeline(std::nullopt, {}, m_pipelineError);
        return;
    }
    m_strip->clear();
    m_jobs->start(
        PipelineJob,
        [applyPipeline, profile = m_profile, network = *m_network, request,
         microBatches = m_pipelineBox->microBatches(), kind = m_pipelineBox->scheduleKind()](
            const std::atomic<bool>& cancelled) -> JobRunner::Apply {
            // On a worker thread: only the copies above are read.
            auto pipeline = std::make_shared<std::optional<core::PipelineSimulation>>();
            auto allowed = std::make_shared<std::vector<int>>();
            QString error;
            try {
                core::PipelineRequest cancellable =
                    request; // stops when the slot's job is replaced or the window closes
                cancellable.cancel = &cancelled;
                *pipeline = core::PipelineSimulation::planned(*profile, network, cancellable,
                                                              microBatches, kind);
                *allowed = core::PipelineSimulation::allowedBoundaries(*profile, request.cutMode);
            } catch (const core::PlanError& planError) {
                pipeline->reset();
                error = QString::fromStdString(planError.what());
            }
            return [applyPipeline, pipeline, allowed, error] {
                applyPipeline(std::move(*pipeline), std::move(*allowed), error);
            };
        });
    showSceneMessage(m_ganttScene, QStringLiteral("Planning…"));
    updateMessage();
}

void TrainingPanel::resimulatePipeline() {
    if (!m_profile)
        return;
    m_jobs->cancel(PipelineJob); // the dragged partition wins over a plan still under way
    m_pipelineError.clear();
    const core::PipelineRequest request = pipelineRequest(&m_pipelineError);
    if (m_pipelineError.isEmpty()) {
        try {
            m_pipeline = core::PipelineSimulation::evaluated(
                *m_profile, *m_network, request, m_strip->stageOfLayer(),
                m_pipelineBox->microBatches(), m_pipelineBox->scheduleKind());
        } catch (const core::PlanError& error) {
            m_pipeline.reset();
            m_pipelineError = QString::fromStdString(error.what());
        }
    }
    drawGantt();
    updateMessage();
    emit planChanged();
}

void TrainingPanel::restartStrategy() {
    if (!m_profile)
        return;
    if (!m_active) {
        m_stale = true;
        return;
    }
    ++m_strategyStarts;
    std::vector<core::IterationPlanner> planners = core::iterationPlanners();
    m_strategyStatus->setText(QStringLiteral("Computing every planner at %1 bandwidths…")
                                  .arg(core::StrategySweepComputer::defaultBandwidths().size()));
    m_runner->start(m_profile, *m_network, m_linksBox->currentData().toString().toStdString(),
                    batch(), core::StrategySweepComputer::defaultBandwidths(), planners);
}

void TrainingPanel::showStrategy() {
    const core::StrategySweep* sweep = strategySweep();
    if (!sweep)
        return;
    QChart* old = m_strategyView->chart();
    QChart* chart = StrategyChartBuilder::build(*sweep, m_logXBox->isChecked(),
                                                StrategyChartBuilder::defaultTitle(*sweep));
    ChartStyle::apply(chart, false);
    m_strategyView->setChart(chart);
    delete old;
    m_strategyStatus->setText(sweep->error.empty()
                                  ? QStringLiteral("Batch %1, %2 planners, %3 bandwidths.")
                                        .arg(sweep->batch)
                                        .arg(sweep->planners.size())
                                        .arg(sweep->mbps.size())
                                  : QStringLiteral("Some points have no answer: %1")
                                        .arg(QString::fromStdString(sweep->error)));
}

void TrainingPanel::showSceneMessage(QGraphicsScene* scene, const QString& text) {
    scene->clear();
    auto* item = scene->addText(QString());
    item->setPlainText(text);
    item->setTextWidth(520);
    item->setDefaultTextColor(QColor(0x9b, 0x1c, 0x1c));
    scene->setSceneRect(item->boundingRect().adjusted(-20, -20, 20, 20));
}

void TrainingPanel::drawTimeline() {
    if (!m_timeline) {
        showSceneMessage(m_timelineScene, m_iterationError);
        return;
    }
    HierTrainTimelineBuilder::build(m_timelineScene, *m_timeline,
                                    std::max(760, m_timelineView->viewport()->width() - 4));
}

void TrainingPanel::drawGantt() {
    if (!m_pipeline) {
        showSceneMessage(m_ganttScene, m_pipelineError);
        return;
    }
    const QString title = QStringLiteral("%1: pipeline over %2 stages")
                              .arg(QString::fromStdString(m_profile->model.name))
                              .arg(m_pipeline->plan.stages.size());
    PipelineGanttBuilder::build(m_ganttScene, *m_profile, m_pipeline->plan, m_pipeline->schedule,
                                std::max(760, m_ganttView->viewport()->width() - 4), title);
}

void TrainingPanel::updateMessage() {
    const QString error = errorText();
    m_message->setText(error);
    m_message->setVisible(!error.isEmpty() && m_profile);
    QString summary;
    if (planner() == QLatin1String(kPipeline)) {
        if (m_pipeline)
            summary = QStringLiteral("Pipeline: %1 stages, bottleneck %2 per micro-batch of %3, "
                                     "mini-batch of %4 micro-batches %5.")
                          .arg(m_pipeline->plan.stages.size())
                          .arg(Format::ms(m_pipeline->plan.bottleneckMs))
                          .arg(m_pipeline->plan.microBatch)
                          .arg(m_pipeline->schedule.microBatches)
                          .arg(Format::ms(m_pipeline->schedule.minibatchMs));
    } else if (m_result) {
        summary = QStringLiteral("%1, batch %2: iteration %3.")
                      .arg(QString::fromStdString(m_result->planner))
                      .arg(m_result->batch)
                      .arg(Format::ms(m_result->iterationMs()));
    }
    const auto slot = planner() == QLatin1String(kPipeline) ? PipelineJob : IterationJob;
    if (summary.isEmpty() && m_jobs->isRunning(slot))
        summary = QStringLiteral("Planning…");
    m_summary->setText(summary);
}

bool TrainingPanel::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Resize) {
        if (watched == m_timelineView->viewport() && m_timeline)
            drawTimeline();
        if (watched == m_ganttView->viewport() && m_pipeline)
            drawGantt();
    }
    return QWidget::eventFilter(watched, event);
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
    case View::Timeline: {
        if (!m_timeline)
            return fail(m_iterationError);
        QGraphicsScene scene;
        HierTrainTimelineBuilder::build(&scene, *m_timeline, 1000);
        return TrainingExport::writeScene(path, scene, error,
                                          QString::fromStdString(m_timeline->title));
    }
    case View::Pipeline: {
        if (!m_pipeline)
            return fail(m_pipelineError);
        QGraphicsScene scene;
        PipelineGanttBuilder::build(
            &scene, *m_profile, m_pipeline->plan, m_pipeline->schedule, 1000,
            QStringLiteral("%1: pipeline").arg(QString::fromStdString(m_profile->model.name)));
        return TrainingExport::writeScene(path, scene, error);
    }
    case View::Strategy: {
        const core::StrategySweep* sweep = strategySweep();
        if (!sweep)
            return fail(QStringLiteral("The strategy comparison has not finished yet."));
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
    const QString path = QFileDialog::getSaveFileName(
        this, QStringLiteral("Export view"), QString(),
        QStringLiteral("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportView(static_cast<View>(m_tabs->currentIndex()), path, &error))
        QMessageBox::warning(this, QStringLiteral("Export view"), error);
}

} // namespace cutlab::ui
