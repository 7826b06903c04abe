#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace cutlab::core {

// AccEPT's backward codec, encoding side (docs/cost-models.md §2.4.1): stochastic uniform
// quantisation of float32 gradients to k ∈ {8, 4} bits. s = max|g| / (2^(k−1) − 1),
// q = floor(g/s + u) clamped to [−2^(k−1), 2^(k−1) − 1], u uniform in [0, 1) from a seeded
// counter RNG (CounterUniform: value i of the row-major tensor takes u_i), so the same seed
// gives the same stream and the decoded gradient is unbiased: E[q·s] = g.
class AcceptBackwardEncoder {
  public:
    // Throws CodecError unless bits ∈ {8, 4}.
    explicit AcceptBackwardEncoder(int bits = 8);

    int bits() const { return m_bits; }

    // `g` holds `samples` rows of `elements` float32 values. Throws CodecError for an empty or
    // mismatched tensor, a NaN or an infinity.
    std::vector<std::uint8_t> encode(std::span<const float> g, long long samples,
                                     long long elements, std::uint64_t seed) const;
    // The same into `stream`, which must be exactly the layout's size.
    void encodeInto(std::span<const float> g, long long samples, long long elements,
                    std::uint64_t seed, std::span<std::uint8_t> stream) const;

  private:
    int m_bits;
};

} // namespace cutlab::core
