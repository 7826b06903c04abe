#include "ui/graph/OverviewStrip.h"

#include "ui/charts/Format.h"
#include "ui/charts/Theme.h"
#include "ui/graph/GraphLayout.h"
#include "ui/graph/GraphScene.h"
#include "ui/graph/GraphView.h"

#include <QLinearGradient>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>

#include <algorithm>
#include <cmath>

namespace cutlab::ui {

OverviewStrip::OverviewStrip(Document* document, GraphScene* scene, GraphView* view,
                             QWidget* parent)
    : QWidget(parent), m_document(document), m_scene(scene), m_view(view) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setMouseTracking(true);
    setToolTip(QStringLiteral(
        "The whole model: a bar per layer (or per group of layers), coloured by the tier that "
        "runs it, as tall as its slowest forward time. Drag a cut handle to move the cut; click "
        "or drag elsewhere to show that part of the graph (framed)."));
    connect(m_document, &Document::profileChanged, this, [this] {
        rebuildBars();
        update();
    });
    connect(m_document, &Document::stateChanged, this, qOverload<>(&QWidget::update));
    connect(m_scene, &GraphScene::rebuilt, this, qOverload<>(&QWidget::update));
    connect(m_view, &GraphView::zoomChanged, this, qOverload<>(&QWidget::update));
    connect(m_view->horizontalScrollBar(), &QScrollBar::valueChanged, this,
            qOverload<>(&QWidget::update));
    connect(m_view->verticalScrollBar(), &QScrollBar::valueChanged, this,
            qOverload<>(&QWidget::update));
    rebuildBars();
}

QSize OverviewStrip::sizeHint() const {
    return {480, 46};
}

QSize OverviewStrip::minimumSizeHint() const {
    return {120, 46};
}

int OverviewStrip::layerCount() const {
    return m_document->hasProfile() ? m_document->layerCount() : 0;
}

QRectF OverviewStrip::plotRect() const {
    return QRectF(kMargin, 11, std::max(1, width() - 2 * kMargin), std::max(1, height() - 14));
}

void OverviewStrip::rebuildBars() {
    m_barStart.clear();
    m_barHeight.clear();
    const int layers = layerCount();
    if (layers == 0)
        return;
    const int pixels = static_cast<int>(plotRect().width());
    // a bar per layer while each gets 3 pixels; else buckets of 2 pixels
    const int bars = layers * 3 <= pixels ? layers : std::max(1, pixels / 2);
    const auto& profile = m_document->profile();
    std::vector<double> weight(static_cast<std::size_t>(layers), 0.0);
    double top = 0;
    for (int i = 0; i < layers; ++i) {
        const auto& times = profile.layers[static_cast<std::size_t>(i)].forwardMs;
        const double w = times.empty() ? 0.0 : *std::max_element(times.begin(), times.end());
        weight[static_cast<std::size_t>(i)] = w;
        top = std::max(top, w);
    }
    m_barStart.resize(static_cast<std::size_t>(bars) + 1);
    for (int b = 0; b <= bars; ++b)
        m_barStart[static_cast<std::size_t>(b)] =
            static_cast<int>(static_cast<long long>(b) * layers / bars);
    m_barHeight.assign(static_cast<std::size_t>(bars), 0.0);
    for (int b = 0; b < bars; ++b) {
        double highest = 0;
        for (int i = m_barStart[static_cast<std::size_t>(b)];
             i < m_barStart[static_cast<std::size_t>(b) + 1]; ++i)
            highest = std::max(highest, weight[static_cast<std::size_t>(i)]);
        // square root: the small layers stay visible next to the heaviest
        m_barHeight[static_cast<std::size_t>(b)] =
            0.15 + 0.85 * (top > 0 ? std::sqrt(highest / top) : 0.0);
    }
}

std::pair<int, int> OverviewStrip::barLayers(int bar) const {
    return {m_barStart[static_cast<std::size_t>(bar)],
            m_barStart[static_cast<std::size_t>(bar) + 1]};
}

QRectF OverviewStrip::barRect(int bar) const {
    const auto [first, last] = barLayers(bar);
    const QRectF plot = plotRect();
    const double x0 = xOfLayerPosition(first), x1 = xOfLayerPosition(last);
    return QRectF(x0, plot.top(), x1 - x0, plot.height());
}

QColor OverviewStrip::barColor(int bar) const {
    return Format::tierColor(m_document->tierOfLayer(barLayers(bar).first));
}

