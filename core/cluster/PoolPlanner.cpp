#include "core/cluster/PoolPlanner.h"
#include "core/model/Infinity.h"

#include "core/cluster/PoolCosts.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace cutlab::core {

namespace {

constexpr std::size_t kMaxEntries = 6000000;
constexpr double kMaxWork = 5e9;

// Replica counts move in steps of unit[g] machines of group g: levels 0..top[g].
struct Grid {
    std::vector<int> unit, top;
    std::vector<int> stride; // of a vector of levels in the table's index
    int vectors = 1;         // Π (top + 1)
};

Grid gridOf(const PoolSpec& pool, int levels) {
    Grid grid;
    for (const PoolGroup& group : pool.groups) {
        const int unit = levels <= 0 ? 1 : (group.machines + levels - 1) / levels;
        grid.unit.push_back(unit);
        grid.top.push_back(group.machines / unit);
        grid.stride.push_back(grid.vectors);
        grid.vectors *= grid.top.back() + 1;
    }
    return grid;
}

// Every vector of levels of a grid, decoded, with the groups it uses and its machines.
struct LevelVectors {
    std::vector<std::vector<int>> levels;
    std::vector<unsigned> mask;
    std::vector<int> machines;
};

LevelVectors vectorsOf(const Grid& grid) {
    LevelVectors out;
    for (int index = 0; index < grid.vectors; ++index) {
        std::vector<int> levels;
        unsigned mask = 0;
        int machines = 0;
        for (std::size_t g = 0; g < grid.unit.size(); ++g) {
            const int level = index / grid.stride[g] % (grid.top[g] + 1);
            levels.push_back(level);
            mask |= level > 0 ? 1u << g : 0u;
            machines += level * grid.unit[g];
        }
        out.levels.push_back(std::move(levels));
        out.mask.push_back(mask);
        out.machines.push_back(machines);
    }
    return out;
}

struct Choice {
    int next = -1;                // boundary the next stage starts at; the last boundary: none
    int set = -1;                 // the stage's vector of levels
    int rest = -1;                // the vector the stages after it use
    std::uint16_t restMask = 0;   // the groups of the stage after it
    std::uint16_t restStages = 0; // the stages after it (capped)
};

// best[p][u][mask][k]: the smallest bottleneck of stages from boundary p to the end using the
// machines of vector u, the first stage on the groups of `mask`, k stages (capped at K).
class SuffixTable {
  public:
    SuffixTable(int boundaries, int vectors, int groups, int stagesCap)
        : m_vectors(vectors), m_masks(1 << groups), m_cap(stagesCap),
          m_value(static_cast<std::size_t>(boundaries) * vectors * m_masks * stagesCap, kInfinity),
          m_choice(m_value.size()) {}

    std::size_t index(int p, int u, unsigned mask, int k) const {
        return ((static_cast<std::size_t>(p) * m_vectors + u) * m_masks + mask) * m_cap + (k - 1);
    }
    double value(std::size_t i) const { return m_value[i]; }
    const Choice& choice(std::size_t i) const { return m_choice[i]; }
    void relax(std::size_t i, double value, const Choice& choice) {
        if (value < m_value[i]) {
            m_value[i] = value;
            m_choice[i] = choice;
        }
    }
    int cap() const { return m_cap; }
    std::size_t size() const { return m_value.size(); }

