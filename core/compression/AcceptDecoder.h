#pragma once

#include "core/compression/AcceptStreamLayout.h"

#include <cstdint>
#include <span>
#include <vector>

namespace cutlab::core {

// What both AccEPT decoders share: the direction and bit width k, the checks of a stream
// against its layout, and decoding into a fresh tensor. The receiver knows k and the tensor's
// shape (a stream carries neither).
class AcceptDecoder {
  public:
    enum class Direction { Forward, Backward };

    virtual ~AcceptDecoder() = default;

    int bits() const { return m_bits; }

    // Throws CodecError for an empty shape (before allocating), a stream that is not exactly
    // the layout's size (truncated or with bytes left over), or a non-finite header value.
    std::vector<float> decode(std::span<const std::uint8_t> stream, long long samples,
                              long long elements) const;
    // The same into `values`, which must hold samples × elements of them.
    virtual void decodeInto(std::span<const std::uint8_t> stream, long long samples,
                            long long elements, std::span<float> values) const = 0;

  protected:
    // Throws CodecError unless bits ∈ {2,3,4} (forward) or {8,4} (backward).
    AcceptDecoder(Direction direction, int bits);

    // The stream's layout, once `values` is known to hold samples × elements floats and the
    // stream to have exactly the layout's length.
    AcceptStreamLayout checkedLayout(std::span<const std::uint8_t> stream, long long samples,
                                     long long elements, std::size_t values) const;

    int m_bits;

  private:
    Direction m_direction;
};

} // namespace cutlab::core
