#include "core/model/Network.h"

namespace cutlab::core {
namespace {

const Link* findExact(const std::vector<Link>& links, const std::string& from,
                      const std::string& to) {
    for (const Link& link : links)
        if (link.from == from && link.to == to)
            return &link;
    return nullptr;
}

// Looks the pair up one level at a time: exact direction first, then the reverse.
std::optional<Link> lookup(const std::vector<Link>& links,
                           const std::vector<std::pair<std::string, std::string>>& levels) {
    for (const auto& [from, to] : levels) {
        if (const Link* link = findExact(links, from, to))
            return *link;
        if (const Link* reverse = findExact(links, to, from)) {
            Link flipped = *reverse;
            std::swap(flipped.from, flipped.to);
            return flipped;
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<Link> Network::linkBetween(const Profile& profile, int from, int to) const {
    const Machine& a = profile.machines[static_cast<std::size_t>(from)];
    const Machine& b = profile.machines[static_cast<std::size_t>(to)];
    if (from == to) {
        if (const Link* same = findExact(links, "same", "same"))
            return *same;
        return Link{a.id, b.id, kUnlimitedBandwidth, 0};
    }
    const std::string ta = tierName(a.tier), tb = tierName(b.tier);
    return lookup(links, {{a.id, b.id}, {a.id, tb}, {ta, b.id}, {ta, tb}});
}

std::optional<Link> Network::linkBetweenTiers(Tier from, Tier to) const {
    return lookup(links, {{tierName(from), tierName(to)}});
}

std::vector<std::string> networkPresetNames() {
    return {"3g", "4g", "fibre", "ideal"};
}

std::optional<Network> networkPreset(const std::string& name) {
    // Scission's published figures: device uplink, plus a 50 Mbps / 25 ms edge-cloud backhaul.
    auto make = [&](double uplinkMbps, double uplinkMs) {
        Network network;
        network.name = name;
        const std::string device = tierName(Tier::Device), edge = tierName(Tier::Edge),
                          cloud = tierName(Tier::Cloud);
        network.links = {{device, edge, uplinkMbps, uplinkMs},
                         {device, cloud, uplinkMbps, uplinkMs},
                         {edge, cloud, 50, 25}};
        return network;
    };
    if (name == "3g")
        return make(1.6, 67);
    if (name == "4g")
        return make(12.4, 55);
    if (name == "fibre")
        return make(20, 20);
    if (name == "ideal") {
        Network network;
        network.name = "ideal";
        for (Tier from : kTiers)
            for (Tier to : kTiers)
                network.links.push_back({tierName(from), tierName(to), kUnlimitedBandwidth, 0});
        network.links.push_back({"same", "same", kUnlimitedBandwidth, 0});
        return network;
    }
    return std::nullopt;
}

} // namespace cutlab::core
