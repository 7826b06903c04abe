#pragma once

#include "core/inference/RankedPlan.h"

#include <functional>
#include <optional>
#include <vector>

namespace cutlab::core {

// The best plan as one link direction's bandwidth varies, found with few calls to an exact
// planner (docs/cost-models.md §6.5). A plan's latency is a line A + B·x in x = 1/Mbit/s, so
// the best latency over x is the lower envelope of those lines, a concave function: a plan
// best at both ends of an interval is best all along it, and two neighbours' crossover is the
// only place a third plan can show up. Pieces are found by probing there, kept, and reused.
class PlanEnvelope {
  public:
    // The planner's best plan when the direction carries `mbps` (nullopt: no plan).
    using Probe = std::function<std::optional<RankedPlan>(double mbps)>;
    // B of a plan: ms per (1 / Mbit/s), that is Σ bytes·8/1000 it sends over the direction.
    using Slope = std::function<double(const RankedPlan&)>;

    PlanEnvelope(Probe probe, Slope slope);

    // The plan the probe would give at `mbps` (> 0, infinity allowed).
    std::optional<RankedPlan> planAt(double mbps);

    // Where the best plan changes between the lowest and the highest bandwidth asked so far:
    // the crossing of two neighbouring plans' lines, lowest bandwidth first. Nullopt when the
    // envelope gave up (too many pieces, or no plan somewhere): only sampled changes are known.
    struct Crossing {
        double mbps = 0;
        double totalMs = 0;
    };
    std::optional<std::vector<Crossing>> crossings() const;

    // How many times the planner ran, and the pieces known so far (for benchmarks and tests).
    int probes() const { return m_probes; }
    std::size_t pieceCount() const { return m_pieces.size(); }

  private:
    struct Line {
        RankedPlan plan;
        double a = 0; // ms at x = 0
        double b = 0; // ms per unit of x
        double at(double x) const { return a + b * x; }
    };
    struct Piece {
        double from = 0; // x, inclusive
        double to = 0;
        std::size_t line = 0;
    };

    std::optional<std::size_t> probeAt(double x);
    // Pieces covering [lo, hi] given the lines best at its ends; false when the planner has
    // no plan somewhere in it.
    bool cover(double lo, std::size_t lineLo, double hi, std::size_t lineHi,
               std::vector<Piece>& out, int depth);
    bool extendTo(double x);

    Probe m_probe;
    Slope m_slope;
    std::vector<Line> m_lines;
    std::vector<Piece> m_pieces; // sorted, contiguous
    int m_probes = 0;
    bool m_gaveUp = false; // too many pieces, or no plan somewhere: every query probes
};

} // namespace cutlab::core
