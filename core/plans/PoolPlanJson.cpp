#include "core/plans/PoolPlanJson.h"

#include "core/io/JsonNumbers.h"
#include "core/io/NetworkFile.h"
#include "core/plans/PlanHeader.h"

#include <algorithm>
#include <map>

namespace cutlab::core {

namespace {

nlohmann::ordered_json poolJson(const PoolSpec& pool) {
    auto groups = nlohmann::ordered_json::array();
    for (const PoolGroup& group : pool.groups)
        groups.push_back(
            {{"machine", group.machineId},
             {"machines", group.machines},
             {"mbps", group.mbps ? jsonNumber(*group.mbps) : nlohmann::ordered_json()}});
    return {{"groups", groups}};
}

nlohmann::ordered_json memoryJson(const StageMemory& memory) {
    return {{"weights", jsonNumber(memory.weights)},
            {"gradients", jsonNumber(memory.gradients)},
            {"optimizer_state", jsonNumber(memory.optimizerState)},
            {"stashed_weights", jsonNumber(memory.stashedWeights)},
            {"activations", jsonNumber(memory.activations)},
            {"in_flight", memory.inFlight},
            {"total", jsonNumber(memory.total())}};
}

nlohmann::ordered_json poolStageJson(const Profile& profile, const PoolRequest& request,
                                     const PoolStage& stage) {
    nlohmann::ordered_json json;
    json["first_layer"] = profile.layers[static_cast<std::size_t>(stage.firstLayer)].id;
    json["last_layer"] = profile.layers[static_cast<std::size_t>(stage.lastLayer)].id;
    json["layers"] = stage.lastLayer - stage.firstLayer + 1;
    json["replication"] = static_cast<int>(stage.machines.size());
    json["machines"] = stage.machines;
    auto replicas = nlohmann::ordered_json::object(), shares = nlohmann::ordered_json::object(),
         memory = nlohmann::ordered_json::object();
    double peak = 0;
    for (std::size_t g = 0; g < stage.replicas.size(); ++g) {
        if (stage.replicas[g] == 0)
            continue;
        const std::string& id = request.pool.groups[g].machineId;
        replicas[id] = stage.replicas[g];
        shares[id] = jsonNumber(stage.shares[g]);
        memory[id] = memoryJson(stage.memory[g]);
        peak = std::max(peak, stage.memory[g].total());
    }
    json["replicas"] = replicas;
    json["shares"] = shares;
    json["compute_ms"] = jsonNumber(stage.computeMs);
    json["all_reduce_ms"] = jsonNumber(stage.allReduceMs);
    json["stage_ms"] = jsonNumber(stage.stageMs);
    json["link_ms"] = jsonNumber(stage.linkMs);
    json["memory_bytes"] = jsonNumber(peak);
    json["memory"] = memory;
    return json;
}

nlohmann::ordered_json peaksJson(const PoolRequest& request, const PoolPlan& plan) {
    std::map<std::string, double> peak;
    for (const PoolStage& stage : plan.stages) {
        std::size_t next = 0;
        for (std::size_t g = 0; g < stage.replicas.size(); ++g)
            for (int r = 0; r < stage.replicas[g]; ++r)
                peak[stage.machines[next++]] = stage.memory[g].total();
    }
    auto peaks = nlohmann::ordered_json::object();
    for (const PoolGroup& group : request.pool.groups)
        for (int n = 0; n < group.machines; ++n) {
            const std::string name = group.machineId + "#" + std::to_string(n);
            peaks[name] = jsonNumber(peak.count(name) ? peak[name] : 0.0);
        }
    return peaks;
}

} // namespace

nlohmann::ordered_json poolPlanToJson(const Profile& profile, const Network& network,
                                      const PoolRequest& request, const PoolPlan& plan) {
    nlohmann::ordered_json doc = planHeader("training", profile.model.name, "pipeline");
    doc["cost_model"] = "cutlab";
    doc["cluster"] = poolJson(request.pool);
    doc["network"] = networkToJson(network); // whole, as every plan: the window reopens it
    doc["micro_batch"] = plan.microBatch;
    doc["micro_batches"] = request.microBatches;
    doc["optimizer"] = optimizerName(request.optimizer);
    doc["recompute"] = request.recompute;
    doc["straight"] = request.straight;
    doc["fewer_machines"] = request.fewerMachines;
    auto capacities = nlohmann::ordered_json::object();
    for (std::size_t g = 0; g < request.pool.groups.size(); ++g)
        capacities[request.pool.groups[g].machineId] =
            g < request.capacityBytes.size() && request.capacityBytes[g] > 0
                ? jsonNumber(request.capacityBytes[g])
                : nlohmann::ordered_json();
    doc["capacity_bytes"] = capacities;
    doc["bottleneck_ms"] = jsonNumber(plan.bottleneckMs);
    doc["lower_bound_ms"] = jsonNumber(plan.lowerBoundMs);
    doc["exact"] = plan.exact;
    doc["note"] = plan.note;
    doc["machines_used"] = plan.machinesUsed;
    doc["machines_total"] = plan.machinesTotal;
    auto stages = nlohmann::ordered_json::array();
    for (const PoolStage& stage : plan.stages)
        stages.push_back(poolStageJson(profile, request, stage));
    doc["stages"] = stages;
    doc["peak_memory_bytes"] = peaksJson(request, plan);
    return doc;
}

} // namespace cutlab::core
