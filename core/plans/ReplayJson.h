#pragma once

#include "core/inference/InferenceCostModel.h"
#include "core/inference/ReplayRun.h"
#include "core/inference/ReplaySummary.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace cutlab::core {

// A traced direction as the replay document names it.
struct ReplayTraceInfo {
    std::string from;
    std::string to;
    std::string file;
    double offsetMs = 0;
    double meanMbps = 0;
};

// A replay and the runs it is compared with ("static", "hindsight"), as docs/formats.md §4.18.
struct ReplayReport {
    std::string planner;
    std::string adapt = "none"; // "none" or "window:SECONDS"
    ReplaySettings settings;
    std::optional<double> deadlineMs;
    std::vector<ReplayTraceInfo> traces;
    const ReplayRun* run = nullptr;
    std::vector<std::pair<std::string, const ReplayRun*>> comparisons;
};

// The `cutlab-replay` JSON document.
nlohmann::ordered_json replayToJson(const InferenceCostModel& model, const ReplayReport& report);
nlohmann::ordered_json replaySummaryToJson(const ReplaySummary& summary);

} // namespace cutlab::core
