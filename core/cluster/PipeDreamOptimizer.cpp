#include "core/cluster/PipeDreamOptimizer.h"

#include "core/cluster/PipeDreamBottleneckSearch.h"

#include "core/model/PlanError.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace cutlab::core {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

// A[row][j][m] of the optimizer: the best time of the range from the row's start to state j
// on m + 1 units, and how it ends.
struct Entry {
    double time = kNone; // NaN: no plan (the optimizer's None)
    int split = -1;      // the state the last stage starts after; -1: one stage (replicated)
    int splitM = -1;     // the entry of the part before it
    int replicas = 0;    // units of the last stage
    int selfM = -1;      // the m at which this entry was made
    bool has() const { return !std::isnan(time); }
};

// The costs one level plans with: a range's compute is the level below's best time (level 1:
// the states' sums); activation and parameter bytes are the states' sums at every level.
class LevelCosts {
  public:
    LevelCosts(const AntichainStates& states, const std::vector<std::vector<double>>* below)
        : m_states(states), m_below(below) {}

    // Compute of (from, to] (from = -1: from the start); NaN when the level below has none.
    double compute(int from, int to) const {
        if (m_below)
            return (*m_below)[static_cast<std::size_t>(from + 1)][static_cast<std::size_t>(to)];
        return from < 0 ? m_states.computeSeconds(to)
                        : m_states.computeSeconds(to) - m_states.computeSeconds(from);
    }
    double activation(int from, int to) const {
        return from < 0 ? m_states.activationBytes(to)
                        : m_states.activationBytes(to) - m_states.activationBytes(from);
    }
    double parameter(int from, int to) const {
        return from < 0 ? m_states.parameterBytes(to)
                        : m_states.parameterBytes(to) - m_states.parameterBytes(from);
    }

  private:
    const AntichainStates& m_states;
    const std::vector<std::vector<double>>* m_below;
};

struct LevelSetup {
    const AntichainStates& states;
    const PipeDreamRequest& request;
    LevelCosts costs;
    int machines;
    double bandwidth;
    int machinesWithin; // units of the level below (1 at the innermost level)
};

double ceilRatio(int numerator, int denominator) {
    return std::ceil(static_cast<double>(numerator) / static_cast<double>(denominator));
}

bool overMemory(const LevelSetup& level, double bytes) {
    return level.request.memoryLimitBytes && bytes > *level.request.memoryLimitBytes;
}

// The range (from, to] replicated on m + 1 units, the optimizer's starting entries.
Entry wholeRange(const LevelSetup& level, int from, int to, int m) {
    const double activation = level.costs.activation(from, to);
    const double parameter = level.costs.parameter(from, to);
    const double stashed = ceilRatio(level.machines - (m + 1), m + 1) * (activation + parameter);
    if (overMemory(level, stashed))
        return {};
    double allReduce = (4.0 * m * parameter) / (level.bandwidth * (m + 1));
    allReduce /= level.machinesWithin;
    const double compute = level.costs.compute(from, to);
    if (std::isnan(compute))
        return {};
    return {(compute + allReduce) / (m + 1), -1, -1, m + 1, m};
}

// The best entry for (from, to] on m + 1 units whose last stage starts after state k with
// `replicas` units, or none.
Entry splitAt(const LevelSetup& level, const std::vector<Entry>& row, int to, int m, int k,
              int replicas) {
    const int n = level.states.size();
    double last = level.costs.compute(k, to);
    if (std::isnan(last))
        return {};
    const double parameter = level.costs.parameter(k, to);
    double stashed = level.costs.activation(k, to) + parameter;
    stashed *= ceilRatio(level.machines - (m + 1), replicas);
    if (overMemory(level, stashed))
        return {};
    last = (last + (4.0 * (replicas - 1) * parameter) / (level.bandwidth * replicas)) / replicas;
    const Entry& before =
        row[static_cast<std::size_t>(k) * static_cast<std::size_t>(level.machines) +
            static_cast<std::size_t>(m - replicas)];
    if (!before.has())
        return {};
    double time = std::max(before.time, last);
    if (level.request.activationCompression) {
        const double ratio = *level.request.activationCompression;
        const double in =
            (2.0 * level.states.outputActivationBytes(k)) / (level.bandwidth * replicas) / ratio;
        time = std::max(time, in);
        if (to < n - 1)
            time = std::max(time, (2.0 * level.states.outputActivationBytes(to)) /
                                      (level.bandwidth * replicas) / ratio);
    }
    return {time, k, m - replicas, replicas, m};
}

