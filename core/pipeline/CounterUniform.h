#pragma once

#include <cstdint>

namespace cutlab::core {

// Reproducible uniform numbers in [0, 1) for stochastic rounding, by counter: the i-th value of
// seed s is the i-th output of SplitMix64 started at mix(s), so any value can be computed alone
// (no sequential state) and the same seed always gives the same stream.
class CounterUniform {
  public:
    explicit CounterUniform(std::uint64_t seed) : m_key(mix(seed)) {}

    // 24 random bits scaled to [0, 1): exactly representable as float.
    float at(std::uint64_t index) const {
        return static_cast<float>(mix(m_key + index * kGolden) >> 40) * 0x1p-24f;
    }

  private:
    static constexpr std::uint64_t kGolden = 0x9e3779b97f4a7c15ull;
    static std::uint64_t mix(std::uint64_t z) {
        z += kGolden;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    std::uint64_t m_key;
};

} // namespace cutlab::core
