#include "ui/training/StageCellsItem.h"

#include <QGraphicsSceneHoverEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <algorithm>
#include <cmath>

namespace cutlab::ui {
namespace {

constexpr double kTickTop = 2, kTickBottom = 7; // below the cells

} // namespace

StageCellsItem::StageCellsItem(const core::Profile& profile, std::vector<int> allowed, double left,
                               double top, double cellWidth, double cellHeight,
                               const QColor& separator, const QColor& tick)
    : m_profile(profile), m_allowed(std::move(allowed)), m_left(left), m_top(top),
      m_cellWidth(cellWidth), m_cellHeight(cellHeight), m_separator(separator), m_tick(tick) {
    setFlag(ItemUsesExtendedStyleOption);
    setAcceptHoverEvents(true);
}

QColor StageCellsItem::stageColor(int stage) {
    static const QColor colors[] = {QColor(0xae, 0xc7, 0xe8), QColor(0xff, 0xbb, 0x78),
                                    QColor(0x98, 0xdf, 0x8a), QColor(0xff, 0x98, 0x96),
                                    QColor(0xc5, 0xb0, 0xd5), QColor(0xc4, 0x9c, 0x94),
                                    QColor(0xf7, 0xb6, 0xd2), QColor(0xdb, 0xdb, 0x8d)};
    return colors[stage % 8];
}

void StageCellsItem::setStages(std::vector<int> stageOfLayer) {
    m_stageOfLayer = std::move(stageOfLayer);
    update();
}

void StageCellsItem::setOverStages(std::vector<bool> over, const QColor& error) {
    m_over = std::move(over);
    m_error = error;
    update();
}

QColor StageCellsItem::cellColor(int layer) const {
    const auto stage = static_cast<std::size_t>(m_stageOfLayer.at(static_cast<std::size_t>(layer)));
    return stage < m_over.size() && m_over[stage] ? m_error : stageColor(static_cast<int>(stage));
}

int StageCellsItem::layerAt(double x) const {
    const double cell = std::floor((x - m_left) / m_cellWidth);
    return cell >= 0 && cell < static_cast<double>(m_stageOfLayer.size()) ? static_cast<int>(cell)
                                                                          : -1;
}

QString StageCellsItem::describeLayer(int layer) const {
    const core::Layer& l = m_profile.layers.at(static_cast<std::size_t>(layer));
    return QStringLiteral("#%1 %2 (%3)")
        .arg(layer)
        .arg(QString::fromStdString(l.id), QString::fromStdString(l.type));
}

QRectF StageCellsItem::boundingRect() const {
    const double width = m_cellWidth * static_cast<double>(m_stageOfLayer.size());
    return QRectF(m_left - 1, m_top - 1, width + 2, m_cellHeight + kTickBottom + 2);
}

void StageCellsItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const int n = static_cast<int>(m_stageOfLayer.size());
    if (n == 0)
        return;
    const QRectF exposed = option->exposedRect;
    const int first = std::clamp(
        static_cast<int>(std::floor((exposed.left() - m_left) / m_cellWidth)) - 1, 0, n - 1);
    const int last = std::clamp(
        static_cast<int>(std::ceil((exposed.right() - m_left) / m_cellWidth)) + 1, 0, n - 1);
    painter->setPen(QPen(m_separator, 1));
    for (int i = first; i <= last; ++i) {
        painter->setBrush(cellColor(i));
        painter->drawRect(QRectF(m_left + i * m_cellWidth, m_top, m_cellWidth, m_cellHeight));
    }
    painter->setPen(QPen(m_tick, 1));
    const double bottom = m_top + m_cellHeight;
    for (auto it = std::lower_bound(m_allowed.begin(), m_allowed.end(), first);
         it != m_allowed.end() && *it <= last + 1; ++it) {
        const double x = m_left + *it * m_cellWidth;
        painter->drawLine(QPointF(x, bottom + kTickTop), QPointF(x, bottom + kTickBottom));
    }
}

void StageCellsItem::hoverMoveEvent(QGraphicsSceneHoverEvent* event) {
    const int layer = layerAt(event->pos().x());
    setToolTip(layer >= 0 && event->pos().y() <= m_top + m_cellHeight ? describeLayer(layer)
                                                                      : QString());
    QGraphicsItem::hoverMoveEvent(event);
}

} // namespace cutlab::ui
