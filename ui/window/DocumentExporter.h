#pragma once

#include "ui/charts/ReportPage.h"

#include <QString>

class QPrinter;

namespace cutlab::ui {

class ChartsPanel;
class Document;
class GraphScene;

// Writes the document's tables, graph and report to files (no dialogs here; the plan itself:
// PlanFileWriter). Every write
// is atomic: on error the message is set and an existing file is left as it was.
class DocumentExporter {
  public:
    // One row per layer: position, id, type, block, tier, sizes, forward ms per machine.
    static bool writeLayerCsv(const Document& document, const QString& path, QString* error);
    // The whole graph as PNG, SVG or PDF.
    static bool writeGraph(GraphScene* scene, const QString& path, QString* error);
    // One landscape page (ReportPage, shared with `cutlab-cli report`): the current plan's
    // totals, the whole model with its cuts, the breakdown and per-layer charts, the network.
    // `extraPages` follow the first (the Training mode's plan).
    using Pages = std::vector<std::function<void(QPainter&, const QSizeF&)>>;
    static bool writeReport(const Document& document, const ChartsPanel& charts,
                            const QString& path, QString* error,
                            ReportPage::Paper paper = defaultPaper(), const Pages& extraPages = {});
    // Letter where the system's locale measures in US units, else A4.
    static ReportPage::Paper defaultPaper();
    // The same page on a printer (File ▸ Print), landscape, in the printer's page size.
    static bool printReport(const Document& document, const ChartsPanel& charts, QPrinter& printer,
                            QString* error, const Pages& extraPages = {});
    static ReportContent reportContent(const Document& document, const ChartsPanel& charts);
};

} // namespace cutlab::ui
