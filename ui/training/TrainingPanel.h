#pragma once

#include "ui/training/PipelineSettings.h"
#include "ui/training/PipelineSummary.h"

#include "core/cluster/PoolRequest.h"
#include "core/cluster/PoolSchedule.h"
#include "core/training/PipelineSimulation.h"
#include "core/training/StrategySweep.h"
#include "core/training/StrategySweepComputer.h"
#include "core/training/TrainingResult.h"
#include "core/training/TrainingTimeline.h"

#include "core/model/Network.h"
#include "core/model/Profile.h"

#include <nlohmann/json.hpp>

#include <QString>
#include <QWidget>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

class QChartView;
class QCheckBox;
class QComboBox;
class QGraphicsScene;
class QGraphicsView;
class QLabel;
class QPushButton;

namespace cutlab::ui {
class PipelinePlanningStatus;
}
class QSpinBox;
class QTabWidget;
class QUndoStack;

namespace cutlab::ui {

class PipelineSettingsBox;
class StageMemoryView;
class StageStripView;
class JobRunner;
class TrainingDocument;

// The Training mode: pick a training planner (hiertrain, the baselines, pipeline) and the
// mini-batch; see the HierTrain timeline (workers × phases), the pipeline's stage strip (drag
// the boundaries, the schedule re-simulates live) and Gantt chart, and the strategy comparison
// (every iteration planner against a link's bandwidth). The state lives in a TrainingDocument
// (document()): every user change is an undoable command on its undo stack, and the panel
// observes the document, shows its state in the widgets and re-plans. Every change re-plans, off
// the GUI thread (a newer change makes older answers stale; they are dropped); errors show as a
// message inside the panel. With the pipeline selected, no iteration planner runs (the timeline
// tab says so); the strategy comparison compares the iteration planners and the pipeline. While
// inactive (the window shows another mode) it only keeps the document and plans when it becomes
// active.
class TrainingPanel : public QWidget {
    Q_OBJECT
  public:
    enum class View { Timeline, Pipeline, Strategy };

    explicit TrainingPanel(QWidget* parent = nullptr);
    ~TrainingPanel() override;

    // The panel's document and its undo stack (for the window's QUndoGroup / Edit menu).
    TrainingDocument* document() const { return m_document; }
    QUndoStack* undoStack() const;

    // Keeps both and re-plans everything (the batch becomes the profile's model.batch). Not
    // undoable: clears the undo stack.
    void setDocument(const core::Profile& profile, const core::Network& network);
    void setDocument(std::shared_ptr<const core::Profile> profile, const core::Network& network);
    // Keeps the profile and the settings; re-plans with the new network. Clears the undo stack.
    void setNetwork(const core::Network& network);
    void clearDocument();
    bool hasDocument() const;

    // The window's dark or light theme for the timeline, Gantt chart, stage strip and strategy
    // chart (exports stay light).
    void setDark(bool dark);
    bool isDark() const { return m_dark; }

    // Active (the default): plans as soon as something changes. Inactive: plans nothing, and
    // catches up when activated again.
    void setActive(bool active);
    bool isActive() const { return m_active; }
    // An iteration or pipeline plan is being computed (its answer not shown yet).
    bool isPlanning() const;
    // Plans started since construction: iteration, pipeline and strategy computations.
    int computationsStarted() const;

    // The selected planner's id: hiertrain | all-device | … | jalad | pipeline. setPlanner is a
    // user change (undoable); an unknown id is ignored.
    QString planner() const;
    void setPlanner(const QString& id);
    int batch() const;
    void setBatch(int samples); // a user change (undoable)
    // Planner ▸ Run Planner in Training mode: the pipeline's stages back to the planner's (an
    // undoable command), or the iteration planner run again.
    void runPlanner();
    PipelineSettingsBox* pipelineSettings() const { return m_pipelineBox; }
    QComboBox* plannerBox() const { return m_plannerBox; } // item data: the planner's id
    QSpinBox* batchBox() const { return m_batchBox; }
    void setStrategyLinks(const QString& links); // core::parseLinkSelection syntax
    void setStrategyLogX(bool logX);
    void showView(View view);

    // The current answers (empty when the planner failed; see errorText()).
    const std::optional<core::TrainingResult>& trainingResult() const { return m_result; }
    const std::optional<core::PipelineSimulation>& pipeline() const { return m_pipeline; }
    // The plan over the Cluster editor's pool, when one is set (then pipeline() is empty).
    const std::optional<core::PoolSimulation>& poolPlan() const { return m_poolPlan; }
    QString errorText() const; // the message shown for the selected planner, empty when fine
    bool isStrategyRunning() const;
    const core::StrategySweep* strategySweep() const; // null until the first sweep finished

    QGraphicsView* timelineView() const { return m_timelineView; }
    QGraphicsView* ganttView() const { return m_ganttView; }
    StageStripView* stageStrip() const { return m_strip; }
    StageMemoryView* memoryView() const { return m_memoryView; }
    // What each machine of the iteration plan (HierTrain, a baseline) holds, on the Timeline tab.
    StageMemoryView* iterationMemoryView() const { return m_iterationMemoryView; }
    // The sentence under the summary on the pipeline's memory (empty without a pipeline).
    QLabel* memorySummary() const { return m_memorySummary; }
    QLabel* pipelineCaption() const { return m_pipelineCaption; }
    QChartView* strategyView() const { return m_strategyView; }

