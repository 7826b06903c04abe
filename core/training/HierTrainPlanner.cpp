#include "core/training/HierTrainPlanner.h"
#include "core/model/Infinity.h"

#include "core/model/PlanError.h"
#include "core/training/HierTrainBound.h"
#include "core/training/HierTrainEvaluator.h"
#include "core/training/HierTrainMemoryLimits.h"
#include "core/training/HierTrainSampleLine.h"
#include "core/training/TrainingMemory.h"
#include "core/training/TrainingMemoryError.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <vector>

namespace cutlab::core {
namespace {

// The exact search. Its plans fall into the faces of the split triangle (which workers have
// samples), and the faces depend on the cuts in different ways:
//   b_l = 0 (O alone, S alone, O and S): L takes no part, so the time depends on m_s only;
//   only L has samples: phases 1-2 and 4-5 add up to L's whole run, so it depends on m_l only;
//   L with O, S or both: depends on both cuts.
// The first two are searched in one pass over the cuts. The third is a best-first branch and
// bound over boxes of cut pairs (HierTrainBound): a box whose lower bound cannot beat the best
// plan found so far is dropped whole, the others are halved, and a box of one pair is searched
// exactly (searchCuts). The one-cut faces go first, so the bound has a good incumbent from the
// start (the single-machine and two-worker plans). The result is the optimum of the search over
// every pair (planHierTrainEveryPair); among plans equal to 1e-12 relative the one returned may
// differ.
class HierTrainSearch {
  public:
    HierTrainSearch(const TrainingCostModel& model, int batch) : m_model(model), m_batch(batch) {}

    HierTrainPlan run() {
        const auto workerSets = mappedWorkers();
        const auto& cuts = m_model.cutPositions();
        for (const auto& workers : workerSets) {
            for (int cut : cuts)
                searchWithoutL(workers, cut);
            if (workers[2] >= 0)
                for (int cut : cuts)
                    searchOnlyL(workers, cut);
        }
        searchBoxes(workerSets);
        return best();
    }

    // The reference: every mapping, every pair of cuts, each searched exactly.
    HierTrainPlan runEveryPair() {
        const auto& cuts = m_model.cutPositions();
        for (const auto& workers : mappedWorkers())
            for (std::size_t i = 0; i < cuts.size(); ++i)
                for (std::size_t j = i; j < cuts.size(); ++j)
                    searchCuts(workers, cuts[i], cuts[j]);
        return best();
    }

