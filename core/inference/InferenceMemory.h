#pragma once

#include "core/model/Evaluation.h"
#include "core/model/ModelStructure.h"
#include "core/model/Profile.h"

#include <optional>
#include <vector>

namespace cutlab::core {

// What one machine holds while it runs its part of one frame (docs/cost-models.md §1.8).
struct MachineMemory {
    int machine = -1;
    double weightsBytes = 0;    // param_bytes of every layer it runs
    double activationBytes = 0; // the largest live activation at any of its layers
    double bytes() const { return weightsBytes + activationBytes; }
};

// The memory of inference placements, per sample: a machine holds the weights of the layers it
// runs and, at each of its layers, every tensor produced before it and read at or after it plus
// the layer's own output (live bytes); its activation memory is the largest live bytes at any of
// its layers, and at least every tensor it receives (the input on the origin). Liveness does not
// depend on the placement because only one tensor crosses a valid cut. Linear set-up; ranges of
// blocks are checked in constant time.
class InferenceMemory {
  public:
    InferenceMemory(const Profile& profile, const ModelStructure& structure, double inputBytes);

    // Every machine that runs a layer or holds the input, in machine order.
    std::vector<MachineMemory> of(const Evaluation& evaluation) const;
    // Blocks [begin, end) on one machine that also holds `receivedBytes`.
    double blocksBytes(int begin, int end, double receivedBytes) const;
    double blockWeights(int block) const;
    double blockLive(int block) const { return m_blockLive[static_cast<std::size_t>(block)]; }

    std::optional<double> capacity(int machine) const {
        return m_capacity[static_cast<std::size_t>(machine)];
    }
    void setCapacity(int machine, std::optional<double> bytes);
    bool hasCapacities() const { return m_anyCapacity; }
    bool fits(int machine, double bytes) const {
        const auto& limit = m_capacity[static_cast<std::size_t>(machine)];
        return !limit || bytes <= *limit;
    }
    // The machine (when >= 0) running blocks [begin, end) and receiving `receivedBytes` fits.
    bool blocksFit(int machine, int begin, int end, double receivedBytes) const {
        return machine < 0 || !m_capacity[static_cast<std::size_t>(machine)] ||
               fits(machine, blocksBytes(begin, end, receivedBytes));
    }

  private:
    void buildRangeTable();
    double liveMax(int begin, int end) const;

    std::vector<Block> m_blocks;
    double m_inputBytes = 0;
    std::vector<double> m_layerLive;
    std::vector<double> m_weightsPrefix; // over layers
    std::vector<double> m_blockLive;
    std::vector<std::vector<double>> m_sparse; // m_sparse[j][k] = max of blocks [k, k + 2^j)
    std::vector<std::optional<double>> m_capacity;
    bool m_anyCapacity = false; // some machine has a capacity (asked per candidate)
};

} // namespace cutlab::core
