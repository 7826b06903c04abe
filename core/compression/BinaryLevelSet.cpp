#include "core/compression/BinaryLevelSet.h"

#include "core/compression/CodecError.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <string>

namespace cutlab::core {

BinaryLevelSet::BinaryLevelSet(std::span<const float> alpha)
    : m_bits(static_cast<int>(alpha.size())) {
    if (m_bits < 1 || m_bits > kMaxBits)
        throw CodecError("A binary level set takes 1 to 4 coefficients, not " +
                         std::to_string(m_bits));
    const int count = levelCount();
    for (int pattern = 0; pattern < count; ++pattern) {
        float level = 0;
        for (int j = 0; j < m_bits; ++j)
            level += (pattern >> j & 1) ? alpha[j] : -alpha[j];
        m_levelOfPattern[pattern] = level;
    }
    std::array<std::uint8_t, 16> order{};
    std::iota(order.begin(), order.begin() + count, std::uint8_t{0});
    std::stable_sort(order.begin(), order.begin() + count, [&](std::uint8_t a, std::uint8_t b) {
        return m_levelOfPattern[a] < m_levelOfPattern[b];
    });
    for (int rank = 0; rank < count; ++rank) {
        m_patternOfRank[rank] = order[rank];
        m_levelOfRank[rank] = m_levelOfPattern[order[rank]];
    }
    m_midpoints.fill(std::numeric_limits<float>::infinity());
    for (int rank = 0; rank + 1 < count; ++rank)
        m_midpoints[rank] =
            m_levelOfRank[rank] + (m_levelOfRank[rank + 1] - m_levelOfRank[rank]) / 2;
}

} // namespace cutlab::core
