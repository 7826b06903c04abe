#include "core/inference/RankedPlan.h"

#include <algorithm>
#include <limits>

namespace cutlab::core {

PlanOrderKey orderKey(const Evaluation& evaluation, Objective objective) {
    PlanOrderKey key;
    switch (objective) {
    case Objective::Latency:
        key.primary = evaluation.totalMs;
        key.secondary = evaluation.transferBytes;
        break;
    case Objective::Transfer:
        key.primary = evaluation.transferBytes;
        key.secondary = evaluation.totalMs;
        break;
    case Objective::Throughput:
        key.primary = evaluation.periodMs;
        key.secondary = evaluation.totalMs;
        break;
    case Objective::Energy:
        key.primary = evaluation.energyMj.value_or(std::numeric_limits<double>::infinity());
        key.secondary = evaluation.totalMs;
        break;
    }
    for (const StageCost& stage : evaluation.stages) {
        const auto t = static_cast<std::size_t>(tierIndex(stage.tier));
        if (stage.tier == Tier::Device)
            key.deviceLayers += stage.end - stage.begin;
        if (stage.tier == Tier::Edge)
            key.edgeLayers += stage.end - stage.begin;
        key.machines[t] = stage.machine;
    }
    if (evaluation.origin >= 0)
        key.machines[0] = evaluation.origin;
    return key;
}

void keepBestPlans(std::vector<RankedPlan>& plans, Objective objective, int top) {
    sortPlans(plans, objective);
    if (plans.size() > static_cast<std::size_t>(std::max(0, top)))
        plans.resize(static_cast<std::size_t>(std::max(0, top)));
}

void sortPlans(std::vector<RankedPlan>& plans, Objective objective) {
    std::stable_sort(plans.begin(), plans.end(), [&](const RankedPlan& a, const RankedPlan& b) {
        return orderKey(a.evaluation, objective) < orderKey(b.evaluation, objective);
    });
}

} // namespace cutlab::core
