#pragma once

#include "ui/document/PartitionState.h"

#include <QUndoCommand>

#include <functional>

namespace cutlab::ui {

// One user action on the partition (a whole drag, a key step, a planner row): undo restores
// the handles and machines as they were before it. It knows the document only as the function
// that applies a state, so the document and its commands do not include each other.
class StateCommand : public QUndoCommand {
  public:
    using Apply = std::function<void(const PartitionState&)>;
    StateCommand(Apply apply, const PartitionState& before, const PartitionState& after,
                 const QString& text);
    void undo() override;
    void redo() override;

  private:
    Apply m_apply;
    PartitionState m_before;
    PartitionState m_after;
};

} // namespace cutlab::ui
