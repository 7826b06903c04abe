#pragma once

#include "core/inference/InferenceQuery.h"
#include "core/inference/RankedPlan.h"
#include "core/model/Profile.h"
#include "core/planners/PlanQueryText.h"
#include "core/planners/PlannerRegistry.h"

#include <QTimer>
#include <QWidget>

#include <array>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace cutlab::ui {

class Document;
class JobRunner;

// Runs a planner (Scission top-N with the constraints of `cutlab-cli plan`, Neurosurgeon,
// JointDNN) off the GUI thread and lists the ranked plans; selecting a row moves the handles.
class PlannerPanel : public QWidget {
    Q_OBJECT
  public:
    explicit PlannerPanel(Document* document, QWidget* parent = nullptr);
    ~PlannerPanel() override;

    QComboBox* plannerBox() const { return m_planner; }
    QSpinBox* topBox() const { return m_top; }
    QTableWidget* table() const { return m_table; }
    QLineEdit* maxUploadEdit() const { return m_maxUpload; }
    QLineEdit* maxTimeEdit() const { return m_maxTime; }
    QLineEdit* pinsEdit() const { return m_pins; }
    QComboBox* objectiveBox() const { return m_objective; }
    QLineEdit* maxLatencyEdit() const { return m_maxLatency; }
    QPushButton* runButton() const { return m_runButton; }
    QLabel* status() const { return m_status; }
    QLabel* badge() const { return m_badge; }
    const std::vector<core::RankedPlan>& plans() const { return m_plans; }
    bool isRunning() const;
    // The shown plans were ranked for a setting that has changed since (a re-run is on its way).
    bool isStale() const;
    // The query the controls describe; sets `error` when a field cannot be read.
    core::InferenceQuery query(QString* error) const;

  public slots:
    void run();

  signals:
    void finished();

  private:
    void addPlannerRow(QFormLayout* form);
    void addConstraintRows(QFormLayout* form);
    QHBoxLayout* buildRunRow();
    QTableWidget* buildTable();
    void addPlanRow(int row, const core::RankedPlan& plan);
    bool readMaxLatency(core::PlanQueryText& text, QString* error) const;
    void connectAll();
    void showPlans(std::vector<core::RankedPlan> plans, const QString& message);
    void onProfileChanged();
    void applyRow(int row);
    // Highlights the row whose plan is the one on screen, or none (after a manual edit).
    void selectShownPlan();
    void refreshBadge();
    void markStale();
    void setStatus(const QString& text);
    void showPlannerOptions();
    const core::PlannerInfo& selectedPlanner() const;

    Document* m_document;
    QComboBox* m_planner;
    QSpinBox* m_top;
    QComboBox* m_objective;
    std::array<QComboBox*, 3> m_use{};
    QLineEdit* m_maxUpload;
    QLineEdit* m_maxTime;
    QLineEdit* m_pins;
    QLineEdit* m_maxLatency;
    QCheckBox* m_returnResult;
    QPushButton* m_runButton;
    QLabel* m_status;
    QLabel* m_badge;
    QTableWidget* m_table;
    std::vector<core::RankedPlan> m_plans;
    std::shared_ptr<const core::Profile> m_plansProfile;
    bool m_applying = false;
    bool m_stale = false;
    QTimer m_rerun;
    enum JobSlot { PlanJob, JobSlotCount };
    JobRunner* m_jobs; // a newer run cancels the older one and drops its result
};

} // namespace cutlab::ui
