#pragma once

#include "ui/charts/Theme.h"

#include "core/model/Profile.h"

#include <QGraphicsView>
#include <QStringList>

#include <vector>

class QGraphicsSimpleTextItem;

namespace cutlab::ui {

class EdgeAutoScroller;

class StageBoundaryItem;
class StageCellsItem;

// The layers of a pipeline plan as a strip of cells coloured by stage, with a draggable handle
// on every stage boundary. A boundary at position p has layers [0, p) before it. Handles snap to
// the allowed positions (valid cut points in single cut mode, any layer boundary otherwise) and
// never cross their neighbours; boundariesChanged() is emitted on every snapped move, so the
// owner can re-simulate live, and boundariesDragged() once when the mouse is released after a
// drag that moved them (one undo command per drag). When the plan's stages are not contiguous in
// layer order (cut mode any), the strip only shows them and offers no handles.
class StageStripView : public QGraphicsView {
    Q_OBJECT
  public:
    explicit StageStripView(QWidget* parent = nullptr);

    // `stageOfLayer`: the stage running each layer; `allowed`: positions 1..N-1 a boundary may
    // take; `stageNames`: shown above each stage. A `readOnlyCaption` offers no handles and says
    // why under the strip (a plan over a pool).
    void setPartition(const core::Profile& profile, const std::vector<int>& stageOfLayer,
                      const std::vector<int>& allowed, const QStringList& stageNames,
                      const QString& readOnlyCaption = {});
    void clear();
    // Moves the handles to `boundaries` (as many as there are handles, each an allowed position)
    // without emitting anything; false (nothing changed) when they do not fit.
    bool setBoundaries(const std::vector<int>& boundaries);
    // The canvas colours (the stage colours stay).
    void setColors(const CanvasColors& colors);
    // Stages over their machine's memory (by stage; empty: none): their cells and names are
    // drawn in the error colour, until the next call.
    void setOverStages(const std::vector<bool>& over);
    bool isOver(int stage) const;
    const CanvasColors& colors() const { return m_colors; }

    const std::vector<int>& boundaries() const { return m_boundaries; }
    std::vector<int> stageOfLayer() const;
    bool isEditable() const { return m_editable; }
    // A boundary is dragged near an edge and the strip scrolls on.
    bool isAutoScrolling() const;
    // Scene x of a boundary position (for tests and drawing).
    double xOfPosition(int position) const;
    StageBoundaryItem* handle(int index) const;
    // The cells (one item for every layer), or null without a partition.
    StageCellsItem* cells() const { return m_cells; }

  signals:
    void boundariesChanged();
    // After a drag: the boundaries when the mouse was pressed; boundaries() holds the new ones.
    void boundariesDragged(const std::vector<int>& before);

  protected:
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

  private:
    void rebuild();
    void recolour();
    QPointF snap(int index, const QPointF& wanted) const;
    void handleMoved(int index);

    const core::Profile* m_profile = nullptr;
    std::vector<int> m_stageOfLayer;
    std::vector<int> m_allowed;
    std::vector<int> m_boundaries;
    std::vector<bool> m_over;
    QStringList m_stageNames;
    QString m_readOnlyCaption;
    bool m_editable = false;
    EdgeAutoScroller* m_autoScroller;
    bool m_rebuilding = false;
    std::vector<int> m_pressBoundaries; // at the mouse press, to tell a drag on release
    CanvasColors m_colors;
    double m_cellWidth = 20;
    StageCellsItem* m_cells = nullptr;
    std::vector<StageBoundaryItem*> m_handles;
    std::vector<QGraphicsSimpleTextItem*> m_stageLabels;
};

} // namespace cutlab::ui
