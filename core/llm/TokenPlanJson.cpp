#include "core/llm/TokenPlanJson.h"

#include "core/model/Tier.h"

namespace cutlab::core {
namespace {

using Json = nlohmann::ordered_json;

constexpr std::array<Tier, 3> kTokenTiers{Tier::Device, Tier::Edge, Tier::Cloud};

std::pair<int, int> tierRange(const TokenPlan& plan, int tier, int layers) {
    if (tier == 0)
        return {0, plan.deviceEnd};
    if (tier == 1)
        return {plan.deviceEnd, plan.edgeEnd};
    return {plan.edgeEnd, layers};
}

Json tierJson(const TokenCostModel& model, const TokenPlan& plan, int tier) {
    const Profile& profile = model.profile();
    const auto [first, end] = tierRange(plan, tier, model.layerCount());
    const int machine = plan.machines[static_cast<std::size_t>(tier)];
    Json json = Json::object();
    json["machine"] =
        machine >= 0 ? Json(profile.machines[static_cast<std::size_t>(machine)].id) : Json(nullptr);
    json["layers"] = end > first ? end - first : 0;
    if (end > first) {
        json["first"] = profile.layers[static_cast<std::size_t>(first)].id;
        json["last"] = profile.layers[static_cast<std::size_t>(end - 1)].id;
    }
    return json;
}

Json hopJson(const Profile& profile, const TokenHop& hop) {
    return {{"from", profile.machines[static_cast<std::size_t>(hop.from)].id},
            {"to", profile.machines[static_cast<std::size_t>(hop.to)].id},
            {"direction", hop.up ? "up" : "back"},
            {"bytes_per_token", hop.bytesPerToken},
            {"latency_ms", hop.latencyMs},
            {"prefill_transfer_ms", hop.prefillTransferMs},
            {"decode_transfer_ms", hop.decodeTransferMs}};
}

} // namespace

Json tokenPlanJson(const TokenCostModel& model, const TokenPlan& plan,
                   const TokenEvaluation& evaluation) {
    const Profile& profile = model.profile();
    Json json = Json::object();
    for (int tier = 0; tier < 3; ++tier)
        json[tierName(kTokenTiers[static_cast<std::size_t>(tier)])] = tierJson(model, plan, tier);
    json["ttft_ms"] = evaluation.ttftMs;
    json["tpot_ms"] = evaluation.tpotMs;
    json["generate_ms"] = evaluation.generateMs;
    json["tokens_per_second"] = evaluation.tpotMs > 0 ? 1000.0 / evaluation.tpotMs : 0.0;
    json["prefill_compute_ms"] = evaluation.prefillComputeMs;
    json["decode_compute_ms"] = evaluation.decodeComputeMs;
    Json hops = Json::array();
    for (const TokenHop& hop : evaluation.hops)
        hops.push_back(hopJson(profile, hop));
    json["hops"] = std::move(hops);
    Json memory = Json::array();
    for (const TokenMachineMemory& machine : evaluation.memory) {
        Json entry = {{"machine", profile.machines[static_cast<std::size_t>(machine.machine)].id},
                      {"weights_bytes", machine.weightsBytes},
                      {"kv_cache_bytes", machine.kvCacheBytes}};
        entry["capacity_bytes"] =
            machine.capacityBytes >= 0 ? Json(machine.capacityBytes) : Json(nullptr);
        // "up to how many tokens does this split fit on the phone"
        const double longest = machine.maxContextTokens();
        entry["max_context_tokens"] = longest >= 0 ? Json(longest) : Json(nullptr);
        memory.push_back(std::move(entry));
    }
    json["memory"] = std::move(memory);
    return json;
}

Json tokenPlansJson(const TokenCostModel& model, const std::vector<RankedTokenPlan>& plans,
                    const std::string& objective, const std::string& network) {
    Json json = {{"model", model.profile().model.name},
                 {"objective", objective},
                 {"prompt_tokens", model.tokens().promptTokens},
                 {"generate_tokens", model.tokens().generateTokens},
                 {"network", network}};
    Json list = Json::array();
    for (const RankedTokenPlan& ranked : plans)
        list.push_back(tokenPlanJson(model, ranked.plan, ranked.evaluation));
    json["plans"] = std::move(list);
    return json;
}

std::string tokenPlacementText(const TokenCostModel& model, const TokenPlan& plan) {
    const Profile& profile = model.profile();
    std::string text;
    for (int tier = 0; tier < 3; ++tier) {
        const auto [first, end] = tierRange(plan, tier, model.layerCount());
        if (end <= first)
            continue;
        const auto& machine =
            profile
                .machines[static_cast<std::size_t>(plan.machines[static_cast<std::size_t>(tier)])];
        const std::string& a = profile.layers[static_cast<std::size_t>(first)].id;
        const std::string& b = profile.layers[static_cast<std::size_t>(end - 1)].id;
        text += (text.empty() ? "" : " | ") + tierName(machine.tier) + " " + machine.id + " (" +
                (first + 1 == end ? a : a + " … " + b) + ")";
    }
    return text;
}

} // namespace cutlab::core
