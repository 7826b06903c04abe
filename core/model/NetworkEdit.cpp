#include "core/model/NetworkEdit.h"

namespace cutlab::core {
namespace {

bool joins(const Profile& profile, const Link& link, Tier a, Tier b) {
    const auto from = linkEndTier(profile, link.from);
    const auto to = linkEndTier(profile, link.to);
    if (!from || !to)
        return false;
    return (*from == a && *to == b) || (*from == b && *to == a);
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

void setEffectiveTierLink(Network& network, const Profile& profile, Tier a, Tier b,
                          double bandwidthMbps, double latencyMs) {
    for (Link& link : network.links)
        if (joins(profile, link, a, b)) {
            link.bandwidthMbps = bandwidthMbps;
            link.latencyMs = latencyMs;
        }
    if (!network.linkBetweenTiers(a, b))
        network.links.push_back({tierName(a), tierName(b), bandwidthMbps, latencyMs});
}

void setUplinkBandwidth(Network& network, const Profile& profile, double bandwidthMbps) {
    for (Tier other : {Tier::Edge, Tier::Cloud}) {
        bool found = false;
        for (Link& link : network.links)
            if (joins(profile, link, Tier::Device, other)) {
                link.bandwidthMbps = bandwidthMbps;
                found = true;
            }
        if (!found) {
            const auto existing = effectiveTierLink(network, profile, Tier::Device,
                                                    other == Tier::Edge ? Tier::Cloud : Tier::Edge);
            network.links.push_back(
                {"device", tierName(other), bandwidthMbps, existing ? existing->latencyMs : 0.0});
        }
    }
}

} // namespace cutlab::core
