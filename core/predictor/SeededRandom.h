#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace cutlab::core {

// Random numbers that are the same on every platform for one seed: mt19937_64 is specified
// bit for bit, and the conversions below are written out (std's distributions are not).
class SeededRandom {
  public:
    explicit SeededRandom(std::uint64_t seed) : m_engine(seed) {}

    // Uniform in [0, 1).
    double uniform() { return static_cast<double>(m_engine() >> 11) * 0x1.0p-53; }
    double uniform(double low, double high) { return low + (high - low) * uniform(); }
    // Uniform in [0, n).
    std::size_t below(std::size_t n) { return static_cast<std::size_t>(m_engine() % n); }

    template <typename T> void shuffle(std::vector<T>& values) {
        for (std::size_t i = values.size(); i > 1; --i)
            std::swap(values[i - 1], values[below(i)]);
    }

  private:
    std::mt19937_64 m_engine;
};

} // namespace cutlab::core
