#pragma once

#include <QGraphicsView>

namespace cutlab::ui {

class GraphScene;

// The canvas: wheel zooms around the cursor, dragging the background pans, and the view
// can fit the whole graph or centre one layer.
class GraphView : public QGraphicsView {
    Q_OBJECT
  public:
    explicit GraphView(GraphScene* scene, QWidget* parent = nullptr);

    double zoom() const;
    void setZoom(double zoom);
    void zoomBy(double factor);
    // Whole graph when it stays legible, else the start of the model at a legible zoom.
    void fitToWindow();
    // The whole graph, however small.
    void fitWhole();
    void showLayer(int layer);

  signals:
    void zoomChanged(double zoom);

  protected:
    void wheelEvent(QWheelEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

  private:
    GraphScene* m_scene;
    bool m_fitted = true;
    bool m_whole = false;
};

} // namespace cutlab::ui
