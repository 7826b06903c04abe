#pragma once

#include <vector>

namespace cutlab::core {

// One step of a frame's way through a plan: a segment run on a machine, or a tensor sent over
// one direction of one link (docs/cost-models.md §6.2).
struct RouteStep {
    enum class Kind { Compute, Transfer };
    Kind kind = Kind::Compute;
    int machine = -1;     // Compute: the machine
    double computeMs = 0; // Compute: the segment's forward time
    int server = -1;      // Transfer: FrameReplay's link-direction server
    double bytes = 0;     // Transfer: what crosses
};

using FrameRoute = std::vector<RouteStep>;

} // namespace cutlab::core
