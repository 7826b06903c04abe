#pragma once

#include <vector>

namespace cutlab::core {

// One stage of a stream over a chain of machines (docs/cost-models.md §1.10) and the link after
// it to the next stage (none after the last).
struct StreamStage {
    int machine = 0;    // profile position
    int firstLayer = 0; // positions, inclusive
    int lastLayer = 0;
    double computeMs = 0;     // one frame's forward pass of its layers
    double sentBytes = 0;     // one frame's tensors over the link after it
    double linkBusyMs = 0;    // sentBytes·8/(bw·1000)
    double linkLatencyMs = 0; // the link's latency_ms when it sends anything
};

// A partition of the model into consecutive stages on the first machines of a chain.
struct StreamPlan {
    std::vector<StreamStage> stages;
    double periodMs = 0;  // the busiest stage or link: a new frame every periodMs
    double latencyMs = 0; // one frame alone: every stage, every link's busy time and latency
    double throughputFps() const { return periodMs > 0 ? 1000.0 / periodMs : 0; }
};

} // namespace cutlab::core
