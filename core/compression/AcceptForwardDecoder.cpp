#include "core/compression/AcceptForwardDecoder.h"

#include "core/compression/AcceptStreamLayout.h"
#include "core/compression/BinaryLevelSet.h"
#include "core/compression/CodecError.h"
#include "core/compression/StreamFloat.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

namespace cutlab::core {
namespace {

// A byte of sign bits spread to eight nibbles: bit 7 − b of the byte (sample b of the group) at
// bit 4b. Shifted left by j for basis j and or-ed over the K bytes of an element, nibble b is
// sample b's sign pattern.
constexpr std::array<std::uint32_t, 256> spreadByteTable() {
    std::array<std::uint32_t, 256> table{};
    for (unsigned byte = 0; byte < 256; ++byte)
        for (int b = 0; b < 8; ++b)
            table[byte] |= static_cast<std::uint32_t>(byte >> (7 - b) & 1) << (4 * b);
    return table;
}
constexpr std::array<std::uint32_t, 256> kSpreadByte = spreadByteTable();

template <int K> inline std::uint32_t patternsOf(const std::uint8_t* bytes) {
    std::uint32_t patterns = 0;
#pragma GCC unroll 4
    for (int j = 0; j < K; ++j)
        patterns |= kSpreadByte[bytes[j]] << j;
    return patterns;
}

template <int K>
void unpackLevels(const std::uint8_t* bits, long long n, long long E,
                  const std::array<float, 16>& valueOfPattern, float* x) {
    const long long groups = (n + 7) / 8;
    for (long long g = 0; g < groups; ++g) {
        const int rows = static_cast<int>(std::min<long long>(8, n - 8 * g));
        float* row[8];
        for (int b = 0; b < 8; ++b)
            row[b] = x + (8 * g + std::min(b, rows - 1)) * E;
        const std::uint8_t* in = bits + g * E * K;
        if (rows == 8) {
            for (long long e = 0; e < E; ++e) {
                const std::uint32_t patterns = patternsOf<K>(in + e * K);
#pragma GCC unroll 8
                for (int b = 0; b < 8; ++b)
                    row[b][e] = valueOfPattern[patterns >> (4 * b) & 0xFu];
            }
        } else {
            for (long long e = 0; e < E; ++e) {
                const std::uint32_t patterns = patternsOf<K>(in + e * K);
                for (int b = 0; b < rows; ++b)
                    row[b][e] = valueOfPattern[patterns >> (4 * b) & 0xFu];
            }
        }
    }
}

} // namespace

void AcceptForwardDecoder::decodeInto(std::span<const std::uint8_t> stream, long long samples,
                                      long long elements, std::span<float> x) const {
    const AcceptStreamLayout layout = checkedLayout(stream, samples, elements, x.size());
    std::vector<float> alpha(static_cast<std::size_t>(m_bits));
    for (int j = 0; j < m_bits; ++j)
        alpha[j] = readStreamFloat(stream.data() + 4 * j);
    const float meanError = readStreamFloat(stream.data() + layout.trailerOffset());
    if (!std::all_of(alpha.begin(), alpha.end(), [](float a) { return std::isfinite(a); }) ||
        !std::isfinite(meanError))
        throw CodecError("The forward stream carries a non-finite α or mean error");
    const BinaryLevelSet levels(alpha);
    std::array<float, 16> valueOfPattern{};
    for (int pattern = 0; pattern < levels.levelCount(); ++pattern)
        valueOfPattern[pattern] = levels.levelOfPattern(pattern) - meanError;
    const std::uint8_t* bits = stream.data() + layout.payloadOffset();
    switch (m_bits) {
    case 2:
        unpackLevels<2>(bits, samples, elements, valueOfPattern, x.data());
        break;
    case 3:
        unpackLevels<3>(bits, samples, elements, valueOfPattern, x.data());
        break;
    default:
        unpackLevels<4>(bits, samples, elements, valueOfPattern, x.data());
        break;
    }
}

} // namespace cutlab::core