  private:
    // The six mappings of workers o, s, l onto device, edge, cloud, as machine indices (o needed).
    std::vector<std::array<int, 3>> mappedWorkers() const {
        const auto& tiers = m_model.machineOfTier();
        const std::array<std::array<int, 3>, 6> mappings{
            {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
        std::vector<std::array<int, 3>> result;
        for (const auto& mapping : mappings) {
            const std::array<int, 3> workers{tiers[static_cast<std::size_t>(mapping[0])],
                                             tiers[static_cast<std::size_t>(mapping[1])],
                                             tiers[static_cast<std::size_t>(mapping[2])]};
            if (workers[0] >= 0)
                result.push_back(workers);
        }
        return result;
    }

    HierTrainPlan best() const {
        if (m_bestTime == kInfinity && m_model.memory().hasCapacity())
            throw TrainingMemoryError("no HierTrain plan fits the machines' memory");
        if (m_bestTime == kInfinity)
            throw PlanError("HierTrain found no plan");
        return evaluateHierTrain(m_model, m_bestWorkers, m_bestMs, m_bestMl,
                                 {m_batch - m_bestBs - m_bestBl, m_bestBs, m_bestBl});
    }

    // Plans where L has no samples, with S's cut at m_s (m_l plays no part; reported as m_s).
    void searchWithoutL(const std::array<int, 3>& workers, int ms) {
        const int batch = m_batch;
        // O runs layers [m_s, N) on all the samples and its update, whatever the split.
        if (prunable(oWorkFrom(workers, ms)))
            return;
        const HierTrainEvaluator evaluator(m_model, workers, ms, ms, batch);
        if (ms == 0)
            offer(evaluator.time(0, 0), workers, 0, 0, 0, 0); // O alone: the same for every cut
        if (workers[1] < 0 || ms == 0)
            return;
        offer(evaluator.time(batch, 0), workers, ms, ms, batch, 0);
        const HierTrainMemoryLimits limits(m_model, workers, ms, ms, batch);
        searchLine(evaluator, {true, true, false},
                   limits.restrict(SampleLine::oAndS(batch), {true, true, false}), workers, ms, ms);
    }

    // The plan where L has all the samples, with L's cut at m_l (m_s plays no part; reported as 0).
    // (It equals S alone in the mapping with S and L swapped; searched anyway, it costs little.)
    void searchOnlyL(const std::array<int, 3>& workers, int ml) {
        if (ml == 0)
            return;
        // O still runs layers [m_l, N) on all the samples, and its update.
        if (prunable(oWorkFrom(workers, ml)))
            return;
        offer(HierTrainEvaluator(m_model, workers, 0, ml, m_batch).time(0, m_batch), workers, 0, ml,
              0, m_batch);
    }

    // Best-first branch and bound over boxes of cut pairs, for the plans where L has samples
    // together with O or S. Boxes of all mappings share one queue ordered by lower bound; once the
    // lowest bound cannot beat the best plan, no box can.
    void searchBoxes(const std::vector<std::array<int, 3>>& workerSets) {
        struct Entry {
            double bound;
            std::size_t mapping;
            HierTrainCutBox box;
            bool operator>(const Entry& other) const { return bound > other.bound; }
        };
        const HierTrainBound bounds(m_model, m_batch, workerSets);
        std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
        auto push = [&](std::size_t mapping, HierTrainCutBox box) {
            box.i1 = std::min(box.i1, box.j1); // m_s <= m_l
            box.j0 = std::max(box.j0, box.i0);
            if (box.i0 > box.i1 || box.j0 > box.j1)
                return;
            if (!boxMayFit(workerSets[mapping], box))
                return;
            const double bound = bounds.lowerBound(mapping, box, tieLevel());
            if (!cannotImprove(bound))
                queue.push({bound, mapping, box});
        };
        const int last = static_cast<int>(m_model.cutPositions().size()) - 1;
        for (std::size_t mapping = 0; mapping < workerSets.size(); ++mapping)
            push(mapping, {0, last, 0, last});
        const auto& cuts = m_model.cutPositions();
        while (!queue.empty()) {
            const Entry entry = queue.top();
            queue.pop();
            if (cannotImprove(entry.bound))
                break; // the incumbent improved since it was queued
            const HierTrainCutBox& box = entry.box;
            if (box.onePair()) {
                searchCuts(workerSets[entry.mapping], cuts[static_cast<std::size_t>(box.i0)],
                           cuts[static_cast<std::size_t>(box.j0)]);
                continue;
            }
            // Halve the longer side.
            if (box.i1 - box.i0 >= box.j1 - box.j0) {
                const int mid = box.i0 + (box.i1 - box.i0) / 2;
                push(entry.mapping, {box.i0, mid, box.j0, box.j1});
                push(entry.mapping, {mid + 1, box.i1, box.j0, box.j1});
            } else {
                const int mid = box.j0 + (box.j1 - box.j0) / 2;
                push(entry.mapping, {box.i0, box.i1, box.j0, mid});
                push(entry.mapping, {box.i0, box.i1, mid + 1, box.j1});
            }
        }
    }

    // Only plans that fit the machines' memory (docs/cost-models.md §2.8) are kept.
    void offer(double time, const std::array<int, 3>& workers, int ms, int ml, int bs, int bl) {
        if (time < m_bestTime &&
            hierTrainFits(m_model, workers, ms, ml, {m_batch - bs - bl, bs, bl})) {
            m_bestTime = time;
            m_bestWorkers = workers;
            m_bestMs = ms;
            m_bestMl = ml;
            m_bestBs = bs;
            m_bestBl = bl;
        }
    }

    // What O does whatever the split: layers [from, N) forward and backward on every sample, and
    // the update of every layer. A lower bound on the iteration.
    double oWorkFrom(const std::array<int, 3>& workers, int from) const {
        const int n = m_model.layerCount();
        return (m_model.forwardMs(workers[0], from, n) + m_model.backwardMs(workers[0], from, n)) *
                   m_batch +
               m_model.updateMs(workers[0], 0, n);
    }

    // Within one pair: keep searching unless the bound is clearly above the best plan.
    bool prunable(double lowerBound) const {
        return lowerBound > m_bestTime + 1e-9 * std::max(1.0, std::fabs(m_bestTime));
    }

    // Across boxes of pairs: drop a box that can at best tie the best plan (to 1e-12 relative,
    // the rounding of the sums), so a flat stretch of equally good cuts is not visited pair by
    // pair.
    bool cannotImprove(double lowerBound) const { return lowerBound >= tieLevel(); }
    double tieLevel() const { return m_bestTime - 1e-12 * std::max(1.0, std::fabs(m_bestTime)); }

    void searchLine(const HierTrainEvaluator& evaluator, std::array<bool, 3> present,
                    const SampleLine& line, const std::array<int, 3>& workers, int ms, int ml) {
        if (line.t1 < line.t0)
            return;
        const auto pieces = evaluator.pieces(present);
        if (prunable(continuousMinimum(pieces, line)))
            return;
        const auto best = integerMinimum(evaluator, pieces, line);
        offer(best.time, workers, ms, ml, best.bs, best.bl);
    }

    void searchCuts(const std::array<int, 3>& workers, int ms, int ml) {
        const int batch = m_batch;
        // Lower bound shared by every split: O's own layers after m_l on all samples, O's update.
        if (prunable(oWorkFrom(workers, ml)))
            return;
        const HierTrainEvaluator evaluator(m_model, workers, ms, ml, batch);
        const bool sCan = workers[1] >= 0 && ms > 0, lCan = workers[2] >= 0 && ml > 0;
        offer(evaluator.time(0, 0), workers, ms, ml, 0, 0);
        if (sCan)
            offer(evaluator.time(batch, 0), workers, ms, ml, batch, 0);
        if (lCan)
            offer(evaluator.time(0, batch), workers, ms, ml, 0, batch);
        const HierTrainMemoryLimits limits(m_model, workers, ms, ml, batch);
        auto line = [&](std::array<bool, 3> present, const SampleLine& whole) {
            searchLine(evaluator, present, limits.restrict(whole, present), workers, ms, ml);
        };
        if (sCan)
            line({true, true, false}, SampleLine::oAndS(batch));
        if (lCan)
            line({true, false, true}, SampleLine::oAndL(batch));
        if (sCan && lCan) {
            line({false, true, true}, SampleLine::sAndL(batch));
            if (limits.active())
                searchPlaneWithin(evaluator, limits, workers, ms, ml);
            else
                searchPlane(evaluator, workers, ms, ml);
        }
    }

    // All three workers have samples: b_s >= 1, b_l >= 1, b_o >= 1. For fixed b_l the best b_s is
    // a line search; the continuous minimum over b_s is convex in b_l, so only the b_l around its
    // minimum whose lower bound still beats the best plan need the exact line search.
    void searchPlane(const HierTrainEvaluator& evaluator, const std::array<int, 3>& workers, int ms,
                     int ml) {
        const int batch = m_batch;
        if (batch < 3)
            return;
        const auto pieces = evaluator.pieces({true, true, true});
        auto lineAt = [&](int bl) { return SampleLine::allThree(batch, bl); };
        auto bound = [&](int bl) { return continuousMinimum(pieces, lineAt(bl)); };
        const int low = lowestPlaneLine(pieces, batch);
        auto visit = [&](int bl) {
            if (prunable(bound(bl)))
                return false;
            const auto best = integerMinimum(evaluator, pieces, lineAt(bl));
            offer(best.time, workers, ms, ml, best.bs, best.bl);
            return true;
        };
        for (int bl = low; bl >= 1 && visit(bl); --bl) {
        }
        for (int bl = low + 1; bl <= batch - 2 && visit(bl); ++bl) {
        }
    }

    // The three-worker face under memory limits: each row b_l = const restricted to the splits
    // that fit. The rows' feasible parts need not have a convex continuous minimum, so every row
    // is visited, each skipped when its continuous minimum cannot beat the best plan.
    void searchPlaneWithin(const HierTrainEvaluator& evaluator, const HierTrainMemoryLimits& limits,
                           const std::array<int, 3>& workers, int ms, int ml) {
        const int batch = m_batch;
        const auto pieces = evaluator.pieces({true, true, true});
        for (int bl = 1; bl <= batch - 2; ++bl) {
            const SampleLine row =
                limits.restrict(SampleLine::allThree(batch, bl), {true, true, true});
            if (row.t1 < row.t0 || prunable(continuousMinimum(pieces, row)))
                continue;
            const auto best = integerMinimum(evaluator, pieces, row);
            offer(best.time, workers, ms, ml, best.bs, best.bl);
        }
    }

    // A box of cut pairs where no plan with L's samples can fit is dropped (only with limits).
    bool boxMayFit(const std::array<int, 3>& workers, const HierTrainCutBox& box) const {
        if (!m_model.memory().hasCapacity())
            return true;
        const auto& cuts = m_model.cutPositions();
        return hierTrainBoxMayFit(m_model, workers,
                                  cuts[static_cast<std::size_t>(std::max(box.j0, 1))],
                                  cuts[static_cast<std::size_t>(box.j1)], m_batch);
    }

    const TrainingCostModel& m_model;
    int m_batch;
    double m_bestTime = kInfinity;
    std::array<int, 3> m_bestWorkers{-1, -1, -1};
    int m_bestMs = 0, m_bestMl = 0, m_bestBs = 0, m_bestBl = 0;
};

} // namespace

HierTrainPlan evaluateHierTrain(const TrainingCostModel& model, std::array<int, 3> workers, int ms,
                                int ml, std::array<int, 3> samples) {
    const HierTrainEvaluator evaluator(model, workers, ms, ml,
                                       samples[0] + samples[1] + samples[2]);
    HierTrainPlan plan;
    plan.workerMachine = workers;
    plan.ms = ms;
    plan.ml = ml;
    plan.samples = samples;
    plan.phases = evaluator.phases(samples[0], samples[1], samples[2]);
    return plan;
}

HierTrainPlan planHierTrain(const TrainingCostModel& model, int batch) {
    if (batch < 1)
        throw PlanError("the mini-batch must hold at least one sample");
    return HierTrainSearch(model, batch).run();
}

HierTrainPlan planHierTrainEveryPair(const TrainingCostModel& model, int batch) {
    if (batch < 1)
        throw PlanError("the mini-batch must hold at least one sample");
    return HierTrainSearch(model, batch).runEveryPair();
}

} // namespace cutlab::core
