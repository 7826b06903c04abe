#pragma once

#include "core/planners/PlannerRegistry.h"

#include <string>
#include <vector>

namespace cutlab::cli {

// The planners of the registry as the command line shows them.
// "  planners:\n    scission      every device/edge/cloud placement ranked…\n", one line each.
std::string plannerHelpLines(const std::vector<core::PlannerKind>& kinds);
// The planner of that id and kind, or CliError "OPTION: unknown planner 'x' (expected …)".
const core::PlannerInfo& plannerOption(const std::string& option, const std::string& id,
                                       const std::vector<core::PlannerKind>& kinds,
                                       const std::string& what = "planner");

} // namespace cutlab::cli
