#include "ui/graph/GraphView.h"

#include "ui/graph/GraphScene.h"
#include "ui/graph/LayerItem.h"

#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace cutlab::ui {

GraphView::GraphView(GraphScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent), m_scene(scene) {
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setOptimizationFlags(QGraphicsView::DontSavePainterState);
    setFrameShape(QFrame::NoFrame);
    setToolTip(QStringLiteral(
        "The layer graph. Wheel: zoom · drag the background: pan · drag a cut handle: "
        "move the partition · hover a layer: inspect it"));
    connect(scene, &GraphScene::rebuilt, this, [this] {
        if (m_fitted)
            fitToWindow();
    });
}

double GraphView::zoom() const {
    return transform().m11();
}

void GraphView::setZoom(double zoom) {
    zoom = std::clamp(zoom, 0.02, 4.0);
    setTransform(QTransform::fromScale(zoom, zoom));
    m_fitted = false;
    emit zoomChanged(zoom);
}

void GraphView::zoomBy(double factor) {
    const double target = std::clamp(zoom() * factor, 0.02, 4.0);
    scale(target / zoom(), target / zoom());
    m_fitted = false;
    emit zoomChanged(zoom());
}

void GraphView::fitWhole() {
    m_whole = true;
    fitToWindow();
    m_whole = false;
}

void GraphView::fitToWindow() {
    // the layout's area (with room for the labels): known before a large model's items all exist
    const QRectF bounds = m_scene->sceneRect();
    if (bounds.isEmpty())
        return;
    // A long chain fitted whole would be unreadable: keep at least a legible zoom and show
    // the start of the model instead.
    const double fit =
        std::min(viewport()->width() / bounds.width(), viewport()->height() / bounds.height());
    const double minimum = m_whole ? 0.0 : 0.45;
    const double zoom = std::clamp(fit, 0.02, 1.2);
    if (fit >= minimum) {
        setTransform(QTransform::fromScale(zoom, zoom));
        centerOn(bounds.center());
    } else {
        const double legible =
            std::clamp(viewport()->height() / bounds.height() * 0.98, minimum, 0.8);
        setTransform(QTransform::fromScale(std::min(legible, 1.0), std::min(legible, 1.0)));
        const bool vertical = m_scene->topToBottom();
        const QPointF start = vertical ? QPointF(bounds.center().x(), bounds.top())
                                       : QPointF(bounds.left(), bounds.center().y());
        const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
        centerOn(vertical ? start + QPointF(0, visible.height() / 2)
                          : start + QPointF(visible.width() / 2, 0));
    }
    m_fitted = true;
    emit zoomChanged(this->zoom());
}

void GraphView::showLayer(int layer) {
    if (LayerItem* item = m_scene->layerItem(layer)) {
        if (zoom() < 0.6)
            setZoom(0.9);
        centerOn(item);
    }
}

void GraphView::wheelEvent(QWheelEvent* event) {
    if (event->modifiers() & Qt::ShiftModifier) { // shift+wheel scrolls along the graph
        QGraphicsView::wheelEvent(event);
        return;
    }
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0)
        return;
    zoomBy(std::pow(1.15, steps));
    event->accept();
}

void GraphView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    if (m_fitted)
        fitToWindow();
}

} // namespace cutlab::ui
