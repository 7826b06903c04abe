#pragma once

#include <QColor>
#include <QPalette>
#include <QStringList>

namespace cutlab::ui {

// Colours the layer graph's items paint with.
struct GraphColors {
    QColor background;
    QColor text;     // on the canvas (labels, frame titles)
    QColor nodeText; // on the light node fills
    QColor edge;
    QColor frame;
    QColor frameFill;
    QColor cutLine;
};

// Colours of the charts' frame (the series keep their own colours).
struct ChartColors {
    QColor background;
    QColor text;
    QColor grid;
    QColor minorGrid;
    QColor axisLine;
};

// Colours of chart series whose meaning is not a tier's: each differs from every other and
// from the tier colours, and stands out from the chart background (contrast at least 3:1).
// ChartStyle::apply gives them to series that name their role (property "role").
struct SeriesColors {
    QColor best;          // the best plan's line
    QColor current;       // the current plan's line
    QColor marker;        // the current bandwidth
    QColor changes;       // where the best plan changes
    QColor cutDeviceEdge; // the per-layer chart's device|edge cut
    QColor cutEdgeCloud;  // the per-layer chart's edge|cloud cut
    QColor bytes;         // the per-layer chart's output sizes
    QColor link[3];       // transfers device→edge, device→cloud, edge→cloud
    QColor latency;       // link latency
    // The colour of a series role ("best", "link0", …); invalid for an unknown role.
    QColor ofRole(const QString& role) const;
    static QStringList roles();
};

// Colours of the training views' canvases (timelines, Gantt chart, stage strip).
struct CanvasColors {
    QColor background;
    QColor text;
    QColor mutedText; // captions, axis labels
    QColor idle;      // idle time in a timeline
    QColor outline;   // around bars and cells
    QColor axis;
    QColor guide; // dashed marker lines
    QColor error; // what is over a limit (a stage over its machine's memory): fills and text
};

// The one light or dark look of the window: the widgets' palette and every canvas's colours.
// Exports (images, PDF) always use the light theme.
struct Theme {
    bool dark = false;
    QPalette palette;
    GraphColors graph;
    ChartColors chart;
    CanvasColors canvas;
    SeriesColors series;

    static const Theme& light();
    static const Theme& darkTheme();
    static const Theme& of(bool dark) { return dark ? darkTheme() : light(); }
};

} // namespace cutlab::ui
