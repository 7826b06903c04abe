#include "ui/training/FittingSceneView.h"

#include <QGraphicsScene>

#include <algorithm>

namespace cutlab::ui {

FittingSceneView::FittingSceneView(QGraphicsScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent) {
    connect(scene, &QGraphicsScene::sceneRectChanged, this, &FittingSceneView::refit);
}

void FittingSceneView::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    refit();
}

void FittingSceneView::refit() {
    const QRectF rect = scene()->sceneRect();
    if (rect.width() <= 0)
        return;
    const double scale = std::min(1.0, (viewport()->width() - 4) / rect.width());
    setTransform(QTransform::fromScale(scale, scale));
}

} // namespace cutlab::ui
