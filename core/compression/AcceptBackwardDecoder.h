#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace cutlab::core {

// AccEPT's backward codec, decoding side: ĝ = q·s for every value of an AcceptBackwardEncoder
// stream. The receiver knows k and the tensor's shape (the stream carries neither).
class AcceptBackwardDecoder {
  public:
    // Throws CodecError unless bits ∈ {8, 4}.
    explicit AcceptBackwardDecoder(int bits = 8);

    int bits() const { return m_bits; }

    // Throws CodecError when the stream is not exactly the layout's size (truncated or with
    // bytes left over) or its scale is negative or not finite.
    std::vector<float> decode(std::span<const std::uint8_t> stream, long long samples,
                              long long elements) const;
    void decodeInto(std::span<const std::uint8_t> stream, long long samples, long long elements,
                    std::span<float> g) const;

  private:
    int m_bits;
};

} // namespace cutlab::core
