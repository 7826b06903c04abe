#include "app/cli/ChartPlan.h"

#include "app/cli/CliError.h"

#include "core/model/PlanError.h"
#include "core/planners/InferencePlanner.h"
#include "core/planners/PlannerRegistry.h"

#include <iostream>

namespace cutlab::cli {

std::optional<ChartPlan> ChartPlan::choose(const PlanOptions& options,
                                           const core::InferenceCostModel& model,
                                           const core::InferenceQuery& query) {
    ChartPlan chosen;
    try {
        if (options.cuts) {
            chosen.placement = options.cutsPlacement(model);
            chosen.evaluation = model.evaluate(chosen.placement);
            chosen.label = QStringLiteral("Plan (--cuts)");
            return chosen;
        }
        core::InferenceQuery top1 = query;
        top1.top = 1;
        const auto plans = core::runInferencePlanner(options.planner, model, top1);
        if (plans.empty()) {
            std::cerr << options.profilePath << ": "
                      << core::explainNoPlan(options.planner, model, query) << "\n";
            return std::nullopt;
        }
        chosen.evaluation = plans.front().evaluation;
        chosen.placement =
            core::monotonePlacement(chosen.evaluation).value_or(core::TierPlacement{});
        chosen.label = QStringLiteral("Best (%1)").arg(QString::fromStdString(options.planner));
    } catch (const core::PlanError& error) {
        throw CliError(options.profilePath + ": " + error.what());
    }
    return chosen;
}

std::vector<ui::BreakdownEntry>
ChartPlan::breakdownEntries(const PlanOptions& options,
                            const core::InferenceCostModel& model) const {
    const auto machines = options.cutMachines(model.profile());
    std::array<std::optional<core::Evaluation>, 3> natives;
    for (core::Tier tier : core::kTiers) {
        const auto t = static_cast<std::size_t>(core::tierIndex(tier));
        if (machines[t] < 0)
            continue;
        try {
            natives[t] = model.evaluate(core::nativePlacement(tier, machines, model.layerCount()));
        } catch (const core::PlanError&) {
        }
    }
    return ui::breakdownEntries({{label, evaluation, true}}, natives);
}

} // namespace cutlab::cli
