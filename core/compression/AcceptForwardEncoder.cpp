#include "core/compression/AcceptForwardEncoder.h"

#include "core/compression/AcceptStreamLayout.h"
#include "core/compression/BinaryLevelSet.h"
#include "core/compression/CodecError.h"
#include "core/compression/NonFiniteRefusal.h"
#include "core/compression/StreamFloat.h"

#include <Eigen/Dense>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace cutlab::core {
namespace {

// A sign pattern (bit j set: B_j = +1) spread to one bit per byte: bit 8j. Shifted left by
// 7 − b it puts sample b of a group of eight at bit 7 − b of basis j's byte (first sample in the
// most significant bit, as in the paper's Fig. 6).
std::uint32_t spreadPattern(unsigned pattern) {
    std::uint32_t word = 0;
    for (int j = 0; j < BinaryLevelSet::kMaxBits; ++j)
        word |= static_cast<std::uint32_t>(pattern >> j & 1) << (8 * j);
    return word;
}

#if defined(__SSE2__)
// Stores the codes of four lanes; true when every value of x is finite (x·0 is 0 for a finite x
// and NaN for ±inf and NaN).
inline bool storeCodes4(__m128i lanes, __m128 x, unsigned* codes) {
    alignas(16) std::int32_t values[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(values), lanes);
    for (int l = 0; l < 4; ++l)
        codes[l] = static_cast<unsigned>(values[l]);
    const __m128 zero = _mm_mul_ps(x, _mm_setzero_ps());
    return _mm_movemask_ps(_mm_cmpeq_ps(zero, zero)) == 0xF;
}
#else
// The codes of v[0..3] one by one; false when one of them is not finite.
template <class Coder> bool scalarCodes4(const Coder& coder, const float* v, unsigned* codes) {
    bool finite = true;
    for (int l = 0; l < 4; ++l) {
        finite &= std::isfinite(v[l]);
        codes[l] = coder.code(v[l]);
    }
    return finite;
}
#endif

// The K low bytes of word, byte j (basis j) first.
template <int K> inline void storeBytes(std::uint8_t* out, std::uint32_t word) {
#pragma GCC unroll 4
    for (int j = 0; j < K; ++j)
        out[j] = static_cast<std::uint8_t>(word >> (8 * j));
}

// Per code (a rank or a pattern, below 16): how many values took it and their sum. Eight copies,
// one per sample of a group, so that consecutive updates do not wait on each other.
struct CodeStats {
    std::array<std::array<double, 16>, 8> sum{};
    std::array<std::array<long long, 16>, 8> count{};

