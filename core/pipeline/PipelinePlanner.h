#pragma once

#include "core/compression/AcceptCodec.h"
#include "core/model/Network.h"
#include "core/model/Profile.h"
#include "core/pipeline/DownsetLattice.h"
#include "core/pipeline/PipelineMemory.h"

#include <atomic>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace cutlab::core {

// Where a pipeline may cut (docs/cost-models.md §2.3): valid cut points only, or any downset
// boundary of the DAG (PipeDream's antichains, several tensors may cross).
enum class PipelineCutMode { Single, Any };

std::string cutModeName(PipelineCutMode mode); // "single" | "any"
std::optional<PipelineCutMode> cutModeFromName(const std::string& name);

// How the partition is found: the bottleneck search (exact, no pairs of states), or the pairwise
// DP it replaced (exact, up to count²/2 pairs; kept for benchmarks and tests).
enum class PipelineMethod { Search, PairDp };

struct PipelineRequest {
    std::vector<int> chain; // machine positions d_0 → d_1 → …; an id may repeat
    int microBatch = 0;     // samples per micro-batch, 0 = model.batch
    PipelineCutMode cutMode = PipelineCutMode::Single;
    std::optional<AcceptCodec> compression; // AccEPT codec sizes instead of float32 tensors
    // --cut-mode any lists at most this many downsets; beyond, it plans over the valid cut points
    // and says that the plan is not proven optimal.
    std::size_t downsetLimit = DownsetLattice::kDefaultLimit;
    // Past this budget (--time-limit) the search returns its best plan with a proven lower bound.
    double timeLimitMs = 10000;
    PipelineMethod method = PipelineMethod::Search;
    // Set from another thread to stop planning: planPipeline then throws PlanError("planning
    // cancelled").
    const std::atomic<bool>* cancel = nullptr;
    // Set from another thread to end the search at once, as the time limit does: the best plan
    // found with its lower bound.
    const std::atomic<bool>* finishNow = nullptr;
    // Written while planning, 0..1000 (listing the states, their costs, then the gap closing).
    std::atomic<int>* progressPermille = nullptr;
    // What each stage holds (docs/cost-models.md §2.7), and each chain position's memory in
    // bytes (0 or absent: no limit). With a limit, only partitions that fit are planned.
    PipelineMemorySettings memory;
    std::vector<double> capacityBytes;
    // Per chain position: that stage alone recomputes (its backward gains its forward pass, its
    // activations become inputs in flight plus one micro-batch; docs/cost-models.md §2.7).
    // memory.recompute instead means a profile whose backward times already include it.
    std::vector<bool> recomputeStages;
    // A stream of inference frames instead of training (docs/cost-models.md §1.10): forward
    // times only, no gradients, and a link costs the time it is busy (latency is in flight).
    bool forwardOnly = false;
    bool hasCapacity() const;
    bool recomputes(int position) const;
};

// Every stage of every partition over more memory than its machine has (the partition with the
// least excess is named in the message).
class PipelineMemoryError : public PlanError {
  public:
    using PlanError::PlanError;
};

// One stage of a pipeline and the link after it (to the next stage; zero for the last one).
struct PipelineStage {
    int chainPosition = 0;
    int machine = 0;
    std::vector<int> layers; // positions, ascending
    double forwardMs = 0;    // b samples
    double backwardMs = 0;
    double computeMs = 0; // E_n = forward + backward
    std::vector<int>
        crossing; // producers whose tensor crosses the link (-1 = the model input), ascending
    double linkForwardBytes = 0;
    double linkBackwardBytes = 0;
    double linkBytes = 0; // forward + backward
    double linkForwardMs = 0;
    double linkBackwardMs = 0;
    double linkMs = 0;      // C_n = forward + backward transfer
    StageMemory memory;     // what its machine holds at its peak
    bool recompute = false; // activation checkpointing (its backwardMs includes the forward)
};

struct PipelinePlan {
    std::vector<PipelineStage> stages; // the stages used, in chain order (k ≤ chain length)
    double bottleneckMs = 0;           // max over stages of compute_ms and link_ms
    int microBatch = 1;
    std::size_t states = 0; // cut states the planner considered
    // Proven: no partition has a smaller bottleneck. Equal to bottleneckMs when exact.
    double lowerBoundMs = 0;
    bool exact = true;
    std::string note;            // why the plan is not proven optimal (empty when exact)
    int feasibilityTests = 0;    // candidate bottlenecks the search tried
    std::size_t memoryBytes = 0; // the states and their costs
    double planningMs = 0;
    // (bottleneck − lower bound) / bottleneck: 0 when exact.
    double gap() const {
        return bottleneckMs > 0 ? (bottleneckMs - lowerBoundMs) / bottleneckMs : 0;
    }
};

// The partition into at most chain.size() stages on the first machines of the chain with the
// smallest bottleneck (docs/cost-models.md §2.3; ties: fewer stages), found exactly unless the
// time limit ends the search or --cut-mode any meets more downsets than the limit: then the best
// plan found, with `exact` false, a proven lower bound and a note. Never refuses a graph for its
// size. Throws PlanError for a profile without backward_ms, an unknown machine, a missing link in
// the chain, and a cancel.
PipelinePlan planPipeline(const Profile& profile, const Network& network,
                          const PipelineRequest& request);

// Costs of a given partition: stageOfLayer[i] is the chain position running layer i. Every
// position 0..max must run at least one layer and no edge may go back along the chain; throws
// PlanError otherwise. Tensors consumed further down the chain are relayed over every link
// between (forward activations; gradients come back, except for the model input, which has none).
PipelinePlan evaluatePipeline(const Profile& profile, const Network& network,
                              const PipelineRequest& request, const std::vector<int>& stageOfLayer);

} // namespace cutlab::core
