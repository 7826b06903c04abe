#pragma once

#include "core/inference/InferenceQuery.h"
#include "core/model/Evaluation.h"
#include "core/model/Placement.h"

#include <vector>

namespace cutlab::core {

// One answer of an inference planner: where every layer runs and what it costs.
struct RankedPlan {
    std::vector<Segment> segments;
    Evaluation evaluation;
};

// The full ranking order of docs/cost-models.md §1: objective, the other metric, more layers on the
// device, more on the edge, then machine indices (device, edge, cloud).
struct PlanOrderKey {
    double primary = 0;
    double secondary = 0;
    int deviceLayers = 0;
    int edgeLayers = 0;
    std::array<int, 3> machines{-1, -1, -1};

    bool operator<(const PlanOrderKey& other) const {
        if (primary != other.primary)
            return primary < other.primary;
        if (secondary != other.secondary)
            return secondary < other.secondary;
        if (deviceLayers != other.deviceLayers)
            return deviceLayers > other.deviceLayers;
        if (edgeLayers != other.edgeLayers)
            return edgeLayers > other.edgeLayers;
        return machines < other.machines;
    }
};

PlanOrderKey orderKey(const Evaluation& evaluation, Objective objective);
void sortPlans(std::vector<RankedPlan>& plans, Objective objective);
// Sorts, then keeps the best `top`.
void keepBestPlans(std::vector<RankedPlan>& plans, Objective objective, int top);

} // namespace cutlab::core
