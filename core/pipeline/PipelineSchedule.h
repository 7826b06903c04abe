#pragma once

#include "core/pipeline/PipelinePlanner.h"

#include <optional>
#include <string>
#include <vector>

namespace cutlab::core {

// How each stage orders its work over the micro-batches of one mini-batch
// (docs/cost-models.md §2.3).
//  - OneForwardOneBackward (PipeDream's 1F1B with weight stashing): stage n (0-based, S stages)
//    first runs min(S−n, M) forwards, then alternates one backward and one forward, then drains
//    the remaining backwards; weights are stashed per micro-batch in flight so no stage waits
//    for a flush: mini-batches follow each other steadily, M × the period apart.
//  - OneForwardOneBackwardFlush (1F1B-flush, DAPPLE): the same order within a mini-batch, then
//    a flush before the weights change: one weight version, and every mini-batch pays the fill
//    and drain.
//  - GPipe: every forward, then every backward in reverse micro-batch order (GPipe's figure 2c),
//    then a flush.
enum class ScheduleKind { OneForwardOneBackward, GPipe, OneForwardOneBackwardFlush };

std::string scheduleKindName(ScheduleKind kind); // "1f1b" | "1f1b-flush" | "gpipe"
// "1F1B with stashing" | "1F1B-flush" | "GPipe", for sentences.
std::string scheduleKindLabel(ScheduleKind kind);
std::optional<ScheduleKind> scheduleKindFromName(const std::string& name);
// The three, in the order the planner prefers them on a tie.
std::vector<ScheduleKind> allScheduleKinds();
// What a stage of this schedule holds (docs/cost-models.md §2.7): stashed weight versions for
// 1F1B, every micro-batch in flight for GPipe.
void useScheduleMemory(PipelineMemorySettings& memory, ScheduleKind kind);

enum class Pass { Forward, Backward };
enum class Resource { Stage, Link };

// Times of one stage and of the link after it (zero for the last stage), per micro-batch.
struct StageTiming {
    double forwardMs = 0;
    double backwardMs = 0;
    double linkForwardMs = 0;  // activations to the next stage
    double linkBackwardMs = 0; // gradients back from the next stage
};

// One unit of work a stage runs.
struct StageStep {
    Pass pass = Pass::Forward;
    int microBatch = 0;
    bool operator==(const StageStep&) const = default;
};

struct ScheduledTask {
    Resource resource = Resource::Stage;
    int index = 0; // stage n, or link n (between stage n and n+1)
    Pass pass = Pass::Forward;
    int microBatch = 0;
    double startMs = 0;
    double endMs = 0;
};

struct PipelineSchedule {
    ScheduleKind kind = ScheduleKind::OneForwardOneBackward;
    int microBatches = 0;
    std::vector<ScheduledTask> tasks; // in the order they were placed (by stage/link, then order)
    double minibatchMs = 0;           // end of the last task (one mini-batch from empty)
    double periodMs = 0;              // the busiest resource's time per micro-batch
    // The schedule's time per mini-batch (docs/cost-models.md §2.3): 1F1B with stashing runs
    // steadily, M × periodMs; 1F1B-flush and GPipe pay fill and drain: minibatchMs.
    double timePerMinibatchMs = 0;
    std::vector<double> busyMs;       // per stage
    std::vector<double> idleFraction; // per stage: 1 − busy / minibatch
    std::vector<int>
        stashedVersions; // per stage: most micro-batches in flight (weight versions kept)
};

// The step order of every stage for a schedule kind.
std::vector<std::vector<StageStep>> scheduleOrder(ScheduleKind kind, int stages, int microBatches);

// M micro-batches through the stages. Dependencies: F(n,m) after the forward transfer of m over
// link n−1; the transfer after F(n,m); B(S−1,m) after F(S−1,m); B(n,m) after the backward
// transfer over link n, which follows B(n+1,m). Each stage runs its steps in the given order;
// each link direction is a resource serving micro-batches in the order its producer emits them.
// Throws PlanError when the orders cannot all complete (a step waits for one that can only
// come after it) or do not run every forward and backward exactly once.
PipelineSchedule simulateSchedule(const std::vector<StageTiming>& stages, int microBatches,
                                  const std::vector<std::vector<StageStep>>& orders,
                                  ScheduleKind kind);
PipelineSchedule simulateSchedule(const std::vector<StageTiming>& stages, int microBatches,
                                  ScheduleKind kind);

// The busiest resource's time per micro-batch: max over stages of forward + backward and of each
// direction of the link after it.
double steadyPeriodMs(const std::vector<StageTiming>& stages);

// The per-micro-batch times of a plan's stages.
std::vector<StageTiming> stageTimings(const PipelinePlan& plan);

} // namespace cutlab::core
