#include "core/inference/InferenceQuery.h"

#include <sstream>

namespace cutlab::core {

static std::string number(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

std::vector<std::string> InferenceQuery::describe(const std::vector<std::string>& layerIds) const {
    std::vector<std::string> result;
    if (!machineAllowed.empty())
        result.push_back("--machines");
    for (Tier tier : kTiers) {
        const auto t = static_cast<std::size_t>(tierIndex(tier));
        if (tierUse[t] == TierUse::Must)
            result.push_back("--use " + tierName(tier));
        if (tierUse[t] == TierUse::MustNot)
            result.push_back("--skip " + tierName(tier));
    }
    for (const auto& [layer, tier] : pins)
        result.push_back("--pin " + layerIds[static_cast<std::size_t>(layer)] + "@" +
                         tierName(tier));
    for (const auto& [layer, tier] : forbids)
        result.push_back("--forbid " + layerIds[static_cast<std::size_t>(layer)] + "@" +
                         tierName(tier));
    for (Tier tier : kTiers) {
        const auto t = static_cast<std::size_t>(tierIndex(tier));
        if (maxUploadBytes[t])
            result.push_back("--max-upload " + tierName(tier) + "=" + number(*maxUploadBytes[t]));
        if (maxTime[t])
            result.push_back("--max-time " + tierName(tier) + "=" + number(maxTime[t]->value) +
                             (maxTime[t]->percent ? "%" : ""));
    }
    if (returnResult)
        result.push_back("--return-result");
    return result;
}

} // namespace cutlab::core
