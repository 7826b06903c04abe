#pragma once

#include "core/cluster/AntichainStates.h"
#include "core/cluster/ClusterSpec.h"

#include <optional>
#include <vector>

namespace cutlab::core {

// PipeDream's optimizer options (optimizer_graph_hierarchical.py), docs/cost-models.md §5.
struct PipeDreamRequest {
    std::vector<ClusterLevel> levels;            // innermost first (-n N N2 -b B B2)
    std::optional<double> memoryLimitBytes;      // --use_memory_constraint --memory_size
    bool straight = false;                       // --straight_pipeline: no replicated stage
    bool fewerMachines = false;                  // --use_fewer_machines
    std::optional<double> activationCompression; // --activation_compression_ratio
};

// One stage of the innermost level: a range of states on `machines` (indices into the
// cluster, innermost level fastest), replicated as many times as it has machines.
struct PipeDreamStage {
    int fromState = -1; // -1: the start
    int toState = 0;
    std::vector<int> replication; // per level, innermost first
    std::vector<int> machines;
    double computeSeconds = 0; // forward + backward of the range, whole mini-batch, one machine
    double memoryBytes = 0;    // what the optimizer charges a machine of the stage
};

struct PipeDreamPlan {
    double timePerStageSeconds = 0; // the optimizer's "time per stage in pipeline"
    std::vector<PipeDreamStage> stages;
    int machinesUsed = 0;
    int machinesTotal = 0;
    double singleMachineSeconds = 0;
    double dataParallelSeconds = 0; // the optimizer's data-parallel time on every machine
};

// The optimum of PipeDream's cost model over `states` (docs/cost-models.md §5.2): replicated
// stages, levels solved inside out, the memory check, fewer machines, compressed activations.
// Ties keep the first candidate found. Throws PlanError when no plan fits the memory limit or
// a request is out of range.
// Over more states than the ancestor table is kept for, the bottleneck search answers
// (PipeDreamBottleneckSearch.h) or a PlanError says what it cannot plan.
PipeDreamPlan optimizePipeDream(const AntichainStates& states, const PipeDreamRequest& request);

// Throws PlanError for a request out of range (no level, 0 machines, a bandwidth of 0, ...).
void checkPipeDreamRequest(const PipeDreamRequest& request);
// The optimizer's data-parallel time: the whole model replicated on every machine.
double pipeDreamDataParallelSeconds(const AntichainStates& states, const PipeDreamRequest& request);

} // namespace cutlab::core
