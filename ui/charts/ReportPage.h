#pragma once

#include "ui/charts/BreakdownChartBuilder.h"

#include "core/model/Evaluation.h"
#include "core/model/ModelStructure.h"
#include "core/model/Network.h"
#include "core/model/Placement.h"
#include "core/model/Profile.h"

#include <QSizeF>
#include <QString>

#include <functional>
#include <vector>

class QChart;
class QPainter;
class QRectF;

namespace cutlab::ui {

// What the one-page report shows: the window's File ▸ Export Report and `cutlab-cli report`
// fill it in from their own state and share the drawing below.
struct ReportContent {
    const core::Profile* profile = nullptr;
    const core::ModelStructure* structure = nullptr;
    core::Network network;
    core::TierPlacement placement; // the cuts drawn on the model
    core::Evaluation evaluation;   // the plan's totals
    QString evaluationError;       // non-empty: the plan cannot be evaluated (said instead)
    QString planLabel;             // "Current plan", "Best (scission)", "Plan (--cuts)"
    std::vector<BreakdownEntry> breakdown;
    QString source; // the profile's file name, printed in the header
    // Pages after the first (the Training mode's plan), each drawn on a page of the given size
    // in points.
    std::vector<std::function<void(QPainter&, const QSizeF&)>> extraPages;
};

// A one-page PDF report (A4 or Letter, landscape): the model with its cuts as a strip of
// labelled layers (blocks for a long model) in as many rows as it takes, the latency breakdown
// and per-layer charts drawn at the page's size with their legends written out, the plan's
// totals, its stages and the network's links. Nothing on it is elided.
class ReportPage {
  public:
    enum class Paper { A4, Letter };

    // Page size in points, landscape.
    static QSizeF pageSize(Paper paper);
    // "a4" / "letter" (any case); false for anything else.
    static bool parsePaper(const QString& text, Paper* paper);
    // The model strip labels blocks instead of layers beyond this many layers.
    static constexpr int kMaxLayerCells = 120;

    // The first page, then content.extraPages, as one PDF written atomically (nothing on
    // error); false with the message set.
    static bool write(const ReportContent& content, const QString& path, Paper paper,
                      QString* error);
    static void paint(QPainter& painter, const ReportContent& content, const QSizeF& page);
    // Gives a chart fonts sized for print (in points) and hides its own legend (the report
    // writes the entries out under the chart, where they never elide).
    static void styleForPrint(QChart* chart);
    // Draws the chart's series names with their colours in rows inside `rect`; returns the
    // height used.
    static double drawLegend(QPainter& painter, QChart* chart, const QRectF& rect);
};

} // namespace cutlab::ui
