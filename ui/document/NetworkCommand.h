#pragma once

#include "core/model/Network.h"

#include <QUndoCommand>

#include <functional>

namespace cutlab::ui {

// One user change of the network (a preset, a network file, a link's bandwidth or latency):
// undo puts the network back as it was. Consecutive changes of the same link (a slider drag)
// merge into one step. Like StateCommand it knows the document only as a function.
class NetworkCommand : public QUndoCommand {
  public:
    using Apply = std::function<void(const core::Network&)>;
    // mergeId < 0: never merged.
    NetworkCommand(Apply apply, core::Network before, core::Network after, const QString& text,
                   int mergeId = -1);
    void undo() override;
    void redo() override;
    int id() const override { return m_mergeId; }
    bool mergeWith(const QUndoCommand* other) override;

  private:
    Apply m_apply;
    core::Network m_before;
    core::Network m_after;
    int m_mergeId;
};

} // namespace cutlab::ui
