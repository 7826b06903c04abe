#pragma once

#include "ui/training/TrainingSettings.h"

#include "core/model/Network.h"
#include "core/model/Profile.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

class QUndoStack;

namespace cutlab::ui {

class TrainingSettingCommand;

// The Training mode's state: the profile and network it plans for (set by the window, not
// undoable) and the user's choices (planner id, mini-batch, pipeline settings, stage boundaries),
// each change of which is one undoable command on undoStack(). Emits one signal per kind of
// change; views observe them and never hold their own copy of the state.
class TrainingDocument : public QObject {
    Q_OBJECT
  public:
    static constexpr const char* kPipeline = "pipeline"; // the planner id of the pipeline

    explicit TrainingDocument(QObject* parent = nullptr);
    ~TrainingDocument() override;

    // Not undoable; clear the undo stack. setDocument resets the batch to the profile's
    // model.batch, the chain to the profile's machines, the micro-batch to the model batch and
    // the stage boundaries to automatic (the planner is kept); then emits profileChanged only.
    void setDocument(std::shared_ptr<const core::Profile> profile, const core::Network& network);
    // Keeps the profile and the settings but the stage boundaries (back to automatic); emits
    // networkChanged only.
    void setNetwork(const core::Network& network);
    // A plan file's settings (File ▸ Open Plan): not undoable, clears the undo stack; emits what
    // differs.
    void restore(const TrainingSettings& settings);
    void clear(); // no profile, no network; emits profileChanged
    bool hasDocument() const { return static_cast<bool>(m_profile); }
    const std::shared_ptr<const core::Profile>& profile() const { return m_profile; }
    const std::optional<core::Network>& network() const { return m_network; }

    const TrainingSettings& settings() const { return m_settings; }
    const QString& planner() const { return m_settings.planner; }
    bool isPipeline() const { return m_settings.planner == QLatin1String(kPipeline); }
    int batch() const { return m_settings.batch; }
    const PipelineSettings& pipelineSettings() const { return m_settings.pipeline; }
    // Empty: the pipeline planner chooses the stages.
    const std::vector<int>& stageBoundaries() const { return m_settings.stageBoundaries; }

    // User changes: each pushes one command (nothing when the value is unchanged).
    void setPlanner(const QString& id);
    void setBatch(int samples);
    // Also sets the stage boundaries back to automatic (the planner chooses for new settings).
    void setPipelineSettings(const PipelineSettings& settings);
    // One drag of the stage strip: `from` are the boundaries shown when it began (the planned
    // ones when the document had none), `to` where it ended. Undo restores `from`.
    void moveStageBoundaries(const std::vector<int>& from, const std::vector<int>& to);
    // Back to the planner's stages (one undoable command; nothing when they are already).
    void restorePlannedStages();

    QUndoStack* undoStack() const { return m_undoStack; }

    // The chain of a profile's machines once each in profile order (four copies of a profile's
    // only machine).
    static QStringList defaultChain(const core::Profile& profile);

  signals:
    void profileChanged(); // a new document (or none): every setting may have changed too
    void networkChanged(); // the stage boundaries may be back to automatic too
    void plannerChanged();
    void batchChanged();
    void pipelineSettingsChanged();
    void stageBoundariesChanged();

  private:
    friend class TrainingSettingCommand;
    // Sets the state without a command (the commands' redo and undo), emitting what differs.
    void applySettings(const TrainingSettings& settings);
    void push(const TrainingSettings& before, const TrainingSettings& after, const QString& text,
              int mergeId);

    std::shared_ptr<const core::Profile> m_profile;
    std::optional<core::Network> m_network;
    TrainingSettings m_settings;
    QUndoStack* m_undoStack;
};

} // namespace cutlab::ui