double OverviewStrip::xOfLayerPosition(double position) const {
    const int layers = layerCount();
    const QRectF plot = plotRect();
    if (layers == 0)
        return plot.left();
    return plot.left() + std::clamp(position, 0.0, double(layers)) * plot.width() / layers;
}

double OverviewStrip::xOfBoundary(int boundary) const {
    return xOfLayerPosition(m_document->boundaryLayer(boundary));
}

double OverviewStrip::layerPositionAt(double x) const {
    const QRectF plot = plotRect();
    return std::clamp((x - plot.left()) / plot.width(), 0.0, 1.0) * layerCount();
}

// The last boundary at or before a layer position (boundaryLayer grows with the boundary).
int OverviewStrip::boundaryAtOrBefore(double position) const {
    int lo = 0, hi = m_document->blockCount();
    while (lo < hi) {
        const int mid = (lo + hi + 1) / 2;
        if (m_document->boundaryLayer(mid) <= position)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

int OverviewStrip::nearestBoundary(double x) const {
    if (layerCount() == 0)
        return 0;
    const double position = layerPositionAt(x);
    const int lo = boundaryAtOrBefore(position);
    if (lo < m_document->blockCount() &&
        m_document->boundaryLayer(lo + 1) - position < position - m_document->boundaryLayer(lo))
        return lo + 1;
    return lo;
}

double OverviewStrip::sceneMainOfLayerPosition(double position) const {
    const auto& coordinates = m_scene->graphLayout().boundaryCoordinates;
    const int blocks = m_document->hasProfile() ? m_document->blockCount() : 0;
    if (static_cast<int>(coordinates.size()) != blocks + 1 || blocks == 0)
        return 0;
    const int lo = boundaryAtOrBefore(position);
    if (lo >= blocks)
        return coordinates.back();
    const double first = m_document->boundaryLayer(lo), last = m_document->boundaryLayer(lo + 1);
    const double fraction = last > first ? (position - first) / (last - first) : 0.0;
    const double a = coordinates[static_cast<std::size_t>(lo)],
                 b = coordinates[static_cast<std::size_t>(lo) + 1];
    return a + fraction * (b - a);
}

double OverviewStrip::layerPositionOfSceneMain(double main) const {
    const auto& coordinates = m_scene->graphLayout().boundaryCoordinates;
    const int blocks = m_document->hasProfile() ? m_document->blockCount() : 0;
    if (static_cast<int>(coordinates.size()) != blocks + 1 || blocks == 0)
        return 0;
    if (main <= coordinates.front())
        return 0;
    if (main >= coordinates.back())
        return layerCount();
    const auto it = std::upper_bound(coordinates.begin(), coordinates.end(), main);
    const int b = static_cast<int>(it - coordinates.begin()) - 1;
    const double a = coordinates[static_cast<std::size_t>(b)],
                 c = coordinates[static_cast<std::size_t>(b) + 1];
    const double fraction = c > a ? (main - a) / (c - a) : 0.0;
    const double first = m_document->boundaryLayer(b), last = m_document->boundaryLayer(b + 1);
    return first + fraction * (last - first);
}

QRectF OverviewStrip::visibleWindow() const {
    if (layerCount() == 0 || m_scene->graphLayout().boundaryCoordinates.empty())
        return {};
    const GraphLayout& layout = m_scene->graphLayout();
    const QRectF visible = m_view->visibleSceneRect();
    const double x0 = xOfLayerPosition(layerPositionOfSceneMain(layout.mainOf(visible.topLeft())));
    const double x1 =
        xOfLayerPosition(layerPositionOfSceneMain(layout.mainOf(visible.bottomRight())));
    return QRectF(x0, 1, std::max(4.0, x1 - x0), height() - 2);
}

std::optional<CutHandle> OverviewStrip::handleAt(double x) const {
    if (layerCount() == 0)
        return std::nullopt;
    const PartitionState state = m_document->state();
    const double device = xOfBoundary(state.deviceBoundary), edge = xOfBoundary(state.edgeBoundary);
    const double toDevice = std::abs(x - device), toEdge = std::abs(x - edge);
    if (std::min(toDevice, toEdge) > kHandleGrab)
        return std::nullopt;
    if (std::abs(device - edge) < 1) // one on the other: the side pressed picks
        return x < device ? CutHandle::DeviceEdge : CutHandle::EdgeCloud;
    return toDevice <= toEdge ? CutHandle::DeviceEdge : CutHandle::EdgeCloud;
}

void OverviewStrip::scrollViewTo(double x) {
    if (m_scene->graphLayout().boundaryCoordinates.empty())
        return;
    m_view->scrollToMain(sceneMainOfLayerPosition(layerPositionAt(x)));
}

void OverviewStrip::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    rebuildBars();
}

void OverviewStrip::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const Theme& theme = Theme::of(palette().color(QPalette::Window).lightness() < 128);
    painter.fillRect(rect(), theme.canvas.background);
    if (layerCount() == 0 || barCount() == 0)
        return;
    const QRectF plot = plotRect();
    const bool perLayer = barCount() == layerCount();
    for (int bar = 0; bar < barCount(); ++bar) { // at most one bar per pixel
        QRectF slot = barRect(bar);
        const double h = plot.height() * m_barHeight[static_cast<std::size_t>(bar)];
        slot.setTop(plot.bottom() - h);
        if (perLayer && slot.width() > 3)
            slot.setWidth(slot.width() - 1); // a gap between the layers
        painter.fillRect(slot, barColor(bar));
    }
    // the part the graph view shows
    const QRectF window = visibleWindow();
    if (!window.isEmpty()) {
        QColor fill = theme.canvas.guide;
        fill.setAlpha(45);
        painter.fillRect(window, fill);
        painter.setPen(QPen(theme.canvas.text, 1.5));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(window.adjusted(0.5, 0.5, -0.5, -0.5));
    }
    // the cut handles: a line through the bars and a grip on top, in the colours either side
    painter.setRenderHint(QPainter::Antialiasing);
    const PartitionState state = m_document->state();
    const int boundaries[2] = {state.deviceBoundary, state.edgeBoundary};
    for (int h = 0; h < 2; ++h) {
        const core::Tier before = h == 0 ? core::Tier::Device : core::Tier::Edge;
        const core::Tier after = h == 0 ? core::Tier::Edge : core::Tier::Cloud;
        const double x = xOfBoundary(boundaries[h]);
        const bool active = m_dragging && cutHandleIndex(*m_dragging) == h;
        QLinearGradient gradient(x - 5, 0, x + 5, 0);
        gradient.setColorAt(0, Format::tierColor(before));
        gradient.setColorAt(0.5, Format::tierColor(before));
        gradient.setColorAt(0.5001, Format::tierColor(after));
        gradient.setColorAt(1, Format::tierColor(after));
        painter.setPen(QPen(theme.canvas.text, active ? 2 : 1));
        painter.setBrush(gradient);
        painter.drawRect(QRectF(x - 1.5, plot.top() - 2, 3, plot.height() + 2));
        painter.drawRoundedRect(QRectF(x - 5, 1, 10, 10), 2, 2);
    }
}

