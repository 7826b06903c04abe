#pragma once

#include "ui/training/PipelineSettings.h"

#include "core/model/Profile.h"
#include "core/pipeline/PipelinePlanner.h"
#include "core/pipeline/PipelineSchedule.h"

#include <QGroupBox>
#include <QStringList>

#include <functional>
#include <vector>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;
class QToolButton;

namespace cutlab::ui {

class ClusterEditor;

// The pipeline's settings: the chain of machines (ids from the profile, an id may repeat), the
// micro-batch size and count, the cut mode, the schedule kind, compression, the source of the
// layer times, the optimizer and recomputation (what each stage holds), and the Cluster editor (a
// pool to plan over instead of the chain; the chain-only settings are disabled while a pool is
// set). Emits changed() on every edit
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
    // AccEPT's codec on every transfer: forward and backward bits, or 0 for none.
    void setCompression(int forwardBits, int backwardBits);
    core::OptimizerKind optimizer() const;
    void setOptimizer(core::OptimizerKind kind);
    bool recompute() const;
    void setRecompute(bool recompute);
    // Where layer times come from; a predictor needs its file.
    void setTimes(core::TimeSource source, const QString& predictorPath = {});
    // Asked for a predictor file when the user picks the latency predictor (empty: keep the
    // previous choice). Tests replace the file dialog.
    void setPredictorFileChooser(std::function<QString()> chooser) {
        m_choosePredictor = std::move(chooser);
    }
    ClusterEditor* clusterEditor() const { return m_cluster; }

  signals:
    void changed();

  private:
    void describeChainAndSchedule();
    void describeTransfersAndTimes();
    void describeMemory();
    void layOut();
    void connectAll();
    void appendMachine();
    void enableChainSettings(); // off while a pool is planned

    QLineEdit* m_chain;
    QComboBox* m_machine;
    QToolButton* m_add;
    QSpinBox* m_microBatch;
    QSpinBox* m_microBatches;
    QComboBox* m_cutMode;
    QComboBox* m_schedule;
    QComboBox* m_compression;
    QComboBox* m_optimizer;
    QCheckBox* m_recompute;
    QComboBox* m_times; // created last of the combo boxes (tests find it so)
    ClusterEditor* m_cluster;
    QString m_predictorPath;
    int m_timesIndex = 0; // the choice before the current one (a cancelled file dialog returns)
    std::function<QString()> m_choosePredictor;
};

} // namespace cutlab::ui
