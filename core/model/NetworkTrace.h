#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cutlab::core {

// Bytes one delivery opportunity carries (mahimahi: one MTU-sized packet).
inline constexpr double kTraceOpportunityBytes = 1500;

// A measured link direction as mahimahi replays it (docs/cost-models.md §6.1): a sorted list of
// delivery opportunities in ms, each carrying up to 1500 bytes, repeating with a period. The
// k-th opportunity over the repetitions (k from 0) is at opportunitiesMs[k mod n] + ⌊k/n⌋·P.
struct NetworkTrace {
    std::string name;
    std::vector<double> opportunitiesMs; // sorted, in [0, periodMs]
    double periodMs = 0;

    std::uint64_t size() const { return opportunitiesMs.size(); }
    // The time of the k-th opportunity over the repeating trace.
    double at(std::uint64_t k) const;
    // The index of the first opportunity whose time is >= t (t >= 0).
    std::uint64_t firstAtOrAfter(double t) const;
    // Mbit/s over one period: n · 12,000 bits / P.
    double meanMbps() const;
    // Mbit/s delivered by the opportunities in [fromMs, toMs) (toMs > fromMs).
    double meanMbpsBetween(double fromMs, double toMs) const;
    // Mbit/s in each 1 s bin of one period; the last bin is shorter when P is not whole seconds.
    std::vector<double> secondBinsMbps() const;
    // The nearest-rank p-th percentile (0 < p <= 100) of secondBinsMbps().
    double secondPercentileMbps(double p) const;
};

} // namespace cutlab::core
