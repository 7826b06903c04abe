#pragma once

#include "ui/CutHandle.h"

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
    virtual void cutDragStarted(CutHandle handle) = 0;
    // The handle was dragged to boundary `boundary` (it stands there; the other one follows).
    virtual void cutDragged(CutHandle handle, int boundary) = 0;
    virtual void cutDragFinished(CutHandle handle) = 0;
    virtual void cutStepped(CutHandle handle, int step) = 0;
    virtual void blockToggled(int block) = 0;
};

} // namespace cutlab::ui
