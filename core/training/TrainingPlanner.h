#pragma once

#include "core/training/HierTrainPlan.h"
#include "core/training/TrainingCostModel.h"
#include "core/training/TrainingPath.h"

#include <optional>
#include <string>
#include <vector>

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

// hiertrain | all-device | all-edge | all-cloud | jointdnn | jointdnn+ | jalad
const std::vector<std::string>& iterationPlannerNames();
bool isIterationPlannerName(const std::string& name);
TrainingResult runIterationPlanner(const std::string& name, const TrainingCostModel& model,
                                   int batch);

} // namespace cutlab::core
