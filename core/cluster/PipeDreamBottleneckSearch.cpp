#include "core/cluster/PipeDreamBottleneckSearch.h"
#include "core/model/Infinity.h"

#include "core/model/PlanError.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

namespace cutlab::core {

namespace {

std::size_t at(int index) {
    return static_cast<std::size_t>(index);
}

// The innermost level as the optimizer costs it: a stage (from, to] on r replicas.
struct InnerLevel {
    const AntichainStates& states;
    int machines;
    double bandwidth;
    bool straight;
    bool fewer;

    int maxReplicas() const { return straight ? 1 : machines; }
    double compute(int s) const { return s < 0 ? 0.0 : states.computeSeconds(s); }
    double parameter(int s) const { return s < 0 ? 0.0 : states.parameterBytes(s); }
    // The optimizer's time of the stage (its `whole` and `last` agree at the innermost level).
    double cost(int from, int to, int r) const {
        const double c = from < 0 ? compute(to) : compute(to) - compute(from);
        const double p = from < 0 ? parameter(to) : parameter(to) - parameter(from);
        return (c + (4.0 * (r - 1) * p) / (bandwidth * r)) / r;
    }
    // cost(k, t, r) = (key(t, r) − key(k, r)) / r: the best k has the largest key.
    double key(int s, int r) const {
        return compute(s) + 4.0 * (r - 1) / (bandwidth * r) * parameter(s);
    }
    bool enough(std::uint32_t counts) const {
        return fewer ? counts != 0 : (counts >> (machines - 1) & 1u) != 0;
    }
};

// (replicas of the next stage, machines already used) pairs whose sum fits the level.
struct Pair {
    int replicas;
    int used;
};

std::vector<Pair> pairsOf(const InnerLevel& level) {
    std::vector<Pair> pairs;
    for (int r = 1; r <= level.maxReplicas(); ++r)
        for (int j = 1; j + r <= level.machines; ++j)
            pairs.push_back({r, j});
    return pairs;
}

// For each state, the machine counts (bit c − 1) with which its prefix (from the start) or its
// suffix (to the last state) splits into stages within a bound, and the stage that ends (starts)
// there for each count.
struct Covers {
    std::vector<std::uint32_t> counts;
    std::vector<int> other;    // [state · M + c − 1]: the stage's other end (-1: the start)
    std::vector<int> replicas; // [state · M + c − 1]
    void mark(int state, int machines, int count, int end, int r) {
        if (counts[at(state)] >> (count - 1) & 1u)
            return;
        counts[at(state)] |= 1u << (count - 1);
        other[at(state * machines + count - 1)] = end;
        replicas[at(state * machines + count - 1)] = r;
    }
};

// Best key over the states linked below (prefixes) or above (suffixes) a state; suffix keys are
// negated so that both directions keep the largest.
struct Best {
    double key;
    int state;
};

// Buffers a pass fills, kept across the passes of a search (Inception-v3's run to ~100 MB).
struct Sweep {
    Covers covers;
    std::vector<Best> incl; // [state · pairs + pair]
    std::vector<Best> below;
    std::vector<char> reachesLast;
    // The smallest stage cost over the bound that a pass compared: below it, every comparison
    // and so the whole pass comes out as at the bound.
    double nextBound = kInfinity;
    Sweep(int states, int machines, std::size_t pairs)
        : covers{std::vector<std::uint32_t>(at(states)), std::vector<int>(at(states * machines)),
                 std::vector<int>(at(states * machines))},
          incl(at(states) * pairs), below(pairs), reachesLast(at(states)) {}
};

// The stage (d, t] of a suffix or (t, d] of a prefix.
double stageCost(const InnerLevel& level, bool prefix, int d, int t, int r) {
    return prefix ? level.cost(t, d, r) : level.cost(d, t, r);
}

// work.below[i]: for each pair, the best over the linked states (the first of equal keys).
void gatherBelow(Sweep& work, const std::vector<int>& linked, std::size_t pairs) {
    std::fill(work.below.begin(), work.below.end(), Best{-kInfinity, -1});
    for (int s : linked) {
        const Best* row = work.incl.data() + at(s) * pairs;
        for (std::size_t i = 0; i < pairs; ++i)
            if (row[i].key > work.below[i].key)
                work.below[i] = row[i];
    }
}

// Whether a suffix pass may start a stage at `d`: a path leads from it to the last state.
bool reachesLast(Sweep& work, const std::vector<int>& successors, int d, int last) {
    bool reaches = false;
    for (int s : successors)
        reaches = reaches || s == last || work.reachesLast[at(s)];
    work.reachesLast[at(d)] = reaches;
    return reaches;
}

// Covers of every state within `bound`: prefixes in state order through predecessors, or
// suffixes in reverse through successors (only states on a path to the last one).
void sweep(const InnerLevel& level, const std::vector<Pair>& pairs, double bound, bool prefix,
           Sweep& work) {
    const int n = level.states.size(), m = level.machines, last = n - 1;
    const int end = prefix ? -1 : last;
    const std::size_t np = pairs.size();
    const double sign = prefix ? 1.0 : -1.0;
    std::fill(work.covers.counts.begin(), work.covers.counts.end(), 0u);
    std::fill_n(work.incl.begin() + static_cast<std::ptrdiff_t>(at(last) * np), np,
                Best{-kInfinity, -1}); // a suffix's stage never ends at a stage of its own
    work.nextBound = kInfinity;
    const auto within = [&](double cost) {
        if (cost <= bound)
            return true;
        work.nextBound = std::min(work.nextBound, cost);
        return false;
    };
    for (int step = 0; step < (prefix ? n : last); ++step) {
        const int d = prefix ? step : last - 1 - step;
        const std::vector<int>& linked =
            prefix ? level.states.predecessors(d) : level.states.successors(d);
        Best* own = work.incl.data() + at(d) * np;
        if (!prefix && !reachesLast(work, linked, d, last)) { // not in the optimizer's row
            std::fill(own, own + np, Best{-kInfinity, -1});
            continue;
        }
        for (int r = 1; r <= level.maxReplicas(); ++r)
            if (within(stageCost(level, prefix, d, end, r)))
                work.covers.mark(d, m, r, end, r);
        gatherBelow(work, linked, np);
        for (std::size_t i = 0; i < np; ++i) {
            const Best& best = work.below[i];
            if (best.state >= 0 &&
                within(stageCost(level, prefix, d, best.state, pairs[i].replicas)))
                work.covers.mark(d, m, pairs[i].used + pairs[i].replicas, best.state,
                                 pairs[i].replicas);
        }
        const std::uint32_t counts = work.covers.counts[at(d)];
        for (std::size_t i = 0; i < np; ++i) {
            const double key = sign * level.key(d, pairs[i].replicas);
            const bool usable = (counts >> (pairs[i].used - 1) & 1u) && key > work.below[i].key;
            own[i] = usable ? Best{key, d} : work.below[i];
        }
    }
}

// One stage of the innermost level: (from, to] on `replicas` machines.
struct InnerStage {
    int from;
    int to;
    int replicas;
};

std::vector<InnerStage> prefixStages(const Covers& covers, int machines, int state, int count) {
    std::vector<InnerStage> stages;
    while (true) {
        const int from = covers.other[at(state * machines + count - 1)];
        const int r = covers.replicas[at(state * machines + count - 1)];
        stages.push_back({from, state, r});
        if (from < 0)
            break;
        state = from;
        count -= r;
    }
    std::reverse(stages.begin(), stages.end());
    return stages;
}

std::vector<InnerStage> suffixStages(const Covers& covers, int machines, int state, int count,
                                     int last) {
    std::vector<InnerStage> stages;
    while (true) {
        const int to = covers.other[at(state * machines + count - 1)];
        const int r = covers.replicas[at(state * machines + count - 1)];
        stages.push_back({state, to, r});
        if (to == last)
            return stages;
        state = to;
        count -= r;
    }
}

int chosenCount(const InnerLevel& level, std::uint32_t counts) {
    if (counts >> (level.machines - 1) & 1u)
        return level.machines;
    for (int c = level.machines; c >= 1; --c) // fewer machines: the most that fit
        if (counts >> (c - 1) & 1u)
            return c;
    return 0;
}

double slowest(const InnerLevel& level, const std::vector<InnerStage>& stages) {
    double worst = 0;
    for (const InnerStage& stage : stages)
        worst = std::max(worst, level.cost(stage.from, stage.to, stage.replicas));
    return worst;
}

// A plan found within a bound: its time per stage and its innermost stages per outer unit.
struct Found {
    double time = kInfinity;
    std::vector<std::vector<InnerStage>> units;
};

// The smallest time `attempt(bound, next)` reaches, given that no plan is within `low`:
// bisection from a first plan, each feasible bound replaced by the time of the plan found under
// it, each infeasible one by the largest bound below `next` (the pass's smallest cost over the
// bound, below which it comes out the same). Once the interval is within 1e-9 relative it probes
// just below the best time until none is feasible, so the time returned is the optimum exactly.
template <typename Attempt> Found bisect(Attempt attempt, double low, double high) {
    double next = kInfinity;
    std::optional<Found> best = attempt(high, next);
    if (!best)
        return {};
    high = best->time;
    for (int step = 0; step < 1000; ++step) {
        const double below = std::nextafter(high, 0.0);
        if (below <= low)
            break;
        const double probe = high - low > 1e-9 * high ? low + (high - low) / 2 : below;
        if (std::optional<Found> found = attempt(probe, next)) {
            best = std::move(found);
            high = best->time;
        } else {
            low = std::max(probe, std::nextafter(next, 0.0));
        }
    }
    return *best;
}

// A bound no plan reaches: each stage costs at least its compute over its replicas, and the
// computes add up to the model's, so some stage costs at least that over all machines.
double lowerBound(const InnerLevel& level, int machines) {
    return level.compute(level.states.size() - 1) / machines * (1 - 1e-9);
}

// The whole model on one unit of the innermost level (T of its row from the start).
Found wholeOnOneUnit(const InnerLevel& level, const std::vector<Pair>& pairs, double upper,
                     Sweep& work) {
    const int last = level.states.size() - 1;
    return bisect(
        [&](double bound, double& next) -> std::optional<Found> {
            sweep(level, pairs, bound, true, work);
            next = work.nextBound;
            const Covers& covers = work.covers;
            if (!level.enough(covers.counts[at(last)]))
                return std::nullopt;
            const int count = chosenCount(level, covers.counts[at(last)]);
            Found found;
            found.units = {prefixStages(covers, level.machines, last, count)};
            found.time = slowest(level, found.units[0]);
            return found;
        },
        lowerBound(level, level.machines), upper);
}

// Two units: a prefix to some state k on the first, the rest on the second.
std::optional<Found> splitWithin(const InnerLevel& level, const std::vector<Pair>& pairs,
                                 double bound, double& next, Sweep& prefixWork, Sweep& suffixWork) {
    const int last = level.states.size() - 1;
    sweep(level, pairs, bound, true, prefixWork);
    sweep(level, pairs, bound, false, suffixWork);
    next = std::min(prefixWork.nextBound, suffixWork.nextBound);
    const Covers& prefix = prefixWork.covers;
    const Covers& suffix = suffixWork.covers;
    for (int k = 0; k < last; ++k)
        if (level.enough(prefix.counts[at(k)]) && level.enough(suffix.counts[at(k)])) {
            Found found;
            found.units = {
                prefixStages(prefix, level.machines, k, chosenCount(level, prefix.counts[at(k)])),
                suffixStages(suffix, level.machines, k, chosenCount(level, suffix.counts[at(k)]),
                             last)};
            found.time = std::max(slowest(level, found.units[0]), slowest(level, found.units[1]));
            return found;
        }
    return std::nullopt;
}

// The plan's stages: each unit's innermost stages on that unit's machines, or (replicated) the
// first unit's stages on every unit of the outer level.
PipeDreamPlan planOf(const InnerLevel& level, const PipeDreamRequest& request, const Found& found,
                     bool replicated) {
    const AntichainStates& states = level.states;
    const int outer = request.levels.size() > 1 ? request.levels[1].machines : 1;
    PipeDreamPlan plan;
    plan.timePerStageSeconds = found.time;
    plan.machinesTotal = level.machines * outer;
    for (std::size_t unit = 0; unit < found.units.size(); ++unit) {
        int used = 0;
        for (const InnerStage& inner : found.units[unit]) {
            PipeDreamStage stage;
            stage.fromState = inner.from;
            stage.toState = inner.to;
            stage.replication = {inner.replicas};
            if (request.levels.size() > 1)
                stage.replication.push_back(replicated ? outer : 1);
            for (int copy = 0; copy < (replicated ? outer : 1); ++copy)
                for (int r = 0; r < inner.replicas; ++r)
                    stage.machines.push_back(
                        (replicated ? copy : static_cast<int>(unit)) * level.machines + used + r);
            used += inner.replicas;
            stage.computeSeconds = level.compute(inner.to) - level.compute(inner.from);
            const double bytes =
                states.activationBytes(inner.to) + level.parameter(inner.to) -
                (inner.from < 0 ? 0.0
                                : states.activationBytes(inner.from) + level.parameter(inner.from));
            stage.memoryBytes =
                std::ceil(static_cast<double>(level.machines - used) / inner.replicas) * bytes;
            plan.machinesUsed += static_cast<int>(stage.machines.size());
            plan.stages.push_back(std::move(stage));
        }
    }
    plan.singleMachineSeconds = states.computeSeconds(states.size() - 1);
    plan.dataParallelSeconds = pipeDreamDataParallelSeconds(states, request);
    return plan;
}

} // namespace

bool bottleneckSearchApplies(const PipeDreamRequest& request) {
    return !request.levels.empty() && request.levels.size() <= 2 &&
           (request.levels.size() == 1 || request.levels[1].machines <= 2) &&
           request.levels[0].machines <= 31 && !request.memoryLimitBytes &&
           !request.activationCompression;
}

PipeDreamPlan searchPipeDream(const AntichainStates& states, const PipeDreamRequest& request) {
    checkPipeDreamRequest(request);
    if (!bottleneckSearchApplies(request))
        throw PlanError("with more than " + std::to_string(AntichainStates::kAncestorLimit) +
                        " states, --cost-model pipedream plans one level, or two with at most 2 "
                        "units outside, at most 31 machines inside, without --memory or "
                        "--activation-compression");
    const InnerLevel level{states, request.levels[0].machines, request.levels[0].bytesPerSecond,
                           request.straight, request.fewerMachines};
    const std::vector<Pair> pairs = pairsOf(level);
    const int last = states.size() - 1;
    const double upper =
        2 * (level.compute(last) + 4.0 * level.parameter(last) / level.bandwidth) + 1;
    Sweep prefixWork(states.size(), level.machines, pairs.size());
    const Found whole = wholeOnOneUnit(level, pairs, upper, prefixWork);
    if (whole.units.empty())
        throw PlanError("no plan uses the machines as asked (a straight pipeline needs as many "
                        "stages as machines; allow --fewer-machines)");
    if (request.levels.size() == 1 || request.levels[1].machines == 1)
        return planOf(level, request, whole, false);
    const ClusterLevel& outer = request.levels[1];
    Found replicatedWhole = whole;
    replicatedWhole.time = (whole.time + (4.0 * 1 * level.parameter(last)) /
                                             (outer.bytesPerSecond * 2) / level.machines) /
                           2;
    // The optimizer's entry for both units: the whole range replicated on both (not with
    // --straight), the whole range on one unit (only with --fewer-machines), then the splits.
    Found best = request.straight ? Found{} : replicatedWhole;
    bool replicated = !request.straight;
    if (request.fewerMachines && whole.time < best.time) {
        best = whole;
        replicated = false;
    }
    const double below = std::nextafter(best.time, 0.0);
    Sweep suffixWork(states.size(), level.machines, pairs.size());
    const Found split = bisect(
        [&](double bound, double& next) {
            return splitWithin(level, pairs, bound, next, prefixWork, suffixWork);
        },
        lowerBound(level, 2 * level.machines), below);
    if (!split.units.empty() && split.time < best.time) {
        best = split;
        replicated = false;
    }
    if (best.units.empty())
        throw PlanError("no plan uses the machines as asked");
    return planOf(level, request, best, replicated);
}

} // namespace cutlab::core
