#pragma once

#include "core/model/Profile.h"

#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace cutlab::core {

inline constexpr double kUnlimitedBandwidth = std::numeric_limits<double>::infinity();

// One network link. `from`/`to` name a tier ("device"), a machine id, or "same" (between two
// copies of one machine). Symmetric unless the reverse direction is also given.
struct Link {
    std::string from;
    std::string to;
    double bandwidthMbps = kUnlimitedBandwidth;
    double latencyMs = 0;

    bool operator==(const Link&) const = default;

    // latency + bytes·8 / (Mbps·1000) ms; nothing sent costs nothing.
    double transferMs(double bytes) const {
        if (bytes <= 0)
            return 0;
        if (bandwidthMbps == kUnlimitedBandwidth)
            return latencyMs;
        return latencyMs + bytes * 8.0 / (bandwidthMbps * 1000.0);
    }
    // bytes·8 / (Mbps·1000) ms: how long the link is busy, its latency (in flight) left out.
    double busyMs(double bytes) const {
        if (bytes <= 0 || bandwidthMbps == kUnlimitedBandwidth)
            return 0;
        return bytes * 8.0 / (bandwidthMbps * 1000.0);
    }
};

struct Network {
    std::string name;
    std::vector<Link> links;

    bool operator==(const Network&) const = default;

    // The link a transfer from machine `from` to machine `to` uses: machine-level before
    // tier-level, the given direction before the reverse. Nullopt when the network has none.
    std::optional<Link> linkBetween(const Profile& profile, int from, int to) const;
    // Like linkBetween but for tiers only (used by presets and displays).
    std::optional<Link> linkBetweenTiers(Tier from, Tier to) const;
    // Sets (or adds) the tier-level link from-to, in both directions.
};

// "3g", "4g", "fibre", "ideal"; nullopt for any other name.
std::optional<Network> networkPreset(const std::string& name);
std::vector<std::string> networkPresetNames();

} // namespace cutlab::core
