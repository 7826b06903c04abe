#include "ui/graph/CutPointItem.h"

#include "ui/graph/GraphInteraction.h"
#include "ui/graph/LayerItem.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace cutlab::ui {

CutPointItem::CutPointItem(GraphInteraction* interaction, int boundary, double main,
                           double crossMin, double crossMax, bool topToBottom, QString label,
                           QString tooltip)
    : m_interaction(interaction), m_boundary(boundary), m_topToBottom(topToBottom),
      m_label(std::move(label)) {
    // Left to right, the label sits across a handle's bar and stays readable over it; top to
    // bottom it sits above the bar, beside the edge|cloud grip, which stays readable over it.
    // The item takes no clicks.
    setZValue(topToBottom ? 9 : 11);
    setToolTip(tooltip);
    setAcceptedMouseButtons(Qt::NoButton);
    // a label of two lines ("input" over its size) stays as narrow as the others
    const double height = 14.0 * (m_label.count('\n') + 1);
    if (topToBottom) {
        m_line = QLineF(crossMin + 10, main, crossMax - 10, main);
        m_labelRect = QRectF(6, main - 2 - height, 80, height);
    } else {
        m_line = QLineF(main, crossMin + 10, main, crossMax - 10);
        m_labelRect = QRectF(main - 40, -8 - height, 80, height);
    }
    m_bounds = QRectF(m_line.p1(), m_line.p2())
                   .normalized()
                   .adjusted(-2, -2, 2, 2)
                   .united(grownLabelRect(kDetailLabelZoom / LayerItem::kCompactZoom));
}

QFont CutPointItem::labelFont(double grow) {
    QFont font;
    font.setPointSizeF(7.5 * grow);
    return font;
}

double CutPointItem::renderedTextPixels(double lod) {
    if (lod < LayerItem::kCompactZoom)
        return 0;
    return QFontMetricsF(labelFont(std::max(1.0, kDetailLabelZoom / lod))).height() * lod;
}

void CutPointItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const GraphColors& colors = m_interaction->colors();
    painter->setPen(QPen(colors.cutLine, 1, Qt::DotLine));
    painter->drawLine(m_line);
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    if (lod < LayerItem::kCompactZoom)
        return;
    // Zoomed out, the label keeps its size on screen (like the nodes' compact names) and grows
    // away from the nodes.
    const qreal grow = std::max<qreal>(1.0, kDetailLabelZoom / lod);
    QFont font = labelFont(grow);
    painter->setFont(font);
    const QRectF labelRect = grownLabelRect(grow);
    const QRectF text = QFontMetricsF(font).boundingRect(labelRect, Qt::AlignCenter, m_label);
    QRectF box(0, 0, text.width() + 8, labelRect.height());
    box.moveCenter(labelRect.center());
    painter->setPen(Qt::NoPen);
    painter->setBrush(colors.background);
    painter->drawRoundedRect(box, 4, 4);
    painter->setPen(colors.text);
    painter->drawText(labelRect, Qt::AlignCenter, m_label);
}

QRectF CutPointItem::grownLabelRect(qreal grow) const {
    QRectF rect(0, 0, m_labelRect.width() * grow, m_labelRect.height() * grow);
    if (m_topToBottom)
        rect.moveBottomLeft(m_labelRect.bottomLeft());
    else
        rect.moveCenter(
            QPointF(m_labelRect.center().x(), m_labelRect.bottom() - rect.height() / 2));
    return rect;
}

} // namespace cutlab::ui
