#pragma once

#include <QGraphicsView>

#include <optional>
#include <utility>

class QTimer;

namespace cutlab::ui {

class EdgeAutoScroller;
class GraphScene;

// The canvas: wheel zooms around the cursor, dragging the background pans, and the view
// can fit the whole graph or centre one layer.
class GraphView : public QGraphicsView {
    Q_OBJECT
  public:
    explicit GraphView(GraphScene* scene, QWidget* parent = nullptr);
    ~GraphView() override;

    static constexpr double kMinimumZoom = 0.02;
    // The smallest zoom Fit Legibly uses: every node still shows its name.
    static constexpr double kReadableZoom = 0.4;
    // The zoom a summarised model is fitted at, at least: summary boxes show both lines.
    static constexpr double kSummaryZoom = 0.4;

    double zoom() const;
    void setZoom(double zoom);
    void zoomBy(double factor);
    // Whole graph when it stays readable, else the start of the model at kReadableZoom.
    void fitToWindow();
    // The whole model, readable: when its layers would be too small, runs of them shown as
    // summary boxes (GraphScene::summarize), as many as the view holds at kSummaryZoom.
    void fitWhole();
    // How many summary boxes fit along `pixels` of view at kSummaryZoom.
    static int summaryGroupsFor(double pixels, bool topToBottom, int layers);
    void showLayer(int layer);

    // The scene area from cut boundary `first` to `last` (a node's width beyond each), across
    // the whole graph.
    QRectF boundarySpan(int first, int last) const;
    // Scrolls so that both boundaries are in view, zooming out only when they do not fit (a
    // hidden view does it once it is shown).
    void ensureBoundariesVisible(int first, int last);
    // Centres the span between two boundaries, as large as the zoom range allows.
    void frameBoundaries(int first, int last, double minZoom, double maxZoom);
    // Centres the view at a coordinate along the graph (the cross axis stays).
    void scrollToMain(double main);
    // The part of the scene on screen.
    QRectF visibleSceneRect() const;
    bool isAutoScrolling() const;

  signals:
    void zoomChanged(double zoom);

  protected:
    bool viewportEvent(QEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

  private:
    enum class Fit { None, Legible, Whole };
    // Applies the current fit mode (again after a rebuild or a resize).
    void applyFit();
    void applyLegibleFit();
    void applyWholeFit();
    // Fits the scene's current content, at least at `minimumZoom` (centred) or else its start.
    void fitContent(double minimumZoom);
    // The viewport's size left for the graph beside the cut grips (main, cross).
    QSizeF fitArea() const;
    // The layers of a summary just opened: the whole run, or its start at a readable zoom.
    void showOpenedSpan(int first, int last);
    // The scene was left active when this view hid (see viewportEvent).
    bool m_keptSceneActive = false;
    // Tells the scene (if any) that this view no longer counts as an active one.
    void deactivateScene();
    // The span lies within the part on screen along the main axis.
    bool spanInView(const QRectF& span) const;
    // Scrolls, without zooming, so that the cut handles are in view (the device|edge one when
    // both do not fit).
    void scrollToCuts();
    // Shows the span between two boundaries, zoomed out only as far as needed and never
    // beyond `zoomCap`, and keeps it so on resizes until the user zooms or fits.
    void keepInView(std::pair<int, int> boundaries, double zoomCap);

    GraphScene* m_scene;
    EdgeAutoScroller* m_autoScroller; // scrolls while a cut handle is dragged near an edge
    Fit m_fit = Fit::Legible;
    QTimer* m_regroupTimer; // a resize settles before a summarised model is regrouped
    // Boundaries to bring into view once the view is shown at its size (asked before that).
    std::optional<std::pair<int, int>> m_pendingBoundaries;
    // Boundaries a plan brought into view, and the zoom before (see keepInView).
    std::optional<std::pair<int, int>> m_kept;
    double m_keptZoom = 1.0;
};

} // namespace cutlab::ui
