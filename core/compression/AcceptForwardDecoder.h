#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace cutlab::core {

// AccEPT's forward codec, decoding side: the stream of AcceptForwardEncoder back to float32,
// x̂ = Σ_j α_j·B_j − m. The receiver knows k and the tensor's shape (the stream carries neither).
class AcceptForwardDecoder {
  public:
    // Throws CodecError unless bits ∈ {2,3,4}.
    explicit AcceptForwardDecoder(int bits = 2);

    int bits() const { return m_bits; }

    // Throws CodecError when the stream is not exactly the layout's size (truncated or with
    // bytes left over) or carries a non-finite α or mean error.
    std::vector<float> decode(std::span<const std::uint8_t> stream, long long samples,
                              long long elements) const;
    // The same into `x`, which must hold samples × elements values.
    void decodeInto(std::span<const std::uint8_t> stream, long long samples, long long elements,
                    std::span<float> x) const;

  private:
    int m_bits;
};

} // namespace cutlab::core
