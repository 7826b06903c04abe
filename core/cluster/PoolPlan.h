#pragma once

#include "core/pipeline/PipelineMemory.h"

#include <string>
#include <vector>

namespace cutlab::core {

// One stage of a plan over a pool: layers [firstLayer, lastLayer] (profile positions) on
// `replicas[g]` machines of each group g, each replica taking `shares[g]` of the micro-batch.
struct PoolStage {
    int fromBoundary = 0; // block boundaries (docs/formats.md §1 valid cut points)
    int toBoundary = 0;
    int firstLayer = 0;
    int lastLayer = 0;
    std::vector<int> replicas;         // per group
    std::vector<std::string> machines; // "ID#n", n counted within the group
    std::vector<double> shares;        // per group: one replica's fraction of the micro-batch
    double computeMs = 0;              // the micro-batch on its replicas, shared by speed
    double allReduceMs = 0;            // the weights' all-reduce among the replicas, per mini-batch
    double stageMs = 0;                // computeMs + allReduceMs / M
    double linkMs = 0;                 // to the next stage and back (0 for the last)
    std::vector<StageMemory> memory;   // per group: what one replica holds (zero when unused)
};

struct PoolPlan {
    std::vector<PoolStage> stages;
    double bottleneckMs = 0;
    double lowerBoundMs = 0; // proven: no plan of the pool is faster
    bool exact = true;
    std::string note; // why the plan is not proven optimal
    int microBatch = 1;
    int machinesUsed = 0;
    int machinesTotal = 0;
    std::size_t entries = 0; // table entries the search filled
};

} // namespace cutlab::core

#include "core/model/PlanError.h"

namespace cutlab::core {

// No plan keeps every replica within its group's memory.
class PoolMemoryError : public PlanError {
  public:
    using PlanError::PlanError;
};

} // namespace cutlab::core
