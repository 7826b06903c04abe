#pragma once

#include "core/inference/StreamPlan.h"
#include "core/model/Network.h"
#include "core/model/Profile.h"

#include <cstddef>
#include <string>
#include <vector>

namespace cutlab::core {

struct StreamRequest {
    std::vector<int> chain;     // machine positions d_0 → d_1 → …; frames arrive on d_0
    double timeLimitMs = 10000; // for the bottleneck search, as the pipeline planner's
};

struct StreamResult {
    // The smallest period (the pipeline planner's bottleneck search, forward times only; ties:
    // fewer stages), and whether it is proven.
    StreamPlan fastest;
    bool exact = true;
    // Every Pareto-optimal plan over latency and period, period ascending (latency descending);
    // empty when the model has more cut points than the front is computed for (`note` says so).
    std::vector<StreamPlan> front;
    std::string note;
};

// The front is computed for at most this many valid cut points (its work grows with their
// square, per point of the front).
constexpr std::size_t kStreamFrontCutLimit = 4000;

// Plans a stream of frames over the chain (docs/cost-models.md §1.10). Throws PlanError for an
// empty chain, an unknown machine or a missing link between consecutive machines.
StreamResult planStream(const Profile& profile, const Network& network,
                        const StreamRequest& request);

// The stream plan of a partition: stageOfLayer[i] is the chain position of layer i (as
// evaluatePipeline takes it). Throws PlanError when it is not a valid partition.
StreamPlan evaluateStream(const Profile& profile, const Network& network,
                          const std::vector<int>& chain, const std::vector<int>& stageOfLayer);

} // namespace cutlab::core
