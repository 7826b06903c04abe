#include "core/predictor/ModelTimes.h"

#include <algorithm>

namespace cutlab::core {

int ModelTimes::machineIndex(const std::string& id) const {
    for (std::size_t m = 0; m < machines.size(); ++m)
        if (machines[m].id == id)
            return static_cast<int>(m);
    return -1;
}

const MachineTimes& ModelTimes::machine(const std::string& id) const {
    const int index = machineIndex(id);
    if (index < 0)
        throw std::invalid_argument("no machine '" + id + "'");
    return machines[static_cast<std::size_t>(index)];
}

ModelTimes modelTimesOf(const Profile& profile) {
    ModelTimes times;
    times.modelName = profile.model.name;
    const bool allFlops = std::all_of(profile.layers.begin(), profile.layers.end(),
                                      [](const Layer& layer) { return layer.flops > 0; });
    for (const Layer& layer : profile.layers) {
        times.layerIds.push_back(layer.id);
        if (allFlops)
            times.flops.push_back(layer.flops);
    }
    for (std::size_t m = 0; m < profile.machines.size(); ++m) {
        MachineTimes machine{profile.machines[m].id, {}};
        for (std::size_t l = 0; l < profile.layers.size(); ++l)
            machine.layerMs.push_back(
                profile.forwardPerSample(static_cast<int>(l), static_cast<int>(m)));
        times.machines.push_back(std::move(machine));
    }
    return times;
}

void appendMachines(ModelTimes& times, const ModelTimes& more) {
    if (more.layerIds.size() != times.layerIds.size())
        throw ModelTimesError("has " + std::to_string(more.layerIds.size()) +
                              " layers where the first profile has " +
                              std::to_string(times.layerIds.size()));
    for (std::size_t l = 0; l < times.layerIds.size(); ++l)
        if (more.layerIds[l] != times.layerIds[l])
            throw ModelTimesError("layer " + std::to_string(l) + " is '" + more.layerIds[l] +
                                  "' where the first profile has '" + times.layerIds[l] + "'");
    for (const MachineTimes& machine : more.machines) {
        if (times.machineIndex(machine.id) >= 0)
            throw ModelTimesError("machine '" + machine.id + "' is in an earlier profile too");
        times.machines.push_back(machine);
    }
    if (more.flops.empty())
        times.flops.clear();
}

} // namespace cutlab::core
