#pragma once

#include "app/cli/PlanOptions.h"

#include "ui/charts/BreakdownChartBuilder.h"

#include "core/inference/InferenceCostModel.h"
#include "core/model/Evaluation.h"
#include "core/model/Placement.h"

#include <QString>

#include <optional>
#include <vector>

namespace cutlab::cli {

// The plan a chart or report shows: --cuts X,Y when given, else the planner's best.
struct ChartPlan {
    core::Evaluation evaluation;
    core::TierPlacement placement;
    QString label; // "Plan (--cuts)", "Best (scission)"

    // Nullopt (the reason printed on stderr) when the planner finds no plan; throws CliError
    // on bad input.
    static std::optional<ChartPlan> choose(const PlanOptions& options,
                                           const core::InferenceCostModel& model,
                                           const core::InferenceQuery& query);
    // The breakdown chart's bars: this plan, then everything on one tier (--machines).
    std::vector<ui::BreakdownEntry> breakdownEntries(const PlanOptions& options,
                                                     const core::InferenceCostModel& model) const;
};

} // namespace cutlab::cli
