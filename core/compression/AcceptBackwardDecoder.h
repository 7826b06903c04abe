#pragma once

#include "core/compression/AcceptDecoder.h"

namespace cutlab::core {

// AccEPT's backward codec, decoding side: ĝ = q·s for every value of an AcceptBackwardEncoder
// stream. Refuses a stream whose scale is negative or not finite.
class AcceptBackwardDecoder : public AcceptDecoder {
  public:
    // Throws CodecError unless bits ∈ {8, 4}.
    explicit AcceptBackwardDecoder(int bits = 8) : AcceptDecoder(Direction::Backward, bits) {}

    void decodeInto(std::span<const std::uint8_t> stream, long long samples, long long elements,
                    std::span<float> g) const override;
};

} // namespace cutlab::core
