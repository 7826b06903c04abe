#pragma once

#include "core/compression/AcceptDecoder.h"

namespace cutlab::core {

// AccEPT's forward codec, decoding side: the stream of AcceptForwardEncoder back to float32,
// x̂ = Σ_j α_j·B_j − m. Refuses a stream carrying a non-finite α or mean error.
class AcceptForwardDecoder : public AcceptDecoder {
  public:
    // Throws CodecError unless bits ∈ {2,3,4}.
    explicit AcceptForwardDecoder(int bits = 2) : AcceptDecoder(Direction::Forward, bits) {}

    void decodeInto(std::span<const std::uint8_t> stream, long long samples, long long elements,
                    std::span<float> x) const override;
};

} // namespace cutlab::core
