#pragma once

#include "core/inference/InferenceCostModel.h"
#include "core/inference/InferenceQuery.h"

#include <array>
#include <vector>

namespace cutlab::core {

// The constraints of an InferenceQuery, checked in constant time per candidate. Blocks are
// indexed as in ModelStructure; pins and forbids apply to the block that holds the layer.
class PlacementFilter {
  public:
    PlacementFilter(const InferenceCostModel& model, const InferenceQuery& query);

    bool blockAllowedOn(int block, Tier tier) const {
        return blocksNotAllowed(tier, block, block + 1) == 0;
    }
    // Device runs blocks [0, a), edge [a, b), cloud [b, m).
    bool rangesAllowed(int a, int b) const;
    // Upload bytes and compute ms per tier of a candidate with ranges [0,a), [a,b), [b,m).
    bool admits(int a, int b, const std::array<double, 3>& computeMs,
                const std::array<double, 3>& uploadBytes) const;
    bool hasLimits() const { return m_hasLimits; }

  private:
    int blocksNotAllowed(Tier tier, int from, int to) const {
        const auto& bad = m_notAllowedPrefix[static_cast<std::size_t>(tierIndex(tier))];
        return bad[static_cast<std::size_t>(to)] - bad[static_cast<std::size_t>(from)];
    }

    const InferenceQuery& m_query;
    int m_blocks = 0;
    bool m_hasLimits = false;
    std::array<std::vector<int>, 3> m_notAllowedPrefix;
};

} // namespace cutlab::core
