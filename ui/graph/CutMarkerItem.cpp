#include "ui/graph/CutMarkerItem.h"

#include "core/model/CutSnapping.h"
#include "ui/charts/Format.h"
#include "ui/graph/GraphInteraction.h"

#include <QCursor>
#include <QFontMetricsF>
#include <QGraphicsSceneMouseEvent>
#include <QKeyEvent>
#include <QLinearGradient>
#include <QPainter>

namespace cutlab::ui {
namespace {
constexpr double kGripMainNatural = 104;
constexpr double kGripCrossNatural = 24;
constexpr double kReadableGripZoom = 0.8;
constexpr double kLargestGripScale = 4.0;
} // namespace

CutMarkerItem::CutMarkerItem(GraphInteraction* interaction, CutHandle handle,
                             std::vector<double> boundaryCoordinates, double crossMin,
                             double crossMax, bool topToBottom)
    : m_interaction(interaction), m_handle(handle), m_coordinates(std::move(boundaryCoordinates)),
      m_crossMin(crossMin), m_crossMax(crossMax), m_topToBottom(topToBottom),
      m_label(handle == CutHandle::DeviceEdge ? QStringLiteral("device ┃ edge")
                                              : QStringLiteral("edge ┃ cloud")) {
    setFlags(ItemIsMovable | ItemSendsGeometryChanges | ItemIsFocusable);
    setAcceptHoverEvents(true);
    setZValue(10);
    setCursor(topToBottom ? Qt::SizeVerCursor : Qt::SizeHorCursor);
    setToolTip(
        handle == CutHandle::DeviceEdge
            ? QStringLiteral("Device | edge cut: drag it, or focus it and use the arrow keys. "
                             "Layers before it run on the device.")
            : QStringLiteral("Edge | cloud cut: drag it, or focus it and use the arrow keys. "
                             "Layers after it run in the cloud."));
}

QPointF CutMarkerItem::pointAt(double main, double cross) const {
    return m_topToBottom ? QPointF(cross, main) : QPointF(main, cross);
}

void CutMarkerItem::setBoundary(int boundary) {
    if (m_coordinates.empty())
        return;
    m_boundary = std::clamp(boundary, 0, static_cast<int>(m_coordinates.size()) - 1);
    m_syncing = true;
    setPos(pointAt(m_coordinates[static_cast<std::size_t>(m_boundary)], 0));
    m_syncing = false;
}

void CutMarkerItem::setGripScale(double scale) {
    if (scale == m_gripScale)
        return;
    prepareGeometryChange();
    m_gripScale = scale;
}

double CutMarkerItem::gripScaleForZoom(double zoom) {
    return zoom > 0 ? std::clamp(kReadableGripZoom / zoom, 1.0, kLargestGripScale) : 1.0;
}

QSizeF CutMarkerItem::largestGripSize() {
    return QSizeF(kGripMainNatural, kGripCrossNatural) * kLargestGripScale;
}

QSizeF CutMarkerItem::gripSizeOnScreen() {
    return QSizeF(kGripMainNatural, kGripCrossNatural) * kReadableGripZoom;
}

QRectF CutMarkerItem::gripRect() const {
    // device|edge grip at the top (left) end, edge|cloud at the bottom (right) end, so both
    // stay readable when the handles stand on the same cut; a grown grip grows away from the
    // graph.
    const double kGripMain = kGripMainNatural * m_gripScale;
    const double kGripCross = kGripCrossNatural * m_gripScale;
    if (m_topToBottom)
        return m_handle == CutHandle::DeviceEdge
                   ? QRectF(m_crossMin - kGripMain, -kGripCross / 2, kGripMain, kGripCross)
                   : QRectF(m_crossMax, -kGripCross / 2, kGripMain, kGripCross);
    return m_handle == CutHandle::DeviceEdge
               ? QRectF(-kGripMain / 2, m_crossMin - kGripCross, kGripMain, kGripCross)
               : QRectF(-kGripMain / 2, m_crossMax, kGripMain, kGripCross);
}

QPointF CutMarkerItem::gripScenePos() const {
    return mapToScene(gripRect().center());
}

QRectF CutMarkerItem::boundingRect() const {
    const QRectF bar = m_topToBottom ? QRectF(m_crossMin, -6, m_crossMax - m_crossMin, 12)
                                     : QRectF(-6, m_crossMin, 12, m_crossMax - m_crossMin);
    return bar.united(gripRect()).adjusted(-2, -2, 2, 2);
}

QPainterPath CutMarkerItem::shape() const {
    QPainterPath path;
    path.addRect(m_topToBottom ? QRectF(m_crossMin, -6, m_crossMax - m_crossMin, 12)
                               : QRectF(-6, m_crossMin, 12, m_crossMax - m_crossMin));
    path.addRoundedRect(gripRect(), 6 * m_gripScale, 6 * m_gripScale);
    return path;
}

void CutMarkerItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) {
    painter->setRenderHint(QPainter::Antialiasing, true);
    const core::Tier before =
        m_handle == CutHandle::DeviceEdge ? core::Tier::Device : core::Tier::Edge;
    const core::Tier after =
        m_handle == CutHandle::DeviceEdge ? core::Tier::Edge : core::Tier::Cloud;
    const bool active = m_dragging || m_hovered || hasFocus();
    const double width = active ? 5 : 3.5;
    const QRectF bar = m_topToBottom
                           ? QRectF(m_crossMin, -width / 2, m_crossMax - m_crossMin, width)
                           : QRectF(-width / 2, m_crossMin, width, m_crossMax - m_crossMin);
    QLinearGradient gradient(pointAt(-width / 2, 0), pointAt(width / 2, 0));
    gradient.setColorAt(0, Format::tierColor(before));
    gradient.setColorAt(0.5, Format::tierColor(before));
    gradient.setColorAt(0.51, Format::tierColor(after));
    gradient.setColorAt(1, Format::tierColor(after));
    painter->setPen(Qt::NoPen);
    painter->setBrush(gradient);
    painter->drawRect(bar);
    const QRectF grip = gripRect();
    QLinearGradient gripGradient(grip.topLeft(),
                                 m_topToBottom ? grip.bottomLeft() : grip.topRight());
    gripGradient.setColorAt(0, Format::tierColor(before));
    gripGradient.setColorAt(0.5, Format::tierColor(before));
    gripGradient.setColorAt(0.5001, Format::tierColor(after));
    gripGradient.setColorAt(1, Format::tierColor(after));
    painter->setBrush(gripGradient);
    painter->setPen(
        QPen(active ? m_interaction->colors().text : QColor(0, 0, 0, 60), active ? 2 : 1));
    painter->drawRoundedRect(grip, 6 * m_gripScale, 6 * m_gripScale);
    QFont font = painter->font();
    font.setPointSizeF(8.5 * m_gripScale);
    font.setBold(true);
    painter->setFont(font);
    painter->setPen(Qt::white);
    painter->drawText(grip, Qt::AlignCenter, m_label);
}

