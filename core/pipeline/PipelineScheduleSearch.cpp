#include "core/pipeline/PipelineScheduleSearch.h"
#include "core/model/Infinity.h"

#include <algorithm>

namespace cutlab::core {
namespace {

// Per state: whether a layer (or the model input) inside it feeds a layer outside it.
bool feedsOutside(const DownsetLattice& lattice, int state, const std::vector<int>& readers) {
    return std::any_of(readers.begin(), readers.end(),
                       [&](int reader) { return !lattice.contains(state, reader); });
}

} // namespace

struct PipelineScheduleSearch::Prefix {
    int stage = 0;               // the next stage to place
    int state = 0;               // the layers the placed stages hold
    std::vector<int> states;     // the state each placed stage ends at
    std::vector<bool> recompute; // per placed stage
    std::vector<StageTiming> timings;
    double maxPeriod = 0;    // the busiest resource of the placed stages
    double forwardPath = 0;  // Σ forward + link forward of the placed stages
    double backwardPath = 0; // Σ backward + link backward of the placed stages
    double fillDrain = 0;    // max over placed k: path to k + M·compute_k + path back from k
};

PipelineScheduleSearch::PipelineScheduleSearch(
    const Profile& profile, const PipelineRequest& request, const PipelineSetup& setup,
    const DownsetLattice& lattice, RecomputeChoice recompute, std::function<bool()> outOfTime,
    std::function<void()> checkCancelled)
    : m_request(request), m_lattice(lattice), m_recompute(recompute),
      m_outOfTime(std::move(outOfTime)), m_checkCancelled(std::move(checkCancelled)),
      m_samples(setup.samples), m_positions(static_cast<int>(request.chain.size())),
      m_micro(std::max(1, request.memory.microBatches)) {
    const double scale = setup.samples / profile.model.batch;
    const auto positions = static_cast<std::size_t>(m_positions);
    for (int state = 0; state < static_cast<int>(lattice.size()); ++state) {
        double parameters = 0, outputs = 0, leaving = 0;
        TensorBytes out;
        std::vector<double> forward(positions, 0), backward(positions, 0);
        auto leave = [&](int producer, double perSample) {
            leaving += perSample;
            const TensorBytes bytes = tensorBytes(profile, request, setup.samples, producer);
            out.forward += bytes.forward;
            out.backward += bytes.backward;
        };
        if (feedsOutside(lattice, state, setup.inputReaders))
            leave(-1, profile.model.inputBytes);
        for (std::size_t v = 0; v < profile.layers.size(); ++v) {
            if (!lattice.contains(state, static_cast<int>(v)))
                continue;
            const Layer& layer = profile.layers[v];
            parameters += layer.paramBytes;
            outputs += layer.outputBytes;
            for (std::size_t p = 0; p < positions; ++p) {
                const auto machine = static_cast<std::size_t>(request.chain[p]);
                forward[p] += layer.forwardMs[machine];
                backward[p] += layer.backwardMs[machine];
            }
            if (feedsOutside(lattice, state, setup.consumers[v]))
                leave(static_cast<int>(v), layer.outputBytes);
        }
        m_parameters.push_back(parameters);
        m_outputs.push_back(outputs);
        m_leavingSample.push_back(leaving);
        for (std::size_t p = 0; p < positions; ++p) {
            const bool linked = p + 1 < positions;
            m_forward.push_back(forward[p] * scale);
            m_backward.push_back(backward[p] * scale);
            m_linkForward.push_back(linked ? setup.forwardLinks[p].transferMs(out.forward) : 0);
            m_linkBackward.push_back(linked ? setup.backwardLinks[p].transferMs(out.backward) : 0);
        }
    }
}

void PipelineScheduleSearch::prepare(ScheduleKind kind, int stages) {
    m_kind = kind;
    m_stages = stages;
    m_memory = m_request.memory;
    m_memory.microBatches = m_micro;
    useScheduleMemory(m_memory, kind);
    m_orders = scheduleOrder(kind, stages, m_micro);
}

double PipelineScheduleSearch::capacity(int position) const {
    const auto p = static_cast<std::size_t>(position);
    return p < m_request.capacityBytes.size() && m_request.capacityBytes[p] > 0
               ? m_request.capacityBytes[p]
               : kInfinity;
}

double PipelineScheduleSearch::memory(int from, int to, int position, bool recompute) const {
    const auto f = static_cast<std::size_t>(from), t = static_cast<std::size_t>(to);
    PipelineMemorySettings settings = m_memory;
    settings.recompute = recompute;
    return stageMemory(settings, position, m_stages, m_parameters[t] - m_parameters[f],
                       (m_outputs[t] - m_outputs[f]) * m_samples, m_leavingSample[f] * m_samples)
        .total();
}

// Without recomputation when the stage fits so (it only adds time), else with it, if allowed.
PipelineScheduleSearch::Option PipelineScheduleSearch::option(int from, int to,
                                                              int position) const {
    const auto P = static_cast<std::size_t>(m_positions);
    const std::size_t f = static_cast<std::size_t>(from) * P + static_cast<std::size_t>(position);
    const std::size_t t = static_cast<std::size_t>(to) * P + static_cast<std::size_t>(position);
    const bool linked = position + 1 < m_stages;
    const StageTiming plain{m_forward[t] - m_forward[f], m_backward[t] - m_backward[f],
                            linked ? m_linkForward[t] : 0, linked ? m_linkBackward[t] : 0};
    for (bool recompute : {false, true}) {
        if (recompute ? m_recompute == RecomputeChoice::Never
                      : m_recompute == RecomputeChoice::Always)
            continue;
        if (memory(from, to, position, recompute) > capacity(position))
            continue;
        Option chosen{true, recompute, plain};
        if (recompute)
            chosen.timing.backwardMs += plain.forwardMs;
        return chosen;
    }
    return {};
}

double PipelineScheduleSearch::stageValue(Goal goal, int from, int to, int position) const {
    if (goal == Goal::Excess) {
        double least = kInfinity;
        for (bool recompute : {false, true})
            if (recompute ? m_recompute != RecomputeChoice::Never
                          : m_recompute != RecomputeChoice::Always)
                least = std::min(least, memory(from, to, position, recompute) - capacity(position));
        return least;
    }
    const Option stage = option(from, to, position);
    if (!stage.fits)
        return kInfinity;
    const StageTiming& t = stage.timing;
    const double compute = t.forwardMs + t.backwardMs;
    return goal == Goal::Compute ? compute : std::max({compute, t.linkForwardMs, t.linkBackwardMs});
}

void PipelineScheduleSearch::solveSuffix(Goal goal, std::vector<double>& value,
                                         std::vector<int>& next) const {
    const int states = static_cast<int>(m_lattice.size());
    const auto width = static_cast<std::size_t>(m_stages) + 1;
    value.assign(static_cast<std::size_t>(states) * width, kInfinity);
    next.assign(value.size(), -1);
    value[static_cast<std::size_t>(m_lattice.fullDownset()) * width + width - 1] =
        goal == Goal::Excess ? -kInfinity : 0;
    for (int n = m_stages - 1; n >= 0; --n)
        for (int i = 0; i < states; ++i) {
            if ((i == 0) != (n == 0)) // stage 0 starts at the empty set, the others after it
                continue;
            if (i % 64 == 0)
                m_checkCancelled();
            const auto slot = static_cast<std::size_t>(i) * width + static_cast<std::size_t>(n);
            for (int j = i + 1; j < states; ++j) {
                const double rest =
                    value[static_cast<std::size_t>(j) * width + static_cast<std::size_t>(n) + 1];
                if (rest == kInfinity || m_lattice.sizeOf(j) <= m_lattice.sizeOf(i) ||
                    !m_lattice.isSubset(i, j))
                    continue;
                const double candidate = std::max(rest, stageValue(goal, i, j, n));
                if (candidate < value[slot]) {
                    value[slot] = candidate;
                    next[slot] = j;
                }
            }
        }
}

ScheduleCandidate PipelineScheduleSearch::candidateOf(const std::vector<int>& states,
                                                      const std::vector<bool>& recompute) const {
    ScheduleCandidate candidate;
    candidate.kind = m_kind;
    candidate.fits = true;
    candidate.recompute = recompute;
    candidate.stageOfLayer.assign(static_cast<std::size_t>(m_lattice.layerCount()), 0);
    int previous = m_lattice.emptyDownset();
    for (std::size_t n = 0; n < states.size(); ++n) {
        for (int v : m_lattice.layersBetween(previous, states[n]))
            candidate.stageOfLayer[static_cast<std::size_t>(v)] = static_cast<int>(n);
        previous = states[n];
    }
    return candidate;
}

// The partition a suffix DP chose, with each stage's recomputation (the one that fits, or for
// the excess the one that needs less memory).
void PipelineScheduleSearch::follow(const std::vector<int>& next, bool byExcess,
                                    std::vector<int>* states, std::vector<bool>* recompute) const {
    const auto width = static_cast<std::size_t>(m_stages) + 1;
    int state = m_lattice.emptyDownset();
    for (int n = 0; n < m_stages; ++n) {
        const int to = next[static_cast<std::size_t>(state) * width + static_cast<std::size_t>(n)];
        bool again = option(state, to, n).recompute;
        if (byExcess)
            again = m_recompute == RecomputeChoice::Always ||
                    (m_recompute == RecomputeChoice::PerStage &&
                     memory(state, to, n, true) < memory(state, to, n, false));
        states->push_back(to);
        recompute->push_back(again);
        state = to;
    }
}

std::vector<StageTiming> PipelineScheduleSearch::timingsOf(const std::vector<int>& states) const {
    std::vector<StageTiming> timings;
    int previous = m_lattice.emptyDownset();
    for (std::size_t n = 0; n < states.size(); ++n) {
        timings.push_back(option(previous, states[n], static_cast<int>(n)).timing);
        previous = states[n];
    }
    return timings;
}

double PipelineScheduleSearch::simulated(const std::vector<StageTiming>& timings) const {
    return simulateSchedule(timings, m_micro, m_orders, m_kind).minibatchMs;
}

// Holds for every completion of the prefix by `stage` (ending at state `to`) and any later
// stages: see the class comment.
double PipelineScheduleSearch::lowerBound(const Prefix& prefix, const Option& stage, int to) const {
    const StageTiming& t = stage.timing;
    const double compute = t.forwardMs + t.backwardMs;
    double bound =
        std::max(prefix.fillDrain, prefix.forwardPath + m_micro * compute + prefix.backwardPath);
    double period = std::max({prefix.maxPeriod, compute, t.linkForwardMs, t.linkBackwardMs});
    if (prefix.stage + 1 < m_stages) {
        const std::size_t rest =
            static_cast<std::size_t>(to) * (static_cast<std::size_t>(m_stages) + 1) +
            static_cast<std::size_t>(prefix.stage) + 1;
        period = std::max(period, m_suffixPeriod[rest]);
        bound = std::max(bound, prefix.forwardPath + t.forwardMs + t.linkForwardMs +
                                    m_micro * m_suffixCompute[rest] + prefix.backwardPath +
                                    t.backwardMs + t.linkBackwardMs);
    }
    return std::max(bound, m_micro * period);
}

void PipelineScheduleSearch::branch(Prefix& prefix) {
    if (++m_nodes % 256 == 0) {
        m_checkCancelled();
        m_stopped = m_stopped || m_outOfTime();
    }
    if (m_stopped)
        return;
    const int n = prefix.stage, full = m_lattice.fullDownset();
    const bool last = n + 1 == m_stages;
    const auto width = static_cast<std::size_t>(m_stages) + 1;
    struct Child {
        double bound;
        int to;
        Option stage;
    };
    std::vector<Child> children;
    for (int j = last ? full : prefix.state + 1; j < (last ? full + 1 : full); ++j) {
        if (!last &&
            m_suffixPeriod[static_cast<std::size_t>(j) * width + static_cast<std::size_t>(n) + 1] ==
                kInfinity)
            continue;
        if (m_lattice.sizeOf(j) <= m_lattice.sizeOf(prefix.state) ||
            !m_lattice.isSubset(prefix.state, j))
            continue;
        const Option stage = option(prefix.state, j, n);
        if (!stage.fits)
            continue;
        const double bound = lowerBound(prefix, stage, j);
        if (bound < m_incumbent)
            children.push_back({bound, j, stage});
    }
    std::sort(children.begin(), children.end(),
              [](const Child& a, const Child& b) { return a.bound < b.bound; });
    for (const Child& child : children) {
        if (child.bound >= m_incumbent || m_stopped)
            break;
        Prefix next = prefix;
        const StageTiming& t = child.stage.timing;
        const double compute = t.forwardMs + t.backwardMs;
        next.stage = n + 1;
        next.state = child.to;
        next.states.push_back(child.to);
        next.recompute.push_back(child.stage.recompute);
        next.timings.push_back(t);
        if (last) {
            const double time = simulated(next.timings);
            if (time < m_incumbent) {
                m_incumbent = time;
                m_bestStates = next.states;
                m_bestRecompute = next.recompute;
            }
            continue;
        }
        next.maxPeriod = std::max({prefix.maxPeriod, compute, t.linkForwardMs, t.linkBackwardMs});
        next.fillDrain = std::max(prefix.fillDrain,
                                  prefix.forwardPath + m_micro * compute + prefix.backwardPath);
        next.forwardPath += t.forwardMs + t.linkForwardMs;
        next.backwardPath += t.backwardMs + t.linkBackwardMs;
        branch(next);
    }
}

ScheduleCandidate PipelineScheduleSearch::fastest(ScheduleKind kind) {
    ScheduleCandidate best;
    m_stopped = false;
    for (int stages = 1; stages <= m_positions && !m_stopped; ++stages) {
        prepare(kind, stages);
        std::vector<int> next, states;
        std::vector<bool> recompute;
        solveSuffix(Goal::Period, m_suffixPeriod, next);
        if (m_suffixPeriod[0] == kInfinity)
            continue;
        follow(next, false, &states, &recompute);
        double time = m_micro * m_suffixPeriod[0];
        if (kind != ScheduleKind::OneForwardOneBackward) {
            std::vector<int> unused;
            solveSuffix(Goal::Compute, m_suffixCompute, unused);
            // From the best period's partition (or an earlier count's better time), down.
            m_incumbent = simulated(timingsOf(states));
            m_bestStates = states;
            m_bestRecompute = recompute;
            if (best.minibatchMs <= m_incumbent) {
                m_incumbent = best.minibatchMs;
                m_bestStates.clear();
            }
            Prefix root;
            branch(root);
            if (m_bestStates.empty())
                continue;
            states = m_bestStates;
            recompute = m_bestRecompute;
            time = m_incumbent;
        }
        if (time < best.minibatchMs) {
            best = candidateOf(states, recompute);
            best.minibatchMs = time;
        }
    }
    best.kind = kind;
    best.exact = !m_stopped;
    return best;
}

ScheduleCandidate PipelineScheduleSearch::leastExcess(ScheduleKind kind) {
    ScheduleCandidate best;
    double bestValue = kInfinity;
    for (int stages = 1; stages <= m_positions; ++stages) {
        prepare(kind, stages);
        std::vector<double> value;
        std::vector<int> next;
        solveSuffix(Goal::Excess, value, next);
        if (value[0] < bestValue) {
            bestValue = value[0];
            std::vector<int> states;
            std::vector<bool> recompute;
            follow(next, true, &states, &recompute);
            best = candidateOf(states, recompute);
        }
    }
    best.kind = kind;
    best.fits = false;
    return best;
}

} // namespace cutlab::core