// Row `from` of the level's table: entries [to][m], to a state above `from`. With `split`
// false only the starting entries (the optimizer splits only row 0 at the outermost level).
std::vector<Entry> solveRow(const LevelSetup& level, int from, bool split) {
    const int n = level.states.size();
    const int machines = level.machines;
    std::vector<Entry> row(static_cast<std::size_t>(n) * static_cast<std::size_t>(machines));
    auto at = [&](int to, int m) -> Entry& {
        return row[static_cast<std::size_t>(to) * static_cast<std::size_t>(machines) +
                   static_cast<std::size_t>(m)];
    };
    auto inRange = [&](int state) { return from < 0 || level.states.isAncestor(from, state); };
    const int maxM = level.request.straight ? 1 : machines;
    for (int to = 0; to < n; ++to)
        if (inRange(to))
            for (int m = 0; m < maxM; ++m)
                at(to, m) = wholeRange(level, from, to, m);
    if (!split)
        return row;
    for (int m = 1; m < machines; ++m)
        for (int to = 0; to < n; ++to) {
            if (!inRange(to))
                continue;
            Entry best = at(to, m);
            const Entry& fewer = at(to, m - 1);
            if (level.request.fewerMachines && fewer.has() &&
                (!best.has() || fewer.time < best.time))
                best = fewer;
            const int maxReplicas = level.request.straight ? 1 : m;
            for (int k : level.states.ancestors(to)) {
                if (!inRange(k))
                    continue;
                for (int replicas = 1; replicas <= maxReplicas; ++replicas) {
                    const Entry candidate = splitAt(level, row, to, m, k, replicas);
                    if (candidate.has() && (!best.has() || best.time > candidate.time))
                        best = candidate;
                }
            }
            at(to, m) = best;
        }
    return row;
}

} // namespace

void checkPipeDreamRequest(const PipeDreamRequest& request) {
    if (request.levels.empty())
        throw PlanError("the cluster has no level");
    for (const ClusterLevel& level : request.levels) {
        if (level.machines < 1)
            throw PlanError("every level of the cluster needs at least 1 machine");
        if (!(level.bytesPerSecond > 0) || !std::isfinite(level.bytesPerSecond))
            throw PlanError("every level of the cluster needs a bandwidth above 0");
    }
    if (request.activationCompression &&
        (!(*request.activationCompression > 0) || !std::isfinite(*request.activationCompression)))
        throw PlanError("the activation compression ratio must be above 0");
}

