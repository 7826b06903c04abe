#pragma once

#include <QColor>
#include <QGraphicsRectItem>

#include <functional>

namespace cutlab::ui {

// A draggable boundary between two pipeline stages in the stage strip. Only moves sideways;
// every position change goes through `snap` (the strip snaps it to an allowed cut between the
// neighbouring boundaries), and `moved` is called after each change.
class StageBoundaryItem : public QGraphicsRectItem {
  public:
    enum { Type = UserType + 41 };
    int type() const override { return Type; }

    StageBoundaryItem(int index, double height, QGraphicsItem* parent = nullptr);

    int index() const { return m_index; }
    void setSnap(std::function<QPointF(int index, const QPointF& wanted)> snap) {
        m_snap = std::move(snap);
    }
    void setMoved(std::function<void(int index)> moved) { m_moved = std::move(moved); }
    // The handle's fill and its edge (the canvas text and background colours of the theme).
    void setColors(const QColor& fill, const QColor& edge);

  protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;
    void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

  private:
    int m_index;
    std::function<QPointF(int, const QPointF&)> m_snap;
    std::function<void(int)> m_moved;
    QColor m_fill;
};

} // namespace cutlab::ui
