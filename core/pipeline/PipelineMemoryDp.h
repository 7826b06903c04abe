#pragma once

#include "core/pipeline/DownsetLattice.h"
#include "core/pipeline/PipelineSetup.h"
#include "core/pipeline/PipelineStateCosts.h"

#include <optional>
#include <vector>

namespace cutlab::core {

// Planning under memory limits (docs/cost-models.md §2.7): a pairwise DP over nested states,
// once for each number of stages S (a stage's memory depends on S through the micro-batches in
// flight), exact over the lattice's states. Work grows as states² · positions², so the planner
// hands it at most kStateLimit states.
class PipelineMemoryDp {
  public:
    static constexpr std::size_t kStateLimit = 3000;

    PipelineMemoryDp(const Profile& profile, const PipelineRequest& request,
                     const PipelineSetup& setup, const DownsetLattice& lattice,
                     const PipelineStateCosts& costs);

    // Chain position per layer of the partition with the smallest bottleneck whose every stage
    // fits its machine (ties: fewer stages), or nothing when none fits.
    std::optional<std::vector<int>> fastestThatFits();
    // Chain position per layer of the partition whose largest excess of a stage's memory over
    // its machine's is smallest.
    std::vector<int> leastExcess();

  private:
    enum class Goal { Time, Excess };
    // The value of the best partition into exactly `stages` stages for `goal`, its layers in
    // `stageOfLayer`.
    double solve(Goal goal, int stages, std::vector<int>* stageOfLayer);
    double stageMemory(int from, int to, int position, int stages) const;
    double capacity(int position) const;
    double stageValue(Goal goal, int from, int to, int position, int stages) const;

    const PipelineRequest& m_request;
    const DownsetLattice& m_lattice;
    const PipelineStateCosts& m_costs;
    int m_samples;
    std::vector<double> m_parameters; // per state: Σ param bytes
    std::vector<double> m_outputs;    // per state: Σ output bytes of one sample
    std::vector<double> m_leaving;    // per state: bytes of one sample crossing out of it
};

} // namespace cutlab::core