namespace {

// What the planner keeps of each level: its setup and, below the outermost level, the best
// time of every range on all its units (the compute of the level above).
struct Levels {
    std::vector<LevelSetup> setups;
    std::vector<std::vector<std::vector<double>>> best; // [level][from + 1][to]
};

Levels solveLevels(const AntichainStates& states, const PipeDreamRequest& request,
                   std::vector<Entry>* outermostRow) {
    const int n = states.size();
    Levels levels;
    levels.setups.reserve(request.levels.size());
    levels.best.reserve(request.levels.size());
    int within = 1;
    for (std::size_t l = 0; l < request.levels.size(); ++l) {
        const auto* below = l == 0 ? nullptr : &levels.best[l - 1];
        const ClusterLevel& level = request.levels[l];
        levels.setups.push_back(LevelSetup{states, request, LevelCosts(states, below),
                                           level.machines, level.bytesPerSecond, within});
        within = level.machines;
        if (l + 1 == request.levels.size()) {
            *outermostRow = solveRow(levels.setups.back(), -1, true);
            break;
        }
        std::vector<std::vector<double>> best(
            static_cast<std::size_t>(n) + 1,
            std::vector<double>(static_cast<std::size_t>(n), kNone));
        for (int from = -1; from < n - 1; ++from) {
            const std::vector<Entry> row = solveRow(levels.setups.back(), from, true);
            for (int to = 0; to < n; ++to)
                best[static_cast<std::size_t>(from + 1)][static_cast<std::size_t>(to)] =
                    row[static_cast<std::size_t>(to) * static_cast<std::size_t>(level.machines) +
                        static_cast<std::size_t>(level.machines - 1)]
                        .time;
        }
        levels.best.push_back(std::move(best));
    }
    return levels;
}

// Stages of (from, to] at one level read back from its row, first stage first, each with the
// entry that made it (for its replicas and its memory charge).
std::vector<std::pair<int, Entry>> stagesOfRow(const std::vector<Entry>& row, int machines,
                                               int from, int to) {
    std::vector<std::pair<int, Entry>> stages; // (stage start: the state it follows, entry)
    Entry entry = row[static_cast<std::size_t>(to) * static_cast<std::size_t>(machines) +
                      static_cast<std::size_t>(machines - 1)];
    while (entry.split >= 0) {
        stages.emplace_back(entry.split, entry);
        entry = row[static_cast<std::size_t>(entry.split) * static_cast<std::size_t>(machines) +
                    static_cast<std::size_t>(entry.splitM)];
    }
    stages.emplace_back(from, entry);
    std::reverse(stages.begin(), stages.end());
    return stages;
}

double memoryCharge(const LevelSetup& level, int from, int to, const Entry& entry) {
    const double bytes = level.costs.activation(from, to) + level.costs.parameter(from, to);
    const int after = level.machines - (entry.selfM + 1);
    return entry.split < 0 ? ceilRatio(after, entry.selfM + 1) * bytes
                           : ceilRatio(after, entry.replicas) * bytes;
}

struct Expansion {
    const AntichainStates& states;
    const Levels& levels;
    const std::vector<Entry>& outermostRow;
    std::vector<int> strides; // machines of one unit of each level
    std::vector<PipeDreamStage> stages;
};

// Splits (from, to], run by the units at `bases` of level `l`, into that level's stages.
void expand(Expansion& out, std::size_t l, int from, int to, const std::vector<int>& bases,
            std::vector<int> replication) {
    const LevelSetup& level = out.levels.setups[l];
    const bool outermost = l + 1 == out.levels.setups.size();
    const std::vector<Entry> row = outermost ? out.outermostRow : solveRow(level, from, true);
    const auto stages = stagesOfRow(row, level.machines, from, to);
    int offset = 0;
    for (std::size_t s = 0; s < stages.size(); ++s) {
        const int start = stages[s].first;
        const int end = s + 1 < stages.size() ? stages[s + 1].first : to;
        const Entry& entry = stages[s].second;
        std::vector<int> units;
        for (int base : bases)
            for (int r = 0; r < entry.replicas; ++r)
                units.push_back(base + (offset + r) * out.strides[l]);
        offset += entry.replicas;
        std::vector<int> stageReplication = replication;
        stageReplication.insert(stageReplication.begin(), entry.replicas);
        if (l == 0) {
            PipeDreamStage stage;
            stage.fromState = start;
            stage.toState = end;
            stage.replication = stageReplication;
            stage.machines = units;
            stage.computeSeconds = level.costs.compute(start, end);
            stage.memoryBytes = memoryCharge(level, start, end, entry);
            out.stages.push_back(std::move(stage));
        } else {
            expand(out, l - 1, start, end, units, stageReplication);
        }
    }
}

} // namespace

double pipeDreamDataParallelSeconds(const AntichainStates& states,
                                    const PipeDreamRequest& request) {
    const int last = states.size() - 1;
    double time = states.computeSeconds(last);
    int within = 1;
    for (const ClusterLevel& level : request.levels) {
        const double allReduce = ((4.0 * (level.machines - 1) * states.parameterBytes(last)) /
                                  (level.bytesPerSecond * level.machines)) /
                                 within;
        time = (time + allReduce) / level.machines;
        within = level.machines;
    }
    return time;
}

PipeDreamPlan optimizePipeDream(const AntichainStates& states, const PipeDreamRequest& request) {
    checkPipeDreamRequest(request);
    if (!states.hasAncestorTable())
        return searchPipeDream(states, request);
    std::vector<Entry> outermostRow;
    const Levels levels = solveLevels(states, request, &outermostRow);
    const int last = states.size() - 1;
    const int outerMachines = request.levels.back().machines;
    const Entry& answer =
        outermostRow[static_cast<std::size_t>(last) * static_cast<std::size_t>(outerMachines) +
                     static_cast<std::size_t>(outerMachines - 1)];
    if (!answer.has())
        throw PlanError("no plan fits the memory limit");

    Expansion expansion{states, levels, outermostRow, {}, {}};
    int stride = 1;
    for (const ClusterLevel& level : request.levels) {
        expansion.strides.push_back(stride);
        stride *= level.machines;
    }
    expand(expansion, request.levels.size() - 1, -1, last, {0}, {});

    PipeDreamPlan plan;
    plan.timePerStageSeconds = answer.time;
    plan.stages = std::move(expansion.stages);
    plan.machinesTotal = stride;
    for (const PipeDreamStage& stage : plan.stages)
        plan.machinesUsed += static_cast<int>(stage.machines.size());
    plan.singleMachineSeconds = states.computeSeconds(last);
    plan.dataParallelSeconds = pipeDreamDataParallelSeconds(states, request);
    return plan;
}

} // namespace cutlab::core
