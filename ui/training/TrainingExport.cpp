#include "ui/training/TrainingExport.h"

#include "ui/charts/ImageExporter.h"

#include <QGraphicsScene>
#include <QPainter>

namespace cutlab::ui {

bool TrainingExport::writeScene(const QString& path, QGraphicsScene& scene, QString* error,
                                const QString& title) {
    const QRectF source = scene.sceneRect();
    return ImageExporter::write(
        path, source.size(),
        [&](QPainter& painter, const QRectF& target) { scene.render(&painter, target, source); },
        error, title);
}

} // namespace cutlab::ui
