#pragma once

#include "core/cluster/PoolPlan.h"
#include "core/cluster/PoolRequest.h"
#include "core/model/Network.h"
#include "core/model/Profile.h"

namespace cutlab::core {

// The plan with the smallest bottleneck (time per micro-batch) of CutLab's cost model over a
// pool of machine types (docs/cost-models.md §5.6): stages between valid cut points, each on
// any number of machines of any groups, every machine in at most one stage (in exactly one
// unless fewerMachines), every replica within its group's capacity. Exact while the table
// fits (up to 3 types and 16 machines always); past that, replica counts move in coarser steps,
// machines may stay idle, and the plan gives a proven lower bound and says why it is not exact.
// Throws PoolMemoryError when no plan fits the capacities, PlanError for a bad request.
PoolPlan planPool(const Profile& profile, const Network& network, const PoolRequest& request);

} // namespace cutlab::core
