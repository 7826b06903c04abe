#include "core/pipeline/PipelineBottleneckSearch.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cutlab::core {
namespace {

constexpr double kNoBottleneck = -std::numeric_limits<double>::infinity();
constexpr double kRelativeTolerance = 1e-12;

struct OutOfTime {};

} // namespace

PipelineBottleneckSearch::PipelineBottleneckSearch(
    const DownsetLattice& lattice, const PipelineStateCosts& costs,
    std::function<double(const std::vector<int>&)> evaluate, std::function<bool()> outOfTime,
    std::function<void()> checkCancelled, std::function<void(double)> progress)
    : m_lattice(lattice), m_costs(costs), m_evaluate(std::move(evaluate)),
      m_outOfTime(std::move(outOfTime)), m_checkCancelled(std::move(checkCancelled)),
      m_progress(std::move(progress)) {}

int PipelineBottleneckSearch::feasible(double bound, std::vector<int>* stageOfLayer) {
    const int states = static_cast<int>(m_lattice.size());
    const int full = m_lattice.fullDownset();
    const int positions = m_costs.positions();
    m_best.assign(static_cast<std::size_t>(states), kNoBottleneck);
    m_bestState.assign(static_cast<std::size_t>(states), -1);
    m_ends.assign(static_cast<std::size_t>(states), 0);
    m_before.resize(static_cast<std::size_t>(positions));
    // the first stage, on position 0, starts from nothing
    for (int d = 1; d < states; ++d)
        m_ends[static_cast<std::size_t>(d)] = m_costs.compute(d, 0) <= bound;
    int stages = m_ends[static_cast<std::size_t>(full)] ? 1 : 0;
    for (int n = 1; n < positions && stages == 0; ++n) {
        std::vector<int>& before = m_before[static_cast<std::size_t>(n)];
        before.assign(static_cast<std::size_t>(states), -1);
        bool any = false;
        for (int d = 0; d < states; ++d) {
            if ((d & 0xffff) == 0) {
                m_checkCancelled();
                if (m_outOfTime())
                    throw OutOfTime{};
            }
            const auto i = static_cast<std::size_t>(d);
            // the best member strictly below d, from its lower covers
            double below = kNoBottleneck;
            int belowState = -1;
            for (const int* c = m_lattice.lowerCoversBegin(d); c != m_lattice.lowerCoversEnd(d);
                 ++c)
                if (m_best[static_cast<std::size_t>(*c)] > below) {
                    below = m_best[static_cast<std::size_t>(*c)];
                    belowState = m_bestState[static_cast<std::size_t>(*c)];
                }
            // d is a member if the previous stage may end at d and its link fits
            const double here = m_costs.compute(d, n);
            const bool member = m_ends[i] && m_costs.link(d, n - 1) <= bound;
            // the stage on position n may end at d if it starts at that best member
            m_ends[i] = below != kNoBottleneck && here - below <= bound;
            if (m_ends[i]) {
                before[i] = belowState;
                any = true;
            }
            if (member && here >= below) {
                m_best[i] = here;
                m_bestState[i] = d;
            } else {
                m_best[i] = below;
                m_bestState[i] = belowState;
            }
        }
        if (!any)
            return 0;
        if (m_ends[static_cast<std::size_t>(full)])
            stages = n + 1;
    }
    if (stages == 0)
        return 0;
    if (stageOfLayer) {
        stageOfLayer->assign(static_cast<std::size_t>(m_lattice.layerCount()), 0);
        int state = full;
        for (int n = stages - 1; n >= 1; --n) {
            const int start =
                m_before[static_cast<std::size_t>(n)][static_cast<std::size_t>(state)];
            for (int v : m_lattice.layersBetween(start, state))
                (*stageOfLayer)[static_cast<std::size_t>(v)] = n;
            state = start;
        }
    }
    return stages;
}

std::size_t PipelineBottleneckSearch::memoryBytes() const {
    std::size_t bytes = m_best.capacity() * sizeof(double) + m_bestState.capacity() * sizeof(int) +
                        m_ends.capacity();
    for (const auto& level : m_before)
        bytes += level.capacity() * sizeof(int);
    return bytes;
}

PipelineBottleneckSearch::Result PipelineBottleneckSearch::solve() {
    Result result;
    // one stage on the first machine always works
    std::vector<int> plan(static_cast<std::size_t>(m_lattice.layerCount()), 0);
    double upper = m_costs.compute(m_lattice.fullDownset(), 0); // the search's feasible bound
    result.stageOfLayer = plan;
    result.bottleneckMs = m_evaluate(plan);
    double lower = 0; // every bound below this one is infeasible
    try {
        while (upper - lower > kRelativeTolerance * upper) {
            if (m_outOfTime())
                throw OutOfTime{};
            if (m_progress && upper > 0)
                m_progress(std::clamp(
                    std::log((upper - lower) / upper) / std::log(kRelativeTolerance), 0.0, 1.0));
            const double middle = lower + (upper - lower) / 2;
            ++result.feasibilityTests;
            if (feasible(middle, &plan) == 0) {
                lower = middle;
                continue;
            }
            // the plan found may well be better than the bound it was found for
            const double found = m_evaluate(plan);
            upper = std::min(middle, found);
            if (found <= result.bottleneckMs) {
                result.bottleneckMs = found;
                result.stageOfLayer = plan;
            }
        }
        // at the optimum, the fewest stages
        ++result.feasibilityTests;
        if (feasible(upper, &plan) > 0) {
            const double found = m_evaluate(plan);
            if (found <= result.bottleneckMs * (1 + kRelativeTolerance)) {
                result.bottleneckMs = std::min(result.bottleneckMs, found);
                result.stageOfLayer = plan;
            }
        }
        result.exact = true;
    } catch (const OutOfTime&) {
        result.exact = false;
    }
    result.lowerBoundMs = result.exact ? result.bottleneckMs : lower;
    return result;
}

} // namespace cutlab::core
