#pragma once

#include "core/cluster/ClusterSpec.h"
#include "core/cluster/PipeDreamOptimizer.h"
#include "core/model/Profile.h"

#include <nlohmann/json.hpp>
#include <string>

namespace cutlab::core {

// What a cluster plan was asked for, as `train --json` echoes it.
struct ClusterPlanQuery {
    ClusterSpec cluster;
    PipeDreamRequest request;
};

// Name of machine `index` of a cluster of `machineId` machines: "ID#index".
std::string clusterMachineName(const std::string& machineId, int index);

// The `cutlab-plan` document of a plan over a cluster (docs/formats.md §3.3): the query, the
// time per stage, and per stage its layers, replication, machines and memory; the peak memory
// of every machine.
nlohmann::ordered_json clusterPlanToJson(const Profile& profile, const AntichainStates& states,
                                         const ClusterPlanQuery& query, const PipeDreamPlan& plan);

} // namespace cutlab::core
