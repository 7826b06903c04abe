#include "core/model/NetworkTrace.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cutlab::core {
namespace {

constexpr double kBitsPerOpportunity = kTraceOpportunityBytes * 8;
constexpr double kBinMs = 1000;

// Bits per ms to Mbit/s: 1 bit/ms = 1,000 bit/s = 0.001 Mbit/s.
double megabitsPerSecond(double bits, double ms) {
    return bits / ms / 1000;
}

} // namespace

double NetworkTrace::at(std::uint64_t k) const {
    const std::uint64_t n = size();
    if (n == 0)
        return std::numeric_limits<double>::infinity();
    return opportunitiesMs[k % n] + static_cast<double>(k / n) * periodMs;
}

std::uint64_t NetworkTrace::firstAtOrAfter(double t) const {
    const std::uint64_t n = size();
    if (n == 0 || periodMs <= 0 || !(t > 0))
        return 0; // every opportunity is at or after 0
    // The repetition t falls in, found by division (never by walking cycles). Floating-point
    // division may be one off either way, so it is corrected against the products at() forms.
    double cycle = std::floor(t / periodMs);
    if (cycle * periodMs > t)
        cycle -= 1;
    else if ((cycle + 1) * periodMs <= t)
        cycle += 1;
    // The last repetition's opportunities cannot reach (cycle + 1)·P, nor those of any repetition
    // after: beyond 2^64 opportunities the index saturates.
    if (cycle + 1 >= static_cast<double>(std::numeric_limits<std::uint64_t>::max() / n))
        return std::numeric_limits<std::uint64_t>::max();
    // An opportunity at exactly P belongs to the previous repetition and lands at cycle·P, so
    // the search starts one repetition early; comparisons use the very sum at() forms, so the
    // answer agrees with at() bit for bit.
    for (double j = std::max(0.0, cycle - 1); j <= cycle; ++j) {
        const auto first = std::partition_point(
            opportunitiesMs.begin(), opportunitiesMs.end(),
            [&](double opportunity) { return opportunity + j * periodMs < t; });
        if (first != opportunitiesMs.end())
            return static_cast<std::uint64_t>(j) * n +
                   static_cast<std::uint64_t>(first - opportunitiesMs.begin());
    }
    return static_cast<std::uint64_t>(cycle + 1) * n; // opportunitiesMs[0] + (cycle+1)·P > t
}

double NetworkTrace::meanMbps() const {
    if (periodMs <= 0)
        return 0;
    return megabitsPerSecond(static_cast<double>(size()) * kBitsPerOpportunity, periodMs);
}

double NetworkTrace::meanMbpsBetween(double fromMs, double toMs) const {
    if (!(toMs > fromMs))
        return 0;
    const std::uint64_t count = firstAtOrAfter(toMs) - firstAtOrAfter(fromMs);
    return megabitsPerSecond(static_cast<double>(count) * kBitsPerOpportunity, toMs - fromMs);
}

std::vector<double> NetworkTrace::secondBinsMbps() const {
    if (periodMs <= 0)
        return {};
    const auto binCount = static_cast<std::size_t>(std::ceil(periodMs / kBinMs));
    std::vector<double> counts(binCount, 0.0);
    // An opportunity at exactly P (the last timestamp of every mahimahi trace) is counted in the
    // last bin, so that the bins of one period hold all n opportunities and their
    // length-weighted mean is meanMbps().
    for (double opportunity : opportunitiesMs) {
        const auto bin = static_cast<std::size_t>(std::max(0.0, std::floor(opportunity / kBinMs)));
        counts[std::min(bin, binCount - 1)] += 1;
    }
    std::vector<double> mbps(binCount);
    for (std::size_t i = 0; i < binCount; ++i) {
        const double start = static_cast<double>(i) * kBinMs;
        const double length = std::min(start + kBinMs, periodMs) - start;
        mbps[i] = megabitsPerSecond(counts[i] * kBitsPerOpportunity, length);
    }
    return mbps;
}

double NetworkTrace::secondPercentileMbps(double p) const {
    std::vector<double> bins = secondBinsMbps();
    if (bins.empty())
        return 0;
    std::sort(bins.begin(), bins.end());
    // Nearest rank: the ⌈p/100 · m⌉-th smallest. p·m is formed first: for whole p and m it is
    // exact, so a rank that is a whole number is not pushed up by a rounding of p/100.
    const double rank = std::ceil(p * static_cast<double>(bins.size()) / 100);
    const auto index = static_cast<std::size_t>(std::clamp(rank, 1.0, double(bins.size()))) - 1;
    return bins[index];
}

} // namespace cutlab::core
