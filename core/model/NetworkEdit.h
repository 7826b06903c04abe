#pragma once

#include "core/model/Network.h"
#include "core/model/Profile.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cutlab::core {

// Reading and changing the links between two tiers of a network, for a given profile (whose
// machine ids may name link ends). The one place every face edits links: the link editor, the
// uplink sweep, `cutlab-cli sweep` and the strategy comparison.

using TierPair = std::pair<Tier, Tier>;

// The tier a link end names: a tier name or a machine id of the profile; nullopt otherwise.
std::optional<Tier> linkEndTier(const Profile& profile, const std::string& end);

// The link that transfers between tiers a and b actually use for the profile's first machine of
// each tier (machine-level links first), else the tier-level link; nullopt when there is none.
std::optional<Link> effectiveTierLink(const Network& network, const Profile& profile, Tier a,
                                      Tier b);

// Sets the bandwidth of every link between the two tiers (tier-level or machine-level, either
// direction), and its latency when one is given (else latencies are kept). When no link joins
// them, adds a tier-level link with that latency, or `newLinkLatencyMs` when none is given.
void setLinkBetween(Network& network, const Profile& profile, TierPair tiers, double bandwidthMbps,
                    std::optional<double> latencyMs = std::nullopt, double newLinkLatencyMs = 0.0);

// Sets only the bandwidth of the uplink (device-edge and device-cloud), keeping latencies; a
// missing uplink is added with the latency of the device's other uplink, or 0.
void setUplinkBandwidth(Network& network, const Profile& profile, double bandwidthMbps);

// "uplink" (device-edge and device-cloud), "backhaul" (edge-cloud), or a comma-separated list
// of TIER-TIER pairs ("edge-cloud,device-cloud"); throws PlanError with a sentence otherwise.
std::vector<TierPair> parseLinkSelection(const std::string& text);

} // namespace cutlab::core
