#include "app/cli/TokenPlanCommand.h"

#include "app/cli/CliError.h"

#include "core/io/JsonNumbers.h"
#include "core/llm/LlmArchitecture.h"
#include "core/llm/TokenPipeline.h"
#include "core/llm/TokenPlanJson.h"

#include <cstdio>
#include <iostream>

namespace cutlab::cli {
namespace {

std::string objectiveName(core::TokenObjective objective) {
    switch (objective) {
    case core::TokenObjective::Ttft:
        return "ttft";
    case core::TokenObjective::Tpot:
        return "tpot";
    case core::TokenObjective::Generate:
        break;
    }
    return "generate";
}

void printTokenPlans(const core::TokenCostModel& model,
                     const std::vector<core::RankedTokenPlan>& plans, int top) {
    const auto& tokens = model.tokens();
    std::printf("%s: prompt %d tokens, %d generated\n", model.profile().model.name.c_str(),
                tokens.promptTokens, tokens.generateTokens);
    std::printf("%4s %12s %10s %9s %13s  %s\n", "rank", "ttft ms", "tpot ms", "tokens/s",
                "generate ms", "placement");
    for (std::size_t i = 0; i < plans.size() && i < static_cast<std::size_t>(top); ++i) {
        const auto& e = plans[i].evaluation;
        std::printf("%4zu %12.1f %10.2f %9.2f %13.1f  %s\n", i + 1, e.ttftMs, e.tpotMs,
                    e.tpotMs > 0 ? 1000.0 / e.tpotMs : 0.0, e.generateMs,
                    core::tokenPlacementText(model, plans[i].plan).c_str());
    }
    std::fflush(stdout);
}

nlohmann::ordered_json pipelineJson(const core::Profile& profile,
                                    const core::TokenPipelinePlan& plan, int sequences) {
    nlohmann::ordered_json stages = nlohmann::ordered_json::array();
    for (const auto& stage : plan.stages)
        stages.push_back({{"machine", profile.machines[static_cast<std::size_t>(stage.machine)].id},
                          {"first", profile.layers[static_cast<std::size_t>(stage.first)].id},
                          {"last", profile.layers[static_cast<std::size_t>(stage.end - 1)].id},
                          {"layers", stage.end - stage.first},
                          {"decode_ms", stage.decodeMs},
                          {"weights_bytes", stage.weightsBytes},
                          {"kv_cache_bytes", stage.kvCacheBytes}});
    return {{"model", profile.model.name},        {"sequences", sequences},
            {"stages", std::move(stages)},        {"round_trip_ms", plan.roundTripMs},
            {"bottleneck_ms", plan.bottleneckMs}, {"tokens_per_second", plan.tokensPerSecond}};
}

} // namespace

int runTokenPipeline(const PlanOptions& options) {
    if (options.stages.empty())
        throw CliError("--planner token-pipeline needs --stages ID,ID,... (the chain of machines)");
    const core::Profile profile = options.loadProfile();
    const core::Network network = loadNetworkOrThrow(options.network);
    core::TokenPipelineRequest request;
    request.sequences = options.sequences;
    for (const std::string& id : options.stages) {
        const int machine = profile.machineIndex(id);
        if (machine < 0)
            throw CliError("--stages: unknown machine '" + id + "'");
        request.chain.push_back(machine);
    }
    try {
        const core::TokenModel tokens =
            core::tokenModelOf(profile, options.promptTokens, options.generateTokens);
        const auto plan = core::planTokenPipeline(profile, network, tokens, request);
        if (!plan) {
            if (options.json)
                std::cout << "{\"plan\": null}\n";
            std::cerr << options.profilePath
                      << ": no split over the chain fits the machines' memory with "
                      << options.sequences << " KV caches\n";
            return 1;
        }
        if (options.json) {
            std::cout << core::finiteJsonText(pipelineJson(profile, *plan, options.sequences))
                      << "\n";
            return 0;
        }
        std::printf("%s: %d sequences, %.2f tokens/s (round trip %.2f ms, busiest %.2f ms)\n",
                    profile.model.name.c_str(), options.sequences, plan->tokensPerSecond,
                    plan->roundTripMs, plan->bottleneckMs);
        for (const auto& stage : plan->stages)
            std::printf("  %-14s %s … %s  %.2f ms a token, %.2f GB\n",
                        profile.machines[static_cast<std::size_t>(stage.machine)].id.c_str(),
                        profile.layers[static_cast<std::size_t>(stage.first)].id.c_str(),
                        profile.layers[static_cast<std::size_t>(stage.end - 1)].id.c_str(),
                        stage.decodeMs, (stage.weightsBytes + stage.kvCacheBytes) / 1e9);
    } catch (const core::LlmModelError& error) {
        throw CliError(options.profilePath + ": " + error.what());
    }
    return 0;
}

int runTokenPlan(const PlanOptions& options) {
    if (options.planner != "scission" || !options.stages.empty() || options.cuts)
        throw CliError("--objective " + objectiveName(*options.tokenObjective) +
                       " plans a language model over every split: --planner, --stages and "
                       "--cuts do not apply");
    const core::Profile profile = options.loadProfile();
    const core::Network network = loadNetworkOrThrow(options.network);
    std::vector<core::RankedTokenPlan> plans;
    try {
        const core::TokenCostModel model(
            profile, network,
            core::tokenModelOf(profile, options.promptTokens, options.generateTokens));
        plans = core::planTokens(model, *options.tokenObjective);
        std::vector<core::RankedTokenPlan> shown(
            plans.begin(),
            plans.begin() +
                std::min<std::ptrdiff_t>(options.top, static_cast<std::ptrdiff_t>(plans.size())));
        if (options.json)
            std::cout << core::finiteJsonText(core::tokenPlansJson(
                             model, shown, objectiveName(*options.tokenObjective), network.name))
                      << "\n";
        if (plans.empty()) {
            std::cerr << options.profilePath << ": " << core::explainNoTokenPlan(model) << "\n";
            return 1;
        }
        if (!options.json)
            printTokenPlans(model, plans, options.top);
    } catch (const core::LlmModelError& error) {
        throw CliError(options.profilePath + ": " + error.what());
    }
    return 0;
}

} // namespace cutlab::cli
