#include "ui/graph/LayerItem.h"

#include "ui/charts/Format.h"
#include "ui/graph/GraphInteraction.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace cutlab::ui {

LayerItem::LayerItem(GraphInteraction* interaction, int layer, const QRectF& rect, QString type,
                     QString name, QString size)
    : m_interaction(interaction), m_layer(layer), m_rect(rect), m_typeText(std::move(type)),
      m_name(std::move(name)), m_size(std::move(size)) {
    setFlag(ItemIsSelectable);
    setAcceptHoverEvents(true);
    setToolTip(QStringLiteral("%1 (%2)\noutput %3").arg(m_name, m_typeText, m_size));
}

void LayerItem::setTier(core::Tier tier) {
    if (tier == m_tier)
        return;
    m_tier = tier;
    update();
}

void LayerItem::setMatched(bool matched) {
    if (matched == m_matched)
        return;
    m_matched = matched;
    update();
}

namespace {

QFont detailFont() {
    QFont font;
    font.setPointSizeF(8.5);
    return font;
}

} // namespace

double LayerItem::renderedTextPixels(double lod) {
    if (lod < kCompactZoom)
        return 0;
    if (lod < kDetailZoom) {
        QFont font;
        font.setBold(true);
        font.setPixelSize(static_cast<int>(kCompactTextPixels));
        return QFontMetricsF(font).height();
    }
    return QFontMetricsF(detailFont()).height() * lod;
}

QRectF LayerItem::boundingRect() const {
    return m_rect.adjusted(-3, -3, 3, 3);
}

void LayerItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const GraphColors& colors = m_interaction->colors();
    const QColor accent = Format::tierColor(m_tier);
    const bool selected = isSelected();
    painter->setRenderHint(QPainter::Antialiasing, true);
    QPen pen(selected || m_matched ? colors.text : accent.darker(115),
             selected || m_matched ? 2.5 : 1.0);
    if (m_hovered && !selected)
        pen.setWidthF(2.0);
    painter->setPen(pen);
    painter->setBrush(Format::tierFill(m_tier));
    painter->drawRoundedRect(m_rect, 6, 6);
    // tier stripe
    painter->setPen(Qt::NoPen);
    painter->setBrush(accent);
    painter->drawRoundedRect(QRectF(m_rect.left(), m_rect.top(), 6, m_rect.height()), 3, 3);
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    if (lod < kCompactZoom)
        return; // too small to read: the colour is the message
    if (lod < kDetailZoom) {
        paintCompactLabel(painter, lod, colors.nodeText);
        return;
    }
    painter->setPen(colors.nodeText);
    const QRectF text = m_rect.adjusted(12, 4, -6, -4);
    QFont font = detailFont();
    font.setBold(true);
    painter->setFont(font);
    const QFontMetricsF boldMetrics(font);
    const qreal line = text.height() / 3.0;
    painter->drawText(QRectF(text.left(), text.top(), text.width(), line),
                      Qt::AlignLeft | Qt::AlignVCenter,
                      boldMetrics.elidedText(m_typeText, Qt::ElideRight, text.width()));
    font.setBold(false);
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    painter->drawText(QRectF(text.left(), text.top() + line, text.width(), line),
                      Qt::AlignLeft | Qt::AlignVCenter,
                      metrics.elidedText(m_name, Qt::ElideLeft, text.width()));
    QColor dim = colors.nodeText;
    dim.setAlpha(170);
    painter->setPen(dim);
    painter->drawText(QRectF(text.left(), text.top() + 2 * line, text.width(), line),
                      Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("→ ") + m_size);
}

void LayerItem::paintCompactLabel(QPainter* painter, qreal lod, const QColor& color) const {
    // The name alone, at a size that stays readable on screen however far the view is zoomed
    // out (the type and output size are in the tooltip and the inspector).
    QFont font = painter->font();
    font.setBold(true);
    font.setPixelSize(std::max(1, static_cast<int>(std::lround(kCompactTextPixels / lod))));
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    const QRectF text = m_rect.adjusted(8, 2, -3, -2);
    painter->setPen(color);
    painter->drawText(text, Qt::AlignCenter,
                      compactLabel(m_typeText, m_name, metrics, text.width()));
}

QString LayerItem::compactLabel(const QString& type, const QString& name,
                                const QFontMetricsF& metrics, double width) {
    if (type.isEmpty() || type == name || name.endsWith(type))
        return metrics.elidedText(name, Qt::ElideLeft, width);
    const QString both = type + QLatin1Char(' ') + name;
    if (metrics.horizontalAdvance(both) <= width)
        return both;
    const double typeWidth = metrics.horizontalAdvance(type + QLatin1Char(' '));
    const QString end = metrics.elidedText(name, Qt::ElideLeft, width - typeWidth);
    if (end.size() > 1) // more than the ellipsis
        return type + QLatin1Char(' ') + end;
    return metrics.elidedText(type, Qt::ElideRight, width);
}

void LayerItem::hoverEnterEvent(QGraphicsSceneHoverEvent*) {
    m_hovered = true;
    update();
    m_interaction->layerHovered(m_layer, true);
}

void LayerItem::hoverLeaveEvent(QGraphicsSceneHoverEvent*) {
    m_hovered = false;
    update();
    m_interaction->layerHovered(m_layer, false);
}

} // namespace cutlab::ui
