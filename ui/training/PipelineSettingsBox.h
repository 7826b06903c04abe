#pragma once

#include "ui/training/PipelineSettings.h"

#include "core/model/Profile.h"
#include "core/pipeline/PipelinePlanner.h"
#include "core/pipeline/PipelineSchedule.h"

#include <QGroupBox>
#include <QStringList>

#include <vector>

class QComboBox;
class QLineEdit;
class QSpinBox;
class QToolButton;

namespace cutlab::ui {

// The pipeline's settings: the chain of machines (ids from the profile, an id may repeat), the
// micro-batch size and count, the cut mode and the schedule kind. Emits changed() on every edit
// (the setters below edit as a user would); setSettings() shows settings without emitting.
class PipelineSettingsBox : public QGroupBox {
    Q_OBJECT
  public:
    explicit PipelineSettingsBox(QWidget* parent = nullptr);

    // Fills the machine picker with the profile's machines.
    void setMachines(const core::Profile& profile);
    PipelineSettings settings() const;
    void setSettings(const PipelineSettings& settings); // emits nothing

    QStringList chainIds() const;
    void setChainIds(const QStringList& ids);
    // Machine positions of the chain; empty with `error` set when an id is unknown or none given.
    std::vector<int> chain(const core::Profile& profile, QString* error) const;
    int microBatch() const; // 0 = the profile's model.batch
    void setMicroBatch(int samples);
    int microBatches() const; // 0 = automatic: 4 × stages
    void setMicroBatches(int count);
    core::PipelineCutMode cutMode() const;
    void setCutMode(core::PipelineCutMode mode);
    core::ScheduleKind scheduleKind() const;
    void setScheduleKind(core::ScheduleKind kind);

  signals:
    void changed();

  private:
    void appendMachine();

    QLineEdit* m_chain;
    QComboBox* m_machine;
    QToolButton* m_add;
    QSpinBox* m_microBatch;
    QSpinBox* m_microBatches;
    QComboBox* m_cutMode;
    QComboBox* m_schedule;
};

} // namespace cutlab::ui
