#include "core/pipeline/PipelinePlanner.h"
#include "core/model/Infinity.h"

#include "core/pipeline/PipelineMemoryDp.h"

#include "core/pipeline/PipelineBottleneckSearch.h"
#include "core/pipeline/PipelineSetup.h"
#include "core/pipeline/PipelineStateCosts.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>
#include <optional>

namespace cutlab::core {
namespace {

// The pairwise DP of docs/cost-models.md §2.3: A(D, n) over nested pairs of states, up to
// count²/2 of them (kept as the reference the search is measured against).
class PipelinePairDp {
  public:
    PipelinePairDp(const DownsetLattice& lattice, const PipelineStateCosts& costs,
                   const std::atomic<bool>* cancel)
        : m_lattice(lattice), m_costs(costs), m_cancel(cancel), m_stages(costs.positions()) {}

    // Chain position of every layer in the best partition.
    std::vector<int> solve() {
        const std::size_t states = m_lattice.size();
        const auto stages = static_cast<std::size_t>(m_stages);
        m_best.assign(stages * states, kInfinity);
        m_choice.assign(stages * states, -1);
        for (std::size_t j = 1; j < states; ++j)
            m_best[j * stages] = m_costs.compute(static_cast<int>(j), 0);
        for (std::size_t j = 2; j < states; ++j) {
            if (m_cancel && m_cancel->load(std::memory_order_relaxed))
                throw PlanError("planning cancelled");
            const int size = m_lattice.sizeOf(static_cast<int>(j));
            double* bestJ = &m_best[j * stages];
            int* choiceJ = &m_choice[j * stages];
            for (std::size_t i = 1; i < j; ++i) {
                if (m_lattice.sizeOf(static_cast<int>(i)) >= size)
                    break;
                if (!m_lattice.isSubset(static_cast<int>(i), static_cast<int>(j)))
                    continue;
                const double* bestI = &m_best[i * stages];
                for (std::size_t n = 1; n < stages; ++n) {
                    const double candidate = std::max(
                        {bestI[n - 1], m_costs.link(static_cast<int>(i), static_cast<int>(n) - 1),
                         m_costs.compute(static_cast<int>(j), static_cast<int>(n)) -
                             m_costs.compute(static_cast<int>(i), static_cast<int>(n))});
                    if (candidate < bestJ[n]) {
                        bestJ[n] = candidate;
                        choiceJ[n] = static_cast<int>(i);
                    }
                }
            }
        }
        return partition();
    }

    std::size_t memoryBytes() const {
        return m_best.capacity() * sizeof(double) + m_choice.capacity() * sizeof(int);
    }

  private:
    double best(int n, std::size_t state) const {
        return m_best[state * static_cast<std::size_t>(m_stages) + static_cast<std::size_t>(n)];
    }
    int choice(int n, std::size_t state) const {
        return m_choice[state * static_cast<std::size_t>(m_stages) + static_cast<std::size_t>(n)];
    }

    std::vector<int> partition() {
        const auto full = static_cast<std::size_t>(m_lattice.fullDownset());
        int stages = 0;
        for (int n = 1; n < m_stages; ++n)
            if (best(n, full) < best(stages, full))
                stages = n;
        std::vector<int> stageOfLayer(static_cast<std::size_t>(m_lattice.layerCount()), 0);
        int state = static_cast<int>(full);
        for (int n = stages; n >= 0; --n) {
            const int previous = n == 0 ? 0 : choice(n, static_cast<std::size_t>(state));
            for (int v : m_lattice.layersBetween(previous, state))
                stageOfLayer[static_cast<std::size_t>(v)] = n;
            state = previous;
        }
        return stageOfLayer;
    }

    const DownsetLattice& m_lattice;
    const PipelineStateCosts& m_costs;
    const std::atomic<bool>* m_cancel;
    int m_stages;
    std::vector<double> m_best; // [state][stage]: A
    std::vector<int> m_choice;  // [state][stage]: the state before the last stage
};

// No partition over any states has a smaller bottleneck: the largest layer on its fastest
// machine of the chain, and the work on the fastest machines shared by every position.
double trivialLowerBound(const Profile& profile, const PipelineRequest& request,
                         const PipelineSetup& setup) {
    const double scale = setup.samples / profile.model.batch;
    double largest = 0, total = 0;
    for (const Layer& layer : profile.layers) {
        double fastest = kInfinity;
        for (int machine : request.chain)
            fastest =
                std::min(fastest, layer.forwardMs[static_cast<std::size_t>(machine)] +
                                      (setup.forwardOnly
                                           ? 0.0
                                           : layer.backwardMs[static_cast<std::size_t>(machine)]));
        largest = std::max(largest, fastest * scale);
        total += fastest * scale;
    }
    return std::max(largest, total / static_cast<double>(request.chain.size()));
}

struct PlanningStopped {};

// One run of planPipeline: the request's controls (cancel, stop, time limit, progress), the
// states to plan over, and the two methods.
class PipelinePlanning {
  public:
    PipelinePlanning(const Profile& profile, const PipelineRequest& request,
                     const PipelineSetup& setup)
        : m_profile(profile), m_request(request), m_setup(setup),
          m_started(std::chrono::steady_clock::now()),
          m_deadline(m_started + std::chrono::microseconds(static_cast<long long>(
                                     std::clamp(request.timeLimitMs, 0.0, 1e12) * 1000))) {}

