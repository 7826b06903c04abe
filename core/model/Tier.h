#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace cutlab::core {

// The three places a layer can run, in the order an inference request flows through them.
enum class Tier { Device = 0, Edge = 1, Cloud = 2 };

inline constexpr std::array<Tier, 3> kTiers = {Tier::Device, Tier::Edge, Tier::Cloud};

inline std::string tierName(Tier tier) {
    switch (tier) {
    case Tier::Device:
        return "device";
    case Tier::Edge:
        return "edge";
    case Tier::Cloud:
        return "cloud";
    }
    return "?";
}

// "Device": the name at the start of a title or a legend entry.
inline std::string tierTitle(Tier tier) {
    std::string title = tierName(tier);
    title[0] = static_cast<char>(title[0] - 'a' + 'A');
    return title;
}

inline std::optional<Tier> tierFromName(std::string_view name) {
    if (name == "device")
        return Tier::Device;
    if (name == "edge")
        return Tier::Edge;
    if (name == "cloud")
        return Tier::Cloud;
    return std::nullopt;
}

inline int tierIndex(Tier tier) {
    return static_cast<int>(tier);
}

} // namespace cutlab::core
