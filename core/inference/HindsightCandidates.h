#pragma once

#include "core/inference/FrameReplay.h"
#include "core/inference/RankedPlan.h"

#include <vector>

namespace cutlab::core {

// The plans a hindsight replay must try (docs/cost-models.md §6.4): of `plans` (in the order
// given), those no earlier plan dominates. A plan dominates another when both take the same
// steps on the same servers and each of its steps asks no more (compute ms, bytes): a frame's end
// never decreases with a step's demand, so a dominated plan never finishes a frame first.
std::vector<RankedPlan> undominatedPlans(const FrameReplay& replay,
                                         const std::vector<RankedPlan>& plans);

} // namespace cutlab::core
