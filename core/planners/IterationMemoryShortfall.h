#pragma once

#include "core/training/TrainingCostModel.h"
#include "core/training/TrainingResult.h"

#include <optional>
#include <string>

namespace cutlab::core {

// When no plan of a whole-iteration training planner fits the machines' memory
// (docs/cost-models.md §2.8): the machine whose smallest sufficient capacity, the other
// capacities kept, exceeds its own by the least, and that capacity.
struct IterationMemoryShortfall {
    int machine = -1; // -1: raising no single machine's capacity gives a plan
    double bytes = 0; // the smallest capacity of that machine with which a plan fits
    std::optional<TrainingResult> plan; // the planner's answer with that capacity
};

// Found by bisection over whole bytes (a plan that fits with c bytes fits with more).
IterationMemoryShortfall iterationMemoryShortfall(const std::string& planner,
                                                  const TrainingCostModel& model, int batch);

} // namespace cutlab::core
