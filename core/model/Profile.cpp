#include "core/model/Profile.h"

namespace cutlab::core {

int Profile::machineIndex(const std::string& id) const {
    for (std::size_t i = 0; i < machines.size(); ++i)
        if (machines[i].id == id)
            return static_cast<int>(i);
    return -1;
}

int Profile::layerIndex(const std::string& id) const {
    for (std::size_t i = 0; i < layers.size(); ++i)
        if (layers[i].id == id)
            return static_cast<int>(i);
    return -1;
}

std::vector<int> Profile::machinesOfTier(Tier tier) const {
    std::vector<int> result;
    for (std::size_t i = 0; i < machines.size(); ++i)
        if (machines[i].tier == tier)
            result.push_back(static_cast<int>(i));
    return result;
}

} // namespace cutlab::core
