#include "core/model/NetworkEdit.h"

#include "core/model/PlanError.h"

#include <sstream>

namespace cutlab::core {
namespace {

bool joins(const Profile& profile, const Link& link, TierPair tiers) {
    const auto from = linkEndTier(profile, link.from);
    const auto to = linkEndTier(profile, link.to);
    if (!from || !to)
        return false;
    return (*from == tiers.first && *to == tiers.second) ||
           (*from == tiers.second && *to == tiers.first);
}

} // namespace

std::optional<Tier> linkEndTier(const Profile& profile, const std::string& end) {
    if (auto tier = tierFromName(end))
        return tier;
    const int machine = profile.machineIndex(end);
    if (machine >= 0)
        return profile.machines[static_cast<std::size_t>(machine)].tier;
    return std::nullopt;
}

std::optional<Link> effectiveTierLink(const Network& network, const Profile& profile, Tier a,
                                      Tier b) {
    const auto first = [&](Tier tier) {
        const auto machines = profile.machinesOfTier(tier);
        return machines.empty() ? -1 : machines.front();
    };
    const int ma = first(a), mb = first(b);
    if (ma >= 0 && mb >= 0 && ma != mb)
        return network.linkBetween(profile, ma, mb);
    return network.linkBetweenTiers(a, b);
}

void setLinkBetween(Network& network, const Profile& profile, TierPair tiers, double bandwidthMbps,
                    std::optional<double> latencyMs, double newLinkLatencyMs) {
    bool found = false;
    for (Link& link : network.links)
        if (joins(profile, link, tiers)) {
            link.bandwidthMbps = bandwidthMbps;
            if (latencyMs)
                link.latencyMs = *latencyMs;
            found = true;
        }
    if (!found)
        network.links.push_back({tierName(tiers.first), tierName(tiers.second), bandwidthMbps,
                                 latencyMs.value_or(newLinkLatencyMs)});
}

void setUplinkBandwidth(Network& network, const Profile& profile, double bandwidthMbps) {
    for (Tier other : {Tier::Edge, Tier::Cloud}) {
        const auto sibling = effectiveTierLink(network, profile, Tier::Device,
                                               other == Tier::Edge ? Tier::Cloud : Tier::Edge);
        setLinkBetween(network, profile, {Tier::Device, other}, bandwidthMbps, std::nullopt,
                       sibling ? sibling->latencyMs : 0.0);
    }
}

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

} // namespace cutlab::core
