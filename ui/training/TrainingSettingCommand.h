#pragma once

#include "ui/training/TrainingSettings.h"

#include <QUndoCommand>

namespace cutlab::ui {

class TrainingDocument;

// One user change of the Training mode's settings (planner, batch, a pipeline setting, a drag of
// the stage strip): redo applies `after`, undo `before`, through the document, which emits the
// signals of what differs. Commands with the same merge id (a spin box stepped or typed into)
// merge into one; a merge back to the start makes the command obsolete.
class TrainingSettingCommand : public QUndoCommand {
  public:
    enum MergeId { NoMerge = -1, BatchMerge = 1, MicroBatchMerge, MicroBatchesMerge };

    TrainingSettingCommand(TrainingDocument* document, const TrainingSettings& before,
                           const TrainingSettings& after, const QString& text,
                           int mergeId = NoMerge);

    void undo() override;
    void redo() override;
    int id() const override { return m_mergeId; }
    bool mergeWith(const QUndoCommand* other) override;

    const TrainingSettings& before() const { return m_before; }
    const TrainingSettings& after() const { return m_after; }

  private:
    TrainingDocument* m_document;
    TrainingSettings m_before;
    TrainingSettings m_after;
    int m_mergeId;
};

} // namespace cutlab::ui
