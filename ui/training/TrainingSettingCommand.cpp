#include "ui/training/TrainingSettingCommand.h"

#include "ui/training/TrainingDocument.h"

namespace cutlab::ui {

TrainingSettingCommand::TrainingSettingCommand(TrainingDocument* document,
                                               const TrainingSettings& before,
                                               const TrainingSettings& after, const QString& text,
                                               int mergeId)
    : m_document(document), m_before(before), m_after(after), m_mergeId(mergeId) {
    setText(text);
}

void TrainingSettingCommand::undo() {
    m_document->applySettings(m_before);
}

void TrainingSettingCommand::redo() {
    m_document->applySettings(m_after);
}

bool TrainingSettingCommand::mergeWith(const QUndoCommand* other) {
    if (m_mergeId == NoMerge || other->id() != m_mergeId)
        return false;
    const auto* next = static_cast<const TrainingSettingCommand*>(other);
    if (next->m_document != m_document || next->m_before != m_after)
        return false;
    m_after = next->m_after;
    setText(next->text());
    setObsolete(m_after == m_before);
    return true;
}

} // namespace cutlab::ui
