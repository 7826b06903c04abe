#include "core/plans/TrainingJson.h"

#include "core/io/NetworkFile.h"
#include "core/plans/PlanHeader.h"
#include "core/plans/PlanJson.h"
#include "core/training/TrainingMemory.h"

namespace cutlab::core {
namespace {

nlohmann::ordered_json layerOrNull(const Profile& profile, int position) {
    return position > 0
               ? nlohmann::ordered_json(profile.layers[static_cast<std::size_t>(position - 1)].id)
               : nullptr;
}

void writeHybrid(const TrainingCostModel& model, const HierTrainPlan& plan,
                 nlohmann::ordered_json& doc) {
    const Profile& profile = model.profile();
    const char* names[3] = {"o", "s", "l"};
    nlohmann::ordered_json mapping, machines, samples;
    for (std::size_t w = 0; w < 3; ++w) {
        const int machine = plan.workerMachine[w];
        mapping[names[w]] =
            machine >= 0 ? nlohmann::ordered_json(
                               tierName(profile.machines[static_cast<std::size_t>(machine)].tier))
                         : nullptr;
        machines[names[w]] =
            machine >= 0
                ? nlohmann::ordered_json(profile.machines[static_cast<std::size_t>(machine)].id)
                : nullptr;
        samples[names[w]] = plan.samples[w];
    }
    doc["mapping"] = mapping;
    doc["machines"] = machines;
    doc["samples"] = samples;
    doc["m_s"] = plan.ms;
    doc["m_l"] = plan.ml;
    doc["m_s_layer"] = layerOrNull(profile, plan.ms);
    doc["m_l_layer"] = layerOrNull(profile, plan.ml);
    const auto& p = plan.phases;
    doc["phases_ms"] = {{"tf1", p.tf1}, {"tf2", p.tf2}, {"tf3", p.tf3}, {"tb3", p.tb3},
                        {"tb2", p.tb2}, {"tb1", p.tb1}, {"tup", p.tup}};
}

void writePath(const TrainingCostModel& model, const TrainingPath& path,
               nlohmann::ordered_json& doc) {
    const Profile& profile = model.profile();
    nlohmann::ordered_json placement = nlohmann::ordered_json::array();
    for (const Segment& segment : path.segments) {
        const Machine& machine = profile.machines[static_cast<std::size_t>(segment.machine)];
        nlohmann::ordered_json layers = nlohmann::ordered_json::array();
        for (int i = segment.begin; i < segment.end; ++i)
            layers.push_back(profile.layers[static_cast<std::size_t>(i)].id);
        placement.push_back(
            {{"tier", tierName(machine.tier)},
             {"machine", machine.id},
             {"first_layer", profile.layers[static_cast<std::size_t>(segment.begin)].id},
             {"last_layer", profile.layers[static_cast<std::size_t>(segment.end - 1)].id},
             {"layers", layers}});
    }
    doc["placement"] = placement;
    doc["forward_ms"] = path.forwardMs;
    doc["backward_ms"] = path.backwardMs;
    doc["update_ms"] = path.updateMs;
    doc["transfer_ms"] = path.transferMs;
    doc["transfer_bytes"] = jsonNumber(path.transferBytes);
}

nlohmann::ordered_json stageMemoryJson(const TrainingMemory& memory) {
    return {{"weights", jsonNumber(memory.weights)},
            {"gradients", jsonNumber(memory.gradients)},
            {"optimizer_state", jsonNumber(memory.optimizerState)},
            {"activations", jsonNumber(memory.activations)}};
}

// Each HierTrain worker's bytes (docs/cost-models.md §2.8; 0 for a worker without samples).
void writeWorkerMemory(const TrainingCostModel& model, const HierTrainPlan& plan,
                       nlohmann::ordered_json& doc) {
    const char* names[3] = {"o", "s", "l"};
    nlohmann::ordered_json workers;
    for (std::size_t w = 0; w < 3; ++w) {
        if (plan.workerMachine[w] < 0) {
            workers[names[w]] = nullptr;
            continue;
        }
        const TrainingMemory memory =
            hierTrainWorkerMemory(model, static_cast<int>(w), plan.ms, plan.ml, plan.samples);
        workers[names[w]] = {{"memory_bytes", jsonNumber(memory.total())},
                             {"memory", stageMemoryJson(memory)}};
    }
    doc["workers"] = workers;
}

// The optimizer, each machine's peak (with its breakdown) and the capacities that were known.
void writeMachineMemory(const TrainingCostModel& model, const TrainingResult& result,
                        nlohmann::ordered_json& doc) {
    const Profile& profile = model.profile();
    const auto memory = result.hybrid ? hierTrainMemory(model, *result.hybrid)
                                      : pathMemory(model, *result.path, result.batch);
    doc["optimizer"] = optimizerName(model.memory().optimizer);
    auto peaks = nlohmann::ordered_json::object(), machines = nlohmann::ordered_json::object(),
         capacities = nlohmann::ordered_json::object();
    for (const auto& [machine, bytes] : memory) {
        const std::string& id = profile.machines[static_cast<std::size_t>(machine)].id;
        peaks[id] = jsonNumber(bytes.total());
        machines[id] = {{"memory_bytes", jsonNumber(bytes.total())},
                        {"memory", stageMemoryJson(bytes)}};
    }
    for (int machine : model.machineOfTier())
        if (machine >= 0 && model.memory().capacity(machine) > 0)
            capacities[profile.machines[static_cast<std::size_t>(machine)].id] =
                jsonNumber(model.memory().capacity(machine));
    doc["peak_memory_bytes"] = peaks;
    doc["machine_memory"] = machines;
    doc["capacity_bytes"] = capacities;
}

} // namespace

nlohmann::ordered_json trainingResultToJson(const TrainingCostModel& model,
                                            const TrainingResult& result) {
    nlohmann::ordered_json doc = planHeader("training", model.profile().model.name, result.planner);
    nlohmann::ordered_json network = networkToJson(model.network());
    network.erase("format");
    network.erase("version");
    doc["network"] = network;
    doc["batch"] = result.batch;
    doc["iteration_ms"] = result.iterationMs();
    if (result.hybrid) {
        writeHybrid(model, *result.hybrid, doc);
        writeWorkerMemory(model, *result.hybrid, doc);
    }
    if (result.path)
        writePath(model, *result.path, doc);
    writeMachineMemory(model, result, doc);
    return doc;
}

} // namespace cutlab::core
