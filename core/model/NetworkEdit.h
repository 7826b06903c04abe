#pragma once

#include "core/model/Network.h"
#include "core/model/Profile.h"

#include <optional>
#include <string>

namespace cutlab::core {

// The tier a link end names: a tier name or a machine id of the profile; nullopt otherwise.
std::optional<Tier> linkEndTier(const Profile& profile, const std::string& end);

// The link that transfers between tiers a and b actually use for the profile's first machine of
// each tier (machine-level links first), else the tier-level link; nullopt when there is none.
std::optional<Link> effectiveTierLink(const Network& network, const Profile& profile, Tier a,
                                      Tier b);

// Sets every link between tiers a and b (tier-level and machine-level, both directions) to the
// given bandwidth and latency, adding the tier-level link when it is missing.
void setEffectiveTierLink(Network& network, const Profile& profile, Tier a, Tier b,
                          double bandwidthMbps, double latencyMs);

// Sets only the bandwidth of every link that leaves the device tier for the edge or the cloud
// (the uplink), keeping each link's latency. Adds tier-level uplinks that are missing, with the
// latency of the existing device link of the other kind or 0.
void setUplinkBandwidth(Network& network, const Profile& profile, double bandwidthMbps);

} // namespace cutlab::core
