#include "ui/charts/BreakdownEntries.h"

namespace cutlab::ui {

std::vector<BreakdownEntry>
breakdownEntries(std::vector<BreakdownEntry> plans,
                 const std::array<std::optional<core::Evaluation>, 3>& natives) {
    const char* names[3] = {"All device", "All edge", "All cloud"};
    for (std::size_t t = 0; t < 3; ++t)
        plans.push_back({QString::fromUtf8(names[t]), natives[t] ? *natives[t] : core::Evaluation{},
                         natives[t].has_value()});
    return plans;
}

} // namespace cutlab::ui
