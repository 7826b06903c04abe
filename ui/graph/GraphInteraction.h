#pragma once

#include <QColor>

namespace cutlab::ui {

// Colours the graph items paint with (they follow the light or dark palette).
struct GraphColors {
    QColor background;
    QColor text;     // on the canvas (labels, frame titles)
    QColor nodeText; // on the light node fills
    QColor edge;
    QColor frame;
    QColor frameFill;
    QColor cutLine;
};

// What graph items report back to their scene: items only paint and forward user input.
class GraphInteraction {
  public:
    virtual ~GraphInteraction() = default;
    virtual const GraphColors& colors() const = 0;
    virtual void layerHovered(int layer, bool entered) = 0;
    virtual void cutDragStarted(int handle) = 0;
    // The handle was dragged to boundary `boundary`; returns the boundary it may stand on.
    virtual int cutDragged(int handle, int boundary) = 0;
    virtual void cutDragFinished(int handle) = 0;
    virtual void cutStepped(int handle, int step) = 0;
    virtual void blockToggled(int block) = 0;
};

} // namespace cutlab::ui
