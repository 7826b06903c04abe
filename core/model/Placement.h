#pragma once

#include "core/model/Tier.h"

#include <array>
#include <optional>
#include <vector>

namespace cutlab::core {

// Consecutive layers [begin, end) run on one machine.
struct Segment {
    int machine = -1;
    int begin = 0;
    int end = 0;
};

// A device → edge → cloud partition: one machine per tier (-1 = none) and the layer ranges
// device [0, deviceEnd), edge [deviceEnd, edgeEnd), cloud [edgeEnd, N). The device machine is
// where the input starts, even when it runs nothing.
struct TierPlacement {
    std::array<int, 3> machine{-1, -1, -1};
    int deviceEnd = 0;
    int edgeEnd = 0;

    bool operator==(const TierPlacement&) const = default;

    int layersOn(Tier tier, int layerCount) const {
        switch (tier) {
        case Tier::Device:
            return deviceEnd;
        case Tier::Edge:
            return edgeEnd - deviceEnd;
        case Tier::Cloud:
            return layerCount - edgeEnd;
        }
        return 0;
    }
    std::vector<Segment> segments(int layerCount) const {
        std::vector<Segment> result;
        const int ends[3] = {deviceEnd, edgeEnd, layerCount};
        int begin = 0;
        for (int t = 0; t < 3; ++t) {
            if (ends[t] > begin)
                result.push_back({machine[static_cast<std::size_t>(t)], begin, ends[t]});
            begin = ends[t] > begin ? ends[t] : begin;
        }
        return result;
    }
};

struct Evaluation;

// The placement that runs every layer on one tier's machine (input on the device machine).
TierPlacement nativePlacement(Tier tier, const std::array<int, 3>& machines, int layerCount);

// The device → edge → cloud placement an evaluation describes, when its stages run in that
// order on one machine per tier (nullopt otherwise: a JointDNN path that goes back, say).
std::optional<TierPlacement> monotonePlacement(const Evaluation& evaluation);

} // namespace cutlab::core
