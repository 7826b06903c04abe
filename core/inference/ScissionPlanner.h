#pragma once

#include "core/inference/InferenceCostModel.h"
#include "core/inference/InferenceQuery.h"
#include "core/inference/RankedPlan.h"

#include <vector>

namespace cutlab::core {

// Scission: every device/edge/cloud configuration and every machine choice per tier, ranked
// (docs/cost-models.md §1); returns the best `query.top` that satisfy the constraints. Constant
// work per configuration (prefix sums), no allocation in the loop, a bounded heap for top-N.
std::vector<RankedPlan> rankScission(const InferenceCostModel& model, const InferenceQuery& query);

// The device machines a query may start from (-1 alone when the profile has no device);
// throws PlanError when --machines leaves none although the profile has some.
std::vector<int> candidateOrigins(const InferenceCostModel& model, const InferenceQuery& query);
std::vector<int> candidateMachines(const InferenceCostModel& model, const InferenceQuery& query,
                                   Tier tier);

} // namespace cutlab::core
