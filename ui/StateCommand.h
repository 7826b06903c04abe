#pragma once

#include "ui/Document.h"

#include <QUndoCommand>

namespace cutlab::ui {

// One user action on the partition (a whole drag, a key step, a planner row): undo restores
// the handles and machines as they were before it.
class StateCommand : public QUndoCommand {
  public:
    StateCommand(Document* document, const PartitionState& before, const PartitionState& after,
                 const QString& text);
    void undo() override;
    void redo() override;

  private:
    Document* m_document;
    PartitionState m_before;
    PartitionState m_after;
};

} // namespace cutlab::ui
