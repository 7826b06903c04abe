#pragma once

#include "core/cluster/PoolPlan.h"
#include "core/cluster/PoolRequest.h"
#include "core/model/Network.h"
#include "core/model/Profile.h"

#include <nlohmann/json.hpp>

namespace cutlab::core {

// The `cutlab-plan` document of a plan over a pool with CutLab's cost model (docs/formats.md
// §4.6.2): the query, the bottleneck, per stage its layers, replicas, shares, times and memory,
// and the peak memory of every machine of the pool.
nlohmann::ordered_json poolPlanToJson(const Profile& profile, const Network& network,
                                      const PoolRequest& request, const PoolPlan& plan);

} // namespace cutlab::core
