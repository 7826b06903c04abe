#pragma once

#include "core/inference/InferenceMemory.h"
#include "core/model/Evaluation.h"
#include "core/model/LinkDirection.h"
#include "core/model/ModelStructure.h"
#include "core/model/Network.h"
#include "core/model/Placement.h"
#include "core/model/Profile.h"

#include <optional>
#include <vector>

namespace cutlab::core {

// Everything an inference planner needs about one profile on one network, precomputed once:
// per-machine prefix sums of per-sample forward time and every machine-to-machine link, so
// that the compute of a layer range and the evaluation of a plan take constant time.
class InferenceCostModel {
  public:
    InferenceCostModel(const Profile& profile, const Network& network,
                       std::optional<double> inputBytesOverride = std::nullopt);

    const Profile& profile() const { return m_profile; }
    const Network& network() const { return m_network; }
    const ModelStructure& structure() const { return m_structure; }
    int layerCount() const { return static_cast<int>(m_profile.layers.size()); }
    double inputBytes() const { return m_inputBytes; }
    // Weights and live activations per machine, and the machines' capacities (§1.8).
    const InferenceMemory& memory() const { return m_memory; }
    void setMemoryCapacity(int machine, std::optional<double> bytes) {
        m_memory.setCapacity(machine, bytes);
    }

    // Forward ms of layers [begin, end) on a machine, one sample.
    double computeMs(int machine, int begin, int end) const {
        const auto& prefix = m_prefix[static_cast<std::size_t>(machine)];
        return prefix[static_cast<std::size_t>(end)] - prefix[static_cast<std::size_t>(begin)];
    }
    // Bytes that cross a cut before layer position `position` (0 = the model input).
    double cutBytes(int position) const {
        return position == 0 ? m_inputBytes
                             : m_profile.layers[static_cast<std::size_t>(position - 1)].outputBytes;
    }
    // The link between two machines, or nullptr when the network lacks it.
    const Link* link(int from, int to) const {
        const auto& entry = m_links[static_cast<std::size_t>(from) * m_profile.machines.size() +
                                    static_cast<std::size_t>(to)];
        return entry ? &*entry : nullptr;
    }
    // Throws PlanError naming both ends when the link is missing.
    const Link& requireLink(int from, int to) const;
    double transferMs(int from, int to, double bytes) const {
        return bytes <= 0 ? 0.0 : requireLink(from, to).transferMs(bytes);
    }
    // The ms the link is busy with the bytes, its latency left out (0 when unlimited).
    double busyMs(int from, int to, double bytes) const {
        return bytes <= 0 ? 0.0 : requireLink(from, to).busyMs(bytes);
    }
    // Which entry and direction of the network a transfer between two machines uses.
    std::optional<LinkDirection> direction(int from, int to) const {
        return m_directions[static_cast<std::size_t>(from) * m_profile.machines.size() +
                            static_cast<std::size_t>(to)];
    }
    // §1.9: the largest of the machines' summed compute and the directions' summed busy time.
    double streamPeriodMs(const Evaluation& evaluation) const;
    // §1.11: the origin's compute time × its compute watts plus each of its transfers' busy time
    // × its radio's power at the link's bandwidth, in mJ; none without the origin's power.
    std::optional<double> deviceEnergyMj(const Evaluation& evaluation) const;
    // The energy a device machine spends on `bytes` over a link (0 for a machine without power,
    // nothing sent, or an unlimited link); `sending` picks its uplink, else its downlink.
    double radioEnergyMj(int device, int from, int to, double bytes, bool sending) const;

    // Costs of running segments in order, starting with the input on `origin` (-1: the input is
    // already where the first segment runs). With returnResult the final output goes back to
    // the origin. Segments must start at valid cuts; empty ones are skipped.
    Evaluation evaluate(const std::vector<Segment>& segments, int origin,
                        bool returnResult = false) const;
    Evaluation evaluate(const TierPlacement& placement) const;

    // The placement for "last layer on device = x, last layer on edge = y" (-1 = tier unused),
    // checked against the valid cuts; throws PlanError with a sentence otherwise.
    TierPlacement placementFromCuts(int deviceLast, int edgeLast,
                                    std::array<int, 3> machines) const;

  private:
    const Profile& m_profile;
    const Network& m_network;
    ModelStructure m_structure;
    double m_inputBytes = 0;
    InferenceMemory m_memory;
    std::vector<std::vector<double>> m_prefix;
    std::vector<std::optional<Link>> m_links;
    std::vector<std::optional<LinkDirection>> m_directions;
};

} // namespace cutlab::core
