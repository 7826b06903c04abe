#include "core/plans/ClusterPlanJson.h"

#include "core/io/JsonNumbers.h"
#include "core/plans/PlanHeader.h"

namespace cutlab::core {

namespace {

nlohmann::ordered_json queryJson(const ClusterPlanQuery& query) {
    nlohmann::ordered_json cluster;
    cluster["machine"] = query.cluster.machineId;
    auto levels = nlohmann::ordered_json::array();
    for (const ClusterLevel& level : query.cluster.levels)
        levels.push_back(
            {{"machines", level.machines}, {"mbps", jsonNumber(level.bytesPerSecond / 125000.0)}});
    cluster["levels"] = levels;
    return cluster;
}

nlohmann::ordered_json stageJson(const Profile& profile, const AntichainStates& states,
                                 const std::string& machineId, const PipeDreamStage& stage) {
    nlohmann::ordered_json json;
    auto layers = nlohmann::ordered_json::array();
    for (int layer : states.layersBetween(stage.fromState, stage.toState))
        layers.push_back(profile.layers[static_cast<std::size_t>(layer)].id);
    json["first_layer"] = layers.empty() ? nlohmann::ordered_json() : layers.front();
    json["last_layer"] = layers.empty() ? nlohmann::ordered_json() : layers.back();
    json["layers"] = layers;
    json["replication"] = static_cast<int>(stage.machines.size());
    json["replication_per_level"] = stage.replication;
    auto machines = nlohmann::ordered_json::array();
    for (int machine : stage.machines)
        machines.push_back(clusterMachineName(machineId, machine));
    json["machines"] = machines;
    json["compute_ms"] = jsonNumber(stage.computeSeconds * 1000.0);
    json["memory_bytes"] = jsonNumber(stage.memoryBytes);
    return json;
}

} // namespace

std::string clusterMachineName(const std::string& machineId, int index) {
    return machineId + "#" + std::to_string(index);
}

nlohmann::ordered_json clusterPlanToJson(const Profile& profile, const AntichainStates& states,
                                         const ClusterPlanQuery& query, const PipeDreamPlan& plan) {
    const PipeDreamRequest& request = query.request;
    nlohmann::ordered_json doc = planHeader("training", profile.model.name, "pipeline");
    doc["cost_model"] = "pipedream";
    doc["memory_accounting"] = "pipedream";
    doc["cluster"] = queryJson(query);
    doc["memory_limit_bytes"] =
        request.memoryLimitBytes ? jsonNumber(*request.memoryLimitBytes) : nlohmann::ordered_json();
    doc["straight"] = request.straight;
    doc["fewer_machines"] = request.fewerMachines;
    doc["activation_compression"] = request.activationCompression
                                        ? jsonNumber(*request.activationCompression)
                                        : nlohmann::ordered_json();
    doc["cut_states"] = states.size();
    doc["bottleneck_ms"] = jsonNumber(plan.timePerStageSeconds * 1000.0);
    doc["single_machine_ms"] = jsonNumber(plan.singleMachineSeconds * 1000.0);
    doc["data_parallel_ms"] = jsonNumber(plan.dataParallelSeconds * 1000.0);
    doc["machines_used"] = plan.machinesUsed;
    doc["machines_total"] = plan.machinesTotal;
    auto stages = nlohmann::ordered_json::array();
    for (const PipeDreamStage& stage : plan.stages)
        stages.push_back(stageJson(profile, states, query.cluster.machineId, stage));
    doc["stages"] = stages;
    auto peaks = nlohmann::ordered_json::object();
    std::vector<double> peak(static_cast<std::size_t>(plan.machinesTotal), 0.0);
    for (const PipeDreamStage& stage : plan.stages)
        for (int machine : stage.machines)
            peak[static_cast<std::size_t>(machine)] =
                std::max(peak[static_cast<std::size_t>(machine)], stage.memoryBytes);
    for (int machine = 0; machine < plan.machinesTotal; ++machine)
        peaks[clusterMachineName(query.cluster.machineId, machine)] =
            jsonNumber(peak[static_cast<std::size_t>(machine)]);
    doc["peak_memory_bytes"] = peaks;
    return doc;
}

} // namespace cutlab::core