  private:
    int m_vectors, m_masks, m_cap;
    std::vector<double> m_value;
    std::vector<Choice> m_choice;
};

struct Search {
    const PoolCosts& costs;
    const Grid& grid;
    const LevelVectors& vectors;
    std::vector<int> sets; // vectors a stage may use (non-empty; one machine when straight)
    std::vector<std::vector<int>> compatible; // per vector, the vectors that fit beside it
    SuffixTable table;
};

std::vector<int> replicasOf(const Grid& grid, const std::vector<int>& levels) {
    std::vector<int> replicas;
    for (std::size_t g = 0; g < levels.size(); ++g)
        replicas.push_back(levels[g] * grid.unit[g]);
    return replicas;
}

bool fitsTogether(const Grid& grid, const std::vector<int>& a, const std::vector<int>& b) {
    for (std::size_t g = 0; g < a.size(); ++g)
        if (a[g] + b[g] > grid.top[g])
            return false;
    return true;
}

// Stage (p, q] on vector `set` followed by every stored suffix from q whose machines fit beside
// it; `links` holds linkMs at q for every pair of group masks.
void extend(Search& s, int p, int q, int set, const std::vector<double>& links) {
    const std::vector<int> replicas = replicasOf(s.grid, s.vectors.levels[set]);
    const PoolStageCost cost = s.costs.stage(p, q, replicas);
    const unsigned mask = s.vectors.mask[set];
    const int last = s.costs.boundaries() - 1;
    if (q == last) {
        if (s.costs.fits(p, q, cost, replicas, 1))
            s.table.relax(s.table.index(p, set, mask, 1), cost.stageMs, Choice{q, set, -1, 0, 0});
        return;
    }
    std::vector<bool> fits(static_cast<std::size_t>(s.table.cap()) + 1);
    for (int k = 1; k <= s.table.cap(); ++k)
        fits[static_cast<std::size_t>(k)] = s.costs.fits(p, q, cost, replicas, k + 1);
    const unsigned masks = 1u << s.costs.groups();
    for (int rest : s.compatible[static_cast<std::size_t>(set)]) {
        const unsigned restGroups = s.vectors.mask[static_cast<std::size_t>(rest)];
        for (unsigned restMask = restGroups; restMask != 0;
             restMask = (restMask - 1) & restGroups) {
            const double head = std::max(cost.stageMs, links[mask * masks + restMask]);
            for (int k = 1; k <= s.table.cap(); ++k) {
                const double after = s.table.value(s.table.index(q, rest, restMask, k));
                if (after == kInfinity || !fits[static_cast<std::size_t>(k)])
                    continue;
                const int stages = std::min(k + 1, s.table.cap());
                s.table.relax(s.table.index(p, set + rest, mask, stages), std::max(head, after),
                              Choice{q, set, rest, static_cast<std::uint16_t>(restMask),
                                     static_cast<std::uint16_t>(k)});
            }
        }
    }
}

// Every vector that fits beside `set` (non-empty), per set.
std::vector<std::vector<int>> compatibleVectors(const Grid& grid, const LevelVectors& vectors) {
    std::vector<std::vector<int>> compatible(static_cast<std::size_t>(grid.vectors));
    for (int set = 1; set < grid.vectors; ++set)
        for (int rest = 1; rest < grid.vectors; ++rest)
            if (fitsTogether(grid, vectors.levels[static_cast<std::size_t>(set)],
                             vectors.levels[static_cast<std::size_t>(rest)]))
                compatible[static_cast<std::size_t>(set)].push_back(rest);
    return compatible;
}

std::vector<double> linksAt(const PoolCosts& costs, int q) {
    const unsigned masks = 1u << costs.groups();
    std::vector<double> links(static_cast<std::size_t>(masks) * masks, 0.0);
    for (unsigned a = 1; a < masks; ++a)
        for (unsigned b = 1; b < masks; ++b)
            links[a * masks + b] = costs.linkMs(q, a, b);
    return links;
}

// Steps of the search on a grid: pairs of a stage's counts and the counts after it, weighted
// by the masks of the stage after it, per pair of boundaries and number of stages.
double workOf(const Grid& grid, double boundaries, int stagesCap) {
    double pairs = 1;
    for (std::size_t g = 0; g < grid.top.size(); ++g) {
        double weight = 0;
        for (int rest = 0; rest <= grid.top[g]; ++rest)
            weight += (grid.top[g] - rest + 1) * (rest > 0 ? 2.0 : 1.0);
        pairs *= weight;
    }
    return boundaries * boundaries / 2 * pairs * stagesCap;
}

// Levels per group of the finest grid whose table and work stay within bounds (0: one machine
// per level, exact).
int gridLevels(const PoolCosts& costs, int stagesCap) {
    const double boundaries = costs.boundaries();
    const double masks = std::pow(2.0, costs.groups());
    for (int levels : {0, 16, 8, 4, 2, 1}) {
        const Grid grid = gridOf(costs.request().pool, levels);
        const double entries = boundaries * grid.vectors * masks * stagesCap;
        const double work = workOf(grid, boundaries, stagesCap);
        if (entries <= kMaxEntries && work <= kMaxWork)
            return levels;
    }
    throw PlanError("the pool has too many machine types to plan (" +
                    std::to_string(costs.groups()) + "); merge some groups");
}

PoolStage stageOf(const PoolCosts& costs, const Grid& grid, const LevelVectors& vectors, int p,
                  const Choice& choice, std::vector<int>& nextMachine) {
    PoolStage stage;
    stage.fromBoundary = p;
    stage.toBoundary = choice.next;
    stage.firstLayer = costs.boundaryLayer(p);
    stage.lastLayer = costs.boundaryLayer(choice.next) - 1;
    stage.replicas = replicasOf(grid, vectors.levels[static_cast<std::size_t>(choice.set)]);
    const PoolStageCost cost = costs.stage(p, choice.next, stage.replicas);
    stage.shares = cost.shares;
    stage.computeMs = cost.computeMs;
    stage.allReduceMs = cost.allReduceMs;
    stage.stageMs = cost.stageMs;
    for (int g = 0; g < costs.groups(); ++g)
        for (int r = 0; r < stage.replicas[static_cast<std::size_t>(g)]; ++r)
            stage.machines.push_back(
                costs.request().pool.groups[static_cast<std::size_t>(g)].machineId + "#" +
                std::to_string(nextMachine[static_cast<std::size_t>(g)]++));
    return stage;
}

PoolPlan readPlan(const Search& s, std::size_t start) {
    PoolPlan plan;
    std::vector<int> nextMachine(static_cast<std::size_t>(s.costs.groups()), 0);
    std::vector<unsigned> masks;
    int p = 0;
    Choice choice = s.table.choice(start);
    while (true) {
        plan.stages.push_back(stageOf(s.costs, s.grid, s.vectors, p, choice, nextMachine));
        masks.push_back(s.vectors.mask[static_cast<std::size_t>(choice.set)]);
        if (choice.rest < 0)
            break;
        p = choice.next;
        choice = s.table.choice(s.table.index(p, choice.rest, choice.restMask, choice.restStages));
    }
    const int stages = static_cast<int>(plan.stages.size());
    for (int n = 0; n < stages; ++n) {
        PoolStage& stage = plan.stages[static_cast<std::size_t>(n)];
        if (n + 1 < stages)
            stage.linkMs = s.costs.linkMs(stage.toBoundary, masks[static_cast<std::size_t>(n)],
                                          masks[static_cast<std::size_t>(n + 1)]);
        for (int g = 0; g < s.costs.groups(); ++g)
            stage.memory.push_back(stage.replicas[static_cast<std::size_t>(g)] > 0
                                       ? s.costs.memory(stage.fromBoundary, stage.toBoundary,
                                                        stage.shares[static_cast<std::size_t>(g)],
                                                        stages - n)
                                       : StageMemory{});
        plan.bottleneckMs = std::max({plan.bottleneckMs, stage.stageMs, stage.linkMs});
        plan.machinesUsed += static_cast<int>(stage.machines.size());
    }
    return plan;
}

// The best entry from boundary 0 that uses the machines the request allows.
std::size_t bestStart(const Search& s, bool idleAllowed) {
    std::size_t best = s.table.size();
    for (int u = 0; u < s.grid.vectors; ++u) {
        if (!idleAllowed && s.vectors.machines[static_cast<std::size_t>(u)] !=
                                s.costs.request().pool.totalMachines())
            continue;
        for (unsigned mask = 1; mask < (1u << s.costs.groups()); ++mask)
            for (int k = 1; k <= s.table.cap(); ++k) {
                const std::size_t i = s.table.index(0, u, mask, k);
                if (s.table.value(i) < kInfinity &&
                    (best == s.table.size() || s.table.value(i) < s.table.value(best)))
                    best = i;
            }
    }
    return best;
}

bool hasCapacity(const PoolRequest& request) {
    for (double capacity : request.capacityBytes)
        if (capacity > 0)
            return true;
    return false;
}

// Why nothing was found: the memory, or a pool a straight pipeline cannot use in full.
[[noreturn]] void throwNoPlan(const Profile& profile, const Network& network,
                              const PoolRequest& request, const PoolCosts& costs) {
    if (hasCapacity(request)) {
        PoolRequest unlimited = request;
        unlimited.capacityBytes.clear();
        try {
            planPool(profile, network, unlimited);
        } catch (const PlanError&) {
            throw PlanError("no plan uses the pool, even without memory limits");
        }
        throw PoolMemoryError("no plan keeps every machine within its memory");
    }
    throw PlanError("a straight pipeline over " + std::to_string(costs.boundaries() - 1) +
                    " blocks cannot use all " + std::to_string(request.pool.totalMachines()) +
                    " machines of the pool; allow --fewer-machines or replication");
}

} // namespace

