#include "core/inference/ReplaySummary.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cutlab::core {

double nearestRank(const std::vector<double>& sorted, double p) {
    const auto n = static_cast<double>(sorted.size());
    const auto rank = static_cast<std::size_t>(std::max(1.0, std::ceil(p / 100.0 * n)));
    return sorted[std::min(rank, sorted.size()) - 1];
}

ReplaySummary summarizeReplay(const ReplayRun& run, std::optional<double> deadlineMs) {
    ReplaySummary summary;
    if (run.frames.empty())
        return summary;
    std::vector<double> latencies;
    latencies.reserve(run.frames.size());
    double sum = 0;
    int misses = 0;
    for (const ReplayedFrame& frame : run.frames) {
        latencies.push_back(frame.latencyMs);
        sum += frame.latencyMs;
        if (deadlineMs && frame.latencyMs > *deadlineMs)
            ++misses;
    }
    std::sort(latencies.begin(), latencies.end());
    summary.meanMs = sum / static_cast<double>(latencies.size());
    summary.p50Ms = nearestRank(latencies, 50);
    summary.p95Ms = nearestRank(latencies, 95);
    summary.p99Ms = nearestRank(latencies, 99);
    summary.maxMs = latencies.back();
    const double span = run.frames.back().endMs - run.frames.front().arrivalMs;
    summary.throughputFps = span > 0 ? static_cast<double>(run.frames.size()) * 1000.0 / span
                                     : std::numeric_limits<double>::infinity();
    if (deadlineMs)
        summary.deadlineMisses = misses;
    return summary;
}

} // namespace cutlab::core
