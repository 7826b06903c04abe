#pragma once

#include "core/pipeline/DownsetLattice.h"
#include "core/pipeline/PipelineStateCosts.h"

#include <vector>

namespace cutlab::core {

// Every Pareto-optimal stream partition over (single-frame latency, period) on a chain of cut
// states (docs/cost-models.md §1.10). A stage on chain position n from state s to s' costs
// compute(s', n) − compute(s, n); the link after it costs its busy time link(s', n) in the period,
// and that plus the link's latency (when it sends anything) in the latency.
//
// For a bound B on every stage and link, a dynamic programme over (stages used, state reached)
// finds the plan of least latency, and of least period among those: (latency, period) compared
// in that order adds up stage by stage, so the best prefix to a state is all that matters. That
// plan is on the front. Asking again with every cost strictly below its period finds the next,
// until no plan is left; each ask costs positions × states² / 2.
class StreamFront {
  public:
    // One plan: the states its stages end at (the first stage starts at the empty state), with
    // the latency and period the programme summed.
    struct Point {
        std::vector<int> ends;
        double latencyMs = 0;
        double periodMs = 0;
    };

    // `linkLatencyMs[n]` is the latency of the link after chain position n.
    StreamFront(const DownsetLattice& lattice, const PipelineStateCosts& costs,
                std::vector<double> linkLatencyMs);

    // Period ascending, latency descending.
    std::vector<Point> solve() const;

  private:
    // The least-latency plan with every stage and link within `bound` (below it when `strict`);
    // false when there is none.
    bool best(double bound, bool strict, Point& point) const;

    const DownsetLattice& m_lattice;
    const PipelineStateCosts& m_costs;
    std::vector<double> m_linkLatencyMs;
};

} // namespace cutlab::core
