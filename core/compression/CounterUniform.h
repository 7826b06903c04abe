#pragma once

#include <cstdint>

namespace cutlab::core {

// Reproducible uniform numbers in [0, 1) for stochastic rounding, by counter: values 2m and
// 2m + 1 of seed s are the high and low 24-bit halves of output m of SplitMix64 started at
// mix(s), so any value can be computed alone (no sequential state), a pair costs one hash, and
// the same seed always gives the same stream. Each value is a multiple of 2^−24.
class CounterUniform {
  public:
    explicit CounterUniform(std::uint64_t seed) : m_key(mix(seed)) {}

    float at(std::uint64_t index) const {
        const std::uint64_t bits = mix(m_key + (index >> 1) * kGolden);
        return toUnit(index & 1 ? bits >> 8 : bits >> 40);
    }
    // Values 2m and 2m + 1.
    void pairAt(std::uint64_t pair, float& even, float& odd) const {
        const std::uint64_t bits = mix(m_key + pair * kGolden);
        even = toUnit(bits >> 40);
        odd = toUnit(bits >> 8);
    }

  private:
    static constexpr std::uint64_t kGolden = 0x9e3779b97f4a7c15ull;
    static float toUnit(std::uint64_t bits) {
        return static_cast<float>(static_cast<std::uint32_t>(bits) & 0xFFFFFFu) * 0x1p-24f;
    }
    static std::uint64_t mix(std::uint64_t z) {
        z += kGolden;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    std::uint64_t m_key;
};

} // namespace cutlab::core
