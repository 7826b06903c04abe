#pragma once

#include "core/inference/InferenceCostModel.h"
#include "core/inference/InferenceQuery.h"
#include "core/inference/RankedPlan.h"

#include <vector>

namespace cutlab::core {

// Neurosurgeon: the device runs the first blocks, the cloud the rest, one split point; every
// device/cloud machine pair and split is scored and the best `query.top` are returned.
std::vector<RankedPlan> planNeurosurgeon(const InferenceCostModel& model,
                                         const InferenceQuery& query);

} // namespace cutlab::core
