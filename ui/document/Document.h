#pragma once

#include "core/inference/BandwidthSweep.h"
#include "core/inference/InferenceCostModel.h"
#include "core/inference/RankedPlan.h"
#include "core/io/PlanFile.h"
#include "core/model/Evaluation.h"
#include "core/model/Network.h"
#include "core/model/Placement.h"
#include "core/model/Profile.h"
#include "ui/document/CutHandle.h"
#include "ui/document/PartitionState.h"

#include <QObject>
#include <QString>
#include <QUndoStack>

#include <array>
#include <atomic>
#include <memory>
#include <optional>
#include <vector>

namespace cutlab::ui {

class JobRunner;

// The open document: profile, network, input size, machines and cuts, the evaluation of the
// current plan and the undo stack. Views listen to its signals; nothing here draws.
// Heavy work never runs on the GUI thread: a large profile is read and its best plan searched
// on a worker (openProfileInBackground), and the best Scission plan of a large setting is
// recomputed on a worker whenever the setting changes (the older search is cancelled).
class Document : public QObject {
    Q_OBJECT
  public:
    explicit Document(QObject* parent = nullptr);
    ~Document() override;

    // Each returns false with a message for the user and leaves the document as it was.
    bool openProfile(const QString& path, QString* error);
    bool openPlan(const QString& path, QString* error);
    // The profile a plan file records (relative to the plan's folder), if that file exists.
    static QString profilePathOfPlan(const QString& planPath, const core::PlanFileContent& plan);
    // The same for a recorded "profile" field (relative to the plan's folder).
    static QString profilePathOfPlan(const QString& planPath, const std::string& recorded);
    bool openNetwork(const QString& path, QString* error);
    bool saveNetwork(const QString& path, QString* error) const;
    // Reads the profile and searches its best plan on a worker; the current document stays as it
    // is (and usable) until the new one is adopted (profileChanged) or the read fails
    // (openFailed). A later open replaces one still under way.
    void openProfileInBackground(const QString& path);
    bool isOpening() const;
    // Adopts an already validated profile (tests, benchmarks).
    void setProfile(core::Profile profile, const QString& path);

    // Work below this many candidate plans (Scission's cut pairs × machine triples) is done at
    // once on the GUI thread (a few milliseconds); above it, on a worker.
    static constexpr double kInlineSearchPlans = 4e6;
    void setInlineSearchLimit(double plans) { m_inlineSearchPlans = plans; }

    bool hasProfile() const { return static_cast<bool>(m_profile); }
    const core::Profile& profile() const { return *m_profile; }
    std::shared_ptr<const core::Profile> sharedProfile() const { return m_profile; }
    const core::ModelStructure& structure() const { return m_model->structure(); }
    const core::InferenceCostModel* model() const { return m_model.get(); }
    QString filePath() const { return m_path; }
    int blockCount() const;
    int layerCount() const;

    const core::Network& network() const { return m_network; }
    // Not undoable (restoring the last session, a presentation's slides): marks the settings
    // modified.
    void setNetwork(const core::Network& network);
    // A user's change: one undoable step (NetworkCommand); changes with the same mergeId in a
    // row (a slider drag on one link) make one step.
    void editNetwork(const core::Network& network, const QString& text, int mergeId = -1);
    // Sets every link between two tiers (machine-level ones too).
    void setTierLink(core::Tier a, core::Tier b, double bandwidthMbps, double latencyMs);
    std::optional<core::Link> tierLink(core::Tier a, core::Tier b) const;

    double inputBytes() const;
    void setInputBytes(double bytes);

    PartitionState state() const { return m_state; }
    // Applies a state without an undo step (undo commands and live dragging call this).
    void applyState(const PartitionState& state);
    // Records the change from `before` to the current state as one undo step.
    void commitState(const PartitionState& before, const QString& text);
    // Applies a state and records it as one undo step.
    void changeState(const PartitionState& state, const QString& text);
    void setMachine(core::Tier tier, int machine);
    // The state with `handle` at `boundary` (clamped to the model) and the other handle pushed
    // along when it would pass it: the one home of that rule.
    PartitionState withCut(CutHandle handle, int boundary) const;
    // Moves a handle live, without an undo step (dragging; commitState records the drag).
    void moveCut(CutHandle handle, int boundary);
    // Moves a handle by `step` valid cuts, as one undo step.
    void stepCut(CutHandle handle, int step);
    // Moves the handles (and machines) to a placement; false when it does not sit on valid cuts.
    bool applyPlacement(const core::TierPlacement& placement, const QString& text);

