#pragma once

#include "core/inference/StreamPlanner.h"
#include "core/model/Profile.h"

#include <nlohmann/json.hpp>

namespace cutlab::core {

// The `cutlab-plan` document of a stream over a chain (docs/formats.md §3, kind "stream"):
// `fastest` (the smallest period), `exact`, `note`, and `plans[]`, the latency/throughput front.
nlohmann::ordered_json streamResultToJson(const Profile& profile, const StreamResult& result);
nlohmann::ordered_json streamPlanToJson(const Profile& profile, const StreamPlan& plan);

} // namespace cutlab::core
