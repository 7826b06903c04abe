#pragma once

#include "core/cluster/AntichainStates.h"
#include "core/cluster/PipeDreamOptimizer.h"

namespace cutlab::core {

// Whether searchPipeDream answers `request`: one level, or two with at most 2 units outside,
// without a memory limit or activation compression (docs/cost-models.md §5.6).
bool bottleneckSearchApplies(const PipeDreamRequest& request);

// PipeDream's optimum (the time per stage of optimizePipeDream) found without its tables: for a
// candidate time, one pass over the states in order (and one in reverse for two levels) finds
// which machine counts can cover each prefix (suffix) within it, through the antichain DAG's
// direct links only; bisection, each feasible pass tightened to the plan it found, closes to
// 1e-12 relative. Work per pass: states · links · machines², so Inception-v3's 220,000 states
// are planned in seconds. Throws PlanError when no plan exists or the request does not apply.
PipeDreamPlan searchPipeDream(const AntichainStates& states, const PipeDreamRequest& request);

} // namespace cutlab::core
