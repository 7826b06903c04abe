#include "core/pipeline/AcceptBackwardEncoder.h"

#include "core/pipeline/AcceptStreamLayout.h"
#include "core/pipeline/CodecError.h"
#include "core/pipeline/CounterUniform.h"
#include "core/pipeline/NonFiniteRefusal.h"
#include "core/pipeline/StreamFloat.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace cutlab::core {
namespace {

// floor(y + u) clamped to the signed range [−(top + 1), top] of the width (top = 2^(k−1) − 1).
template <int Top> inline int roundStochastically(float y, float u) {
    const float q = std::floor(y + u);
    return static_cast<int>(std::clamp(q, static_cast<float>(-Top - 1), static_cast<float>(Top)));
}

// g/s computed as (g·lift)·factor: lift is 1, or 2^100 when the largest |g| is so small that
// top/max|g| would overflow (multiplying by a power of two is exact).
struct ScaleFactor {
    float lift = 1;
    float factor = 0;
    float of(float g) const { return g * lift * factor; }
};

// k = 8: one signed byte per value, in the tensor's own (row-major) order.
void quantiseTo8(const float* g, std::size_t count, ScaleFactor scale,
                 const CounterUniform& uniform, std::uint8_t* out) {
    for (std::size_t i = 0; i < count; ++i)
        out[i] = static_cast<std::uint8_t>(
            static_cast<std::int8_t>(roundStochastically<127>(scale.of(g[i]), uniform.at(i))));
}

// k = 4: q + 8 in a nibble; samples 2r (high nibble) and 2r + 1 (low nibble) of element e share
// byte r·E + e. An odd last sample leaves its low nibble zero.
void quantiseTo4(const float* g, long long n, long long E, ScaleFactor scale,
                 const CounterUniform& uniform, std::uint8_t* out) {
    for (long long r = 0; 2 * r < n; ++r) {
        const long long top = 2 * r * E;
        std::uint8_t* bytes = out + r * E;
        if (2 * r + 1 < n) {
            const long long bottom = top + E;
            for (long long e = 0; e < E; ++e) {
                const int high = roundStochastically<7>(
                    scale.of(g[top + e]), uniform.at(static_cast<std::uint64_t>(top + e)));
                const int low = roundStochastically<7>(
                    scale.of(g[bottom + e]), uniform.at(static_cast<std::uint64_t>(bottom + e)));
                bytes[e] = static_cast<std::uint8_t>((high + 8) << 4 | (low + 8));
            }
        } else {
            for (long long e = 0; e < E; ++e) {
                const int high = roundStochastically<7>(
                    scale.of(g[top + e]), uniform.at(static_cast<std::uint64_t>(top + e)));
                bytes[e] = static_cast<std::uint8_t>((high + 8) << 4);
            }
        }
    }
}

} // namespace

AcceptBackwardEncoder::AcceptBackwardEncoder(int bits) : m_bits(bits) {
    AcceptStreamLayout::checkBackwardBits(bits);
}

std::vector<std::uint8_t> AcceptBackwardEncoder::encode(std::span<const float> g, long long samples,
                                                        long long elements,
                                                        std::uint64_t seed) const {
    AcceptStreamLayout::checkTensor(g.size(), samples, elements);
    std::vector<std::uint8_t> stream(
        AcceptStreamLayout::backward(m_bits, samples, elements).totalBytes());
    encodeInto(g, samples, elements, seed, stream);
    return stream;
}

void AcceptBackwardEncoder::encodeInto(std::span<const float> g, long long samples,
                                       long long elements, std::uint64_t seed,
                                       std::span<std::uint8_t> stream) const {
    AcceptStreamLayout::checkTensor(g.size(), samples, elements);
    const AcceptStreamLayout layout = AcceptStreamLayout::backward(m_bits, samples, elements);
    if (stream.size() != layout.totalBytes())
        throw CodecError("The backward stream buffer holds " + std::to_string(stream.size()) +
                         " bytes; " + std::to_string(m_bits) + "-bit gradients of " +
                         std::to_string(samples) + " × " + std::to_string(elements) + " take " +
                         std::to_string(layout.totalBytes()));
    float maxAbs = 0;
    bool finite = true;
    for (const float v : g) {
        finite &= std::isfinite(v);
        maxAbs = std::max(maxAbs, std::fabs(v));
    }
    if (!finite)
        refuseNonFinite(g, elements, "gradients");
    const float top = m_bits == 8 ? 127.0f : 7.0f;
    const float scale = maxAbs / top;
    // An all-zero tensor takes factor 0: every q is then 0, with no division.
    ScaleFactor factor;
    if (maxAbs > 0) {
        factor.lift = maxAbs < 0x1p-100f ? 0x1p100f : 1.0f;
        factor.factor = top / (maxAbs * factor.lift);
    }
    writeStreamFloat(stream.data(), scale);
    const CounterUniform uniform(seed);
    std::uint8_t* out = stream.data() + layout.payloadOffset();
    if (m_bits == 8)
        quantiseTo8(g.data(), g.size(), factor, uniform, out);
    else
        quantiseTo4(g.data(), samples, elements, factor, uniform, out);
}

} // namespace cutlab::core
