#pragma once

#include "core/model/ModelStructure.h"
#include "core/model/Network.h"
#include "core/model/Profile.h"
#include "core/training/TrainingMemorySettings.h"

#include <array>
#include <optional>
#include <utility>
#include <vector>

namespace cutlab::core {

// What the training planners need about one profile on one network with one machine per tier
// (docs/cost-models.md §2): per-sample forward/backward and per-iteration update prefix sums, the
// parameter bytes, the valid cut positions and the links. Throws PlanError for a profile
// without backward times or update times, or without a device machine.
class TrainingCostModel {
  public:
    TrainingCostModel(const Profile& profile, const Network& network,
                      std::array<int, 3> machineOfTier);

    const Profile& profile() const { return m_profile; }
    const Network& network() const { return m_network; }
    int layerCount() const { return static_cast<int>(m_profile.layers.size()); }
    const std::array<int, 3>& machineOfTier() const { return m_machineOfTier; }
    int deviceMachine() const { return m_machineOfTier[0]; }
    // Cut positions 0 (nothing), k+1 for every valid cut after k, and N (everything).
    const std::vector<int>& cutPositions() const { return m_cutPositions; }
    const ModelStructure& structure() const { return m_structure; }

    // Per-sample ms of layers [begin, end) on a machine.
    double forwardMs(int machine, int begin, int end) const {
        return range(m_forward, machine, begin, end);
    }
    double backwardMs(int machine, int begin, int end) const {
        return range(m_backward, machine, begin, end);
    }
    // Per-iteration update ms of layers [begin, end).
    double updateMs(int machine, int begin, int end) const {
        return range(m_update, machine, begin, end);
    }
    double paramBytes(int begin, int end) const {
        return m_params[static_cast<std::size_t>(end)] - m_params[static_cast<std::size_t>(begin)];
    }
    // Σ output_bytes of layers [begin, end) for one sample (the activations kept for backward).
    double outputBytes(int begin, int end) const {
        return m_outputs[static_cast<std::size_t>(end)] -
               m_outputs[static_cast<std::size_t>(begin)];
    }
    // The optimizer and the machines' capacities the planners respect: by default SGD and each
    // machine's memory_bytes (none when it has no memory_bytes).
    const TrainingMemorySettings& memory() const { return m_memory; }
    void setMemory(TrainingMemorySettings memory) { m_memory = std::move(memory); }
    // Bytes per sample that cross the cut at `position` (0 = the model input).
    double cutBytes(int position) const {
        return position == 0 ? m_profile.model.inputBytes
                             : m_profile.layers[static_cast<std::size_t>(position - 1)].outputBytes;
    }
    // The link between two machines; throws PlanError naming both ends when it is missing.
    const Link& link(int from, int to) const;
    double transferMs(int from, int to, double bytes) const {
        return bytes <= 0 ? 0.0 : link(from, to).transferMs(bytes);
    }

  private:
    static double range(const std::vector<std::vector<double>>& prefix, int machine, int begin,
                        int end) {
        const auto& p = prefix[static_cast<std::size_t>(machine)];
        return p[static_cast<std::size_t>(end)] - p[static_cast<std::size_t>(begin)];
    }

    const Profile& m_profile;
    const Network& m_network;
    std::array<int, 3> m_machineOfTier;
    ModelStructure m_structure;
    std::vector<int> m_cutPositions;
    std::vector<std::vector<double>> m_forward, m_backward, m_update;
    std::vector<double> m_params, m_outputs;
    TrainingMemorySettings m_memory;
    std::vector<std::optional<Link>> m_links;
};

// The machine of each tier for training: the first listed, or the first allowed (-1 = none).
std::array<int, 3> trainingMachines(const Profile& profile, const std::vector<bool>& allowed = {});

} // namespace cutlab::core
