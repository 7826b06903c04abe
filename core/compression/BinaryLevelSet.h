#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace cutlab::core {

// The 2^k values Σ_j ±α_j of multi-bit binary quantisation with k ≤ 4 bases. A sign pattern p
// has bit j set when basis j is +1 (B_j = +1) and clear when it is −1. The levels are also kept
// sorted, with the midpoints between neighbours, so that the nearest level of a value is found by
// a branch-free binary search (AccEPT: "sorting P and binary search").
class BinaryLevelSet {
  public:
    static constexpr int kMaxBits = 4;

    // α_1..α_k, 1 ≤ k ≤ 4 (any signs; equal levels are allowed).
    explicit BinaryLevelSet(std::span<const float> alpha);

    int bits() const { return m_bits; }
    int levelCount() const { return 1 << m_bits; }

    float levelOfPattern(unsigned pattern) const { return m_levelOfPattern[pattern]; }
    float levelOfRank(unsigned rank) const { return m_levelOfRank[rank]; }
    unsigned patternOfRank(unsigned rank) const { return m_patternOfRank[rank]; }
    // Between the levels of ranks r and r + 1 (r < 2^k − 1).
    float midpoint(int rank) const { return m_midpoints[rank]; }

    // The rank (0 = lowest) of the level nearest to x; a tie goes to the lower level. K steps,
    // each adding step·(x > midpoint) without a branch (random data would mispredict one).
    template <int K> unsigned nearestRank(float x) const {
        unsigned rank = 0;
        for (unsigned step = 1u << (K - 1); step > 0; step >>= 1)
            rank += static_cast<unsigned>(x > m_midpoints[rank + step - 1]) * step;
        return rank;
    }

  private:
    int m_bits;
    std::array<float, 16> m_levelOfPattern{};
    std::array<float, 16> m_levelOfRank{};
    std::array<std::uint8_t, 16> m_patternOfRank{};
    std::array<float, 16> m_midpoints{}; // between ranks r and r + 1; +∞ after the last
};

} // namespace cutlab::core
