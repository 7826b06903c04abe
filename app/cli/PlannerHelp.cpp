#include "app/cli/PlannerHelp.h"

#include "app/cli/CliError.h"
#include "core/model/PlanError.h"

#include <algorithm>

namespace cutlab::cli {

std::string plannerHelpLines(const std::vector<core::PlannerKind>& kinds) {
    std::string text = "  planners:\n";
    for (const auto& info : core::allPlanners()) {
        if (std::find(kinds.begin(), kinds.end(), info.kind) == kinds.end())
            continue;
        std::string id = "    " + info.id;
        id.resize(std::max<std::size_t>(id.size() + 2, 18), ' ');
        text += id + info.summary + "\n";
    }
    return text;
}

const core::PlannerInfo& plannerOption(const std::string& option, const std::string& id,
                                       const std::vector<core::PlannerKind>& kinds,
                                       const std::string& what) {
    try {
        return core::requirePlanner(id, kinds, what);
    } catch (const core::PlanError& error) {
        throw CliError(option + ": " + error.what());
    }
}

} // namespace cutlab::cli
