#pragma once

#include "core/training/HierTrainPlan.h"
#include "core/training/TrainingCostModel.h"
#include "core/training/TrainingPath.h"

#include <optional>
#include <string>

namespace cutlab::core {

// The answer of one of the whole-iteration training planners: a HierTrain-shaped plan
// (hiertrain, all-device, all-edge, all-cloud) or a layer path (jointdnn, jointdnn+, jalad).
struct TrainingResult {
    std::string planner;
    int batch = 0;
    std::optional<HierTrainPlan> hybrid;
    std::optional<TrainingPath> path;
    double iterationMs() const { return hybrid ? hybrid->iterationMs() : path->iterationMs(); }
};

// A whole-iteration planner's entry point, and the planner with its id.
using IterationPlannerFunction = TrainingResult (*)(const TrainingCostModel& model, int batch);
struct IterationPlanner {
    std::string id;
    IterationPlannerFunction run = nullptr;
};

} // namespace cutlab::core
