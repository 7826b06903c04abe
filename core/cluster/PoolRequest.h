#pragma once

#include "core/cluster/PoolSpec.h"
#include "core/pipeline/PipelineMemory.h"

#include <vector>

namespace cutlab::core {

// What CutLab's cost model plans over a pool with (docs/cost-models.md §5.6).
struct PoolRequest {
    PoolSpec pool;
    int microBatch = 0;   // samples per micro-batch; 0 = the profile's model.batch
    int microBatches = 4; // M: micro-batches per mini-batch (the all-reduce is paid once per M)
    OptimizerKind optimizer = OptimizerKind::Sgd;
    bool recompute = false;            // memory only: the caller adds the forward to backward
    std::vector<double> capacityBytes; // per group; 0 or absent = no limit
    bool fewerMachines = false;        // machines may stay idle
    bool straight = false;             // no replicated stage
};

} // namespace cutlab::core
