#include "ui/document/Document.h"

#include "ui/document/NetworkCommand.h"
#include "ui/document/StateCommand.h"
#include "ui/jobs/JobRunner.h"

#include "core/io/AtomicFile.h"
#include "core/io/NetworkFile.h"
#include "core/io/PlanFile.h"
#include "core/io/ProfileLoader.h"
#include "core/model/NetworkEdit.h"
#include "core/model/PlanError.h"
#include "core/planners/InferencePlanner.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

namespace cutlab::ui {
namespace {

QString issuesText(const std::vector<core::ProfileIssue>& issues) {
    QStringList lines;
    for (const auto& issue : issues)
        lines << QString::fromStdString(issue.text());
    return lines.join('\n');
}

// The best Scission plan over every machine (nullopt: none, or the search was cancelled).
std::optional<core::RankedPlan> searchBestPlan(const core::InferenceCostModel& model,
                                               const std::atomic<bool>* cancel) {
    core::InferenceQuery query;
    query.top = 1;
    query.cancel = cancel;
    try {
        auto plans = core::runInferencePlanner("scission", model, query);
        if (!plans.empty() && !query.cancelled())
            return plans.front();
    } catch (const core::PlanError&) {
    }
    return std::nullopt;
}

// The same over a profile and network of its own (a worker's copies): a setting the cost model
// refuses has no best plan.
std::optional<core::RankedPlan> searchBestPlan(const core::Profile& profile,
                                               const core::Network& network,
                                               std::optional<double> inputBytes,
                                               const std::atomic<bool>* cancel) {
    try {
        const core::InferenceCostModel model(profile, network, inputBytes);
        return searchBestPlan(model, cancel);
    } catch (const core::PlanError&) {
        return std::nullopt;
    }
}

} // namespace

Document::Document(QObject* parent)
    : QObject(parent), m_network(*core::networkPreset("3g")),
      m_jobs(new JobRunner(JobSlotCount, this)) {
    connect(&m_undo, &QUndoStack::cleanChanged, this, &Document::emitModifiedIfChanged);
}

Document::~Document() {
    delete m_jobs; // cancels the workers and waits for them; no result arrives after this
    m_jobs = nullptr;
    // Destroying the undo stack clears it, which would emit cleanChanged (and through it
    // modifiedChanged) from an object that is already half gone: nobody may hear from it now.
    m_undo.blockSignals(true);
    disconnect(&m_undo, nullptr, this, nullptr);
    blockSignals(true);
    m_model.reset(); // it refers to the profile and the network
}

int Document::blockCount() const {
    return m_model ? static_cast<int>(m_model->structure().blocks.size()) : 0;
}
int Document::layerCount() const {
    return m_profile ? static_cast<int>(m_profile->layers.size()) : 0;
}

bool Document::openProfile(const QString& path, QString* error) {
    auto loaded = core::loadProfileFile(path.toStdString());
    if (!loaded.ok()) {
        if (error)
            *error = issuesText(loaded.issues);
        return false;
    }
    setProfile(std::move(*loaded.profile), QFileInfo(path).absoluteFilePath());
    return true;
}

void Document::openProfileInBackground(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    const core::Network network = m_network;
    const int generation = m_settingGeneration;
    emit openStarted(absolute);
    m_jobs->start(OpenJob,
                  [this, file = path.toStdString(), absolute, network,
                   generation](const std::atomic<bool>& cancelled) -> JobRunner::Apply {
                      // On a worker thread: only the copies above are read.
                      std::shared_ptr<core::Profile> profile;
                      QString message;
                      try {
                          auto loaded = core::loadProfileFile(file);
                          if (loaded.ok())
                              profile = std::make_shared<core::Profile>(std::move(*loaded.profile));
                          else
                              message = issuesText(loaded.issues);
                      } catch (const std::exception& error) {
                          message = QString::fromStdString(error.what());
                      }
                      if (!profile)
                          return [this, absolute, message] { emit openFailed(absolute, message); };
                      const auto best = searchBestPlan(*profile, network, std::nullopt, &cancelled);
                      return [this, profile, absolute, best, generation] {
                          // A setting changed while reading: the best plan found is for the old
                          // one.
                          adoptProfile(profile, absolute, best, generation == m_settingGeneration);
                      };
                  });
}

bool Document::isOpening() const {
    return m_jobs->isRunning(OpenJob);
}
bool Document::isSearchingBestPlan() const {
    return m_jobs->isRunning(BestPlanJob);
}

void Document::setProfile(core::Profile profile, const QString& path) {
    auto shared = std::make_shared<core::Profile>(std::move(profile));
    std::optional<core::RankedPlan> best;
    const bool inline_ =
        searchSize(*shared, static_cast<int>(shared->layers.size())) <= m_inlineSearchPlans;
    if (inline_)
        best = searchBestPlan(*shared, m_network, std::nullopt, nullptr);
    adoptProfile(shared, path, best, inline_);
}

double Document::searchSize(const core::Profile& profile, int blocks) {
    // Scission tries every pair of cuts for every machine triple.
    double triples = 1;
    for (core::Tier tier : core::kTiers)
        triples *= std::max<std::size_t>(1, profile.machinesOfTier(tier).size());
    return triples * (blocks + 1.0) * (blocks + 2.0) / 2;
}

void Document::adoptProfile(std::shared_ptr<core::Profile> profile, const QString& path,
                            std::optional<core::RankedPlan> best, bool bestKnown) {
    m_jobs->cancel(OpenJob); // an open still under way would replace this one later
    m_jobs->cancel(BestPlanJob);
    m_model.reset();
    m_undo.clear();
    m_profile = std::move(profile);
    m_path = path;
    m_inputBytes.reset();
    m_selected = -1;
    m_hovered = -1;
    buildModel();
    m_best = best;
    m_state = defaultState();
    computeNativePlans();
    reevaluate();
    m_undo.setClean();
    setSettingsModified(false);
    emit profileChanged();
    emit stateChanged();
    emit evaluationChanged();
    emit selectedLayerChanged(-1);
    if (bestKnown)
        emit referencePlansChanged();
    else
        startBestPlanSearch(); // the handles stay at the default; the best plan follows
}

PartitionState Document::defaultState() const {
    PartitionState state;
    for (core::Tier tier : core::kTiers) {
        const auto machines = m_profile->machinesOfTier(tier);
        state.machines[static_cast<std::size_t>(core::tierIndex(tier))] =
            machines.empty() ? -1 : machines.front();
    }
    const int blocks = blockCount();
    if (auto best = bestPlacement()) {
        for (int t = 0; t < 3; ++t)
            if (best->machine[static_cast<std::size_t>(t)] >= 0)
                state.machines[static_cast<std::size_t>(t)] =
                    best->machine[static_cast<std::size_t>(t)];
        const int d = boundaryOfLayerPosition(best->deviceEnd),
                  e = boundaryOfLayerPosition(best->edgeEnd);
        if (d >= 0 && e >= d) {
            state.deviceBoundary = d;
            state.edgeBoundary = e;
            return state;
        }
    }
    state.deviceBoundary = state.machines[0] >= 0 ? blocks : 0;
    state.edgeBoundary = blocks;
    return state;
}

QString Document::profilePathOfPlan(const QString& planPath, const core::PlanFileContent& plan) {
    return profilePathOfPlan(planPath, plan.profilePath);
}

QString Document::profilePathOfPlan(const QString& planPath, const std::string& recorded) {
    QString profilePath = QString::fromStdString(recorded);
    if (!profilePath.isEmpty() && QFileInfo(profilePath).isRelative())
        profilePath = QFileInfo(planPath).absoluteDir().filePath(profilePath);
    return !profilePath.isEmpty() && QFileInfo(profilePath).isFile() ? profilePath : QString();
}

bool Document::openPlan(const QString& path, QString* error) {
    auto loaded = core::loadPlanFile(path.toStdString());
    if (!loaded.ok()) {
        if (error)
            *error = issuesText(loaded.issues);
        return false;
    }
    const core::PlanFileContent& plan = *loaded.plan;
    if (!m_profile) {
        const QString profilePath = profilePathOfPlan(path, plan);
        if (profilePath.isEmpty()) {
            if (error)
                *error =
                    QStringLiteral("Open the profile of model '%1' first, then open this plan.")
                        .arg(QString::fromStdString(plan.model));
            return false;
        }
        QString profileError;
        if (!openProfile(profilePath, &profileError)) {
            if (error)
                *error = profileError;
            return false;
        }
    }
    std::string reason;
    const auto placement = core::placementFromPlanFile(plan, *m_profile, reason);
    if (!placement) {
        if (error)
            *error = QString::fromStdString(reason);
        return false;
    }
    const int d = boundaryOfLayerPosition(placement->deviceEnd),
              e = boundaryOfLayerPosition(placement->edgeEnd);
    if (d < 0 || e < 0) {
        if (error)
            *error = QStringLiteral("The plan cuts this profile where no valid cut point is.");
        return false;
    }
    m_network = plan.network;
    m_inputBytes = plan.inputBytes;
    rebuildModel();
    setSettingsModified(true);
    PartitionState state = m_state;
    state.deviceBoundary = d;
    state.edgeBoundary = e;
    for (int t = 0; t < 3; ++t)
        if (placement->machine[static_cast<std::size_t>(t)] >= 0)
            state.machines[static_cast<std::size_t>(t)] =
                placement->machine[static_cast<std::size_t>(t)];
    emit networkChanged();
    emit inputBytesChanged();
    // The plan is evaluated once: by applyState when the cuts or machines move, here when they
    // stay (the network or the input size may still have changed the evaluation).
    const PartitionState before = m_state;
    changeState(state, QStringLiteral("Open plan"));
    if (m_state == before) {
        reevaluate();
        emit evaluationChanged();
    }
    return true;
}

bool Document::openNetwork(const QString& path, QString* error) {
    auto loaded = core::loadNetwork(path.toStdString());
    if (!loaded.ok()) {
        if (error)
            *error = issuesText(loaded.issues);
        return false;
    }
    editNetwork(
        *loaded.network,
        QStringLiteral("Open network %1").arg(QString::fromStdString(loaded.network->name)));
    return true;
}

bool Document::saveNetwork(const QString& path, QString* error) const {
    try {
        core::writeFileAtomically(path.toStdString(), core::networkToJson(m_network).dump(2) + "\n",
                                  "the network");
    } catch (const core::FileWriteError& failure) {
        if (error)
            *error = QStringLiteral("Could not write %1: %2")
                         .arg(path, QString::fromUtf8(failure.what()));
        return false;
    }
    return true;
}

void Document::setNetwork(const core::Network& network) {
    applyNetwork(network);
    setSettingsModified(true);
}

void Document::applyNetwork(const core::Network& network) {
    m_network = network;
    rebuildModel();
    emit networkChanged();
    reevaluate();
    emit evaluationChanged();
}

void Document::editNetwork(const core::Network& network, const QString& text, int mergeId) {
    if (network == m_network)
        return;
    m_undo.push(new NetworkCommand([this](const core::Network& n) { applyNetwork(n); }, m_network,
                                   network, text, mergeId));
}

void Document::setTierLink(core::Tier a, core::Tier b, double bandwidthMbps, double latencyMs) {
    core::Network network = m_network;
    // Without a profile, link ends can only be tier names.
    core::setLinkBetween(network, m_profile ? *m_profile : core::Profile{}, {a, b}, bandwidthMbps,
                         latencyMs);
    if (network.name.rfind("custom", 0) != 0)
        network.name = "custom (" + network.name + ")";
    const int link = core::tierIndex(a) + core::tierIndex(b); // 1, 2 or 3: one per tier pair
    editNetwork(network,
                QStringLiteral("Change the %1–%2 link")
                    .arg(QString::fromStdString(core::tierName(a)),
                         QString::fromStdString(core::tierName(b))),
                kLinkMergeBase + link);
}

std::optional<core::Link> Document::tierLink(core::Tier a, core::Tier b) const {
    if (m_profile)
        return core::effectiveTierLink(m_network, *m_profile, a, b);
    return m_network.linkBetweenTiers(a, b);
}

double Document::inputBytes() const {
    if (m_inputBytes)
        return *m_inputBytes;
    return m_profile ? m_profile->model.inputBytes : 0.0;
}

void Document::setInputBytes(double bytes) {
    if (!m_profile || bytes == inputBytes())
        return;
    m_inputBytes = bytes;
    rebuildModel();
    setSettingsModified(true);
    emit inputBytesChanged();
    reevaluate();
    emit evaluationChanged();
}

void Document::buildModel() {
    if (!m_profile)
        return;
    m_model = std::make_unique<core::InferenceCostModel>(*m_profile, m_network, m_inputBytes);
    m_boundaryLayers.clear();
    for (int b = 0; b <= blockCount(); ++b)
        m_boundaryLayers.push_back(m_model->structure().boundaryLayer(b));
}

void Document::rebuildModel() {
    buildModel();
    computeReferencePlans();
}

void Document::computeReferencePlans() {
    computeNativePlans();
    startBestPlanSearch();
}

void Document::startBestPlanSearch() {
    ++m_settingGeneration;
    m_best.reset();
    if (!m_model) {
        emit referencePlansChanged();
        return;
    }
    if (searchSize(*m_profile, blockCount()) <= m_inlineSearchPlans) {
        m_jobs->cancel(BestPlanJob);
        m_best = searchBestPlan(*m_model, nullptr);
        emit referencePlansChanged();
        return;
    }
    m_jobs->start(BestPlanJob,
                  [this, profile = m_profile, network = m_network, inputBytes = m_inputBytes](
                      const std::atomic<bool>& cancelled) -> JobRunner::Apply {
                      // On a worker thread: only the copies above are read.
                      const auto best = searchBestPlan(*profile, network, inputBytes, &cancelled);
                      return [this, best] {
                          m_best = best;
                          emit referencePlansChanged();
                      };
                  });
    emit referencePlansChanged(); // the best plan is being searched
}

void Document::computeNativePlans() {
    m_native = {};
    if (!m_model)
        return;
    const int n = layerCount();
    for (core::Tier tier : core::kTiers) {
        const auto t = static_cast<std::size_t>(core::tierIndex(tier));
        if (m_state.machines[t] < 0)
            continue;
        try {
            m_native[t] = m_model->evaluate(core::nativePlacement(tier, m_state.machines, n));
        } catch (const core::PlanError&) {
        }
    }
}

std::optional<core::TierPlacement> Document::bestPlacement() const {
    if (!m_best)
        return std::nullopt;
    return core::monotonePlacement(m_best->evaluation);
}

int Document::boundaryLayer(int boundary) const {
    if (m_boundaryLayers.empty())
        return 0;
    return m_boundaryLayers[static_cast<std::size_t>(
        std::clamp(boundary, 0, static_cast<int>(m_boundaryLayers.size()) - 1))];
}

int Document::boundaryOfLayerPosition(int position) const {
    const auto it = std::lower_bound(m_boundaryLayers.begin(), m_boundaryLayers.end(), position);
    if (it == m_boundaryLayers.end() || *it != position)
        return -1;
    return static_cast<int>(it - m_boundaryLayers.begin());
}

core::TierPlacement Document::placement() const {
    core::TierPlacement placement;
    placement.machine = m_state.machines;
    placement.deviceEnd = boundaryLayer(m_state.deviceBoundary);
    placement.edgeEnd = boundaryLayer(m_state.edgeBoundary);
    return placement;
}

core::Tier Document::tierOfLayer(int layer) const {
    if (layer < boundaryLayer(m_state.deviceBoundary))
        return core::Tier::Device;
    if (layer < boundaryLayer(m_state.edgeBoundary))
        return core::Tier::Edge;
    return core::Tier::Cloud;
}

void Document::reevaluate() {
    m_evaluation = core::Evaluation{};
    m_evaluationError.clear();
    if (!m_model)
        return;
    const core::TierPlacement p = placement();
    for (core::Tier tier : core::kTiers) {
        const int t = core::tierIndex(tier);
        if (p.layersOn(tier, layerCount()) > 0 && p.machine[static_cast<std::size_t>(t)] < 0) {
            m_evaluationError =
                QStringLiteral("The plan runs layers on the %1, but the profile has no %1 machine.")
                    .arg(QString::fromStdString(core::tierName(tier)));
            return;
        }
    }
    try {
        m_evaluation = m_model->evaluate(p);
    } catch (const core::PlanError& error) {
        m_evaluationError = QString::fromStdString(error.what());
        m_evaluation = core::Evaluation{};
    }
}

void Document::applyState(const PartitionState& requested) {
    if (!m_profile)
        return;
    PartitionState state = requested;
    const int blocks = blockCount();
    state.deviceBoundary = std::clamp(state.deviceBoundary, 0, blocks);
    state.edgeBoundary = std::clamp(state.edgeBoundary, state.deviceBoundary, blocks);
    for (int t = 0; t < 3; ++t) {
        int& machine = state.machines[static_cast<std::size_t>(t)];
        if (machine >= static_cast<int>(m_profile->machines.size()) ||
            (machine >= 0 &&
             core::tierIndex(m_profile->machines[static_cast<std::size_t>(machine)].tier) != t))
            machine = m_state.machines[static_cast<std::size_t>(t)];
    }
    if (state == m_state)
        return;
    const bool machinesChanged = state.machines != m_state.machines;
    m_state = state;
    if (machinesChanged) { // the best plan is over every machine; only the native plans change
        computeNativePlans();
        emit referencePlansChanged();
    }
    reevaluate();
    emit stateChanged();
    emit evaluationChanged();
}

void Document::commitState(const PartitionState& before, const QString& text) {
    if (before == m_state)
        return;
    m_undo.push(new StateCommand([this](const PartitionState& state) { applyState(state); }, before,
                                 m_state, text));
}

void Document::changeState(const PartitionState& state, const QString& text) {
    const PartitionState before = m_state;
    applyState(state);
    commitState(before, text);
}

void Document::setMachine(core::Tier tier, int machine) {
    PartitionState state = m_state;
    state.machines[static_cast<std::size_t>(core::tierIndex(tier))] = machine;
    changeState(
        state,
        QStringLiteral("Choose %1 machine").arg(QString::fromStdString(core::tierName(tier))));
}

PartitionState Document::withCut(CutHandle handle, int boundary) const {
    PartitionState state = m_state;
    boundary = std::clamp(boundary, 0, blockCount());
    if (handle == CutHandle::DeviceEdge) {
        state.deviceBoundary = boundary;
        state.edgeBoundary = std::max(state.edgeBoundary, boundary);
    } else {
        state.edgeBoundary = boundary;
        state.deviceBoundary = std::min(state.deviceBoundary, boundary);
    }
    return state;
}

void Document::moveCut(CutHandle handle, int boundary) {
    if (m_profile)
        applyState(withCut(handle, boundary));
}

void Document::stepCut(CutHandle handle, int step) {
    if (!m_profile)
        return;
    const int from =
        handle == CutHandle::DeviceEdge ? m_state.deviceBoundary : m_state.edgeBoundary;
    changeState(withCut(handle, from + step), handle == CutHandle::DeviceEdge
                                                  ? QStringLiteral("Move device|edge cut")
                                                  : QStringLiteral("Move edge|cloud cut"));
}

bool Document::applyPlacement(const core::TierPlacement& placement, const QString& text) {
    const int d = boundaryOfLayerPosition(placement.deviceEnd),
              e = boundaryOfLayerPosition(placement.edgeEnd);
    if (d < 0 || e < d)
        return false;
    PartitionState state = m_state;
    state.deviceBoundary = d;
    state.edgeBoundary = e;
    for (int t = 0; t < 3; ++t)
        if (placement.machine[static_cast<std::size_t>(t)] >= 0)
            state.machines[static_cast<std::size_t>(t)] =
                placement.machine[static_cast<std::size_t>(t)];
    changeState(state, text);
    emit planApplied();
    return true;
}

bool Document::isModified() const {
    return m_settingsModified || !m_undo.isClean() ||
           std::any_of(m_trackedStacks.begin(), m_trackedStacks.end(),
                       [](const QUndoStack* stack) { return !stack->isClean(); });
}

void Document::markSaved() {
    m_undo.setClean();
    for (QUndoStack* stack : m_trackedStacks)
        stack->setClean();
    setSettingsModified(false);
}

void Document::trackUndoStack(QUndoStack* stack) {
    m_trackedStacks.push_back(stack);
    connect(stack, &QUndoStack::cleanChanged, this, &Document::emitModifiedIfChanged);
    connect(stack, &QObject::destroyed, this,
            [this, stack] { std::erase(m_trackedStacks, stack); });
}

void Document::setSettingsModified(bool modified) {
    m_settingsModified = modified;
    emitModifiedIfChanged();
}

void Document::emitModifiedIfChanged() {
    if (isModified() != m_lastModified) {
        m_lastModified = isModified();
        emit modifiedChanged(m_lastModified);
    }
}

void Document::setSelectedLayer(int layer) {
    if (layer == m_selected)
        return;
    m_selected = layer;
    emit selectedLayerChanged(layer);
}

void Document::setHoveredLayer(int layer) {
    if (layer == m_hovered)
        return;
    m_hovered = layer;
    emit hoveredLayerChanged(layer);
}

} // namespace cutlab::ui
