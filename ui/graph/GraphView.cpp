#include "ui/graph/GraphView.h"

#include "ui/graph/CutMarkerItem.h"
#include "ui/graph/GraphLayout.h"
#include "ui/graph/GraphScene.h"
#include "ui/graph/LayerItem.h"
#include "ui/scrolling/EdgeAutoScroller.h"

#include <QCoreApplication>
#include <QMouseEvent>
#include <QScrollBar>
#include <QTimer>
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
    connect(this, &GraphView::zoomChanged, scene, &GraphScene::setViewZoom);
    m_autoScroller = new EdgeAutoScroller(this, [this] { return m_scene->isDraggingCut(); });
    connect(scene, &GraphScene::rebuilt, this, &GraphView::applyFit);
    connect(scene, &GraphScene::summaryOpening, this, [this] { m_fit = Fit::None; });
    connect(scene, &GraphScene::summaryOpened, this, &GraphView::showOpenedSpan);
    m_regroupTimer = new QTimer(this);
    m_regroupTimer->setSingleShot(true);
    m_regroupTimer->setInterval(200);
    connect(m_regroupTimer, &QTimer::timeout, this, &GraphView::applyFit);
}

bool GraphView::isAutoScrolling() const {
    return m_autoScroller->isScrolling();
}

GraphView::~GraphView() {
    if (m_keptSceneActive)
        deactivateScene();
}

void GraphView::deactivateScene() {
    if (!scene()) // (a scene deleted first has set it to null)
        return;
    QEvent deactivate(QEvent::WindowDeactivate);
    QCoreApplication::sendEvent(scene(), &deactivate);
}

bool GraphView::viewportEvent(QEvent* event) {
    // Qt deactivates the scene when its view hides and activates it when it shows, each time
    // sending an event to every top-level item: 150,000 of them for a 50,000-layer model, 0.1-0.3 s
    // whenever the window switched modes. The scene stays active while this view is hidden
    // instead; if the window went inactive meanwhile, the view catches up when it shows again.
    if (event->type() == QEvent::Hide && !event->spontaneous() && scene() && isActiveWindow() &&
        !m_keptSceneActive) {
        m_keptSceneActive = true;
        return QAbstractScrollArea::viewportEvent(event);
    }
    if (event->type() == QEvent::Show && m_keptSceneActive) {
        m_keptSceneActive = false;
        if (!isActiveWindow())
            deactivateScene();
        return QAbstractScrollArea::viewportEvent(event);
    }
    return QGraphicsView::viewportEvent(event);
}

double GraphView::zoom() const {
    return transform().m11();
}

void GraphView::setZoom(double zoom) {
    zoom = std::clamp(zoom, kMinimumZoom, 4.0);
    setTransform(QTransform::fromScale(zoom, zoom));
    m_fit = Fit::None;
    m_kept.reset();
    emit zoomChanged(zoom);
}

void GraphView::zoomBy(double factor) {
    const double target = std::clamp(zoom() * factor, kMinimumZoom, 4.0);
    scale(target / zoom(), target / zoom());
    m_fit = Fit::None;
    m_kept.reset();
    emit zoomChanged(zoom());
}

void GraphView::fitWhole() {
    m_fit = Fit::Whole;
    applyFit();
}

void GraphView::fitToWindow() {
    m_fit = Fit::Legible;
    applyFit();
}

void GraphView::applyFit() {
    if (m_fit == Fit::Legible)
        applyLegibleFit();
    else if (m_fit == Fit::Whole)
        applyWholeFit();
}

int GraphView::summaryGroupsFor(double pixels, bool topToBottom, int layers) {
    // the scene's margins (contentRect) and one block gap before the first box
    const double length = pixels / kSummaryZoom - 80 - GraphLayout::kBlockGap;
    return std::max(1, static_cast<int>(length / GraphLayout::summaryPitch(topToBottom, layers)));
}

QSizeF GraphView::fitArea() const {
    // the cut grips keep their size on screen when zoomed out: fit the graph beside them
    const bool vertical = m_scene->topToBottom();
    const QSizeF grip = CutMarkerItem::gripSizeOnScreen();
    const double mainPad = grip.width(), crossPad = 2 * grip.height();
    const double main = (vertical ? viewport()->height() : viewport()->width()) - mainPad;
    const double cross = (vertical ? viewport()->width() : viewport()->height()) - crossPad;
    return QSizeF(std::max(1.0, main), std::max(1.0, cross));
}

void GraphView::applyLegibleFit() {
    if (m_scene->isSummarized()) {
        m_scene->clearSummaries(); // its rebuild comes back here
        return;
    }
    fitContent(kReadableZoom);
}

