#pragma once

#include "core/pipeline/DownsetLattice.h"
#include "core/pipeline/PipelineStateCosts.h"

#include <functional>
#include <vector>

namespace cutlab::core {

// The partition with the smallest bottleneck over a lattice of cut states (docs/cost-models.md
// §2.3), without visiting pairs of states.
//
// For a candidate bottleneck B, whether some partition keeps every stage and every link within B
// is a reachability question, answered level by level: F_0 holds the states the first stage can
// end at (compute ≤ B); stage n can end at D if some state D' ⊊ D of F_{n-1}, whose link is within
// B, leaves compute_n(D) − compute_n(D') ≤ B. The best D' is the one of largest compute_n, and the
// largest compute_n over the members of a family below D follows from D's lower covers (every
// proper subset of D lies under one of them), so each level costs one pass over the states and
// their covers, whatever the machines and the links. This holds with communication and with
// heterogeneous chains: nothing assumes that a larger state is better, only that costs add up.
// The feasible B are an interval [B*, ∞); bisection between a proven lower bound (an infeasible
// B) and the best plan found narrows it until the two agree to 1e-12 relative, or until the time
// budget ends (then the best plan and the bound are returned, with the gap).
class PipelineBottleneckSearch {
  public:
    struct Result {
        std::vector<int> stageOfLayer; // chain position per layer
        double bottleneckMs = 0;       // as evaluated
        double lowerBoundMs = 0;       // no partition over these states does better
        bool exact = false;            // bottleneck and bound agree to 1e-12 relative
        int feasibilityTests = 0;
    };

    // `evaluate` gives the bottleneck of a partition as the planner reports it; `outOfTime` says
    // when to stop narrowing; `checkCancelled` may throw; `progress` hears how much of the gap
    // is closed (0..1, on a log scale).
    PipelineBottleneckSearch(const DownsetLattice& lattice, const PipelineStateCosts& costs,
                             std::function<double(const std::vector<int>&)> evaluate,
                             std::function<bool()> outOfTime, std::function<void()> checkCancelled,
                             std::function<void(double)> progress = {});

    Result solve();
    // Bytes of the search's own arrays (the lattice and the costs are the caller's).
    std::size_t memoryBytes() const;

  private:
    // Stages of the partition with the fewest stages whose stages and links are all within
    // `bound` (its chain positions per layer in `stageOfLayer`), or 0 when there is none.
    int feasible(double bound, std::vector<int>* stageOfLayer);

    const DownsetLattice& m_lattice;
    const PipelineStateCosts& m_costs;
    std::function<double(const std::vector<int>&)> m_evaluate;
    std::function<bool()> m_outOfTime;
    std::function<void()> m_checkCancelled;
    std::function<void(double)> m_progress;
    std::vector<double> m_best;             // per state: largest compute_n of a member below
    std::vector<int> m_bestState;           // the member giving it
    std::vector<unsigned char> m_ends;      // per state: the current stage can end here
    std::vector<std::vector<int>> m_before; // per level and state: where that stage began
};

} // namespace cutlab::core
