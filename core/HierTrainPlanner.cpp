#include "HierTrainPlanner.h"

#include "HierTrainEvaluator.h"
#include "PlanError.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cutlab::core {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// A line of sample splits (b_s, b_l) = (s0 + ds·t, l0 + dl·t) for integer t in [t0, t1].
struct SampleLine {
    double s0 = 0, ds = 0, l0 = 0, dl = 0;
    int t0 = 0, t1 = 0;
    int bs(int t) const { return static_cast<int>(s0 + ds * t); }
    int bl(int t) const { return static_cast<int>(l0 + dl * t); }
};

// Candidate parameters where the minimum of a sum of maxima of affine functions can lie along a
// line: the ends and every crossing of two pieces of the same maximum. The minimum of a convex
// piecewise-linear function is at one of them; the integer minimum is next to one of them.
std::vector<double> breakpoints(const HierTrainEvaluator::Pieces& pieces, const SampleLine& line) {
    std::vector<double> points{static_cast<double>(line.t0), static_cast<double>(line.t1)};
    for (const auto& options : pieces.maxima) {
        for (std::size_t i = 0; i < options.size(); ++i)
            for (std::size_t j = i + 1; j < options.size(); ++j) {
                const auto& a = options[i];
                const auto& b = options[j];
                const double alphaA = a.c + a.cs * line.s0 + a.cl * line.l0, betaA = a.cs * line.ds + a.cl * line.dl;
                const double alphaB = b.c + b.cs * line.s0 + b.cl * line.l0, betaB = b.cs * line.ds + b.cl * line.dl;
                if (betaA == betaB) continue;
                const double t = (alphaB - alphaA) / (betaA - betaB);
                if (t > line.t0 && t < line.t1) points.push_back(t);
            }
    }
    return points;
}

struct LineMinimum {
    double time = kInfinity;
    int bs = 0, bl = 0;
};

// The exact integer minimum along a line, evaluated with the exact formula.
LineMinimum integerMinimum(const HierTrainEvaluator& evaluator, const HierTrainEvaluator::Pieces& pieces,
                           const SampleLine& line) {
    LineMinimum best;
    auto consider = [&](int t) {
        t = std::clamp(t, line.t0, line.t1);
        const double time = evaluator.time(line.bs(t), line.bl(t));
        if (time < best.time) best = {time, line.bs(t), line.bl(t)};
    };
    for (double t : breakpoints(pieces, line)) {
        consider(static_cast<int>(std::floor(t)));
        consider(static_cast<int>(std::ceil(t)));
    }
    return best;
}

// The continuous minimum along a line (a lower bound of the integer one).
double continuousMinimum(const HierTrainEvaluator::Pieces& pieces, const SampleLine& line) {
    double best = kInfinity;
    for (double t : breakpoints(pieces, line)) best = std::min(best, pieces.at(line.s0 + line.ds * t, line.l0 + line.dl * t));
    return best;
}

class HierTrainSearch {
public:
    HierTrainSearch(const TrainingCostModel& model, int batch) : m_model(model), m_batch(batch) {}

