#pragma once

#include "core/training/TrainingResult.h"

#include <nlohmann/json.hpp>

namespace cutlab::core {

// The `cutlab-plan` training document of docs/formats.md §4 (`train --json`) for the hiertrain
// planner and the baselines; fields that do not apply to a planner are left out.
nlohmann::ordered_json trainingResultToJson(const TrainingCostModel& model,
                                            const TrainingResult& result);

} // namespace cutlab::core
