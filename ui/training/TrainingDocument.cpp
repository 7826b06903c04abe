#include "ui/training/TrainingDocument.h"

#include "ui/training/TrainingSettingCommand.h"

#include <QUndoStack>

#include <algorithm>

namespace cutlab::ui {
namespace {

QString describePipelineChange(const PipelineSettings& before, const PipelineSettings& after,
                               int* mergeId) {
    *mergeId = TrainingSettingCommand::NoMerge;
    int changes = 0;
    QString text;
    if (before.chain != after.chain) {
        ++changes;
        text = QStringLiteral("Pipeline chain %1").arg(after.chain.join(QLatin1Char(',')));
    }
    if (before.microBatch != after.microBatch) {
        ++changes;
        text = QStringLiteral("Micro-batch %1").arg(after.microBatch);
        *mergeId = TrainingSettingCommand::MicroBatchMerge;
    }
    if (before.microBatches != after.microBatches) {
        ++changes;
        text = QStringLiteral("Micro-batches %1").arg(after.microBatches);
        *mergeId = TrainingSettingCommand::MicroBatchesMerge;
    }
    if (before.cutMode != after.cutMode) {
        ++changes;
        text = QStringLiteral("Cut mode %1")
                   .arg(QString::fromStdString(core::cutModeName(after.cutMode)));
    }
    if (before.scheduleKind != after.scheduleKind) {
        ++changes;
        text = QStringLiteral("Schedule %1")
                   .arg(QString::fromStdString(core::scheduleKindName(after.scheduleKind)));
    }
    if (before.optimizer != after.optimizer) {
        ++changes;
        text = QStringLiteral("Optimizer %1")
                   .arg(QString::fromStdString(core::optimizerName(after.optimizer)));
    }
    if (before.recompute != after.recompute) {
        ++changes;
        text = after.recompute ? QStringLiteral("Recompute activations")
                               : QStringLiteral("Keep activations");
    }
    if (before.pool != after.pool) {
        ++changes;
        text = after.pool.isEmpty() ? QStringLiteral("Plan the chain")
                                    : QStringLiteral("Pool %1").arg(after.pool);
    } else if (before.poolCapacityBytes != after.poolCapacityBytes) {
        ++changes;
        text = QStringLiteral("Pool memory");
    }
    if (changes != 1) {
        *mergeId = TrainingSettingCommand::NoMerge;
        text = QStringLiteral("Pipeline settings");
    }
    return text;
}

} // namespace

TrainingDocument::TrainingDocument(QObject* parent)
    : QObject(parent), m_undoStack(new QUndoStack(this)) {}

TrainingDocument::~TrainingDocument() = default;

QStringList TrainingDocument::defaultChain(const core::Profile& profile) {
    QStringList ids;
    for (const auto& machine : profile.machines)
        ids << QString::fromStdString(machine.id);
    if (ids.size() == 1)
        ids = QStringList{ids.front(), ids.front(), ids.front(), ids.front()};
    return ids;
}

void TrainingDocument::setDocument(std::shared_ptr<const core::Profile> profile,
                                   const core::Network& network) {
    m_undoStack->clear();
    m_profile = std::move(profile);
    m_network = network;
    if (m_profile) {
        m_settings.batch = std::max(1, static_cast<int>(m_profile->model.batch));
        m_settings.pipeline.chain = defaultChain(*m_profile);
        m_settings.pipeline.microBatch = 0;
        m_settings.pipeline.pool.clear(); // its machine types may not be this profile's
        m_settings.pipeline.poolCapacityBytes.clear();
    }
    m_settings.stageBoundaries.clear();
    emit profileChanged();
}

void TrainingDocument::setNetwork(const core::Network& network) {
    m_undoStack->clear();
    m_network = network;
    m_settings.stageBoundaries.clear();
    emit networkChanged();
}

void TrainingDocument::restore(const TrainingSettings& settings) {
    m_undoStack->clear();
    applySettings(settings);
}

void TrainingDocument::clear() {
    m_undoStack->clear();
    m_profile.reset();
    m_network.reset();
    m_settings.stageBoundaries.clear();
    emit profileChanged();
}

void TrainingDocument::setPlanner(const QString& id) {
    TrainingSettings after = m_settings;
    after.planner = id;
    push(m_settings, after, QStringLiteral("Planner %1").arg(id), TrainingSettingCommand::NoMerge);
}

void TrainingDocument::setBatch(int samples) {
    TrainingSettings after = m_settings;
    after.batch = samples;
    push(m_settings, after, QStringLiteral("Batch %1").arg(samples),
         TrainingSettingCommand::BatchMerge);
}

void TrainingDocument::setPipelineSettings(const PipelineSettings& settings) {
    TrainingSettings after = m_settings;
    after.pipeline = settings;
    after.stageBoundaries.clear();
    int mergeId = TrainingSettingCommand::NoMerge;
    const QString text = describePipelineChange(m_settings.pipeline, settings, &mergeId);
    if (m_settings.pipeline == settings)
        return; // only the boundaries would change: not a settings edit
    push(m_settings, after, text, mergeId);
}

void TrainingDocument::moveStageBoundaries(const std::vector<int>& from,
                                           const std::vector<int>& to) {
    TrainingSettings before = m_settings, after = m_settings;
    before.stageBoundaries = from;
    after.stageBoundaries = to;
    if (from == to)
        return;
    push(before, after, QStringLiteral("Move stage boundary"), TrainingSettingCommand::NoMerge);
}

void TrainingDocument::restorePlannedStages() {
    TrainingSettings after = m_settings;
    after.stageBoundaries.clear();
    push(m_settings, after, QStringLiteral("Restore the planner's stages"),
         TrainingSettingCommand::NoMerge);
}

void TrainingDocument::push(const TrainingSettings& before, const TrainingSettings& after,
                            const QString& text, int mergeId) {
    if (after == m_settings)
        return;
    m_undoStack->push(new TrainingSettingCommand(this, before, after, text, mergeId));
}

void TrainingDocument::applySettings(const TrainingSettings& settings) {
    const TrainingSettings old = m_settings;
    m_settings = settings;
    if (old.planner != settings.planner)
        emit plannerChanged();
    if (old.batch != settings.batch)
        emit batchChanged();
    if (old.pipeline != settings.pipeline)
        emit pipelineSettingsChanged();
    if (old.stageBoundaries != settings.stageBoundaries)
        emit stageBoundariesChanged();
}

} // namespace cutlab::ui
