#include "app/cli/TraceOption.h"

#include "app/cli/ArgumentCursor.h"
#include "app/cli/CliError.h"

#include "core/io/TraceFile.h"
#include "core/model/LinkDirection.h"

#include <memory>
#include <set>

namespace cutlab::cli {
namespace {

// Every name a link end may have: tiers, the profile's machine ids, and what the links write.
std::set<std::string> knownLinkEnds(const core::Network& network, const core::Profile& profile) {
    std::set<std::string> ends;
    for (core::Tier tier : core::kTiers)
        ends.insert(core::tierName(tier));
    for (const core::Machine& machine : profile.machines)
        ends.insert(machine.id);
    for (const core::Link& link : network.links) {
        ends.insert(link.from);
        ends.insert(link.to);
    }
    return ends;
}

std::pair<std::string, std::string> splitEnds(const std::string& ends,
                                              const std::set<std::string>& known) {
    std::vector<std::pair<std::string, std::string>> splits;
    for (std::size_t dash = ends.find('-'); dash != std::string::npos;
         dash = ends.find('-', dash + 1)) {
        std::string from = ends.substr(0, dash), to = ends.substr(dash + 1);
        if (known.count(from) && known.count(to))
            splits.emplace_back(std::move(from), std::move(to));
    }
    if (splits.size() == 1)
        return splits.front();
    if (splits.empty())
        throw CliError("--trace " + ends +
                       ": expected FROM-TO, two link ends (tiers or machine ids) joined by '-'");
    throw CliError("--trace " + ends + ": '" + ends + "' splits into link ends in " +
                   std::to_string(splits.size()) + " ways; name a link that is not ambiguous");
}

core::TracedDirection attach(const core::Network& network, const core::TraceAttachment& entry) {
    const auto direction = core::linkDirectionOf(network, entry.from, entry.to);
    if (!direction)
        throw CliError(entry.source + ": the network '" + network.name + "' has no link between " +
                       entry.from + " and " + entry.to);
    auto loaded = core::loadTraceFile(entry.path);
    if (!loaded.trace)
        throw CliError(entry.source + ": " + entry.path + ": " + loaded.error);
    return {*direction, std::make_shared<const core::NetworkTrace>(std::move(*loaded.trace)),
            entry.offsetMs};
}

} // namespace

TraceOptionText parseTraceOption(const std::string& value) {
    const auto equals = value.find('=');
    if (equals == std::string::npos || equals == 0 || equals + 1 == value.size())
        throw CliError("--trace '" + value + "': expected FROM-TO=FILE[@OFFSET_MS]");
    TraceOptionText option{value.substr(0, equals), value.substr(equals + 1), 0};
    const auto at = option.path.rfind('@');
    if (at != std::string::npos && at > 0) {
        option.offsetMs = parseNumber(option.path.substr(at + 1), "--trace " + value + " offset");
        if (option.offsetMs < 0)
            throw CliError("--trace " + value + ": the offset must be a number of ms >= 0");
        option.path.resize(at);
    }
    return option;
}

std::vector<core::TracedDirection>
resolveTraces(const core::Network& network, const core::Profile& profile,
              const std::vector<core::TraceAttachment>& fromNetworkFile,
              const std::vector<TraceOptionText>& fromCommandLine) {
    std::vector<core::TraceAttachment> entries = fromNetworkFile;
    const auto known = knownLinkEnds(network, profile);
    for (const TraceOptionText& option : fromCommandLine) {
        auto [from, to] = splitEnds(option.ends, known);
        entries.push_back({from, to, option.path, option.offsetMs, "--trace " + option.ends});
    }
    std::vector<core::TracedDirection> traced;
    for (const core::TraceAttachment& entry : entries) {
        core::TracedDirection direction = attach(network, entry);
        // A later attachment on the same direction (the command line's) replaces the earlier.
        std::erase_if(traced, [&](const core::TracedDirection& other) {
            return other.direction == direction.direction;
        });
        traced.push_back(std::move(direction));
    }
    return traced;
}

} // namespace cutlab::cli
