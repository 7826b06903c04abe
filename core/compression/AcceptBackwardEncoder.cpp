#include "core/compression/AcceptBackwardEncoder.h"

#include "core/compression/AcceptStreamLayout.h"
#include "core/compression/CodecError.h"
#include "core/compression/CounterUniform.h"
#include "core/compression/NonFiniteRefusal.h"
#include "core/compression/StreamFloat.h"

#include <algorithm>
#include <cmath>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#include <xmmintrin.h>
#endif

namespace cutlab::core {
namespace {

// g/s computed as (g·lift)·factor: lift is 1, or 2^100 when the largest |g| is so small that
// top/max|g| would overflow (multiplying by a power of two is exact).
struct ScaleFactor {
    float lift = 1;
    float factor = 0;
    float of(float g) const { return g * lift * factor; }
};

// floor(y + u) clamped to the signed range [−(Top + 1), Top]. |y| ≤ Top (to a rounding), so
// y + u + Top + 1 > 0 and truncation toward zero is the floor, without a call to floor().
template <int Top> inline std::int8_t roundStochastically(float y, float u) {
    const int q = static_cast<int>(y + u + static_cast<float>(Top + 1)) - (Top + 1);
    return static_cast<std::int8_t>(std::min(q, Top));
}

// q of the values with flat (row-major) indices first … first + count − 1, one hash per pair.
template <int Top>
void quantiseRun(const float* g, std::size_t count, std::uint64_t first, ScaleFactor scale,
                 const CounterUniform& uniform, std::int8_t* q) {
    std::size_t i = 0;
    if (count > 0 && (first & 1)) {
        q[0] = roundStochastically<Top>(scale.of(g[0]), uniform.at(first));
        i = 1;
    }
    for (; i + 1 < count; i += 2) {
        float even, odd;
        uniform.pairAt((first + i) >> 1, even, odd);
        q[i] = roundStochastically<Top>(scale.of(g[i]), even);
        q[i + 1] = roundStochastically<Top>(scale.of(g[i + 1]), odd);
    }
    if (i < count)
        q[i] = roundStochastically<Top>(scale.of(g[i]), uniform.at(first + i));
}

// max|g| into `largest`; false when a value is not finite. With SSE2 eight values at a time in
// two independent maxima (a scalar max waits on the previous one for every value).
bool largestMagnitude(std::span<const float> g, float& largest) {
    std::size_t i = 0;
    bool finite = true;
    float maxAbs = 0;
#if defined(__SSE2__)
    const __m128 absMask = _mm_castsi128_ps(_mm_set1_epi32(0x7FFFFFFF));
    __m128 first = _mm_setzero_ps(), second = _mm_setzero_ps();
    // x·0 is 0 for a finite x and NaN for ±inf and NaN: the product's lanes stay equal to
    // themselves only while every value is finite
    __m128 zeroes = _mm_setzero_ps();
    for (; i + 8 <= g.size(); i += 8) {
        const __m128 a = _mm_loadu_ps(g.data() + i);
        const __m128 b = _mm_loadu_ps(g.data() + i + 4);
        first = _mm_max_ps(first, _mm_and_ps(a, absMask));
        second = _mm_max_ps(second, _mm_and_ps(b, absMask));
        zeroes = _mm_add_ps(
            zeroes, _mm_add_ps(_mm_mul_ps(a, _mm_setzero_ps()), _mm_mul_ps(b, _mm_setzero_ps())));
    }
    finite = _mm_movemask_ps(_mm_cmpeq_ps(zeroes, zeroes)) == 0xF;
    alignas(16) float lanes[4];
    _mm_store_ps(lanes, _mm_max_ps(first, second));
    maxAbs = std::max(std::max(lanes[0], lanes[1]), std::max(lanes[2], lanes[3]));
#endif
    for (; i < g.size(); ++i) {
        finite &= std::isfinite(g[i]);
        maxAbs = std::max(maxAbs, std::fabs(g[i]));
    }
    largest = maxAbs;
    return finite;
}

// k = 4: q + 8 in a nibble; samples 2r (high nibble) and 2r + 1 (low nibble) of element e share
// byte r·E + e. An odd last sample leaves its low nibble zero. Rows go through in chunks.
void quantiseTo4(const float* g, long long n, long long E, ScaleFactor scale,
                 const CounterUniform& uniform, std::uint8_t* out) {
    constexpr long long kChunk = 2048;
    std::int8_t high[kChunk], low[kChunk];
    for (long long r = 0; 2 * r < n; ++r) {
        const bool pair = 2 * r + 1 < n;
        for (long long e0 = 0; e0 < E; e0 += kChunk) {
            const long long count = std::min(kChunk, E - e0);
            const long long top = 2 * r * E + e0;
            quantiseRun<7>(g + top, std::size_t(count), std::uint64_t(top), scale, uniform, high);
            if (pair)
                quantiseRun<7>(g + top + E, std::size_t(count), std::uint64_t(top + E), scale,
                               uniform, low);
            else
                std::fill(low, low + count, std::int8_t{-8}); // nibble 0
            std::uint8_t* bytes = out + r * E + e0;
            for (long long e = 0; e < count; ++e)
                bytes[e] = static_cast<std::uint8_t>((high[e] + 8) << 4 | (low[e] + 8));
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
    if (!largestMagnitude(g, maxAbs))
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
        quantiseRun<127>(g.data(), g.size(), 0, factor, uniform,
                         reinterpret_cast<std::int8_t*>(out)); // k = 8: the tensor's order
    else
        quantiseTo4(g.data(), samples, elements, factor, uniform, out);
}

} // namespace cutlab::core
