#pragma once

#include <QColor>
#include <QPalette>

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

// Colours of the training views' canvases (timelines, Gantt chart, stage strip).
struct CanvasColors {
    QColor background;
    QColor text;
    QColor mutedText; // captions, axis labels
    QColor idle;      // idle time in a timeline
    QColor outline;   // around bars and cells
    QColor axis;
    QColor guide; // dashed marker lines
};

// The one light or dark look of the window: the widgets' palette and every canvas's colours.
// Exports (images, PDF) always use the light theme.
struct Theme {
    bool dark = false;
    QPalette palette;
    GraphColors graph;
    ChartColors chart;
    CanvasColors canvas;

    static const Theme& light();
    static const Theme& darkTheme();
    static const Theme& of(bool dark) { return dark ? darkTheme() : light(); }
};

} // namespace cutlab::ui
