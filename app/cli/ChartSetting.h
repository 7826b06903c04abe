#pragma once

#include "app/cli/ChartPlan.h"
#include "app/cli/PlanOptions.h"

#include "core/inference/InferenceCostModel.h"
#include "core/inference/InferenceQuery.h"
#include "core/model/Network.h"
#include "core/model/Profile.h"

#include <optional>

namespace cutlab::cli {

// What `chart` and `report` draw from: the profile and network the options name, the query,
// the cost model and the plan shown (ChartPlan::choose). Built in place (the cost model refers
// to the profile and network held here), so neither copied nor moved. Throws CliError on bad
// input; `chosen` is empty (the reason on stderr) when the planner finds no plan.
class ChartSetting {
  public:
    explicit ChartSetting(const PlanOptions& options);
    ChartSetting(const ChartSetting&) = delete;
    ChartSetting& operator=(const ChartSetting&) = delete;

    const core::Profile profile;
    const core::Network network;
    const core::InferenceQuery query;
    const core::InferenceCostModel model;
    const std::optional<ChartPlan> chosen;
};

// The chart programs draw without a display unless one is asked for (QT_QPA_PLATFORM).
void drawOffscreenByDefault();

} // namespace cutlab::cli
