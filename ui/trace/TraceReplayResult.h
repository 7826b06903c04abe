#pragma once

#include "core/inference/ReplayComparison.h"
#include "core/model/NetworkTrace.h"

#include <memory>
#include <optional>
#include <string>

namespace cutlab::ui {

// What one replay in the Trace view computed, with what it was computed on.
struct TraceReplayResult {
    core::ReplayComparison runs;
    std::shared_ptr<const core::NetworkTrace> trace;
    std::string direction; // "device → cloud"
    double offsetMs = 0;
    core::ReplaySettings settings; // frames and interval (no cancel, no counter)
    std::optional<double> deadlineMs;
    double durationMs() const { return settings.frames * settings.intervalMs; }
};

} // namespace cutlab::ui
