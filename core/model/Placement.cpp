#include "core/model/Placement.h"

#include "core/model/Evaluation.h"

namespace cutlab::core {

TierPlacement nativePlacement(Tier tier, const std::array<int, 3>& machines, int layerCount) {
    TierPlacement placement;
    placement.machine = {machines[0], -1, -1};
    const int t = tierIndex(tier);
    placement.machine[static_cast<std::size_t>(t)] = machines[static_cast<std::size_t>(t)];
    placement.deviceEnd = tier == Tier::Device ? layerCount : 0;
    placement.edgeEnd = tier == Tier::Cloud ? 0 : layerCount;
    return placement;
}

std::optional<TierPlacement> monotonePlacement(const Evaluation& evaluation) {
    TierPlacement placement;
    placement.machine[0] = evaluation.origin;
    int lastTier = -1;
    int position = 0;
    bool hasEdge = false;
    for (const StageCost& stage : evaluation.stages) {
        const int t = tierIndex(stage.tier);
        if (t <= lastTier || stage.begin != position)
            return std::nullopt;
        if (t == 0 && evaluation.origin >= 0 && stage.machine != evaluation.origin)
            return std::nullopt;
        placement.machine[static_cast<std::size_t>(t)] = stage.machine;
        if (t == 0)
            placement.deviceEnd = stage.end;
        if (t == 1) {
            placement.edgeEnd = stage.end;
            hasEdge = true;
        }
        lastTier = t;
        position = stage.end;
    }
    if (!hasEdge)
        placement.edgeEnd = placement.deviceEnd;
    return placement;
}

} // namespace cutlab::core
