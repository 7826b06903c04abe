#include "Document.h"

#include "StateCommand.h"

#include "InferencePlanner.h"
#include "NetworkEdit.h"
#include "NetworkFile.h"
#include "PlanError.h"
#include "PlanFile.h"
#include "ProfileLoader.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>

namespace cutlab::ui {
namespace {

QString issuesText(const std::vector<core::ProfileIssue>& issues) {
    QStringList lines;
    for (const auto& issue : issues) lines << QString::fromStdString(issue.text());
    return lines.join('\n');
}

} // namespace

Document::Document(QObject* parent) : QObject(parent), m_network(*core::networkPreset("3g")) {
    connect(&m_undo, &QUndoStack::cleanChanged, this, [this] {
        if (isModified() != m_lastModified) {
            m_lastModified = isModified();
            emit modifiedChanged(m_lastModified);
        }
    });
}

Document::~Document() {
    // Destroying the undo stack clears it, which would emit cleanChanged (and through it
    // modifiedChanged) from an object that is already half gone: nobody may hear from it now.
    m_undo.blockSignals(true);
    disconnect(&m_undo, nullptr, this, nullptr);
    blockSignals(true);
    m_model.reset(); // it refers to the profile and the network
}

int Document::blockCount() const { return m_model ? static_cast<int>(m_model->structure().blocks.size()) : 0; }
int Document::layerCount() const { return m_profile ? static_cast<int>(m_profile->layers.size()) : 0; }

bool Document::openProfile(const QString& path, QString* error) {
    auto loaded = core::loadProfileFile(path.toStdString());
    if (!loaded.ok()) {
        if (error) *error = issuesText(loaded.issues);
        return false;
    }
    setProfile(std::move(*loaded.profile), QFileInfo(path).absoluteFilePath());
    return true;
}

void Document::setProfile(core::Profile profile, const QString& path) {
    m_model.reset();
    m_undo.clear();
    m_profile = std::make_shared<core::Profile>(std::move(profile));
    m_path = path;
    m_inputBytes.reset();
    m_selected = -1;
    m_hovered = -1;
    m_state = PartitionState{};
    for (core::Tier tier : core::kTiers) {
        const auto machines = m_profile->machinesOfTier(tier);
        m_state.machines[static_cast<std::size_t>(core::tierIndex(tier))] = machines.empty() ? -1 : machines.front();
    }
    rebuildModel();
    m_state = defaultState();
    computeReferencePlans();
    reevaluate();
    m_undo.setClean();
    setSettingsModified(false);
    emit profileChanged();
    emit stateChanged();
    emit evaluationChanged();
    emit selectedLayerChanged(-1);
}

PartitionState Document::defaultState() const {
    PartitionState state;
    for (core::Tier tier : core::kTiers) {
        const auto machines = m_profile->machinesOfTier(tier);
        state.machines[static_cast<std::size_t>(core::tierIndex(tier))] = machines.empty() ? -1 : machines.front();
    }
    const int blocks = blockCount();
    if (auto best = bestPlacement()) {
        for (int t = 0; t < 3; ++t)
            if (best->machine[static_cast<std::size_t>(t)] >= 0)
                state.machines[static_cast<std::size_t>(t)] = best->machine[static_cast<std::size_t>(t)];
        const int d = boundaryOfLayerPosition(best->deviceEnd), e = boundaryOfLayerPosition(best->edgeEnd);
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

bool Document::openPlan(const QString& path, QString* error) {
    auto loaded = core::loadPlanFile(path.toStdString());
    if (!loaded.ok()) {
        if (error) *error = issuesText(loaded.issues);
        return false;
    }
    const core::PlanFileContent& plan = *loaded.plan;
    if (!m_profile) {
        QString profilePath = QString::fromStdString(plan.profilePath);
        if (!profilePath.isEmpty() && QFileInfo(profilePath).isRelative())
            profilePath = QFileInfo(path).absoluteDir().filePath(profilePath);
        if (profilePath.isEmpty() || !QFileInfo::exists(profilePath)) {
            if (error) *error = QStringLiteral("Open the profile of model '%1' first, then open this plan.").arg(QString::fromStdString(plan.model));
            return false;
        }
        QString profileError;
        if (!openProfile(profilePath, &profileError)) {
            if (error) *error = profileError;
            return false;
        }
    }
    std::string reason;
    const auto placement = core::placementFromPlanFile(plan, *m_profile, reason);
    if (!placement) {
        if (error) *error = QString::fromStdString(reason);
        return false;
    }
    const int d = boundaryOfLayerPosition(placement->deviceEnd), e = boundaryOfLayerPosition(placement->edgeEnd);
    if (d < 0 || e < 0) {
        if (error) *error = QStringLiteral("The plan cuts this profile where no valid cut point is.");
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
        if (placement->machine[static_cast<std::size_t>(t)] >= 0) state.machines[static_cast<std::size_t>(t)] = placement->machine[static_cast<std::size_t>(t)];
    emit networkChanged();
    emit inputBytesChanged();
    changeState(state, QStringLiteral("Open plan"));
    reevaluate();
    emit evaluationChanged();
    return true;
}

bool Document::openNetwork(const QString& path, QString* error) {
    auto loaded = core::loadNetwork(path.toStdString());
    if (!loaded.ok()) {
        if (error) *error = issuesText(loaded.issues);
        return false;
    }
    setNetwork(*loaded.network);
    return true;
}

bool Document::saveNetwork(const QString& path, QString* error) const {
    QSaveFile file(path);
    const std::string text = core::networkToJson(m_network).dump(2) + "\n";
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), static_cast<qint64>(text.size())) < 0 || !file.commit()) {
        if (error) *error = QStringLiteral("Could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

void Document::setNetwork(const core::Network& network) {
    m_network = network;
    rebuildModel();
    setSettingsModified(true);
    emit networkChanged();
    reevaluate();
    emit evaluationChanged();
}

void Document::setTierLink(core::Tier a, core::Tier b, double bandwidthMbps, double latencyMs) {
    core::Network network = m_network;
    if (m_profile)
        core::setEffectiveTierLink(network, *m_profile, a, b, bandwidthMbps, latencyMs);
    else
        network.setTierLink(a, b, bandwidthMbps, latencyMs);
    if (network.name.rfind("custom", 0) != 0) network.name = "custom (" + network.name + ")";
    setNetwork(network);
}

std::optional<core::Link> Document::tierLink(core::Tier a, core::Tier b) const {
    if (m_profile) return core::effectiveTierLink(m_network, *m_profile, a, b);
    return m_network.linkBetweenTiers(a, b);
}

double Document::inputBytes() const {
    if (m_inputBytes) return *m_inputBytes;
    return m_profile ? m_profile->model.inputBytes : 0.0;
}

void Document::setInputBytes(double bytes) {
    if (!m_profile || bytes == inputBytes()) return;
    m_inputBytes = bytes;
    rebuildModel();
    setSettingsModified(true);
    emit inputBytesChanged();
    reevaluate();
    emit evaluationChanged();
}

void Document::rebuildModel() {
    if (!m_profile) return;
    m_model = std::make_unique<core::InferenceCostModel>(*m_profile, m_network, m_inputBytes);
    m_boundaryLayers.clear();
    for (int b = 0; b <= blockCount(); ++b) m_boundaryLayers.push_back(m_model->structure().boundaryLayer(b));
    computeReferencePlans();
}

void Document::computeReferencePlans() {
    m_best.reset();
    m_native = {};
    if (!m_model) return;
    try {
        core::InferenceQuery query;
        query.top = 1;
        auto plans = core::runInferencePlanner("scission", *m_model, query);
        if (!plans.empty()) m_best = plans.front();
    } catch (const core::PlanError&) {
    }
    const int n = layerCount();
    for (core::Tier tier : core::kTiers) {
        const auto t = static_cast<std::size_t>(core::tierIndex(tier));
        if (m_state.machines[t] < 0) continue;
        try {
            m_native[t] = m_model->evaluate(core::nativePlacement(tier, m_state.machines, n));
        } catch (const core::PlanError&) {
        }
    }
    emit referencePlansChanged();
}

std::optional<core::TierPlacement> Document::bestPlacement() const {
    if (!m_best) return std::nullopt;
    return core::monotonePlacement(m_best->evaluation);
}

int Document::boundaryLayer(int boundary) const {
    if (m_boundaryLayers.empty()) return 0;
    return m_boundaryLayers[static_cast<std::size_t>(std::clamp(boundary, 0, static_cast<int>(m_boundaryLayers.size()) - 1))];
}

int Document::boundaryOfLayerPosition(int position) const {
    const auto it = std::lower_bound(m_boundaryLayers.begin(), m_boundaryLayers.end(), position);
    if (it == m_boundaryLayers.end() || *it != position) return -1;
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
    if (layer < boundaryLayer(m_state.deviceBoundary)) return core::Tier::Device;
    if (layer < boundaryLayer(m_state.edgeBoundary)) return core::Tier::Edge;
    return core::Tier::Cloud;
}

void Document::reevaluate() {
    m_evaluation = core::Evaluation{};
    m_evaluationError.clear();
    if (!m_model) return;
    const core::TierPlacement p = placement();
    const char* names[3] = {"device", "edge", "cloud"};
    for (core::Tier tier : core::kTiers) {
        const int t = core::tierIndex(tier);
        if (p.layersOn(tier, layerCount()) > 0 && p.machine[static_cast<std::size_t>(t)] < 0) {
            m_evaluationError = QStringLiteral("The plan runs layers on the %1, but the profile has no %1 machine.").arg(names[t]);
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
    if (!m_profile) return;
    PartitionState state = requested;
    const int blocks = blockCount();
    state.deviceBoundary = std::clamp(state.deviceBoundary, 0, blocks);
    state.edgeBoundary = std::clamp(state.edgeBoundary, state.deviceBoundary, blocks);
    for (int t = 0; t < 3; ++t) {
        int& machine = state.machines[static_cast<std::size_t>(t)];
        if (machine >= static_cast<int>(m_profile->machines.size()) ||
            (machine >= 0 && core::tierIndex(m_profile->machines[static_cast<std::size_t>(machine)].tier) != t))
            machine = m_state.machines[static_cast<std::size_t>(t)];
    }
    if (state == m_state) return;
    const bool machinesChanged = state.machines != m_state.machines;
    m_state = state;
    if (machinesChanged) computeReferencePlans();
    reevaluate();
    emit stateChanged();
    emit evaluationChanged();
}

void Document::commitState(const PartitionState& before, const QString& text) {
    if (before == m_state) return;
    m_undo.push(new StateCommand(this, before, m_state, text));
}

void Document::changeState(const PartitionState& state, const QString& text) {
    const PartitionState before = m_state;
    applyState(state);
    commitState(before, text);
}

void Document::setMachine(core::Tier tier, int machine) {
    PartitionState state = m_state;
    state.machines[static_cast<std::size_t>(core::tierIndex(tier))] = machine;
    changeState(state, QStringLiteral("Choose %1 machine").arg(QString::fromStdString(core::tierName(tier))));
}

void Document::stepCut(int handle, int step) {
    if (!m_profile) return;
    PartitionState state = m_state;
    const int blocks = blockCount();
    if (handle == 0) {
        state.deviceBoundary = std::clamp(state.deviceBoundary + step, 0, blocks);
        state.edgeBoundary = std::max(state.edgeBoundary, state.deviceBoundary);
    } else {
        state.edgeBoundary = std::clamp(state.edgeBoundary + step, 0, blocks);
        state.deviceBoundary = std::min(state.deviceBoundary, state.edgeBoundary);
    }
    changeState(state, handle == 0 ? QStringLiteral("Move device|edge cut") : QStringLiteral("Move edge|cloud cut"));
}

bool Document::applyPlacement(const core::TierPlacement& placement, const QString& text) {
    const int d = boundaryOfLayerPosition(placement.deviceEnd), e = boundaryOfLayerPosition(placement.edgeEnd);
    if (d < 0 || e < d) return false;
    PartitionState state = m_state;
    state.deviceBoundary = d;
    state.edgeBoundary = e;
    for (int t = 0; t < 3; ++t)
        if (placement.machine[static_cast<std::size_t>(t)] >= 0)
            state.machines[static_cast<std::size_t>(t)] = placement.machine[static_cast<std::size_t>(t)];
    changeState(state, text);
    return true;
}

void Document::markSaved() {
    m_undo.setClean();
    setSettingsModified(false);
}

void Document::setSettingsModified(bool modified) {
    m_settingsModified = modified;
    if (isModified() != m_lastModified) {
        m_lastModified = isModified();
        emit modifiedChanged(m_lastModified);
    }
}

void Document::setSelectedLayer(int layer) {
    if (layer == m_selected) return;
    m_selected = layer;
    emit selectedLayerChanged(layer);
}

void Document::setHoveredLayer(int layer) {
    if (layer == m_hovered) return;
    m_hovered = layer;
    emit hoveredLayerChanged(layer);
}

} // namespace cutlab::ui
