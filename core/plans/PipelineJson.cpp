#include "core/plans/PipelineJson.h"

#include "core/io/NetworkFile.h"
#include "core/plans/PlanHeader.h"
#include "core/plans/PlanJson.h"

namespace cutlab::core {
namespace {

nlohmann::ordered_json layerIds(const Profile& profile, const std::vector<int>& layers) {
    auto ids = nlohmann::ordered_json::array();
    for (int layer : layers)
        ids.push_back(profile.layers[static_cast<std::size_t>(layer)].id);
    return ids;
}

nlohmann::ordered_json taskJson(const ScheduledTask& task) {
    return {{"resource", task.resource == Resource::Stage ? "stage" : "link"},
            {"index", task.index},
            {"pass", task.pass == Pass::Forward ? "forward" : "backward"},
            {"micro_batch", task.microBatch},
            {"start_ms", jsonNumber(task.startMs)},
            {"end_ms", jsonNumber(task.endMs)}};
}

} // namespace

namespace {

double capacityOf(const PipelineJsonRequest& request, int position) {
    return static_cast<std::size_t>(position) < request.capacityBytes.size()
               ? request.capacityBytes[static_cast<std::size_t>(position)]
               : 0;
}

// A stage's memory (docs/cost-models.md §2.7) and its machine's.
void addStageMemory(nlohmann::ordered_json& entry, const PipelineJsonRequest& request,
                    const PipelineStage& stage) {
    const StageMemory& memory = stage.memory;
    entry["memory_bytes"] = jsonNumber(memory.total());
    entry["memory"] = {{"weights", jsonNumber(memory.weights)},
                       {"gradients", jsonNumber(memory.gradients)},
                       {"optimizer_state", jsonNumber(memory.optimizerState)},
                       {"stashed_weights", jsonNumber(memory.stashedWeights)},
                       {"activations", jsonNumber(memory.activations)},
                       {"in_flight", memory.inFlight}};
    const double capacity = capacityOf(request, stage.chainPosition);
    entry["capacity_bytes"] = capacity > 0 ? jsonNumber(capacity) : nlohmann::ordered_json();
    entry["recompute"] = stage.recompute;
}

// The optimizer, recomputation, and each chain position's peak ("ID#position": 0 when unused).
void addPeakMemory(nlohmann::ordered_json& doc, const PipelineJsonRequest& request,
                   const PipelinePlan* plan) {
    doc["optimizer"] = optimizerName(request.memory.optimizer);
    doc["recompute"] = request.memory.recompute;
    auto peaks = nlohmann::ordered_json::object();
    for (std::size_t n = 0; n < request.chain.size(); ++n) {
        double peak = 0;
        if (plan && n < plan->stages.size())
            peak = plan->stages[n].memory.total();
        peaks[request.chain[n] + "#" + std::to_string(n)] = jsonNumber(peak);
    }
    doc["peak_memory_bytes"] = peaks;
}

} // namespace

nlohmann::ordered_json pipelinePlanToJson(const Profile& profile, const Network& network,
                                          const PipelineJsonRequest& options,
                                          const PipelinePlan* plan,
                                          const PipelineSchedule* schedule, int microBatch,
                                          int microBatches) {
    nlohmann::ordered_json doc = planHeader("training", profile.model.name, "pipeline");
    doc["network"] = networkToJson(network);
    doc["chain"] = options.chain;
    doc["micro_batch"] = microBatch;
    doc["cut_mode"] = cutModeName(options.cutMode);
    doc["compress"] = options.compressText;
    doc["bottleneck_ms"] = plan ? jsonNumber(plan->bottleneckMs) : nlohmann::ordered_json();
    if (plan) {
        doc["exact"] = plan->exact;
        doc["lower_bound_ms"] = jsonNumber(plan->lowerBoundMs);
        doc["gap"] = jsonNumber(plan->gap());
        if (!plan->note.empty())
            doc["note"] = plan->note;
        doc["cut_states"] = plan->states;
    }
    auto stages = nlohmann::ordered_json::array();
    if (plan)
        for (const auto& stage : plan->stages) {
            nlohmann::ordered_json entry;
            entry["machine"] = profile.machines[static_cast<std::size_t>(stage.machine)].id;
            entry["first_layer"] =
                profile.layers[static_cast<std::size_t>(stage.layers.front())].id;
            entry["last_layer"] = profile.layers[static_cast<std::size_t>(stage.layers.back())].id;
            entry["layers"] = layerIds(profile, stage.layers);
            entry["compute_ms"] = jsonNumber(stage.computeMs);
            entry["forward_ms"] = jsonNumber(stage.forwardMs);
            entry["backward_ms"] = jsonNumber(stage.backwardMs);
            entry["link_ms"] = jsonNumber(stage.linkMs);
            entry["link_bytes"] = jsonNumber(stage.linkBytes);
            entry["link_forward_bytes"] = jsonNumber(stage.linkForwardBytes);
            entry["link_backward_bytes"] = jsonNumber(stage.linkBackwardBytes);
            auto crossing = nlohmann::ordered_json::array();
            for (int producer : stage.crossing)
                crossing.push_back(
                    producer < 0 ? "input" : profile.layers[static_cast<std::size_t>(producer)].id);
            entry["crossing"] = crossing;
            addStageMemory(entry, options, stage);
            stages.push_back(entry);
        }
    doc["stages"] = stages;
    addPeakMemory(doc, options, plan);
    if (schedule) {
        nlohmann::ordered_json entry;
        entry["kind"] = scheduleKindName(schedule->kind);
        entry["micro_batches"] = microBatches;
        entry["minibatch_ms"] = jsonNumber(schedule->minibatchMs);
        entry["period_ms"] = jsonNumber(schedule->periodMs);
        entry["time_per_minibatch_ms"] = jsonNumber(schedule->timePerMinibatchMs);
        auto idle = nlohmann::ordered_json::array();
        for (double fraction : schedule->idleFraction)
            idle.push_back(jsonNumber(fraction));
        entry["idle_fraction"] = idle;
        entry["stashed_versions"] = schedule->stashedVersions;
        auto tasks = nlohmann::ordered_json::array();
        for (const auto& task : schedule->tasks)
            tasks.push_back(taskJson(task));
        entry["tasks"] = tasks;
        doc["schedule"] = entry;
    }
    return doc;
}

} // namespace cutlab::core
