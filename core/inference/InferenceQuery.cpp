#include "core/inference/InferenceQuery.h"

#include <sstream>

namespace cutlab::core {

static std::string number(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

std::vector<std::string> InferenceQuery::describe(const std::vector<std::string>& layerIds,
                                                  QueryWording wording) const {
    const bool words = wording == QueryWording::Sentences;
    // "11 (#10)": the id, and the position the window's fields accept, unless they are the same.
    auto layer = [&](int position) {
        const std::string& id = layerIds[static_cast<std::size_t>(position)];
        const std::string hash = "#" + std::to_string(position);
        return !words || id == hash ? id : id + " (" + hash + ")";
    };
    std::vector<std::string> result;
    if (!machineAllowed.empty())
        result.push_back(words ? "only the chosen machines" : "--machines");
    for (Tier tier : kTiers) {
        const auto t = static_cast<std::size_t>(tierIndex(tier));
        if (tierUse[t] == TierUse::Must)
            result.push_back(words ? "the " + tierName(tier) + " must run layers"
                                   : "--use " + tierName(tier));
        if (tierUse[t] == TierUse::MustNot)
            result.push_back(words ? "the " + tierName(tier) + " must not run layers"
                                   : "--skip " + tierName(tier));
    }
    for (const auto& [position, tier] : pins)
        result.push_back(words ? "layer " + layer(position) + " on the " + tierName(tier)
                               : "--pin " + layer(position) + "@" + tierName(tier));
    for (const auto& [position, tier] : forbids)
        result.push_back(words ? "layer " + layer(position) + " not on the " + tierName(tier)
                               : "--forbid " + layer(position) + "@" + tierName(tier));
    for (Tier tier : kTiers) {
        const auto t = static_cast<std::size_t>(tierIndex(tier));
        if (maxUploadBytes[t])
            result.push_back(words ? "at most " + number(*maxUploadBytes[t]) +
                                         " bytes leaving the " + tierName(tier)
                                   : "--max-upload " + tierName(tier) + "=" +
                                         number(*maxUploadBytes[t]));
        if (maxTime[t]) {
            const std::string limit = number(maxTime[t]->value) + (maxTime[t]->percent ? "%"
                                                                   : words             ? " ms"
                                                                                       : "");
            result.push_back(words ? "the " + tierName(tier) + " computing at most " + limit
                                   : "--max-time " + tierName(tier) + "=" + limit);
        }
    }
    if (returnResult)
        result.push_back(words ? "the result returning to the device" : "--return-result");
    if (maxLatencyMs)
        result.push_back(words ? "a frame within " + number(*maxLatencyMs) + " ms"
                               : "--max-latency " + number(*maxLatencyMs));
    return result;
}

} // namespace cutlab::core