QVariant CutMarkerItem::itemChange(GraphicsItemChange change, const QVariant& value) {
    if (change == ItemPositionChange && !m_syncing && !m_coordinates.empty()) {
        const QPointF wanted = value.toPointF();
        const double main = m_topToBottom ? wanted.y() : wanted.x();
        const int nearest = core::nearestCutIndex(m_coordinates, main);
        m_interaction->cutDragged(m_handle, nearest);
        m_boundary = std::clamp(nearest, 0, static_cast<int>(m_coordinates.size()) - 1);
        return pointAt(m_coordinates[static_cast<std::size_t>(m_boundary)], 0);
    }
    return QGraphicsItem::itemChange(change, value);
}

void CutMarkerItem::mousePressEvent(QGraphicsSceneMouseEvent* event) {
    m_dragging = true;
    setFocus(Qt::MouseFocusReason);
    m_interaction->cutDragStarted(m_handle);
    QGraphicsItem::mousePressEvent(event);
    update();
}

void CutMarkerItem::mouseReleaseEvent(QGraphicsSceneMouseEvent* event) {
    QGraphicsItem::mouseReleaseEvent(event);
    m_dragging = false;
    update();
    m_interaction->cutDragFinished(m_handle);
}

void CutMarkerItem::keyPressEvent(QKeyEvent* event) {
    const bool back = event->key() == Qt::Key_Left || event->key() == Qt::Key_Up;
    const bool forward = event->key() == Qt::Key_Right || event->key() == Qt::Key_Down;
    if (back || forward) {
        m_interaction->cutStepped(m_handle, back ? -1 : 1);
        event->accept();
        return;
    }
    QGraphicsItem::keyPressEvent(event);
}

void CutMarkerItem::hoverEnterEvent(QGraphicsSceneHoverEvent*) {
    m_hovered = true;
    update();
}

void CutMarkerItem::hoverLeaveEvent(QGraphicsSceneHoverEvent*) {
    m_hovered = false;
    update();
}

} // namespace cutlab::ui
