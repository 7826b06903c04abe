#pragma once

#include "core/model/Evaluation.h"

#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace cutlab::ui {

// One bar of the breakdown chart: a named plan and its evaluation.
struct BreakdownEntry {
    QString label;
    core::Evaluation evaluation;
    bool valid = true; // false: drawn empty (e.g. no machine for that tier)
};

// The bars of the latency breakdown, as the window and `cutlab-cli chart`/`report` show them:
// the plans given (Current, Best, or the planner's choice), then "All device", "All edge" and
// "All cloud" from `natives` (the plan running every layer on that tier; empty, drawn as an
// empty bar, when the tier has no machine or cannot run the model).
std::vector<BreakdownEntry>
breakdownEntries(std::vector<BreakdownEntry> plans,
                 const std::array<std::optional<core::Evaluation>, 3>& natives);

} // namespace cutlab::ui