    // The plan on screen as a `cutlab-plan` training document (TrainingPlanDocument); nullopt with
    // `error` set when the selected planner has none.
    std::optional<nlohmann::ordered_json> planDocument(QString* error) const;
    // Its answers are those of the current document (not planning, nothing changed while
    // inactive).
    bool showsCurrentPlan() const { return !m_stale && !isPlanning(); }
    // The selected planner's answer in words, as the panel shows it.
    QString summaryText() const;
    // The selected planner's chart drawn light (the timeline, or the pipeline's Gantt chart), and
    // its title; null with `error` set when there is none.
    std::unique_ptr<QGraphicsScene> chartScene(QString* title, QString* error) const;
    // PNG, SVG or PDF by the path's extension; false with `error` set otherwise.
    bool exportView(View view, const QString& path, QString* error) const;

  signals:
    void planChanged();      // after every re-plan or re-simulation
    void strategyFinished(); // a strategy sweep delivered its result
    void problem(const QString& title, const QString& text); // for the window to show

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    void describeWidgets();
    void layOut();
    void connectAll();
    static void populatePlanners(QComboBox* box); // item text and data: the planner's id
    bool isPipelineSelected() const;
    // Document signals.
    void documentReset();
    void plannerChanged();
    void updatePipelineCaption();
    void batchChanged();
    void pipelineSettingsChanged();
    // Planning.
    void replan();
    void replanIteration();
    void updatePipeline(); // plans, or simulates the document's boundaries
    void replanPipeline();
    void replanPool(); // over the Cluster editor's pool, on a worker
    void showPoolPlan();
    void planOptimumIfMissing();
    // The planner's pipeline on the times `settings` choose (measured, or estimated from the
    // chain's first machine) and, on estimates, its bottleneck on the measured times. Throws.
    static std::pair<core::PipelineSimulation, std::optional<double>>
    planOnChosenTimes(const core::Profile& profile, const core::Network& network,
                      const core::PipelineRequest& request, const PipelineSettings& settings);
    static void recountMemoryAsSimulated(core::PipelineSimulation& pipeline,
                                         const core::Profile& profile, const core::Network& network,
                                         const core::PipelineRequest& request,
                                         const PipelineSettings& settings);
    // What a planned pipeline says of the optimum a hand-set partition is compared with.
    static PipelineOptimum optimumOf(const core::PipelineSimulation& pipeline,
                                     std::optional<double> measuredMs);
    void resimulatePipeline(const std::vector<int>& boundaries, bool fromStrip);
    void previewBoundaries(); // live, while a boundary is dragged (no command)
    void showPipelinePartition(const std::vector<int>& allowed);
    void showPipelineMemory(); // the memory view, the strip's stages over their limit
    void restartStrategy();
    std::optional<core::PipelineStrategy> strategyPipeline() const;
    void showStrategy();
    static bool hasAnyAnswer(const core::StrategySweep& sweep);
    void drawTimeline();
    void drawGantt();
    QString ganttTitle() const;
    void updateMessage();
    void exportCurrent();
    void showSceneMessage(QGraphicsScene* scene, const QString& text, bool error = true) const;
    std::unique_ptr<QGraphicsScene> sceneOf(View view, QString* title, QString* error) const;
    core::PipelineRequest pipelineRequest(QString* error) const;
    static core::Profile estimatedProfile(const core::Profile& profile, core::TimeSource times,
                                          const std::string& reference,
                                          const std::string& predictorPath);
    QString timesNote() const;

    TrainingDocument* m_document;
    std::optional<core::TrainingResult> m_result;
    std::optional<core::TrainingTimeline> m_timeline;
    std::optional<core::PipelineSimulation> m_pipeline;
    std::optional<double> m_pipelineMeasuredMs;     // planned on estimates: the measured bottleneck
    std::optional<core::PoolSimulation> m_poolPlan; // planned over a pool, with its request:
    core::PoolRequest m_poolRequest;                // the pool and its capacities
    bool m_pipelinePlanned = false; // m_pipeline is the planner's, not a partition set by hand
    // The planner's answer and the settings it was planned for, to compare a dragged partition.
    std::optional<std::pair<PipelineSettings, PipelineOptimum>> m_optimum;
    QString m_iterationError, m_pipelineError;
    // The pipeline settings and boundaries of the pipeline shown or being planned (none after a
    // new document or network): a document change that leaves them alike computes nothing.
    std::optional<std::pair<PipelineSettings, std::vector<int>>> m_pipelineInputs;
    core::StrategySweep m_sweep; // the last delivered sweep (no planners before the first)

    QComboBox* m_plannerBox;
    QSpinBox* m_batchBox;
    PipelineSettingsBox* m_pipelineBox;
    QComboBox* m_linksBox;
    QCheckBox* m_logXBox;
    QPushButton* m_exportButton;
    QLabel* m_message;
    QLabel* m_summary;
    QLabel* m_memorySummary;
    QLabel* m_pipelineCaption = nullptr; // on the Pipeline tab: whose answer it shows
    PipelinePlanningStatus* m_planning;
    QTabWidget* m_tabs;
    QGraphicsScene* m_timelineScene;
    QGraphicsView* m_timelineView;
    StageStripView* m_strip;
    StageMemoryView* m_memoryView;
    StageMemoryView* m_iterationMemoryView;
    QGraphicsScene* m_ganttScene;
    QGraphicsView* m_ganttView;
    QChartView* m_strategyView;
    QLabel* m_strategyStatus;
    enum JobSlot { IterationJob, PipelineJob, StrategyJob, OptimumJob, JobSlotCount };
    JobRunner* m_jobs;
    bool m_active = true;
    bool m_dark = false;
    bool m_stale = false; // the document changed while inactive
};

} // namespace cutlab::ui
