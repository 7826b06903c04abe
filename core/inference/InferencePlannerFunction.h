#pragma once

#include "core/inference/InferenceCostModel.h"
#include "core/inference/InferenceQuery.h"
#include "core/inference/RankedPlan.h"

#include <vector>

namespace cutlab::core {

// An inference planner's entry point: the plans it finds for a query, best first.
using InferencePlannerFunction = std::vector<RankedPlan> (*)(const InferenceCostModel& model,
                                                             const InferenceQuery& query);

} // namespace cutlab::core
