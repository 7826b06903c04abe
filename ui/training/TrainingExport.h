#pragma once

#include <QString>

class QGraphicsScene;

namespace cutlab::ui {

// Writes a scene-drawn training chart (timeline, Gantt) to PNG, SVG or PDF through
// ImageExporter (white background, atomic write), at the scene's own size.
class TrainingExport {
  public:
    static bool writeScene(const QString& path, QGraphicsScene& scene, QString* error,
                           const QString& title = QString());
};

} // namespace cutlab::ui
