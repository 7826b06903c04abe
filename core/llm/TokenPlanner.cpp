#include "core/llm/TokenPlanner.h"

#include "core/model/Tier.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <limits>

namespace cutlab::core {
namespace {

std::vector<int> machinesOn(const Profile& profile, Tier tier) {
    return profile.machinesOfTier(tier);
}

// Calls `visit` with every plan: each device machine, each split, and each machine of a tier
// that runs layers (a tier that runs none gets -1, so no plan is visited twice).
void forEachTokenPlan(const TokenCostModel& model,
                      const std::function<void(const TokenPlan&)>& visit) {
    const Profile& profile = model.profile();
    const int layers = model.layerCount();
    const std::vector<int> none{-1};
    const std::vector<int> devices = machinesOn(profile, Tier::Device);
    const std::vector<int> edges = machinesOn(profile, Tier::Edge);
    const std::vector<int> clouds = machinesOn(profile, Tier::Cloud);
    for (const int device : devices)
        for (int deviceEnd = 0; deviceEnd <= layers; ++deviceEnd)
            for (int edgeEnd = deviceEnd; edgeEnd <= layers; ++edgeEnd) {
                const auto& edgeChoices = edgeEnd > deviceEnd ? edges : none;
                const auto& cloudChoices = layers > edgeEnd ? clouds : none;
                for (const int edge : edgeChoices)
                    for (const int cloud : cloudChoices)
                        visit(TokenPlan{deviceEnd, edgeEnd, {device, edge, cloud}});
            }
}

std::string bytesText(double bytes) {
    char text[64];
    std::snprintf(text, sizeof text, "%.2f GB", bytes / 1e9);
    return text;
}

} // namespace

std::optional<TokenObjective> tokenObjectiveNamed(const std::string& name) {
    if (name == "ttft")
        return TokenObjective::Ttft;
    if (name == "tpot")
        return TokenObjective::Tpot;
    if (name == "generate")
        return TokenObjective::Generate;
    return std::nullopt;
}

double objectiveValue(const TokenEvaluation& evaluation, TokenObjective objective) {
    switch (objective) {
    case TokenObjective::Ttft:
        return evaluation.ttftMs;
    case TokenObjective::Tpot:
        return evaluation.tpotMs;
    case TokenObjective::Generate:
        break;
    }
    return evaluation.generateMs;
}

std::vector<RankedTokenPlan> planTokens(const TokenCostModel& model, TokenObjective objective) {
    std::vector<RankedTokenPlan> plans;
    forEachTokenPlan(model, [&](const TokenPlan& plan) {
        TokenEvaluation evaluation = model.evaluate(plan);
        if (evaluation.fits())
            plans.push_back({plan, std::move(evaluation)});
    });
    // ties: the other two figures, then fewer hops
    std::stable_sort(plans.begin(), plans.end(), [objective](const auto& a, const auto& b) {
        const auto key = [objective](const RankedTokenPlan& p) {
            return std::make_tuple(objectiveValue(p.evaluation, objective), p.evaluation.generateMs,
                                   p.evaluation.ttftMs, p.evaluation.hops.size());
        };
        return key(a) < key(b);
    });
    return plans;
}

std::string explainNoTokenPlan(const TokenCostModel& model) {
    const Profile& profile = model.profile();
    if (profile.machinesOfTier(Tier::Device).empty())
        return "the profile has no device machine: a conversation starts and ends on the device";
    // per limited machine: the least it needs in a plan where every other machine fits
    const auto machines = profile.machines.size();
    std::vector<double> need(machines, std::numeric_limits<double>::infinity());
    forEachTokenPlan(model, [&](const TokenPlan& plan) {
        const TokenEvaluation evaluation = model.evaluate(plan);
        for (std::size_t m = 0; m < machines; ++m) {
            double used = 0;
            bool othersFit = true;
            for (const TokenMachineMemory& memory : evaluation.memory) {
                if (static_cast<std::size_t>(memory.machine) == m)
                    used = memory.weightsBytes + memory.kvCacheBytes;
                else
                    othersFit = othersFit && memory.fits();
            }
            if (othersFit)
                need[m] = std::min(need[m], used);
        }
    });
    std::string best;
    double shortest = std::numeric_limits<double>::infinity();
    for (std::size_t m = 0; m < machines; ++m) {
        const Machine& machine = profile.machines[m];
        if (!machine.memoryBytes || !std::isfinite(need[m]) ||
            need[m] - *machine.memoryBytes >= shortest)
            continue;
        shortest = need[m] - *machine.memoryBytes;
        best = "no plan fits the machines' memory: " + machine.id + " (" + tierName(machine.tier) +
               ") would need " + bytesText(need[m]) + " for one (--memory " + machine.id + "=" +
               std::to_string(static_cast<long long>(std::ceil(need[m]))) + "), it has " +
               bytesText(*machine.memoryBytes);
    }
    if (best.empty())
        return "no plan fits the machines' memory, and no single machine's memory would give one";
    return best;
}

} // namespace cutlab::core
