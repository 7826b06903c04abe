#pragma once

#include "core/model/Network.h"
#include "core/model/Profile.h"

#include <cstddef>
#include <optional>

namespace cutlab::core {

// One direction of one entry of Network::links: forward is the entry's from → to.
struct LinkDirection {
    std::size_t link = 0;
    bool reverse = false;

    bool operator==(const LinkDirection&) const = default;
};

// The entry and direction a transfer from machine `from` to machine `to` (two different
// machines) uses, in Network::linkBetween's order: machine-level before tier-level, the given
// direction before the reverse. Nullopt when the network has no such link.
std::optional<LinkDirection> linkDirectionBetween(const Network& network, const Profile& profile,
                                                  int from, int to);

// The direction FROM → TO of the entry joining the link ends `from` and `to` as written in the
// network (tier names, machine ids or "same"); nullopt when no entry joins them.
std::optional<LinkDirection> linkDirectionOf(const Network& network, const std::string& from,
                                             const std::string& to);

} // namespace cutlab::core