void GraphView::applyWholeFit() {
    const QRectF bounds = m_scene->contentRect();
    const GraphLayout& layout = m_scene->graphLayout();
    if (bounds.isEmpty() || layout.boundaryCoordinates.empty())
        return;
    const bool vertical = m_scene->topToBottom();
    const QSizeF area = fitArea();
    const double cross = vertical ? bounds.width() : bounds.height();
    // the whole model with every layer shown: readable as it is?
    const double unsummarized = layout.unsummarizedLength + 80;
    const double fullFit = std::min(area.width() / unsummarized, area.height() / cross);
    if (fullFit >= kReadableZoom) {
        if (m_scene->isSummarized()) {
            m_scene->clearSummaries(); // its rebuild comes back here
            return;
        }
        fitContent(0.0);
        return;
    }
    const int groups =
        summaryGroupsFor(area.width(), vertical, static_cast<int>(layout.layerRects.size()));
    if (m_scene->intactSummaryGroups() != groups) {
        m_scene->summarize(groups); // its rebuild comes back here
        return;
    }
    fitContent(0.0);
}

void GraphView::fitContent(double minimumZoom) {
    // the layout's area (with room for the labels): known before a large model's items all exist
    const QRectF bounds = m_scene->contentRect();
    if (bounds.isEmpty())
        return;
    const bool vertical = m_scene->topToBottom();
    const QSizeF area = fitArea();
    // fitArea is (main, cross); top to bottom the main axis is the scene's height
    const double main = vertical ? bounds.height() : bounds.width();
    const double cross = vertical ? bounds.width() : bounds.height();
    const double fit = std::min(area.width() / main, area.height() / cross);
    if (fit >= minimumZoom) {
        const double zoom = std::clamp(fit, kMinimumZoom, 1.2);
        setTransform(QTransform::fromScale(zoom, zoom));
        centerOn(bounds.center());
    } else {
        // A long chain fitted whole would be unreadable: keep the zoom where nodes still show
        // their names (LayerItem's compact labels) and show the start of the model instead,
        // with the device|edge grip whole at the edge of the view.
        setTransform(QTransform::fromScale(minimumZoom, minimumZoom));
        const double mainPad = CutMarkerItem::gripSizeOnScreen().width();
        const double before = mainPad / 2 / minimumZoom;
        const QPointF start = vertical ? QPointF(bounds.center().x(), bounds.top() - before)
                                       : QPointF(bounds.left() - before, bounds.center().y());
        const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
        centerOn(vertical ? start + QPointF(0, visible.height() / 2)
                          : start + QPointF(visible.width() / 2, 0));
        scrollToCuts();
    }
    m_kept.reset();
    emit zoomChanged(zoom());
}

bool GraphView::spanInView(const QRectF& span) const {
    const bool vertical = m_scene->topToBottom();
    const QRectF visible = visibleSceneRect();
    return vertical ? span.top() >= visible.top() && span.bottom() <= visible.bottom()
                    : span.left() >= visible.left() && span.right() <= visible.right();
}

void GraphView::scrollToCuts() {
    const CutMarkerItem* deviceEdge = m_scene->marker(CutHandle::DeviceEdge);
    const CutMarkerItem* edgeCloud = m_scene->marker(CutHandle::EdgeCloud);
    if (!deviceEdge || !edgeCloud)
        return;
    const QRectF span = boundarySpan(deviceEdge->boundary(), edgeCloud->boundary());
    if (span.isEmpty() || spanInView(span))
        return;
    const bool vertical = m_scene->topToBottom();
    const QRectF visible = visibleSceneRect();
    const double low = vertical ? span.top() : span.left();
    const double high = vertical ? span.bottom() : span.right();
    const double from = vertical ? visible.top() : visible.left();
    const double to = vertical ? visible.bottom() : visible.right();
    // both cuts when they fit, else the device|edge one a little way into the view
    const double length = to - from;
    const double main = high - low <= length ? (low + high) / 2 : low + length / 2 - length / 6;
    const QPointF centre = visible.center();
    centerOn(vertical ? QPointF(centre.x(), main) : QPointF(main, centre.y()));
}

void GraphView::showLayer(int layer) {
    m_kept.reset();
    if (const int summary = m_scene->summaryOfLayer(layer); summary >= 0)
        m_scene->openSummary(summary);
    if (LayerItem* item = m_scene->layerItem(layer)) {
        if (zoom() < 0.6)
            setZoom(0.9);
        centerOn(item);
    }
}

QRectF GraphView::boundarySpan(int first, int last) const {
    const GraphLayout& layout = m_scene->graphLayout();
    const auto& coordinates = layout.boundaryCoordinates;
    if (coordinates.empty())
        return {};
    const int top = static_cast<int>(coordinates.size()) - 1;
    const double a =
        coordinates[static_cast<std::size_t>(std::clamp(std::min(first, last), 0, top))];
    const double b =
        coordinates[static_cast<std::size_t>(std::clamp(std::max(first, last), 0, top))];
    const double margin = GraphLayout::kNodeWidth * 0.6;
    return QRectF(layout.toScene(a - margin, layout.crossMin),
                  layout.toScene(b + margin, layout.crossMax))
        .normalized();
}