    HierTrainPlan run() {
        const auto& tiers = m_model.machineOfTier();
        const std::array<std::array<int, 3>, 6> mappings{{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
        const auto& cuts = m_model.cutPositions();
        for (const auto& mapping : mappings) {
            const std::array<int, 3> workers{tiers[static_cast<std::size_t>(mapping[0])], tiers[static_cast<std::size_t>(mapping[1])],
                                             tiers[static_cast<std::size_t>(mapping[2])]};
            if (workers[0] < 0) continue;
            for (std::size_t i = 0; i < cuts.size(); ++i)
                for (std::size_t j = i; j < cuts.size(); ++j) searchCuts(workers, cuts[i], cuts[j]);
        }
        if (m_bestTime == kInfinity) throw PlanError("HierTrain found no plan");
        return evaluateHierTrain(m_model, m_bestWorkers, m_bestMs, m_bestMl,
                                 {m_batch - m_bestBs - m_bestBl, m_bestBs, m_bestBl});
    }

private:
    void offer(double time, const std::array<int, 3>& workers, int ms, int ml, int bs, int bl) {
        if (time < m_bestTime) {
            m_bestTime = time;
            m_bestWorkers = workers;
            m_bestMs = ms;
            m_bestMl = ml;
            m_bestBs = bs;
            m_bestBl = bl;
        }
    }

    bool prunable(double lowerBound) const {
        return lowerBound > m_bestTime + 1e-9 * std::max(1.0, std::fabs(m_bestTime));
    }

    void searchLine(const HierTrainEvaluator& evaluator, std::array<bool, 3> present, const SampleLine& line,
                    const std::array<int, 3>& workers, int ms, int ml) {
        if (line.t1 < line.t0) return;
        const auto pieces = evaluator.pieces(present);
        if (prunable(continuousMinimum(pieces, line))) return;
        const auto best = integerMinimum(evaluator, pieces, line);
        offer(best.time, workers, ms, ml, best.bs, best.bl);
    }

    void searchCuts(const std::array<int, 3>& workers, int ms, int ml) {
        const int n = m_model.layerCount(), batch = m_batch;
        // Lower bound shared by every split: O's own layers after m_l on all samples, O's update.
        const double oAlone = (m_model.forwardMs(workers[0], ml, n) + m_model.backwardMs(workers[0], ml, n)) * batch +
                              m_model.updateMs(workers[0], 0, n);
        if (prunable(oAlone)) return;
        const HierTrainEvaluator evaluator(m_model, workers, ms, ml, batch);
        const bool sCan = workers[1] >= 0 && ms > 0, lCan = workers[2] >= 0 && ml > 0;
        offer(evaluator.time(0, 0), workers, ms, ml, 0, 0);
        if (sCan) offer(evaluator.time(batch, 0), workers, ms, ml, batch, 0);
        if (lCan) offer(evaluator.time(0, batch), workers, ms, ml, 0, batch);
        if (sCan) searchLine(evaluator, {true, true, false}, {0, 1, 0, 0, 1, batch - 1}, workers, ms, ml);
        if (lCan) searchLine(evaluator, {true, false, true}, {0, 0, 0, 1, 1, batch - 1}, workers, ms, ml);
        if (sCan && lCan) {
            searchLine(evaluator, {false, true, true}, {0, 1, static_cast<double>(batch), -1, 1, batch - 1}, workers, ms, ml);
            searchPlane(evaluator, workers, ms, ml);
        }
    }

    // All three workers have samples: b_s >= 1, b_l >= 1, b_o >= 1. For fixed b_l the best b_s is
    // a line search; the continuous minimum over b_s is convex in b_l, so only the b_l around its
    // minimum whose lower bound still beats the best plan need the exact line search.
    void searchPlane(const HierTrainEvaluator& evaluator, const std::array<int, 3>& workers, int ms, int ml) {
        const int batch = m_batch;
        if (batch < 3) return;
        const auto pieces = evaluator.pieces({true, true, true});
        auto lineAt = [&](int bl) { return SampleLine{0, 1, static_cast<double>(bl), 0, 1, batch - 1 - bl}; };
        auto bound = [&](int bl) { return continuousMinimum(pieces, lineAt(bl)); };
        int low = 1, high = batch - 2;
        while (low < high) {
            const int mid = low + (high - low) / 2;
            if (bound(mid + 1) < bound(mid))
                low = mid + 1;
            else
                high = mid;
        }
        auto visit = [&](int bl) {
            if (prunable(bound(bl))) return false;
            const auto best = integerMinimum(evaluator, pieces, lineAt(bl));
            offer(best.time, workers, ms, ml, best.bs, best.bl);
            return true;
        };
        for (int bl = low; bl >= 1 && visit(bl); --bl) {
        }
        for (int bl = low + 1; bl <= batch - 2 && visit(bl); ++bl) {
        }
    }

    const TrainingCostModel& m_model;
    int m_batch;
    double m_bestTime = kInfinity;
    std::array<int, 3> m_bestWorkers{-1, -1, -1};
    int m_bestMs = 0, m_bestMl = 0, m_bestBs = 0, m_bestBl = 0;
};

} // namespace

HierTrainPlan evaluateHierTrain(const TrainingCostModel& model, std::array<int, 3> workers, int ms, int ml,
                                std::array<int, 3> samples) {
    const HierTrainEvaluator evaluator(model, workers, ms, ml, samples[0] + samples[1] + samples[2]);
    HierTrainPlan plan;
    plan.workerMachine = workers;
    plan.ms = ms;
    plan.ml = ml;
    plan.samples = samples;
    plan.phases = evaluator.phases(samples[0], samples[1], samples[2]);
    return plan;
}

HierTrainPlan planHierTrain(const TrainingCostModel& model, int batch) {
    if (batch < 1) throw PlanError("the mini-batch must hold at least one sample");
    return HierTrainSearch(model, batch).run();
}

} // namespace cutlab::core