    core::TierPlacement placement() const;
    const core::Evaluation& evaluation() const { return m_evaluation; }
    QString evaluationError() const { return m_evaluationError; }
    int boundaryLayer(int boundary) const;
    int boundaryOfLayerPosition(int position) const; // -1 when not a valid cut position
    core::Tier tierOfLayer(int layer) const;

    // Reference plans, recomputed when the setting changes: the best Scission plan (all
    // machines) and the native plans with the chosen machines (nullopt: not possible).
    const std::optional<core::RankedPlan>& bestPlan() const { return m_best; }
    std::optional<core::TierPlacement> bestPlacement() const;
    const std::array<std::optional<core::Evaluation>, 3>& nativePlans() const { return m_native; }
    // The best plan is being searched on a worker (bestPlan() is empty until then).
    bool isSearchingBestPlan() const;

    QUndoStack* undoStack() { return &m_undo; }
    bool isModified() const;
    void markSaved();
    // Edits on `stack` (Training mode's) are edits of this document too: they make it modified,
    // and markSaved() marks them saved.
    void trackUndoStack(QUndoStack* stack);

    int selectedLayer() const { return m_selected; }
    void setSelectedLayer(int layer);
    int hoveredLayer() const { return m_hovered; }
    void setHoveredLayer(int layer);

  signals:
    void profileChanged();
    void networkChanged();
    void inputBytesChanged();
    void stateChanged(); // cuts or machines moved
    // A plan was applied (a planner row, the best plan), also one identical to the current
    // state: the views bring its cuts into view again.
    void planApplied();
    void evaluationChanged(); // after any of the above
    void referencePlansChanged();
    void selectedLayerChanged(int layer);
    void hoveredLayerChanged(int layer);
    void modifiedChanged(bool modified);
    void openStarted(const QString& path);
    void openFailed(const QString& path, const QString& message);

  private:
    static constexpr int kLinkMergeBase = 1000; // NetworkCommand ids of the three links
    void applyNetwork(const core::Network& network);
    void buildModel();
    void rebuildModel();
    void reevaluate();
    // The native plans at once, then the best plan (at once or on a worker).
    void computeReferencePlans();
    void computeNativePlans();
    void startBestPlanSearch();
    void adoptProfile(std::shared_ptr<core::Profile> profile, const QString& path,
                      std::optional<core::RankedPlan> best, bool bestKnown);
    // Candidate plans of a Scission search over a profile of `blocks` blocks (blocks ≤ layers).
    static double searchSize(const core::Profile& profile, int blocks);
    void setSettingsModified(bool modified);
    void emitModifiedIfChanged(); // modifiedChanged when isModified() differs from last told
    PartitionState defaultState() const;

    std::shared_ptr<core::Profile> m_profile;
    core::Network m_network;
    std::optional<double> m_inputBytes;
    std::unique_ptr<core::InferenceCostModel> m_model;
    std::vector<int> m_boundaryLayers;
    PartitionState m_state;
    core::Evaluation m_evaluation;
    QString m_evaluationError;
    std::optional<core::RankedPlan> m_best;
    std::array<std::optional<core::Evaluation>, 3> m_native;
    QString m_path;
    QUndoStack m_undo;
    std::vector<QUndoStack*> m_trackedStacks;
    bool m_settingsModified = false;
    bool m_lastModified = false;
    int m_selected = -1;
    int m_hovered = -1;
    double m_inlineSearchPlans = kInlineSearchPlans;
    int m_settingGeneration = 0; // bumped whenever the network, input or machines change
    enum JobSlot { OpenJob, BestPlanJob, JobSlotCount };
    JobRunner* m_jobs;
};

} // namespace cutlab::ui