    double sumOf(unsigned code) const {
        double total = 0;
        for (const auto& copy : sum)
            total += copy[code];
        return total;
    }
    long long countOf(unsigned code) const {
        long long total = 0;
        for (const auto& copy : count)
            total += copy[code];
        return total;
    }
};

// Nearest level of the previous batch's set; the code is the level's rank.
template <int K> struct NearestLevel {
    static constexpr int kMidpoints = (1 << K) - 1;
    const BinaryLevelSet& set;
    std::array<std::uint32_t, 16> spread{};
#if defined(__SSE2__)
    __m128 midpoint[kMidpoints];
#endif

    explicit NearestLevel(const BinaryLevelSet& levels) : set(levels) {
        for (int rank = 0; rank < set.levelCount(); ++rank)
            spread[rank] = spreadPattern(set.patternOfRank(rank));
#if defined(__SSE2__)
        for (int i = 0; i < kMidpoints; ++i)
            midpoint[i] = _mm_set1_ps(set.midpoint(i));
#endif
    }
    unsigned code(float v) const {
        return set.nearestRank<K>(v);
    }
    unsigned patternOf(unsigned code) const {
        return set.patternOfRank(code);
    }

    // The codes of v[0..3]; false when one of them is not finite. With SSE2 (every x86-64) the
    // rank is the count of midpoints below the value, four values at once: no dependent loads.
    bool codes4(const float* v, unsigned* codes) const {
#if defined(__SSE2__)
        const __m128 x = _mm_loadu_ps(v);
        __m128i rank = _mm_setzero_si128();
        for (int i = 0; i < kMidpoints; ++i)
            rank = _mm_sub_epi32(rank, _mm_castps_si128(_mm_cmpgt_ps(x, midpoint[i])));
        return storeCodes4(rank, x, codes);
#else
        return scalarCodes4(*this, v, codes);
#endif
    }
};

// Residue signs of the first batch: B_j = sign(r_j) (+1 for 0), r_{j+1} = r_j − α_j·B_j; the code
// is the pattern itself.
template <int K> struct ResidueSigns {
    // ±α_j indexed by (r ≥ 0): no branch on the sign of random data.
    std::array<std::array<float, 2>, K> step{};
    std::array<std::uint32_t, 16> spread{};
#if defined(__SSE2__)
    __m128 plusAlpha[K];
    __m128 minusAlpha[K];
#endif

    explicit ResidueSigns(const std::vector<float>& alpha) {
        for (std::size_t j = 0; j < alpha.size() && j < K; ++j)
            step[j] = {-alpha[j], alpha[j]};
        for (unsigned pattern = 0; pattern < 16; ++pattern)
            spread[pattern] = spreadPattern(pattern);
#if defined(__SSE2__)
        for (int j = 0; j < K; ++j) {
            plusAlpha[j] = _mm_set1_ps(step[j][1]);
            minusAlpha[j] = _mm_set1_ps(step[j][0]);
        }
#endif
    }
    unsigned code(float v) const {
        unsigned pattern = 0;
        float r = v;
        for (int j = 0; j < K; ++j) {
            const unsigned plus = r >= 0;
            pattern |= plus << j;
            r -= step[j][plus];
        }
        return pattern;
    }
    unsigned patternOf(unsigned code) const {
        return code;
    }

    // As NearestLevel::codes4: the K sign steps of four values at once with SSE2.
    bool codes4(const float* v, unsigned* codes) const {
#if defined(__SSE2__)
        const __m128 x = _mm_loadu_ps(v);
        __m128 r = x;
        __m128i pattern = _mm_setzero_si128();
        for (int j = 0; j < K; ++j) {
            const __m128 plus = _mm_cmpge_ps(r, _mm_setzero_ps());
            pattern = _mm_or_si128(pattern,
                                   _mm_and_si128(_mm_castps_si128(plus), _mm_set1_epi32(1 << j)));
            r = _mm_sub_ps(
                r, _mm_or_ps(_mm_and_ps(plus, plusAlpha[j]), _mm_andnot_ps(plus, minusAlpha[j])));
        }
        return storeCodes4(pattern, x, codes);
#else
        return scalarCodes4(*this, v, codes);
#endif
    }
};

// Packs the sign bits of every sample into `bits` (⌈n/8⌉·E·K bytes, group g of samples 8g..8g+7,
// element e, basis j at byte (g·E + e)·K + j) and gathers the per-code statistics. Returns false
// when a value is not finite.
template <int K, class Coder>
bool packSigns(const float* x, long long n, long long E, const Coder& coder, std::uint8_t* bits,
               CodeStats& stats) {
    bool finite = true;
    const long long groups = (n + 7) / 8;
    for (long long g = 0; g < groups; ++g) {
        const int rows = static_cast<int>(std::min<long long>(8, n - 8 * g));
        const float* row[8];
        for (int b = 0; b < 8; ++b)
            row[b] = x + (8 * g + std::min(b, rows - 1)) * E;
        std::uint8_t* out = bits + g * E * K;
        long long e = 0;
        if (rows == 8) {
            // four elements of each of the eight samples at a time
            for (; e + 4 <= E; e += 4) {
                unsigned codes[8][4];
#pragma GCC unroll 8
                for (int b = 0; b < 8; ++b)
                    finite &= coder.codes4(row[b] + e, codes[b]);
                for (int l = 0; l < 4; ++l) {
                    std::uint32_t word = 0;
#pragma GCC unroll 8
                    for (int b = 0; b < 8; ++b) {
                        const unsigned code = codes[b][l];
                        stats.sum[b][code] += row[b][e + l];
                        ++stats.count[b][code];
                        word |= coder.spread[code] << (7 - b);
                    }
                    storeBytes<K>(out + (e + l) * K, word);
                }
            }
        }
        {
            for (; e < E; ++e) {
                std::uint32_t word = 0;
                for (int b = 0; b < rows; ++b) {
                    const float v = row[b][e];
                    finite &= std::isfinite(v);
                    const unsigned code = coder.code(v);
                    stats.sum[b][code] += v;
                    ++stats.count[b][code];
                    word |= coder.spread[code] << (7 - b);
                }
                storeBytes<K>(out + e * K, word);
            }
        }
    }
    return finite;
}

// Σ|r_J| over x, where |r_0| = |x| and |r_j| = ||r_{j−1}| − α_j| (r − α·sign r = sign r·(|r| − α),
// exactly so in floating point): the residue's magnitude with no sign test. Summed in double;
// with SSE2 four values at a time into two pairs of double lanes.
template <int J> double residueMagnitudeSum(std::span<const float> x, const float* alpha) {
    std::size_t i = 0;
    double total = 0;
#if defined(__SSE2__)
    const __m128 absMask = _mm_castsi128_ps(_mm_set1_epi32(0x7FFFFFFF));
    __m128 step[J > 0 ? J : 1];
    for (int l = 0; l < J; ++l)
        step[l] = _mm_set1_ps(alpha[l]);
    __m128d low = _mm_setzero_pd(), high = _mm_setzero_pd();
    for (; i + 4 <= x.size(); i += 4) {
        __m128 r = _mm_and_ps(_mm_loadu_ps(x.data() + i), absMask);
        for (int l = 0; l < J; ++l)
            r = _mm_and_ps(_mm_sub_ps(r, step[l]), absMask);
        low = _mm_add_pd(low, _mm_cvtps_pd(r));
        high = _mm_add_pd(high, _mm_cvtps_pd(_mm_movehl_ps(r, r)));
    }
    alignas(16) double lanes[2];
    _mm_store_pd(lanes, _mm_add_pd(low, high));
    total = lanes[0] + lanes[1];
#endif
    for (; i < x.size(); ++i) {
        float r = std::fabs(x[i]);
        for (int l = 0; l < J; ++l)
            r = std::fabs(r - alpha[l]);
        total += r;
    }
    return total;
}

// α of the first batch by residue: α_j = mean|r_j|, one pass per basis (the residue is worked
// out again from x in each pass instead of being stored).
template <int K> std::vector<float> residueAlpha(std::span<const float> x) {
    std::vector<float> alpha;
    for (int j = 0; j < K; ++j) {
        double sum = 0;
        switch (j) {
        case 0:
            sum = residueMagnitudeSum<0>(x, alpha.data());
            break;
        case 1:
            sum = residueMagnitudeSum<1>(x, alpha.data());
            break;
        case 2:
            sum = residueMagnitudeSum<2>(x, alpha.data());
            break;
        default:
            sum = residueMagnitudeSum<3>(x, alpha.data());
            break;
        }
        alpha.push_back(static_cast<float>(sum / static_cast<double>(x.size())));
    }
    return alpha;
}

float signOf(unsigned pattern, int j) {
    return (pattern >> j & 1) ? 1.0f : -1.0f;
}

// The least-squares α for the signs chosen: BᵀB α = Bᵀx, written with the per-code counts and
// sums (BᵀB_il = Σ_c count_c·s_i(c)·s_l(c), (Bᵀx)_i = Σ_c sum_c·s_i(c)). A rank-deficient system
// (two bases equal everywhere, or all values equal) takes the minimum-norm solution.
template <int K, class Coder>
std::vector<float> leastSquaresAlpha(const CodeStats& stats, const Coder& coder) {
    Eigen::Matrix<double, K, K> normal = Eigen::Matrix<double, K, K>::Zero();
    Eigen::Matrix<double, K, 1> right = Eigen::Matrix<double, K, 1>::Zero();
    for (unsigned code = 0; code < (1u << K); ++code) {
        const unsigned pattern = coder.patternOf(code);
        const auto count = static_cast<double>(stats.countOf(code));
        const double sum = stats.sumOf(code);
        for (int i = 0; i < K; ++i) {
            right(i) += sum * signOf(pattern, i);
            for (int l = 0; l < K; ++l)
                normal(i, l) += count * signOf(pattern, i) * signOf(pattern, l);
        }
    }
    const Eigen::Matrix<double, K, 1> solution =
        normal.completeOrthogonalDecomposition().solve(right);
    std::vector<float> alpha(K);
    for (int i = 0; i < K; ++i)
        alpha[i] = static_cast<float>(solution(i));
    return alpha;
}

// mean(x̂ − x) with x̂ = Σ_j α_j·B_j, from the per-code statistics.
template <class Coder>
float meanErrorOf(const CodeStats& stats, const Coder& coder, const BinaryLevelSet& sent,
                  std::size_t values) {
    double error = 0;
    for (unsigned code = 0; code < static_cast<unsigned>(sent.levelCount()); ++code)
        error +=
            static_cast<double>(stats.countOf(code)) * sent.levelOfPattern(coder.patternOf(code)) -
            stats.sumOf(code);
    return static_cast<float>(error / static_cast<double>(values));
}

template <int K>
void encodeWith(std::span<const float> x, long long n, long long E, std::vector<float>& alpha,
                float& meanError, std::span<std::uint8_t> stream,
                const AcceptStreamLayout& layout) {
    CodeStats stats;
    std::vector<float> sent;
    float error = 0;
    std::uint8_t* bits = stream.data() + layout.payloadOffset();
    if (alpha.empty()) {
        const std::vector<float> initial = residueAlpha<K>(x);
        if (!std::isfinite(initial[0]))
            refuseNonFinite(x, E, "activations");
        const ResidueSigns<K> coder(initial);
        if (!packSigns<K>(x.data(), n, E, coder, bits, stats))
            refuseNonFinite(x, E, "activations");
        sent = initial;
        error = meanErrorOf(stats, coder, BinaryLevelSet(sent), x.size());
    } else {
        const BinaryLevelSet previous(alpha);
        const NearestLevel<K> coder(previous);
        if (!packSigns<K>(x.data(), n, E, coder, bits, stats))
            refuseNonFinite(x, E, "activations");
        sent = leastSquaresAlpha<K>(stats, coder);
        error = meanErrorOf(stats, coder, BinaryLevelSet(sent), x.size());
    }
    for (int j = 0; j < K; ++j)
        writeStreamFloat(stream.data() + 4 * j, sent[j]);
    writeStreamFloat(stream.data() + layout.trailerOffset(), error);
    alpha = std::move(sent);
    meanError = error;
}

} // namespace

