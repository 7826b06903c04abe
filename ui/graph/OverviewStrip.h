#pragma once

#include "ui/document/CutHandle.h"
#include "ui/document/Document.h"

#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

namespace cutlab::ui {

class GraphScene;
class GraphView;

// The whole model at a glance, along the detailed graph: one bar per layer (or, when the layers
// outnumber the pixels, one per bucket of neighbouring layers; never more bars than pixels),
// coloured by the tier that runs it under the current plan and as tall as its slowest forward
// time; the two cut handles, draggable like the graph's (live while dragging, one undo step on
// release); and the part of the graph the view shows, framed. Pressing or dragging elsewhere
// scrolls the view there. Painting is linear in the width, whatever the number of layers.
class OverviewStrip : public QWidget {
    Q_OBJECT
  public:
    OverviewStrip(Document* document, GraphScene* scene, GraphView* view,
                  QWidget* parent = nullptr);

    static constexpr int kMargin = 8;     // left and right of the bars
    static constexpr int kHandleGrab = 6; // pixels either side of a handle that pick it up

    int barCount() const {
        return static_cast<int>(m_barStart.empty() ? 0 : m_barStart.size() - 1);
    }
    // Layers [first, last) of a bar.
    std::pair<int, int> barLayers(int bar) const;
    QRectF barRect(int bar) const; // its slot on the strip (full height)
    QColor barColor(int bar) const;
    // Positions on the strip: a layer position (0..layers, fractional) and a cut boundary.
    double xOfLayerPosition(double position) const;
    double xOfBoundary(int boundary) const;
    double layerPositionAt(double x) const;
    int nearestBoundary(double x) const;
    int boundaryAtOrBefore(double position) const;
    // The part of the graph the view shows, on the strip.
    QRectF visibleWindow() const;
    bool isDragging() const { return m_dragging.has_value() || m_panning; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

  private:
    // The bars' layer ranges and heights: after a new profile or width (linear in layers).
    void rebuildBars();
    QRectF plotRect() const;
    int layerCount() const;
    // Scene main-axis coordinate of a layer position and back, through the cut boundaries.
    double sceneMainOfLayerPosition(double position) const;
    double layerPositionOfSceneMain(double main) const;
    void scrollViewTo(double x);
    std::optional<CutHandle> handleAt(double x) const;

    Document* m_document;
    GraphScene* m_scene;
    GraphView* m_view;
    std::vector<int> m_barStart;     // per bar its first layer, then the layer count
    std::vector<double> m_barHeight; // per bar 0..1
    std::optional<CutHandle> m_dragging;
    PartitionState m_dragStart;
    bool m_panning = false;
};

} // namespace cutlab::ui
