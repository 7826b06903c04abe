#include "core/model/LinkBandwidth.h"

#include "core/model/NetworkEdit.h"
#include "core/model/PlanError.h"

#include <sstream>

namespace cutlab::core {

std::vector<TierPair> parseLinkSelection(const std::string& text) {
    if (text == "uplink")
        return {{Tier::Device, Tier::Edge}, {Tier::Device, Tier::Cloud}};
    if (text == "backhaul")
        return {{Tier::Edge, Tier::Cloud}};
    std::vector<TierPair> pairs;
    std::stringstream list(text);
    for (std::string item; std::getline(list, item, ',');) {
        const auto dash = item.find('-');
        const auto a =
            dash == std::string::npos ? std::nullopt : tierFromName(item.substr(0, dash));
        const auto b =
            dash == std::string::npos ? std::nullopt : tierFromName(item.substr(dash + 1));
        if (!a || !b || *a == *b)
            throw PlanError(
                "'" + item +
                "' is not a link: use uplink, backhaul or TIER-TIER such as edge-cloud");
        pairs.emplace_back(*a, *b);
    }
    if (pairs.empty())
        throw PlanError("no link given: use uplink, backhaul or TIER-TIER such as edge-cloud");
    return pairs;
}

void setBandwidthBetween(Network& network, const Profile& profile, TierPair tiers,
                         double bandwidthMbps) {
    bool found = false;
    for (Link& link : network.links) {
        const auto from = linkEndTier(profile, link.from), to = linkEndTier(profile, link.to);
        if (!from || !to)
            continue;
        if ((*from == tiers.first && *to == tiers.second) ||
            (*from == tiers.second && *to == tiers.first)) {
            link.bandwidthMbps = bandwidthMbps;
            found = true;
        }
    }
    if (!found)
        network.links.push_back({tierName(tiers.first), tierName(tiers.second), bandwidthMbps, 0});
}

} // namespace cutlab::core
