#pragma once

#include "core/inference/ReplayRun.h"

#include <vector>

#include <optional>

namespace cutlab::core {

// The figures of a replay (docs/cost-models.md §6.2): percentiles are nearest-rank, the
// ⌈p/100·N⌉-th smallest latency; throughput is N·1000 / (end of the last frame − arrival of the
// first).
struct ReplaySummary {
    double meanMs = 0;
    double p50Ms = 0;
    double p95Ms = 0;
    double p99Ms = 0;
    double maxMs = 0;
    double throughputFps = 0;
    std::optional<int> deadlineMisses; // frames whose latency is over the deadline
};

ReplaySummary summarizeReplay(const ReplayRun& run, std::optional<double> deadlineMs);

// The ⌈p/100·N⌉-th smallest of `sorted` (ascending, not empty), 0 < p <= 100.
double nearestRank(const std::vector<double>& sorted, double p);

} // namespace cutlab::core