QRectF GraphView::visibleSceneRect() const {
    return mapToScene(viewport()->rect()).boundingRect();
}

void GraphView::ensureBoundariesVisible(int first, int last) {
    const QRectF span = boundarySpan(first, last);
    if (span.isEmpty())
        return;
    if (!isVisible()) { // its size is not known yet
        m_pendingBoundaries = std::make_pair(first, last);
        return;
    }
    m_pendingBoundaries.reset();
    if (spanInView(span))
        return; // both in view already: leave the view alone
    keepInView(std::make_pair(first, last), m_kept ? m_keptZoom : zoom());
}

void GraphView::keepInView(std::pair<int, int> boundaries, double zoomCap) {
    const QRectF span = boundarySpan(boundaries.first, boundaries.second);
    const bool vertical = m_scene->topToBottom();
    const double length = vertical ? span.height() : span.width();
    const double pixels = vertical ? viewport()->height() : viewport()->width();
    if (length <= 0 || pixels <= 0)
        return;
    const QPointF visible = visibleSceneRect().center();
    // zoomed out only as far as the span needs; back in (up to the zoom before) when it can
    const double fit = pixels * 0.95 / length;
    double main = vertical ? span.center().y() : span.center().x();
    if (fit < kMinimumZoom) {
        // too far apart even at the smallest zoom (thousands of layers): the device|edge handle
        // at the zoom before, at a third of the view (the overview strip shows both)
        if (zoom() < zoomCap)
            setZoom(zoomCap);
        const double margin = GraphLayout::kNodeWidth * 0.6;
        main = (vertical ? span.top() : span.left()) + margin + pixels / zoom() / 6;
    } else if (length * zoom() > pixels * 0.95 || zoom() < zoomCap) {
        setZoom(std::min(zoomCap, fit));
    }
    centerOn(vertical ? QPointF(visible.x(), main) : QPointF(main, visible.y()));
    m_kept = boundaries;
    m_keptZoom = zoomCap;
}

void GraphView::frameBoundaries(int first, int last, double minZoom, double maxZoom) {
    const QRectF span = boundarySpan(first, last);
    if (span.isEmpty() || viewport()->width() <= 0 || viewport()->height() <= 0)
        return;
    const double fit =
        std::min(viewport()->width() / span.width(), viewport()->height() / span.height());
    const double target = std::clamp(fit, minZoom, maxZoom);
    setTransform(QTransform::fromScale(target, target));
    m_fit = Fit::None;
    m_kept.reset();
    centerOn(span.center());
    emit zoomChanged(zoom());
}

void GraphView::showOpenedSpan(int first, int last) {
    frameBoundaries(first, last, kReadableZoom, 1.0);
    const QRectF span = boundarySpan(first, last);
    if (spanInView(span))
        return;
    // longer than the view at a readable zoom: its start
    const bool vertical = m_scene->topToBottom();
    const QRectF visible = visibleSceneRect();
    centerOn(vertical ? QPointF(visible.center().x(), span.top() + visible.height() / 2)
                      : QPointF(span.left() + visible.width() / 2, visible.center().y()));
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
    const auto kept = m_kept;
    const double keptZoom = m_keptZoom;
    if (m_fit == Fit::Legible) {
        fitToWindow();
    } else if (m_fit == Fit::Whole) {
        fitContent(0.0); // at once; regrouped for the new size once the resize settles
        m_regroupTimer->start();
    }
    if (kept) // the boundaries a plan brought into view stay there (window laid out, resized)
        keepInView(*kept, keptZoom);
    if (m_pendingBoundaries && isVisible())
        ensureBoundariesVisible(m_pendingBoundaries->first, m_pendingBoundaries->second);
}

void GraphView::scrollToMain(double main) {
    m_kept.reset();
    const GraphLayout& layout = m_scene->graphLayout();
    const QPointF centre = visibleSceneRect().center();
    centerOn(layout.toScene(main, layout.topToBottom ? centre.x() : centre.y()));
}

void GraphView::mousePressEvent(QMouseEvent* event) {
    m_kept.reset(); // the user takes over (pans, drags a handle)
    QGraphicsView::mousePressEvent(event);
}

// A handle dropped at the edge snaps to the nearest cut, which may lie just beyond it: bring
// the handle fully into view.
void GraphView::mouseReleaseEvent(QMouseEvent* event) {
    auto* grabbed = dynamic_cast<CutMarkerItem*>(scene() ? scene()->mouseGrabberItem() : nullptr);
    QGraphicsView::mouseReleaseEvent(event);
    if (grabbed)
        ensureVisible(QRectF(grabbed->gripScenePos(), QSizeF(1, 1)), 60, 20);
}

void GraphView::showEvent(QShowEvent* event) {
    QGraphicsView::showEvent(event);
    if (m_pendingBoundaries)
        ensureBoundariesVisible(m_pendingBoundaries->first, m_pendingBoundaries->second);
}

} // namespace cutlab::ui
