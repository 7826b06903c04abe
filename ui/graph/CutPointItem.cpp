#include "ui/graph/CutPointItem.h"

#include "ui/graph/GraphInteraction.h"

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace cutlab::ui {

CutPointItem::CutPointItem(GraphInteraction* interaction, int boundary, double main,
                           double crossMin, double crossMax, bool topToBottom, QString label,
                           QString tooltip)
    : m_interaction(interaction), m_boundary(boundary), m_label(std::move(label)) {
    setZValue(11); // the label stays readable over a handle; the item takes no clicks
    setToolTip(tooltip);
    setAcceptedMouseButtons(Qt::NoButton);
    if (topToBottom) {
        m_line = QLineF(crossMin + 10, main, crossMax - 10, main);
        m_labelRect = QRectF(6, main - 16, 80, 14);
    } else {
        m_line = QLineF(main, crossMin + 10, main, crossMax - 10);
        m_labelRect = QRectF(main - 40, -22, 80, 14);
    }
    m_bounds =
        QRectF(m_line.p1(), m_line.p2()).normalized().adjusted(-2, -2, 2, 2).united(m_labelRect);
}

void CutPointItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const GraphColors& colors = m_interaction->colors();
    painter->setPen(QPen(colors.cutLine, 1, Qt::DotLine));
    painter->drawLine(m_line);
    if (option->levelOfDetailFromTransform(painter->worldTransform()) < 0.35)
        return;
    QFont font = painter->font();
    font.setPointSizeF(7.5);
    painter->setFont(font);
    const QRectF pill = painter->fontMetrics().boundingRect(m_label).adjusted(-4, -1, 4, 1);
    QRectF box(0, 0, pill.width(), m_labelRect.height());
    box.moveCenter(m_labelRect.center());
    painter->setPen(Qt::NoPen);
    painter->setBrush(colors.background);
    painter->drawRoundedRect(box, 4, 4);
    painter->setPen(colors.text);
    painter->drawText(m_labelRect, Qt::AlignCenter, m_label);
}

} // namespace cutlab::ui
