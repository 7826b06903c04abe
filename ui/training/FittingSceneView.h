#pragma once

#include <QGraphicsView>

namespace cutlab::ui {

// A view that shrinks its scene to fit the width it has (never enlarges it), so a wide chart
// stays whole in a narrow window; the scene is re-fitted on every resize and scene change.
class FittingSceneView : public QGraphicsView {
    Q_OBJECT
  public:
    explicit FittingSceneView(QGraphicsScene* scene, QWidget* parent = nullptr);

  protected:
    void resizeEvent(QResizeEvent* event) override;

  private:
    void refit();
};

} // namespace cutlab::ui