void OverviewStrip::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || layerCount() == 0) {
        QWidget::mousePressEvent(event);
        return;
    }
    const double x = event->position().x();
    if (const auto handle = handleAt(x)) {
        m_dragging = handle;
        m_dragStart = m_document->state();
    } else {
        m_panning = true;
        scrollViewTo(x);
    }
    update();
    event->accept();
}

void OverviewStrip::mouseMoveEvent(QMouseEvent* event) {
    const double x = event->position().x();
    if (m_dragging) {
        const int boundary = nearestBoundary(x);
        const PartitionState state = m_document->state();
        const int current =
            *m_dragging == CutHandle::DeviceEdge ? state.deviceBoundary : state.edgeBoundary;
        if (boundary != current)
            m_document->moveCut(*m_dragging, boundary); // live: totals and charts follow
    } else if (m_panning) {
        scrollViewTo(x);
    } else {
        setCursor(handleAt(x) ? Qt::SizeHorCursor : Qt::PointingHandCursor);
    }
    event->accept();
}

void OverviewStrip::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        QWidget::mouseReleaseEvent(event);
        return;
    }
    if (m_dragging) {
        // still dragging while the step is recorded: listeners know it is no plan being applied
        m_document->commitState(m_dragStart, *m_dragging == CutHandle::DeviceEdge
                                                 ? QStringLiteral("Drag device|edge cut")
                                                 : QStringLiteral("Drag edge|cloud cut"));
        m_dragging.reset();
    }
    m_panning = false;
    update();
    event->accept();
}

} // namespace cutlab::ui
