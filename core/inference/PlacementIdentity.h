#pragma once

#include "core/inference/RankedPlan.h"

namespace cutlab::core {

// Two plans run the same layers on the same machines from the same origin.
inline bool samePlacement(const RankedPlan& a, const RankedPlan& b) {
    if (a.evaluation.origin != b.evaluation.origin || a.segments.size() != b.segments.size() ||
        a.evaluation.transfers.size() != b.evaluation.transfers.size())
        return false;
    for (std::size_t i = 0; i < a.segments.size(); ++i)
        if (a.segments[i].machine != b.segments[i].machine ||
            a.segments[i].begin != b.segments[i].begin || a.segments[i].end != b.segments[i].end)
            return false;
    return true;
}

} // namespace cutlab::core