    bool cancelled() const {
        return m_request.cancel && m_request.cancel->load(std::memory_order_relaxed);
    }
    void checkCancelled() const {
        if (cancelled())
            throw PlanError("planning cancelled");
    }
    bool finishNow() const {
        return m_request.finishNow && m_request.finishNow->load(std::memory_order_relaxed);
    }
    bool outOfTime() const { return finishNow() || std::chrono::steady_clock::now() > m_deadline; }
    void progress(double fraction) const {
        if (m_request.progressPermille)
            m_request.progressPermille->store(
                static_cast<int>(1000 * std::clamp(fraction, 0.0, 1.0)), std::memory_order_relaxed);
    }
    double elapsedMs() const {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() -
                                                         m_started)
            .count();
    }

    // The states: every downset for --cut-mode any, unless there are too many of them or they
    // take longer than the budget to list; then the valid cut points give the plan (`fallback`
    // says why), and the bound is the trivial one.
    DownsetLattice states(std::string& fallback) const {
        if (m_request.cutMode == PipelineCutMode::Any) {
            try {
                return DownsetLattice::allDownsets(
                    m_profile, m_request.downsetLimit,
                    [this] {
                        return cancelled() ||
                               (m_request.method == PipelineMethod::Search && outOfTime());
                    },
                    [this](double fraction) { progress(0.3 * fraction); });
            } catch (const DownsetLimitExceeded& tooMany) {
                fallback = "the layer graph has " +
                           (tooMany.count() > DownsetLattice::kCountCap
                                ? "more than " + withThousands(DownsetLattice::kCountCap)
                                : withThousands(tooMany.count())) +
                           " downsets, more than the " + withThousands(tooMany.limit()) +
                           " the planner lists";
            } catch (const EnumerationStopped&) {
                checkCancelled();
                fallback = m_request.finishNow && m_request.finishNow->load()
                               ? "the search was stopped while listing the downsets"
                               : "listing the downsets took longer than the time limit";
            }
        }
        return DownsetLattice::validCutPrefixes(m_profile);
    }

    PipelinePlan solveByPairs(const DownsetLattice& lattice,
                              const PipelineStateCosts& costs) const {
        PipelinePairDp dp(lattice, costs, m_request.cancel);
        PipelinePlan plan = evaluatePartition(m_profile, m_request, m_setup, dp.solve());
        plan.lowerBoundMs = plan.bottleneckMs;
        plan.memoryBytes = dp.memoryBytes();
        return plan;
    }

    // After a fallback the valid cut points are searched to the end (their states are at most
    // the layers: quick), so the budget spent on listing downsets leaves a real plan.
    PipelinePlan solveBySearch(const DownsetLattice& lattice, const PipelineStateCosts& costs,
                               bool afterFallback) const {
        PipelineBottleneckSearch search(
            lattice, costs,
            [this](const std::vector<int>& stageOfLayer) {
                return evaluatePartition(m_profile, m_request, m_setup, stageOfLayer).bottleneckMs;
            },
            afterFallback ? std::function<bool()>([this] { return finishNow(); })
                          : std::function<bool()>([this] { return outOfTime(); }),
            [this] { checkCancelled(); },
            [this](double fraction) { progress(0.4 + 0.6 * fraction); });
        const auto found = search.solve();
        PipelinePlan plan = evaluatePartition(m_profile, m_request, m_setup, found.stageOfLayer);
        plan.exact = found.exact;
        // (out of time before the bisection got far, the trivial bound may be the better one)
        plan.lowerBoundMs =
            std::min(plan.bottleneckMs, std::max(found.lowerBoundMs,
                                                 trivialLowerBound(m_profile, m_request, m_setup)));
        plan.feasibilityTests = found.feasibilityTests;
        plan.memoryBytes = search.memoryBytes();
        if (!found.exact)
            plan.note = m_request.finishNow && m_request.finishNow->load()
                            ? "the search was stopped"
                            : "the time limit ended the search";
        return plan;
    }

  private:
    const Profile& m_profile;
    const PipelineRequest& m_request;
    const PipelineSetup& m_setup;
    std::chrono::steady_clock::time_point m_started;
    std::chrono::steady_clock::time_point m_deadline;
};

} // namespace

std::string cutModeName(PipelineCutMode mode) {
    return mode == PipelineCutMode::Any ? "any" : "single";
}

std::optional<PipelineCutMode> cutModeFromName(const std::string& name) {
    if (name == "single")
        return PipelineCutMode::Single;
    if (name == "any")
        return PipelineCutMode::Any;
    return std::nullopt;
}

