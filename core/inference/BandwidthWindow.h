#pragma once

#include "core/inference/FrameReplay.h"

#include <cstddef>
#include <vector>

namespace cutlab::core {

// Neurosurgeon's run-time estimate of one traced link (docs/cost-models.md §6.3): at time t,
// Σ bytes·8 / Σ busy over the transfers whose bytes arrived in (t − window, t]; with none there,
// the last estimate stands; before the first, the trace's mean over its first window.
class BandwidthWindow {
  public:
    BandwidthWindow(double windowMs, double initialMbps);

    // Times must not decrease from call to call; `carried` is the link's record so far, in
    // arrival order (FrameReplay::carried), and only grows.
    double estimateAt(double timeMs, const std::vector<CarriedTransfer>& carried);

  private:
    double m_windowMs;
    double m_estimateMbps;
    std::size_t m_first = 0; // the oldest transfer still in the window
    std::size_t m_end = 0;   // one past the newest transfer that has arrived
};

} // namespace cutlab::core
