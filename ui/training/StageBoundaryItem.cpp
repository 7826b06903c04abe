#include "ui/training/StageBoundaryItem.h"

#include "ui/charts/Theme.h"

#include <QBrush>
#include <QCursor>
#include <QPen>

namespace cutlab::ui {

StageBoundaryItem::StageBoundaryItem(int index, double height, QGraphicsItem* parent)
    : QGraphicsRectItem(QRectF(-4, -4, 8, height + 8), parent), m_index(index) {
    setFlags(ItemIsMovable | ItemSendsGeometryChanges);
    setAcceptHoverEvents(true);
    setCursor(Qt::SizeHorCursor);
    const CanvasColors& light = Theme::light().canvas;
    setColors(light.text, light.background);
    setZValue(5);
    setToolTip(QStringLiteral(
        "Drag to move this stage boundary; the schedule is simulated again at once."));
}

void StageBoundaryItem::setColors(const QColor& fill, const QColor& edge) {
    m_fill = fill;
    setBrush(fill);
    setPen(QPen(edge, 1));
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
    setBrush(m_fill);
    QGraphicsRectItem::hoverLeaveEvent(event);
}

} // namespace cutlab::ui
