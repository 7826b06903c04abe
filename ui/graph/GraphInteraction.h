#pragma once

#include "ui/charts/Theme.h"
#include "ui/document/CutHandle.h"

namespace cutlab::ui {

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
    virtual void summaryToggled(int summary) = 0;
};

} // namespace cutlab::ui
