#pragma once

#include "core/inference/InferenceQuery.h"
#include "core/inference/ReplayRun.h"

#include <optional>

namespace cutlab::core {

// The three runs of an adaptive replay (docs/cost-models.md §6.3–6.4): Neurosurgeon's loop, the
// static plan chosen on each trace's mean, and the hindsight plan per frame.
struct ReplayComparison {
    ReplayRun adaptive;
    ReplayRun fixed;                    // the static plan
    std::optional<ReplayRun> hindsight; // none: more placements than kHindsightCandidateLimit
};

// Hindsight tries every undominated placement of Scission's search for every frame; above this
// many placements it is not run.
inline constexpr int kHindsightCandidateLimit = 100000;

// Runs the three with `choose` (the planner on a network) and, for hindsight, Scission's
// placements under `query`. Throws PlanError when the chooser has no plan on the means or for
// a frame. With settings.cancel set midway, the runs hold the frames done.
ReplayComparison replayThreeWays(const InferenceCostModel& model,
                                 const std::vector<TracedDirection>& traces,
                                 const PlanChooser& choose, const InferenceQuery& query,
                                 const ReplaySettings& settings, double windowMs);

} // namespace cutlab::core
