#pragma once

#include "core/model/Network.h"
#include "core/model/Profile.h"
#include "core/pipeline/PipelinePlanner.h"
#include "core/pipeline/PipelineSchedule.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cutlab::core {

// What a pipeline plan document states about the request besides the plan itself.
struct PipelineJsonRequest {
    std::vector<std::string> chain; // machine ids, as given
    PipelineCutMode cutMode = PipelineCutMode::Single;
    std::string compressText = "none"; // as written: none, accept, accept:3,4
    PipelineMemorySettings memory;     // optimizer, recompute
    std::vector<double> capacityBytes; // per chain position, 0 = no limit
};

// The `cutlab-plan` pipeline document of docs/formats.md §4.6 (`train --planner pipeline
// --json`); `plan` and `schedule` may be null (no plan: empty stages, null bottleneck).
nlohmann::ordered_json pipelinePlanToJson(const Profile& profile, const Network& network,
                                          const PipelineJsonRequest& request,
                                          const PipelinePlan* plan,
                                          const PipelineSchedule* schedule, int microBatch,
                                          int microBatches);

} // namespace cutlab::core
