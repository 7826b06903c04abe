#include "ui/graph/SummaryItem.h"

#include "ui/charts/Format.h"
#include "ui/graph/BoxLabel.h"
#include "ui/graph/GraphInteraction.h"

#include <QCursor>
#include <QGraphicsSceneMouseEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace cutlab::ui {

SummaryItem::SummaryItem(GraphInteraction* interaction, int summary, const QRectF& rect,
                         QString title, QString layerRange)
    : m_interaction(interaction), m_summary(summary), m_rect(rect), m_title(std::move(title)),
      m_layerRange(std::move(layerRange)) {
    setZValue(0);
    setAcceptedMouseButtons(Qt::LeftButton);
    setCursor(Qt::PointingHandCursor);
    updateToolTip();
}

void SummaryItem::updateToolTip() {
    setToolTip(QStringLiteral("%1\n%2\n%3\nClick to show its layers.")
                   .arg(m_title, m_layerRange, m_detail));
}

void SummaryItem::setDetail(const QString& detail) {
    if (detail == m_detail)
        return;
    m_detail = detail;
    updateToolTip();
    update();
}

void SummaryItem::setTier(core::Tier tier) {
    if (tier == m_tier)
        return;
    m_tier = tier;
    update();
}

double SummaryItem::renderedTextPixels(double lod) const {
    return BoxLabel::renderedTextPixels(m_rect.height(), lod);
}

QRectF SummaryItem::boundingRect() const {
    return m_rect.adjusted(-2, -2, 2, 2);
}

void SummaryItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const GraphColors& colors = m_interaction->colors();
    painter->setRenderHint(QPainter::Antialiasing, true);
    const QColor accent = Format::tierColor(m_tier);
    painter->setPen(QPen(accent.darker(115), 1.0));
    painter->setBrush(Format::tierFill(m_tier));
    painter->drawRoundedRect(m_rect, 8, 8);
    // stacked look: this box stands for several layers
    painter->setBrush(Qt::NoBrush);
    painter->drawRoundedRect(m_rect.adjusted(4, 4, -4, -4), 6, 6);
    const double lod = option->levelOfDetailFromTransform(painter->worldTransform());
    BoxLabel::paint(painter, m_rect, lod, QStringLiteral("⊞ ") + m_title, m_detail,
                    colors.nodeText);
}

void SummaryItem::mousePressEvent(QGraphicsSceneMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        event->ignore();
        return;
    }
    event->accept();
    m_interaction->summaryToggled(m_summary);
}

} // namespace cutlab::ui