PoolPlan planPool(const Profile& profile, const Network& network, const PoolRequest& request) {
    if (request.pool.groups.empty())
        throw PlanError("the pool has no machine");
    if (request.microBatches < 1)
        throw PlanError("a mini-batch needs at least 1 micro-batch");
    const PoolCosts costs(profile, network, request);
    // In flight F = min(stages after and including a stage, M): count stages up to what F can be.
    const int stagesCap =
        hasCapacity(request)
            ? std::min({request.microBatches, request.pool.totalMachines(), costs.boundaries() - 1})
            : 1;
    const int levels = gridLevels(costs, stagesCap);
    const Grid grid = gridOf(request.pool, levels);
    const LevelVectors vectors = vectorsOf(grid);
    Search search{costs,
                  grid,
                  vectors,
                  {},
                  compatibleVectors(grid, vectors),
                  SuffixTable(costs.boundaries(), grid.vectors, costs.groups(), stagesCap)};
    for (int set = 1; set < grid.vectors; ++set)
        if (!request.straight || vectors.machines[static_cast<std::size_t>(set)] == 1)
            search.sets.push_back(set);
    const int last = costs.boundaries() - 1;
    std::vector<std::vector<double>> links;
    for (int q = 0; q <= last; ++q)
        links.push_back(linksAt(costs, q));
    for (int p = last - 1; p >= 0; --p)
        for (int q = p + 1; q <= last; ++q)
            for (int set : search.sets)
                extend(search, p, q, set, links[static_cast<std::size_t>(q)]);
    const std::size_t start = bestStart(search, request.fewerMachines || levels > 0);
    if (start == search.table.size())
        throwNoPlan(profile, network, request, costs);
    PoolPlan plan = readPlan(search, start);
    plan.microBatch = costs.microBatch();
    plan.machinesTotal = request.pool.totalMachines();
    plan.entries = search.table.size();
    plan.exact = levels == 0;
    plan.lowerBoundMs =
        plan.exact ? plan.bottleneckMs : std::min(plan.bottleneckMs, costs.lowerBoundMs());
    if (!plan.exact)
        plan.note = "replica counts in steps of about 1/" + std::to_string(levels) +
                    " of each group, idle machines allowed: the pool is too large for the exact "
                    "table";
    return plan;
}

} // namespace cutlab::core
