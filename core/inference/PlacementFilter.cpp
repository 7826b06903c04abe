#include "core/inference/PlacementFilter.h"

namespace cutlab::core {

PlacementFilter::PlacementFilter(const InferenceCostModel& model, const InferenceQuery& query)
    : m_query(query), m_blocks(static_cast<int>(model.structure().blocks.size())) {
    std::vector<std::array<bool, 3>> allowed(static_cast<std::size_t>(m_blocks),
                                             {true, true, true});
    const auto& blockOf = model.structure().blockOfLayer;
    for (const auto& [layer, tier] : query.pins) {
        auto& mask = allowed[static_cast<std::size_t>(blockOf[static_cast<std::size_t>(layer)])];
        for (Tier other : kTiers)
            if (other != tier)
                mask[static_cast<std::size_t>(tierIndex(other))] = false;
    }
    for (const auto& [layer, tier] : query.forbids)
        allowed[static_cast<std::size_t>(blockOf[static_cast<std::size_t>(layer)])]
               [static_cast<std::size_t>(tierIndex(tier))] = false;
    for (std::size_t t = 0; t < 3; ++t) {
        auto& prefix = m_notAllowedPrefix[t];
        prefix.assign(static_cast<std::size_t>(m_blocks) + 1, 0);
        for (std::size_t b = 0; b < allowed.size(); ++b)
            prefix[b + 1] = prefix[b] + (allowed[b][t] ? 0 : 1);
    }
    for (std::size_t t = 0; t < 3; ++t)
        m_hasLimits = m_hasLimits || query.maxUploadBytes[t] || query.maxTime[t];
}

bool PlacementFilter::rangesAllowed(int a, int b) const {
    const int ranges[3][2] = {{0, a}, {a, b}, {b, m_blocks}};
    for (Tier tier : kTiers) {
        const auto t = static_cast<std::size_t>(tierIndex(tier));
        const int count = ranges[t][1] - ranges[t][0];
        if (m_query.tierUse[t] == TierUse::Must && count == 0)
            return false;
        if (m_query.tierUse[t] == TierUse::MustNot && count > 0)
            return false;
        if (blocksNotAllowed(tier, ranges[t][0], ranges[t][1]) != 0)
            return false;
    }
    return true;
}

bool PlacementFilter::admits(int a, int b, const std::array<double, 3>& computeMs,
                             const std::array<double, 3>& uploadBytes) const {
    if (!rangesAllowed(a, b))
        return false;
    if (!m_hasLimits)
        return true;
    const double totalCompute = computeMs[0] + computeMs[1] + computeMs[2];
    for (std::size_t t = 0; t < 3; ++t) {
        if (m_query.maxUploadBytes[t] && uploadBytes[t] > *m_query.maxUploadBytes[t])
            return false;
        if (const auto& limit = m_query.maxTime[t]) {
            const double bound =
                limit->percent ? limit->value / 100.0 * totalCompute : limit->value;
            if (computeMs[t] > bound)
                return false;
        }
    }
    return true;
}

} // namespace cutlab::core
