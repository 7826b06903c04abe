#include "ui/StateCommand.h"

namespace cutlab::ui {

StateCommand::StateCommand(Document* document, const PartitionState& before,
                           const PartitionState& after, const QString& text)
    : QUndoCommand(text), m_document(document), m_before(before), m_after(after) {}

void StateCommand::undo() {
    m_document->applyState(m_before);
}
void StateCommand::redo() {
    m_document->applyState(m_after);
}

} // namespace cutlab::ui