namespace {

std::string bytesText(double bytes) {
    char text[64];
    std::snprintf(text, sizeof text, "%.0f bytes (%.2f GB)", bytes, bytes / 1e9);
    return text;
}

// The partition with the least excess over the machines' memory: the stage with the largest
// excess first (the smallest memory that machine needs for any plan), then any other over.
[[noreturn]] void throwNothingFits(const Profile& profile, const PipelineRequest& request,
                                   const PipelineSetup& setup, PipelineMemoryDp& dp) {
    const PipelinePlan closest = evaluatePartition(profile, request, setup, dp.leastExcess());
    auto capacity = [&](const PipelineStage& stage) {
        return request.capacityBytes[static_cast<std::size_t>(stage.chainPosition)];
    };
    auto excess = [&](const PipelineStage& stage) {
        return capacity(stage) > 0 ? stage.memory.total() - capacity(stage) : -1.0;
    };
    const PipelineStage& worst = *std::max_element(
        closest.stages.begin(), closest.stages.end(),
        [&](const PipelineStage& a, const PipelineStage& b) { return excess(a) < excess(b); });
    auto describe = [&](const PipelineStage& stage) {
        return "stage " + std::to_string(stage.chainPosition + 1) + " on '" +
               profile.machines[static_cast<std::size_t>(stage.machine)].id + "' needs " +
               bytesText(stage.memory.total()) + ", the machine has " + bytesText(capacity(stage));
    };
    std::string others;
    for (const PipelineStage& stage : closest.stages)
        if (&stage != &worst && excess(stage) > 0)
            others += "; " + describe(stage);
    throw PipelineMemoryError("no partition fits the machines' memory; in the partition that "
                              "comes closest (" +
                              std::to_string(closest.stages.size()) + " stages) " +
                              describe(worst) + others);
}

// The fastest partition whose every stage fits its machine: exact over at most
// PipelineMemoryDp::kStateLimit states, else over the valid cut points (with a note).
PipelinePlan planWithinMemory(const Profile& profile, const PipelineRequest& request,
                              const PipelineSetup& setup, const PipelinePlanning& planning) {
    std::string fallback;
    DownsetLattice lattice = planning.states(fallback);
    if (fallback.empty() && lattice.size() > PipelineMemoryDp::kStateLimit) {
        fallback = "under memory limits the planner searches at most " +
                   std::to_string(PipelineMemoryDp::kStateLimit) + " states, the layer graph has " +
                   std::to_string(lattice.size()) + " downsets";
        lattice = DownsetLattice::validCutPrefixes(profile);
    }
    planning.progress(0.3);
    const PipelineStateCosts costs(profile, request, setup, lattice,
                                   [&planning] { planning.checkCancelled(); });
    PipelineMemoryDp dp(profile, request, setup, lattice, costs);
    const auto partition = dp.fastestThatFits();
    if (!partition)
        throwNothingFits(profile, request, setup, dp);
    PipelinePlan plan = evaluatePartition(profile, request, setup, *partition);
    plan.lowerBoundMs = plan.bottleneckMs;
    if (!fallback.empty()) {
        plan.exact = false;
        plan.lowerBoundMs = std::min(plan.bottleneckMs, trivialLowerBound(profile, request, setup));
        plan.note = fallback + "; the plan cuts at valid cut points only";
    }
    plan.states = lattice.size();
    plan.memoryBytes = lattice.memoryBytes() + costs.memoryBytes();
    return plan;
}

} // namespace

PipelinePlan planPipeline(const Profile& profile, const Network& network,
                          const PipelineRequest& request) {
    const PipelineSetup setup = setUpPipeline(profile, network, request);
    const PipelinePlanning planning(profile, request, setup);
    if (request.hasCapacity()) {
        PipelinePlan plan = planWithinMemory(profile, request, setup, planning);
        planning.progress(1.0);
        plan.planningMs = planning.elapsedMs();
        return plan;
    }
    std::string fallback;
    const DownsetLattice lattice = planning.states(fallback);
    planning.progress(0.3);
    const PipelineStateCosts costs(profile, request, setup, lattice,
                                   [&planning] { planning.checkCancelled(); });
    planning.progress(0.4);
    PipelinePlan plan = request.method == PipelineMethod::PairDp
                            ? planning.solveByPairs(lattice, costs)
                            : planning.solveBySearch(lattice, costs, !fallback.empty());
    if (!fallback.empty()) {
        plan.exact = false;
        plan.lowerBoundMs = std::min(plan.bottleneckMs, trivialLowerBound(profile, request, setup));
        plan.note = fallback + "; the plan cuts at valid cut points only";
    }
    planning.progress(1.0);
    plan.states = lattice.size();
    plan.memoryBytes += lattice.memoryBytes() + costs.memoryBytes();
    plan.planningMs = planning.elapsedMs();
    return plan;
}

PipelinePlan evaluatePipeline(const Profile& profile, const Network& network,
                              const PipelineRequest& request,
                              const std::vector<int>& stageOfLayer) {
    return evaluatePartition(profile, request, setUpPipeline(profile, network, request),
                             stageOfLayer);
}

} // namespace cutlab::core
