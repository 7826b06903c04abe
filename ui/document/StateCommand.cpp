#include "ui/document/StateCommand.h"

namespace cutlab::ui {

StateCommand::StateCommand(Apply apply, const PartitionState& before, const PartitionState& after,
                           const QString& text)
    : QUndoCommand(text), m_apply(std::move(apply)), m_before(before), m_after(after) {}

void StateCommand::undo() {
    m_apply(m_before);
}
void StateCommand::redo() {
    m_apply(m_after);
}

} // namespace cutlab::ui
