#pragma once

#include "core/model/Network.h"
#include "core/model/Profile.h"

#include <string>
#include <utility>
#include <vector>

namespace cutlab::core {

using TierPair = std::pair<Tier, Tier>;

// "uplink" (device-edge and device-cloud), "backhaul" (edge-cloud), or a comma-separated list
// of TIER-TIER pairs ("edge-cloud,device-cloud"); throws PlanError with a sentence otherwise.
std::vector<TierPair> parseLinkSelection(const std::string& text);

// Sets the bandwidth of every link between the two tiers (tier-level or machine-level, either
// direction), keeping latencies; adds a tier-level link with no latency when there is none.
void setBandwidthBetween(Network& network, const Profile& profile, TierPair tiers,
                         double bandwidthMbps);

} // namespace cutlab::core
