#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

namespace cutlab::core {

// The codec's streams hold float32 values (α, mean error, scale) as IEEE-754 little-endian.
static_assert(std::endian::native == std::endian::little,
              "the AccEPT stream is written byte for byte as little-endian float32");

inline void writeStreamFloat(std::uint8_t* at, float value) {
    std::memcpy(at, &value, sizeof value);
}

inline float readStreamFloat(const std::uint8_t* at) {
    float value;
    std::memcpy(&value, at, sizeof value);
    return value;
}

} // namespace cutlab::core
