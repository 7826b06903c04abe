#pragma once

#include "core/inference/FrameReplay.h"
#include "core/inference/InferenceCostModel.h"
#include "core/inference/RankedPlan.h"

#include <atomic>
#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

namespace cutlab::core {

// Frame k = 0…frames−1 arrives at k·intervalMs on the plan's origin (docs/cost-models.md §6.2).
struct ReplaySettings {
    int frames = 0;
    double intervalMs = 0;
    // From another thread (the window): set `cancel` to stop after the frame under way (the run
    // then holds the frames done); `framesDone` counts the frames replayed so far.
    const std::atomic<bool>* cancel = nullptr;
    std::atomic<int>* framesDone = nullptr;
    bool cancelled() const { return cancel && cancel->load(); }
};

struct ReplayedFrame {
    int index = 0;
    double arrivalMs = 0;
    double endMs = 0;     // the end of its last step
    double latencyMs = 0; // endMs − arrivalMs
    std::size_t plan = 0; // into ReplayRun::plans
};

// What a replay ran: every plan used (in order of first use) and every frame.
struct ReplayRun {
    std::vector<RankedPlan> plans;
    std::vector<ReplayedFrame> frames;
};

// The plan a planner chooses on a network (nullopt: none), for adaptive re-planning.
using PlanChooser = std::function<std::optional<RankedPlan>(const Network&)>;

// Every frame on one plan.
ReplayRun replayStatic(const InferenceCostModel& model, const std::vector<TracedDirection>& traces,
                       const RankedPlan& plan, const ReplaySettings& settings);

// Neurosurgeon's loop (§6.3): before each frame, each traced direction's bandwidth is estimated
// over the last `windowMs` and the chooser plans on those figures. Throws PlanError when the
// chooser has no plan for a frame.
ReplayRun replayAdaptive(const InferenceCostModel& model,
                         const std::vector<TracedDirection>& traces, const PlanChooser& choose,
                         const ReplaySettings& settings, double windowMs);

// For each frame, the candidate that would finish it first given the true trace and the
// servers' state (the first such candidate on a tie) (§6.4).
ReplayRun replayHindsight(const InferenceCostModel& model,
                          const std::vector<TracedDirection>& traces,
                          const std::vector<RankedPlan>& candidates,
                          const ReplaySettings& settings);

// The network with each traced direction set to a constant bandwidth (Mbit/s, one per trace),
// every other direction as it was.
Network networkWithBandwidths(const Network& network, const std::vector<TracedDirection>& traces,
                              const std::vector<double>& mbps);

// Each traced direction's mean over the whole trace (the static plan's figures).
std::vector<double> traceMeansMbps(const std::vector<TracedDirection>& traces);

} // namespace cutlab::core
