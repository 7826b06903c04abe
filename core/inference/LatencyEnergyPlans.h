#pragma once

#include "core/inference/InferenceCostModel.h"
#include "core/model/Placement.h"

#include <cstddef>
#include <vector>

namespace cutlab::core {

// One placement on the latency–energy plane (docs/cost-models.md §1.11).
struct LatencyEnergyPoint {
    TierPlacement placement;
    double latencyMs = 0;
    double energyMj = 0;
    bool onFront = false; // no other placement is as fast and as frugal, and better in one
};

struct LatencyEnergyPlans {
    std::vector<LatencyEnergyPoint> points; // by latency, then energy
    // Every placement, or (false) for each device machine, device cut and first machine the
    // device sends to, the fastest placement: the front is exact either way.
    bool everyPlacement = true;
    std::size_t placementCount = 0; // how many placements Scission's search spans
};

// Scission's placements of every machine (no constraints) with their total latency and the
// origin device's energy per frame, and their Pareto front. Every placement when there are at
// most `limit`; otherwise the fastest of each group of equal energy. Empty when no device
// machine has power figures.
LatencyEnergyPlans latencyEnergyPlans(const InferenceCostModel& model, std::size_t limit = 5000);

} // namespace cutlab::core
