#include "core/inference/ReplayComparison.h"

#include "core/inference/HindsightCandidates.h"
#include "core/inference/ScissionPlanner.h"
#include "core/model/PlanError.h"

namespace cutlab::core {
namespace {

// Every placement Scission's search visits under the query, less the dominated ones; nullopt
// when there are too many to try for every frame.
std::optional<std::vector<RankedPlan>>
hindsightCandidates(const InferenceCostModel& model, const InferenceQuery& query,
                    const std::vector<TracedDirection>& traces) {
    InferenceQuery all = query;
    all.top = kHindsightCandidateLimit;
    auto plans = rankScission(model, all);
    if (static_cast<int>(plans.size()) >= kHindsightCandidateLimit)
        return std::nullopt;
    const FrameReplay replay(model, traces);
    return undominatedPlans(replay, plans);
}

} // namespace

ReplayComparison replayThreeWays(const InferenceCostModel& model,
                                 const std::vector<TracedDirection>& traces,
                                 const PlanChooser& choose, const InferenceQuery& query,
                                 const ReplaySettings& settings, double windowMs) {
    ReplayComparison result;
    result.adaptive = replayAdaptive(model, traces, choose, settings, windowMs);
    const auto staticPlan =
        choose(networkWithBandwidths(model.network(), traces, traceMeansMbps(traces)));
    if (!staticPlan)
        throw PlanError("no plan on the traces' mean bandwidths satisfies the constraints");
    result.fixed = replayStatic(model, traces, *staticPlan, settings);
    if (const auto candidates = hindsightCandidates(model, query, traces);
        candidates && !candidates->empty())
        result.hindsight = replayHindsight(model, traces, *candidates, settings);
    return result;
}

} // namespace cutlab::core
