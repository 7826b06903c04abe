#pragma once

#include <QGraphicsItem>
#include <QPainterPath>

namespace cutlab::ui {

class GraphInteraction;

// A tensor flowing from one layer to another: a curve with an arrow head.
class EdgeItem : public QGraphicsItem {
  public:
    enum { Type = UserType + 2 };

    // From the exit side of `from` to the entry side of `to`; edges that jump over columns
    // bow out to the free band above (left of) the nodes.
    EdgeItem(GraphInteraction* interaction, const QRectF& from, const QRectF& to, bool topToBottom);

    int type() const override { return Type; }
    const QPainterPath& path() const { return m_path; }
    // A skip connection that bows into the edge lane to jump over the nodes between its ends.
    bool jumps() const { return m_jumps; }
    QRectF boundingRect() const override { return m_bounds; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

  private:
    GraphInteraction* m_interaction;
    QPainterPath m_path;
    bool m_jumps = false;
    QPolygonF m_arrow;
    QRectF m_bounds;
};

} // namespace cutlab::ui
