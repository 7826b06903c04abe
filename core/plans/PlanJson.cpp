#include "core/plans/PlanJson.h"

#include "core/io/JsonNumbers.h"
#include "core/io/NetworkFile.h"
#include "core/plans/PlanHeader.h"

namespace cutlab::core {
namespace {

// What each machine holds (cost-models.md §1.8) against its capacity, and the peaks by id.
void addMemoryFields(nlohmann::ordered_json& plan, const InferenceCostModel& model,
                     const Evaluation& evaluation) {
    auto list = nlohmann::ordered_json::array();
    auto peaks = nlohmann::ordered_json::object();
    for (const MachineMemory& held : model.memory().of(evaluation)) {
        const Machine& machine = model.profile().machines[static_cast<std::size_t>(held.machine)];
        const auto capacity = model.memory().capacity(held.machine);
        nlohmann::ordered_json entry;
        entry["machine"] = machine.id;
        entry["tier"] = tierName(machine.tier);
        entry["weights_bytes"] = jsonNumber(held.weightsBytes);
        entry["activation_bytes"] = jsonNumber(held.activationBytes);
        entry["bytes"] = jsonNumber(held.bytes());
        entry["capacity_bytes"] = capacity ? jsonNumber(*capacity) : nlohmann::ordered_json();
        list.push_back(std::move(entry));
        peaks[machine.id] = jsonNumber(held.bytes());
    }
    plan["memory"] = std::move(list);
    plan["peak_memory_bytes"] = std::move(peaks);
}

} // namespace

nlohmann::ordered_json evaluationToJson(const InferenceCostModel& model,
                                        const Evaluation& evaluation, int rank) {
    const Profile& profile = model.profile();
    auto machineId = [&](int machine) {
        return profile.machines[static_cast<std::size_t>(machine)].id;
    };
    nlohmann::ordered_json plan;
    plan["rank"] = rank;
    plan["total_ms"] = evaluation.totalMs;
    plan["compute_ms"] = evaluation.computeMs;
    plan["transfer_ms"] = evaluation.transferMs;
    plan["transfer_bytes"] = jsonNumber(evaluation.transferBytes);
    plan["period_ms"] = evaluation.periodMs;
    // One frame per period; a plan that keeps nothing busy has no limit.
    plan["throughput_fps"] = evaluation.periodMs > 0
                                 ? nlohmann::ordered_json(1000.0 / evaluation.periodMs)
                                 : nlohmann::ordered_json(nullptr);
    if (evaluation.energyMj)
        plan["energy_mj"] = *evaluation.energyMj;
    plan["origin"] =
        evaluation.origin >= 0 ? nlohmann::ordered_json(machineId(evaluation.origin)) : nullptr;
    nlohmann::ordered_json stages = nlohmann::ordered_json::array();
    for (const StageCost& stage : evaluation.stages) {
        nlohmann::ordered_json entry;
        entry["tier"] = tierName(stage.tier);
        entry["machine"] = machineId(stage.machine);
        entry["first_layer"] = profile.layers[static_cast<std::size_t>(stage.begin)].id;
        entry["last_layer"] = profile.layers[static_cast<std::size_t>(stage.end - 1)].id;
        nlohmann::ordered_json layers = nlohmann::ordered_json::array();
        for (int i = stage.begin; i < stage.end; ++i)
            layers.push_back(profile.layers[static_cast<std::size_t>(i)].id);
        entry["layers"] = std::move(layers);
        entry["compute_ms"] = stage.computeMs;
        stages.push_back(std::move(entry));
    }
    plan["stages"] = std::move(stages);
    nlohmann::ordered_json transfers = nlohmann::ordered_json::array();
    for (const TransferCost& transfer : evaluation.transfers) {
        nlohmann::ordered_json entry;
        entry["from"] = machineId(transfer.from);
        entry["to"] = machineId(transfer.to);
        entry["after_layer"] =
            transfer.afterLayer >= 0
                ? nlohmann::ordered_json(
                      profile.layers[static_cast<std::size_t>(transfer.afterLayer)].id)
                : nullptr;
        entry["bytes"] = jsonNumber(transfer.bytes);
        entry["ms"] = transfer.ms;
        entry["latency_ms"] = transfer.latencyMs;
        transfers.push_back(std::move(entry));
    }
    plan["transfers"] = std::move(transfers);
    addMemoryFields(plan, model, evaluation);
    return plan;
}

nlohmann::ordered_json inferencePlansToJson(const InferenceCostModel& model,
                                            const std::vector<RankedPlan>& plans,
                                            const std::string& planner) {
    nlohmann::ordered_json document = planHeader("inference", model.profile().model.name, planner);
    nlohmann::ordered_json network = networkToJson(model.network());
    network.erase("format");
    network.erase("version");
    document["network"] = std::move(network);
    document["input_bytes"] = jsonNumber(model.inputBytes());
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    int rank = 1;
    for (const RankedPlan& plan : plans)
        list.push_back(evaluationToJson(model, plan.evaluation, rank++));
    document["plans"] = std::move(list);
    return document;
}

} // namespace cutlab::core
