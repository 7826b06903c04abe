#pragma once

#include "core/inference/InferenceCostModel.h"
#include "core/inference/InferenceQuery.h"
#include "core/inference/RankedPlan.h"

#include <vector>

namespace cutlab::core {

// JointDNN: for every machine triple, a shortest path over (block, tier) states where
// execution may move back and forth between tiers, paying the block-boundary transfer at every
// move (and the way back to the device with query.returnResult). Honours machines, use/skip,
// pins and forbids; one plan per triple, the best `query.top` returned.
std::vector<RankedPlan> planJointDnn(const InferenceCostModel& model, const InferenceQuery& query);

} // namespace cutlab::core
