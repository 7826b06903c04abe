#include "ui/graph/EdgeItem.h"

#include "ui/graph/GraphInteraction.h"

#include <QPainter>

#include <cmath>

namespace cutlab::ui {

EdgeItem::EdgeItem(GraphInteraction* interaction, const QRectF& from, const QRectF& to,
                   bool topToBottom)
    : m_interaction(interaction) {
    setZValue(-1);
    setAcceptedMouseButtons(Qt::NoButton);
    const QPointF start = topToBottom ? QPointF(from.center().x(), from.bottom())
                                      : QPointF(from.right(), from.center().y());
    const QPointF end =
        topToBottom ? QPointF(to.center().x(), to.top()) : QPointF(to.left(), to.center().y());
    const double mainGap = topToBottom ? end.y() - start.y() : end.x() - start.x();
    const double crossGap = topToBottom ? end.x() - start.x() : end.y() - start.y();
    const bool jumps =
        mainGap > 150 && std::fabs(crossGap) < 1.0; // would run through nodes in between
    m_jumps = jumps;
    m_path.moveTo(start);
    if (jumps) {
        const double bow = -(topToBottom ? from.width() : from.height()) / 2 - 30;
        auto at = [&](double main, double cross) {
            return topToBottom ? QPointF(start.x() + cross, start.y() + main)
                               : QPointF(start.x() + main, start.y() + cross);
        };
        // Into the edge lane within 24 px of the start, before any block title it passes.
        m_path.cubicTo(at(12, 0), at(12, bow), at(24, bow));
        m_path.lineTo(at(mainGap - 24, bow));
        m_path.cubicTo(at(mainGap - 12, bow), at(mainGap - 12, 0), end);
    } else {
        const double c = mainGap * 0.5;
        if (topToBottom)
            m_path.cubicTo(QPointF(start.x(), start.y() + c), QPointF(end.x(), end.y() - c), end);
        else
            m_path.cubicTo(QPointF(start.x() + c, start.y()), QPointF(end.x() - c, end.y()), end);
    }
    const QPointF back = topToBottom ? QPointF(0, -7) : QPointF(-7, 0);
    const QPointF side = topToBottom ? QPointF(4, 0) : QPointF(0, 4);
    m_arrow << end << end + back + side << end + back - side;
    m_bounds = m_path.boundingRect().united(m_arrow.boundingRect()).adjusted(-2, -2, 2, 2);
}

void EdgeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    const QColor color = m_interaction->colors().edge;
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(QPen(color, 1.3));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(m_path);
    painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    painter->drawPolygon(m_arrow);
}

} // namespace cutlab::ui
