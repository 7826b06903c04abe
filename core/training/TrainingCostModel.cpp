#include "core/training/TrainingCostModel.h"

#include "core/model/PlanError.h"
#include "core/model/TrainingTimes.h"

namespace cutlab::core {

std::array<int, 3> trainingMachines(const Profile& profile, const std::vector<bool>& allowed) {
    std::array<int, 3> result{-1, -1, -1};
    for (std::size_t m = 0; m < profile.machines.size(); ++m) {
        if (!allowed.empty() && !allowed[m])
            continue;
        auto& slot = result[static_cast<std::size_t>(tierIndex(profile.machines[m].tier))];
        if (slot < 0)
            slot = static_cast<int>(m);
    }
    return result;
}

TrainingCostModel::TrainingCostModel(const Profile& profile, const Network& network,
                                     std::array<int, 3> machineOfTier)
    : m_profile(profile), m_network(network), m_machineOfTier(machineOfTier),
      m_structure(analyseStructure(profile)) {
    TrainingTimes::requireBackwardAndUpdate(profile);
    if (machineOfTier[0] < 0)
        throw PlanError("training needs a device machine: the data starts there");
    for (const Machine& machine : profile.machines)
        m_memory.capacityBytes.push_back(machine.memoryBytes.value_or(0.0));
    const std::size_t machines = profile.machines.size(), layers = profile.layers.size();
    auto prefix = [&](auto value) {
        std::vector<std::vector<double>> result(machines, std::vector<double>(layers + 1, 0.0));
        for (std::size_t j = 0; j < machines; ++j)
            for (std::size_t i = 0; i < layers; ++i)
                result[j][i + 1] = result[j][i] + value(profile.layers[i], j);
        return result;
    };
    const double batch = profile.model.batch;
    m_forward = prefix([&](const Layer& l, std::size_t j) { return l.forwardMs[j] / batch; });
    m_backward = prefix([&](const Layer& l, std::size_t j) { return l.backwardMs[j] / batch; });
    m_update = prefix([&](const Layer& l, std::size_t j) { return l.updateMs[j]; });
    m_params.assign(layers + 1, 0.0);
    m_outputs.assign(layers + 1, 0.0);
    for (std::size_t i = 0; i < layers; ++i) {
        m_params[i + 1] = m_params[i] + profile.layers[i].paramBytes;
        m_outputs[i + 1] = m_outputs[i] + profile.layers[i].outputBytes;
    }
    m_cutPositions.push_back(0);
    for (int k : m_structure.cutAfter)
        m_cutPositions.push_back(k + 1);
    m_cutPositions.push_back(static_cast<int>(layers));
    m_links.resize(machines * machines);
    for (std::size_t a = 0; a < machines; ++a)
        for (std::size_t b = 0; b < machines; ++b)
            m_links[a * machines + b] =
                network.linkBetween(profile, static_cast<int>(a), static_cast<int>(b));
}

const Link& TrainingCostModel::link(int from, int to) const {
    const auto& entry = m_links[static_cast<std::size_t>(from) * m_profile.machines.size() +
                                static_cast<std::size_t>(to)];
    if (entry)
        return *entry;
    throw PlanError("the network '" + m_network.name + "' has no link between '" +
                    m_profile.machines[static_cast<std::size_t>(from)].id + "' and '" +
                    m_profile.machines[static_cast<std::size_t>(to)].id + "'");
}

} // namespace cutlab::core
