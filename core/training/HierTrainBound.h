#pragma once

#include "core/training/HierTrainEvaluator.h"
#include "core/training/TrainingCostModel.h"

#include <array>
#include <vector>

namespace cutlab::core {

// A box of cut pairs for one worker mapping: m_s = cuts[i], m_l = cuts[j] with i in [i0, i1],
// j in [j0, j1] and i <= j (cuts = TrainingCostModel::cutPositions(), ascending).
struct HierTrainCutBox {
    int i0 = 0, i1 = 0, j0 = 0, j1 = 0;
    bool onePair() const { return i0 == i1 && j0 == j1; }
};

// A lower bound of HierTrain's iteration time (docs/cost-models.md §2.1) over a whole box of cut
// pairs, for every sample split in which L has samples together with O, S or both (the faces
// {o,l}, {s,l} and {o,s,l} of the split triangle; the planner covers the others directly).
//
// The time as a maximum over paths. A sum of maxima is the maximum over every way of picking one
// term per maximum, so for fixed cuts the forward part Tf1 + Tf2 + Tf3 is the maximum of six
// "paths" (who finishes phase 1: O, L or S; phase 2: O or L; then O's phase 3), each an affine
// function of (b_o, b_s, b_l) whose coefficients are sums of prefix sums at m_s, m_l and N; the
// backward part Tb3 + Tb2 + Tb1 likewise; Tup does not depend on the split.
//
// Why the bound is valid. Every coefficient of a path multiplies a sample count (>= 0), and each
// is a signed sum of prefix sums P(m_s), P(m_l), P(N) plus transfer slopes. Over a box, a term
// +P(m) is at least P at the lowest m of the box and -P(m) at least -P at the highest (prefix sums
// of non-negative times grow with m); identical terms are cancelled first, so O's own path
// F_o(m_s)·b_o + (F_o(m_l) - F_o(m_s))·b_o + (F_o(N) - F_o(m_l))·b_o = F_o(N)·b_o loses nothing.
// Transfer times grow with the bytes: the fewest bytes crossing any cut of the box is used (a
// sparse table), with its latency only when that is more than nothing. Update and weight-exchange
// times grow with the cut. So for every split, each relaxed path, and hence their maximum, is at
// most the time of any pair of the box; the minimum of that maximum over the integer points of a
// face of the split triangle bounds every plan of that face in the box. For one pair, each path
// is exact, so the bound is the exact optimum of the pair for those faces. (Integer points, not
// the continuous minimum: with a few samples on a slow worker, one sample more or less is worth
// far more than the differences between neighbouring cuts.)
class HierTrainBound {
  public:
    // Worker triples are machine indices (o, s, l); lowerBound takes an index into them.
    HierTrainBound(const TrainingCostModel& model, int batch,
                   const std::vector<std::array<int, 3>>& workerSets);

    // +infinity when the box holds no plan in which L has samples (no L machine, or m_l = 0
    // throughout). The bound is over integer splits; it is only computed as far as needed to tell
    // whether it reaches `threshold` (pass +infinity for the full bound).
    double lowerBound(std::size_t mapping, const HierTrainCutBox& box, double threshold) const;

  private:
    enum Count { kO, kS, kL };              // b_o, b_s, b_l
    enum Position { kAtMs, kAtMl, kAtEnd }; // where a prefix sum is taken
    enum Table { kForward, kBackward };
    enum TransferId { kInO, kInS, kInL, kSOut, kSGrad, kLOut, kLGrad, kTransfers };
    struct PrefixTerm {
        int weight;
        Table table;
        int machine;
        Position position;
    };
    // One path: for each sample count, its coefficient (prefix terms + transfer slopes) and the
    // transfers whose latency it pays when that count is positive.
    struct Path {
        std::array<std::vector<PrefixTerm>, 3> prefix;
        std::array<std::vector<TransferId>, 3> transfers;
        void add(Count count, std::vector<PrefixTerm> terms, std::vector<TransferId> sends = {});
        void add(const Path& other);
        void cancel(); // merges identical prefix terms
    };
    struct Mapping {
        std::array<int, 3> workers;
        std::vector<Path> forward, backward;
    };
    struct Transfer {
        double latency = 0, slope = 0;
    };
    struct Extremes {
        int msLow, msHigh, mlLow, mlHigh;
    };

    static Mapping paths(const std::array<int, 3>& workers);
    Transfer transfer(int from, int to, double bytesPerSample) const;
    // The fewest bytes per sample crossing a positive cut among cuts[k0..k1] (k0 <= k1).
    double minCutBytes(int k0, int k1) const;
    double prefixValue(const PrefixTerm& term, const Extremes& box) const;
    // The relaxed paths as affine functions of (b_s, b_l) on the face where `present` have samples.
    HierTrainEvaluator::Pieces
    relaxedPieces(const Mapping& mapping, std::array<bool, 3> present, const Extremes& box,
                  const std::array<Transfer, kTransfers>& transfers) const;

    const TrainingCostModel& m_model;
    int m_batch;
    int m_firstPositive;                         // index of the first cut position > 0
    std::vector<std::vector<double>> m_minBytes; // m_minBytes[p][k] = min over cuts[k .. k + 2^p)
    std::vector<Mapping> m_mappings;
};

} // namespace cutlab::core
