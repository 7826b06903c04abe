#pragma once

#include "core/model/NetworkTrace.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

namespace cutlab::core {

// The two ways a trace file may be written (docs/formats.md §2.1): mahimahi's one timestamp in
// ms per line, or "seconds megabits_per_second" lines turned into the same opportunities.
enum class TraceForm { Mahimahi, TwoColumn };

// "mahimahi" or "two-column", as the command line and docs name the forms.
const char* traceFormName(TraceForm form);

// The most lines a trace file may have, and the most opportunities a two-column trace may make
// (each takes 8 bytes in memory).
inline constexpr std::uint64_t kMaxTraceLines = 100'000'000;
inline constexpr std::uint64_t kMaxTraceOpportunities = 100'000'000;

struct TraceLoadResult {
    std::optional<NetworkTrace> trace;
    TraceForm form = TraceForm::Mahimahi; // meaningful when trace is set
    std::string error;                    // one sentence when trace is not set
    bool ok() const { return trace.has_value(); }
};

// Reads a trace in either form, detected from its first non-empty line; `name` becomes the
// trace's name. More than `maxLines` lines are refused before they are all read.
TraceLoadResult parseTrace(std::istream& in, const std::string& name,
                           std::uint64_t maxLines = kMaxTraceLines);
// Reads a trace file; the trace is named after the file name (without its folder).
TraceLoadResult loadTraceFile(const std::string& path);

} // namespace cutlab::core