AcceptForwardEncoder::AcceptForwardEncoder(int bits) : m_bits(bits) {
    AcceptStreamLayout::checkForwardBits(bits);
}

void AcceptForwardEncoder::setBits(int bits) {
    AcceptStreamLayout::checkForwardBits(bits);
    if (bits != m_bits)
        reset();
    m_bits = bits;
}

void AcceptForwardEncoder::reset() {
    m_alpha.clear();
    m_meanError = 0;
}

std::vector<std::uint8_t> AcceptForwardEncoder::encode(std::span<const float> x, long long samples,
                                                       long long elements) {
    AcceptStreamLayout::checkTensor(x.size(), samples, elements);
    std::vector<std::uint8_t> stream(
        AcceptStreamLayout::forward(m_bits, samples, elements).totalBytes());
    encodeInto(x, samples, elements, stream);
    return stream;
}

void AcceptForwardEncoder::encodeInto(std::span<const float> x, long long samples,
                                      long long elements, std::span<std::uint8_t> stream) {
    AcceptStreamLayout::checkTensor(x.size(), samples, elements);
    const AcceptStreamLayout layout = AcceptStreamLayout::forward(m_bits, samples, elements);
    if (stream.size() != layout.totalBytes())
        throw CodecError("The forward stream buffer holds " + std::to_string(stream.size()) +
                         " bytes; " + std::to_string(m_bits) + "-bit activations of " +
                         std::to_string(samples) + " × " + std::to_string(elements) + " take " +
                         std::to_string(layout.totalBytes()));
    switch (m_bits) {
    case 2:
        encodeWith<2>(x, samples, elements, m_alpha, m_meanError, stream, layout);
        break;
    case 3:
        encodeWith<3>(x, samples, elements, m_alpha, m_meanError, stream, layout);
        break;
    default:
        encodeWith<4>(x, samples, elements, m_alpha, m_meanError, stream, layout);
        break;
    }
}

} // namespace cutlab::core
