#pragma once

#include "core/model/Network.h"
#include "core/model/ProfileIssue.h"
#include "core/model/TraceAttachment.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cutlab::core {

struct NetworkLoadResult {
    std::optional<Network> network;
    std::vector<ProfileIssue> issues;
    // The links' "trace" and "trace_reverse" files (paths resolved by loadNetwork).
    std::vector<TraceAttachment> traces;
    bool ok() const { return network.has_value(); }
};

// A `cutlab-network` JSON document or a Scission network_stats.csv, detected from the content.
NetworkLoadResult parseNetwork(std::string_view text, const std::string& defaultName);
// A preset name (3g, 4g, fibre, ideal) or a file path.
NetworkLoadResult loadNetwork(const std::string& presetOrPath);
// The `cutlab-network` JSON of a network (unlimited bandwidth is written as null).
nlohmann::ordered_json networkToJson(const Network& network);
// Reads the "network" object embedded in a plan, or a whole network document.
NetworkLoadResult networkFromJson(const nlohmann::ordered_json& value, const std::string& pointer);

} // namespace cutlab::core
