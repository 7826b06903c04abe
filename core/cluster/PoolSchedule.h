#pragma once

#include "core/cluster/PoolPlan.h"
#include "core/cluster/PoolRequest.h"
#include "core/model/Profile.h"
#include "core/pipeline/PipelineSchedule.h"

#include <string>
#include <vector>

namespace cutlab::core {

// One machine running a stage of a pool plan on its share of every micro-batch.
struct PoolReplica {
    std::string machine; // "ID#n", as PoolStage::machines
    int group = 0;
    double share = 0;      // its fraction of the micro-batch
    double forwardMs = 0;  // its forward pass on that share
    double backwardMs = 0; // its backward pass on that share
};

// A pool plan and its simulated schedule (docs/cost-models.md §5.6): every stage's replicas run
// each micro-batch together, each on its share, so a stage's step lasts as long as its slowest
// replica's; a link carries the activations and gradients in half its round trip each way; a
// replicated stage all-reduces its weights once, after its last backward pass.
struct PoolSimulation {
    PoolPlan plan;
    PipelineSchedule schedule;                      // stages as their slowest replicas
    std::vector<std::vector<PoolReplica>> replicas; // per stage, in PoolStage::machines order
    std::vector<double> allReduceStartMs;           // per stage (its allReduceMs long)
    double minibatchMs = 0;                         // the schedule and every all-reduce done
    std::vector<int> stageOfLayer;

    // `profile` as planned (with recomputation when the request had it). Throws PlanError.
    static PoolSimulation of(const Profile& profile, const PoolRequest& request, PoolPlan plan,
                             ScheduleKind kind);
};

} // namespace cutlab::core
