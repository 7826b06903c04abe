#include "core/compression/AcceptBackwardDecoder.h"

#include "core/compression/AcceptStreamLayout.h"
#include "core/compression/CodecError.h"
#include "core/compression/StreamFloat.h"

#include <cmath>
#include <string>

namespace cutlab::core {

void AcceptBackwardDecoder::decodeInto(std::span<const std::uint8_t> stream, long long samples,
                                       long long elements, std::span<float> g) const {
    const AcceptStreamLayout layout = checkedLayout(stream, samples, elements, g.size());
    const float scale = readStreamFloat(stream.data());
    if (!std::isfinite(scale) || scale < 0)
        throw CodecError("The backward stream's scale is " + std::to_string(scale) +
                         "; it must be finite and not negative");
    const std::uint8_t* in = stream.data() + layout.payloadOffset();
    float* out = g.data();
    if (m_bits == 8) {
        for (std::size_t i = 0; i < g.size(); ++i)
            out[i] = static_cast<float>(static_cast<std::int8_t>(in[i])) * scale;
        return;
    }
    for (long long r = 0; 2 * r < samples; ++r) {
        const std::uint8_t* bytes = in + r * elements;
        float* top = out + 2 * r * elements;
        if (2 * r + 1 < samples) {
            float* bottom = top + elements;
            for (long long e = 0; e < elements; ++e) {
                top[e] = static_cast<float>((bytes[e] >> 4) - 8) * scale;
                bottom[e] = static_cast<float>((bytes[e] & 0xF) - 8) * scale;
            }
        } else {
            for (long long e = 0; e < elements; ++e)
                top[e] = static_cast<float>((bytes[e] >> 4) - 8) * scale;
        }
    }
}

} // namespace cutlab::core
