#include "ui/training/StageBoundaryItem.h"

#include <QBrush>
#include <QCursor>
#include <QPen>

namespace cutlab::ui {

StageBoundaryItem::StageBoundaryItem(int index, double height, QGraphicsItem* parent)
    : QGraphicsRectItem(QRectF(-4, -4, 8, height + 8), parent), m_index(index) {
    setFlags(ItemIsMovable | ItemSendsGeometryChanges);
    setAcceptHoverEvents(true);
    setCursor(Qt::SizeHorCursor);
    setBrush(QColor(0x22, 0x22, 0x22));
    setPen(QPen(Qt::white, 1));
    setZValue(5);
    setToolTip(QStringLiteral(
        "Drag to move this stage boundary; the schedule is simulated again at once."));
}

QVariant StageBoundaryItem::itemChange(GraphicsItemChange change, const QVariant& value) {
    if (change == ItemPositionChange && m_snap)
        return m_snap(m_index, value.toPointF());
    if (change == ItemPositionHasChanged && m_moved)
        m_moved(m_index);
    return QGraphicsRectItem::itemChange(change, value);
}

void StageBoundaryItem::hoverEnterEvent(QGraphicsSceneHoverEvent* event) {
    setBrush(QColor(0xc0, 0x1c, 0x28));
    QGraphicsRectItem::hoverEnterEvent(event);
}

void StageBoundaryItem::hoverLeaveEvent(QGraphicsSceneHoverEvent* event) {
    setBrush(QColor(0x22, 0x22, 0x22));
    QGraphicsRectItem::hoverLeaveEvent(event);
}

} // namespace cutlab::ui
