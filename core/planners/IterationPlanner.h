#pragma once

#include "core/training/TrainingCostModel.h"
#include "core/training/TrainingResult.h"

#include <string>

namespace cutlab::core {

// Runs the whole-iteration training planner of that id (hiertrain, the baselines; see
// PlannerRegistry) for a mini-batch of `batch` samples; PlanError for an unknown id or batch < 1.
TrainingResult runIterationPlanner(const std::string& name, const TrainingCostModel& model,
                                   int batch);

} // namespace cutlab::core
