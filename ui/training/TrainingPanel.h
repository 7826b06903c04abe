#pragma once

#include "core/training/PipelineSimulation.h"
#include "core/training/StrategySweep.h"
#include "core/training/TrainingResult.h"
#include "core/training/TrainingTimeline.h"

#include "core/model/Network.h"
#include "core/model/Profile.h"

#include <QString>
#include <QWidget>

#include <memory>
#include <optional>

class QChartView;
class QCheckBox;
class QComboBox;
class QGraphicsScene;
class QGraphicsView;
class QLabel;
class QPushButton;
class QSpinBox;
class QTabWidget;

namespace cutlab::ui {

class PipelineSettingsBox;
class StageStripView;
class StrategySweepRunner;
class JobRunner;

// The Training mode: pick a training planner (hiertrain, the baselines, pipeline) and the
// mini-batch; see the HierTrain timeline (workers × phases), the pipeline's stage strip (drag
// the boundaries, the schedule re-simulates live) and Gantt chart, and the strategy comparison
// (every iteration planner against a link's bandwidth). Every change re-plans, off the GUI
// thread (a newer change makes older answers stale; they are dropped); errors show as a message
// inside the panel. While inactive (the window shows another mode) it only keeps the document and
// plans when it becomes active. Self-contained: it keeps its own copies of the profile and network.
class TrainingPanel : public QWidget {
    Q_OBJECT
  public:
    enum class View { Timeline, Pipeline, Strategy };

    explicit TrainingPanel(QWidget* parent = nullptr);
    ~TrainingPanel() override;

    // Keeps both and re-plans everything (the batch becomes the profile's model.batch).
    void setDocument(const core::Profile& profile, const core::Network& network);
    void setDocument(std::shared_ptr<const core::Profile> profile, const core::Network& network);
    // Keeps the profile and the settings; re-plans with the new network.
    void setNetwork(const core::Network& network);
    void clearDocument();
    bool hasDocument() const { return static_cast<bool>(m_profile); }

    // Active (the default): plans as soon as something changes. Inactive: plans nothing, and
    // catches up when activated again.
    void setActive(bool active);
    bool isActive() const { return m_active; }
    // An iteration or pipeline plan is being computed (its answer not shown yet).
    bool isPlanning() const;
    // Plans started since construction: iteration, pipeline and strategy computations.
    int computationsStarted() const;

    QString planner() const;
    void setPlanner(const QString& name); // hiertrain | all-device | … | jalad | pipeline
    int batch() const;
    void setBatch(int samples);
    PipelineSettingsBox* pipelineSettings() const { return m_pipelineBox; }
    void setStrategyLinks(const QString& links); // core::parseLinkSelection syntax
    void setStrategyLogX(bool logX);
    void showView(View view);

    // The current answers (empty when the planner failed; see errorText()).
    const std::optional<core::TrainingResult>& trainingResult() const { return m_result; }
    const std::optional<core::PipelineSimulation>& pipeline() const { return m_pipeline; }
    QString errorText() const; // the message shown for the selected planner, empty when fine
    bool isStrategyRunning() const;
    const core::StrategySweep* strategySweep() const; // null until the first sweep finished

    QGraphicsView* timelineView() const { return m_timelineView; }
    QGraphicsView* ganttView() const { return m_ganttView; }
    StageStripView* stageStrip() const { return m_strip; }
    QChartView* strategyView() const { return m_strategyView; }

    // PNG, SVG or PDF by the path's extension; false with `error` set otherwise.
    bool exportView(View view, const QString& path, QString* error) const;

  signals:
    void planChanged();      // after every re-plan or re-simulation
    void strategyFinished(); // a strategy sweep delivered its result

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    void replan();
    void replanIteration();
    void replanPipeline();
    void resimulatePipeline();
    void restartStrategy();
    void showStrategy();
    void drawTimeline();
    void drawGantt();
    void updateMessage();
    void exportCurrent();
    static void showSceneMessage(QGraphicsScene* scene, const QString& text);
    core::PipelineRequest pipelineRequest(QString* error) const;

    std::shared_ptr<const core::Profile> m_profile;
    std::optional<core::Network> m_network;
    std::optional<core::TrainingResult> m_result;
    std::optional<core::TrainingTimeline> m_timeline;
    std::optional<core::PipelineSimulation> m_pipeline;
    QString m_iterationError, m_pipelineError;

    QComboBox* m_plannerBox;
    QSpinBox* m_batchBox;
    PipelineSettingsBox* m_pipelineBox;
    QComboBox* m_linksBox;
    QCheckBox* m_logXBox;
    QPushButton* m_exportButton;
    QLabel* m_message;
    QLabel* m_summary;
    QTabWidget* m_tabs;
    QGraphicsScene* m_timelineScene;
    QGraphicsView* m_timelineView;
    StageStripView* m_strip;
    QGraphicsScene* m_ganttScene;
    QGraphicsView* m_ganttView;
    QChartView* m_strategyView;
    QLabel* m_strategyStatus;
    StrategySweepRunner* m_runner;
    enum JobSlot { IterationJob, PipelineJob, JobSlotCount };
    JobRunner* m_jobs;
    int m_strategyStarts = 0;
    bool m_active = true;
    bool m_stale = false; // the document changed while inactive
};

} // namespace cutlab::ui
