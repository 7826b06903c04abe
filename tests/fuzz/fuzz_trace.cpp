// libFuzzer target: the trace reader (mahimahi and two-column, told apart by the content). A
// trace that loads must be sorted within [0, P], P > 0 and finite, and answer at() and
// firstAtOrAfter() consistently.
#include "core/io/TraceFile.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    const auto result = cutlab::core::parseTrace(in, "fuzz", 100000);
    if (!result.trace) {
        if (result.error.empty())
            __builtin_trap();
        return 0;
    }
    const auto& trace = *result.trace;
    if (trace.opportunitiesMs.empty() || !(trace.periodMs > 0) || !std::isfinite(trace.periodMs) ||
        !std::is_sorted(trace.opportunitiesMs.begin(), trace.opportunitiesMs.end()) ||
        trace.opportunitiesMs.front() < 0 || trace.opportunitiesMs.back() > trace.periodMs)
        __builtin_trap();
    for (const double t : {0.0, trace.periodMs, 2.5 * trace.periodMs, trace.opportunitiesMs[0]}) {
        const std::uint64_t k = trace.firstAtOrAfter(t);
        if (trace.at(k) < t || (k > 0 && trace.at(k - 1) >= t))
            __builtin_trap();
    }
    if (!std::isfinite(trace.meanMbps()) || trace.secondBinsMbps().empty())
        __builtin_trap();
    return 0;
}
