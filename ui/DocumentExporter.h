#pragma once

#include <QString>

class QChart;
class QGraphicsScene;
class QPainter;
class QRectF;

namespace cutlab::ui {

class ChartsPanel;
class Document;

// Writes the document's plan, tables, graph and report to files (no dialogs here). Every write
// is atomic: on error the message is set and an existing file is left as it was.
class DocumentExporter {
  public:
    // `cutlab-plan` JSON of the current plan with the whole network, re-openable (Open Plan).
    static bool writePlanJson(const Document& document, const QString& path, QString* error);
    // One row per layer: position, id, type, block, tier, sizes, forward ms per machine.
    static bool writeLayerCsv(const Document& document, const QString& path, QString* error);
    // The whole graph as PNG, SVG or PDF.
    static bool writeGraph(QGraphicsScene* scene, const QString& path, QString* error);
    // One A4 landscape page: summary, graph, breakdown and per-layer charts, explain text, stages.
    static bool writeReport(const Document& document, QGraphicsScene* scene,
                            const ChartsPanel& charts, const QString& path, QString* error);
    static void paintChart(QPainter& painter, QChart* chart, const QRectF& target);
};

} // namespace cutlab::ui
