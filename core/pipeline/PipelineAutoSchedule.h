#pragma once

#include "core/model/Network.h"
#include "core/model/Profile.h"
#include "core/pipeline/PipelinePlanner.h"
#include "core/pipeline/PipelineSchedule.h"

#include <string>
#include <vector>

namespace cutlab::core {

// How one schedule fared under the memory limits.
struct ScheduleOutcome {
    ScheduleKind kind = ScheduleKind::OneForwardOneBackward;
    bool fits = false;
    double minibatchMs = 0;      // when it fits: its smallest time per mini-batch
    std::vector<int> recomputed; // the stages (0-based) that recompute in that plan
    std::string closest;         // when it does not: the stage over its machine's memory
};

// The plan of `--schedule auto` and why.
struct PipelineAutoPlan {
    PipelinePlan plan;
    PipelineRequest request; // as planned: the schedule's memory, the stages that recompute
    ScheduleKind kind = ScheduleKind::OneForwardOneBackward;
    double minibatchMs = 0;                // the schedule's time per mini-batch
    std::vector<ScheduleOutcome> outcomes; // per schedule, in allScheduleKinds() order
    std::string reason;                    // one sentence: which and why
};

// `--schedule auto` (docs/cost-models.md §2.7, "Memory for time"): with memory limits, the
// schedule (1F1B with stashing, 1F1B-flush, GPipe), the partition and the stages that recompute
// with the smallest time per mini-batch whose every stage fits its machine; exact over at most
// PipelineMemoryDp::kStateLimit states (else the valid cut points, with a note), unless the time
// limit ends the search. Without limits: the plan of `--schedule 1f1b`, no recomputation (1F1B
// with stashing is never slower on a partition). `profile` holds the measured times (no
// recomputation added); request.memory.recompute asks every stage to recompute. Throws
// PipelineMemoryError when nothing fits under any schedule, PlanError as planPipeline.
PipelineAutoPlan planPipelineAuto(const Profile& profile, const Network& network,
                                  const PipelineRequest& request);

} // namespace cutlab::core
