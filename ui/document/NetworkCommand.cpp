#include "ui/document/NetworkCommand.h"

namespace cutlab::ui {

NetworkCommand::NetworkCommand(Apply apply, core::Network before, core::Network after,
                               const QString& text, int mergeId)
    : QUndoCommand(text), m_apply(std::move(apply)), m_before(std::move(before)),
      m_after(std::move(after)), m_mergeId(mergeId) {}

void NetworkCommand::undo() {
    m_apply(m_before);
}

void NetworkCommand::redo() {
    m_apply(m_after);
}

bool NetworkCommand::mergeWith(const QUndoCommand* other) {
    const auto* next = static_cast<const NetworkCommand*>(other);
    m_after = next->m_after;
    setObsolete(m_after == m_before);
    return true;
}

} // namespace cutlab::ui
