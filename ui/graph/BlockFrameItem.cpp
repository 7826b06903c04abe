#include "ui/graph/BlockFrameItem.h"

#include "ui/charts/Format.h"
#include "ui/graph/BoxLabel.h"
#include "ui/graph/GraphInteraction.h"

#include <QCursor>
#include <QFontMetricsF>
#include <QGraphicsSceneMouseEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace cutlab::ui {

BlockFrameItem::BlockFrameItem(GraphInteraction* interaction, int block, const QRectF& rect,
                               QString title, QString detail, bool collapsed, double titleIndent)
    : m_interaction(interaction), m_block(block), m_rect(rect), m_title(std::move(title)),
      m_detail(std::move(detail)), m_titleIndent(titleIndent), m_collapsed(collapsed) {
    // Above the edges (z -1), below the nodes: the title's label hides any edge passing under
    // it; the frame's fill is faint enough not to hide them.
    setZValue(collapsed ? 0 : -0.5);
    setAcceptedMouseButtons(Qt::LeftButton);
    setToolTip(collapsed
                   ? QStringLiteral("%1 (collapsed): click to show its layers").arg(m_title)
                   : QStringLiteral(
                         "%1: a branching region, cut only around it. Click the title to collapse.")
                         .arg(m_title));
    setCursor(Qt::PointingHandCursor);
}

QRectF BlockFrameItem::headerRect() const {
    if (m_collapsed)
        return m_rect;
    return QRectF(m_rect.left(), m_rect.top(), m_rect.width(), 24);
}

QString BlockFrameItem::titleText() const {
    return QStringLiteral("⊟ %1  ·  %2").arg(m_title, m_detail);
}

QFont BlockFrameItem::titleFont() {
    QFont font;
    font.setPointSizeF(8.5);
    font.setBold(true);
    return font;
}

QRectF BlockFrameItem::titleRect() const {
    const QRectF header = headerRect();
    const double left = header.left() + 10 + m_titleIndent;
    const double width = QFontMetricsF(titleFont()).horizontalAdvance(titleText()) + 8;
    // Never clipped: a long title in a narrow frame runs past the frame's edge, whole.
    return QRectF(left - 4, header.top() + 3, width, 18);
}

QRectF BlockFrameItem::boundingRect() const {
    const QRectF frame = m_rect.adjusted(-2, -2, 2, 2);
    return m_collapsed ? frame : frame.united(titleRect());
}

QPainterPath BlockFrameItem::shape() const {
    QPainterPath path;
    path.addRect(headerRect()); // the inside of an expanded frame stays click-through
    return path;
}

void BlockFrameItem::setTier(core::Tier tier) {
    if (tier == m_tier)
        return;
    m_tier = tier;
    update();
}

bool BlockFrameItem::isReadable(const QFont& font, double levelOfDetail) {
    return QFontMetricsF(font).height() * levelOfDetail >= kReadableTextPixels;
}

double BlockFrameItem::renderedTextPixels(double lod) const {
    if (m_collapsed)
        return BoxLabel::renderedTextPixels(m_rect.height(), lod);
    return isReadable(titleFont(), lod) ? QFontMetricsF(titleFont()).height() * lod : 0.0;
}

void BlockFrameItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    const GraphColors& colors = m_interaction->colors();
    painter->setRenderHint(QPainter::Antialiasing, true);
    const double lod =
        QStyleOptionGraphicsItem::levelOfDetailFromTransform(painter->worldTransform());
    if (m_collapsed) {
        painter->setPen(QPen(Format::tierColor(m_tier).darker(115), 1.0));
        painter->setBrush(Format::tierFill(m_tier));
        painter->drawRoundedRect(m_rect, 8, 8);
        // stacked look: this box stands for several layers
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(m_rect.adjusted(3, 3, -3, -3), 6, 6);
        // at a readable size on screen however far the view is zoomed out
        BoxLabel::paint(painter, m_rect, lod, QStringLiteral("⊞ ") + m_title, m_detail,
                        colors.nodeText);
        return;
    }
    painter->setPen(QPen(colors.frame, 1.2, Qt::DashLine));
    painter->setBrush(colors.frameFill);
    painter->drawRoundedRect(m_rect, 10, 10);
    if (!isReadable(titleFont(), lod))
        return; // a title under the readable minimum is hidden, not drawn at 4 px
    // The title on an opaque label: an edge entering the block passes under it, never through
    // the letters.
    const QRectF label = titleRect();
    painter->setPen(Qt::NoPen);
    painter->setBrush(colors.background);
    painter->drawRoundedRect(label, 4, 4);
    painter->setPen(colors.text);
    painter->setFont(titleFont());
    painter->drawText(label.adjusted(4, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, titleText());
}

void BlockFrameItem::mousePressEvent(QGraphicsSceneMouseEvent* event) {
    if (event->button() == Qt::LeftButton && headerRect().contains(event->pos())) {
        event->accept();
        m_interaction->blockToggled(m_block);
        return;
    }
    event->ignore();
}

} // namespace cutlab::ui
