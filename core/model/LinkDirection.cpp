#include "core/model/LinkDirection.h"

#include <utility>
#include <vector>

namespace cutlab::core {

std::optional<LinkDirection> linkDirectionOf(const Network& network, const std::string& from,
                                             const std::string& to) {
    for (std::size_t i = 0; i < network.links.size(); ++i)
        if (network.links[i].from == from && network.links[i].to == to)
            return LinkDirection{i, false};
    for (std::size_t i = 0; i < network.links.size(); ++i)
        if (network.links[i].from == to && network.links[i].to == from)
            return LinkDirection{i, true};
    return std::nullopt;
}

std::optional<LinkDirection> linkDirectionBetween(const Network& network, const Profile& profile,
                                                  int from, int to) {
    const Machine& a = profile.machines[static_cast<std::size_t>(from)];
    const Machine& b = profile.machines[static_cast<std::size_t>(to)];
    const std::string ta = tierName(a.tier), tb = tierName(b.tier);
    const std::vector<std::pair<std::string, std::string>> levels = {
        {a.id, b.id}, {a.id, tb}, {ta, b.id}, {ta, tb}};
    for (const auto& [first, second] : levels)
        if (auto direction = linkDirectionOf(network, first, second))
            return direction;
    return std::nullopt;
}

} // namespace cutlab::core
