#include "core/inference/JointDnnPlanner.h"

#include "core/inference/PlacementFilter.h"
#include "core/inference/ScissionPlanner.h"

#include <limits>
#include <optional>

namespace cutlab::core {
namespace {

constexpr int kNowhere = 3; // the input is not on any machine yet (profile without a device)
constexpr int kMasks = 8;   // which tiers have run a block so far

struct PathCost {
    double primary = std::numeric_limits<double>::infinity();
    double secondary = std::numeric_limits<double>::infinity();
    bool operator<(const PathCost& other) const {
        return primary != other.primary ? primary < other.primary : secondary < other.secondary;
    }
};

struct State {
    PathCost cost;
    int previousLocation = -1;
    int previousMask = -1;
};

class TripleSearch {
  public:
    TripleSearch(const InferenceCostModel& model, const InferenceQuery& query,
                 const PlacementFilter& filter, std::array<int, 3> machines)
        : m_model(model), m_query(query), m_filter(filter), m_machines(machines),
          m_blocks(static_cast<int>(model.structure().blocks.size())) {}

    std::optional<std::vector<Segment>> run() {
        const int start = m_machines[0] >= 0 ? 0 : kNowhere;
        // layers[k][location][mask]: best path that has run blocks [0, k) and stands at location.
        std::vector<std::array<std::array<State, kMasks>, 4>> table(
            static_cast<std::size_t>(m_blocks) + 1);
        table[0][static_cast<std::size_t>(start)][0].cost = {0, 0};
        for (int k = 0; k < m_blocks; ++k) {
            for (int from = 0; from < 4; ++from)
                for (int mask = 0; mask < kMasks; ++mask) {
                    const State& here =
                        table[static_cast<std::size_t>(k)][static_cast<std::size_t>(from)]
                             [static_cast<std::size_t>(mask)];
                    if (here.cost.primary == std::numeric_limits<double>::infinity())
                        continue;
                    for (int to = 0; to < 3; ++to) {
                        auto step = stepCost(k, from, to);
                        if (!step)
                            continue;
                        const int nextMask = mask | (1 << to);
                        State& next =
                            table[static_cast<std::size_t>(k) + 1][static_cast<std::size_t>(to)]
                                 [static_cast<std::size_t>(nextMask)];
                        const PathCost candidate{here.cost.primary + step->primary,
                                                 here.cost.secondary + step->secondary};
                        if (candidate < next.cost)
                            next = {candidate, from, mask};
                    }
                }
        }
        return bestPath(table);
    }

  private:
    bool tierOpen(int tier) const {
        return m_machines[static_cast<std::size_t>(tier)] >= 0 &&
               m_query.tierUse[static_cast<std::size_t>(tier)] != TierUse::MustNot;
    }

    PathCost moveCost(int from, int to, double bytes) const {
        if (from == kNowhere || from == to || bytes <= 0)
            return {0, 0};
        if (m_machines[static_cast<std::size_t>(from)] < 0 ||
            m_machines[static_cast<std::size_t>(to)] < 0)
            return {};
        const Link* link = m_model.link(m_machines[static_cast<std::size_t>(from)],
                                        m_machines[static_cast<std::size_t>(to)]);
        if (!link)
            return {};
        const double ms = link->transferMs(bytes);
        return m_query.objective == Objective::Latency ? PathCost{ms, bytes} : PathCost{bytes, ms};
    }

    std::optional<PathCost> stepCost(int block, int from, int to) const {
        if (!tierOpen(to) || !m_filter.blockAllowedOn(block, static_cast<Tier>(to)))
            return std::nullopt;
        const auto& b = m_model.structure().blocks[static_cast<std::size_t>(block)];
        const PathCost move = moveCost(from, to, m_model.cutBytes(b.first));
        if (move.primary == std::numeric_limits<double>::infinity())
            return std::nullopt;
        const double compute =
            m_model.computeMs(m_machines[static_cast<std::size_t>(to)], b.first, b.last + 1);
        PathCost step = move;
        (m_query.objective == Objective::Latency ? step.primary : step.secondary) += compute;
        return step;
    }

    template <typename Table>
    std::optional<std::vector<Segment>> bestPath(const Table& table) const {
        int requiredMask = 0;
        for (int t = 0; t < 3; ++t)
            if (m_query.tierUse[static_cast<std::size_t>(t)] == TierUse::Must)
                requiredMask |= 1 << t;
        PathCost best;
        int bestLocation = -1, bestMask = -1;
        const double outputBytes = m_model.cutBytes(m_model.layerCount());
        for (int location = 0; location < 3; ++location)
            for (int mask = 0; mask < kMasks; ++mask) {
                if ((mask & requiredMask) != requiredMask)
                    continue;
                PathCost cost =
                    table[static_cast<std::size_t>(m_blocks)][static_cast<std::size_t>(location)]
                         [static_cast<std::size_t>(mask)]
                             .cost;
                // No path ends on a tier without a machine: there is nothing to send back from it.
                if (cost.primary == std::numeric_limits<double>::infinity())
                    continue;
                if (m_query.returnResult && m_machines[0] >= 0) {
                    const PathCost back = moveCost(location, 0, outputBytes);
                    cost = {cost.primary + back.primary, cost.secondary + back.secondary};
                }
                if (cost < best) {
                    best = cost;
                    bestLocation = location;
                    bestMask = mask;
                }
            }
        if (bestLocation < 0)
            return std::nullopt;
        std::vector<int> tierOfBlock(static_cast<std::size_t>(m_blocks));
        for (int k = m_blocks, location = bestLocation, mask = bestMask; k > 0; --k) {
            tierOfBlock[static_cast<std::size_t>(k - 1)] = location;
            const State& state =
                table[static_cast<std::size_t>(k)][static_cast<std::size_t>(location)]
                     [static_cast<std::size_t>(mask)];
            location = state.previousLocation;
            mask = state.previousMask;
        }
        std::vector<Segment> segments;
        for (int k = 0; k < m_blocks; ++k) {
            const auto& block = m_model.structure().blocks[static_cast<std::size_t>(k)];
            const int machine =
                m_machines[static_cast<std::size_t>(tierOfBlock[static_cast<std::size_t>(k)])];
            if (!segments.empty() && segments.back().machine == machine)
                segments.back().end = block.last + 1;
            else
                segments.push_back({machine, block.first, block.last + 1});
        }
        return segments;
    }

    const InferenceCostModel& m_model;
    const InferenceQuery& m_query;
    const PlacementFilter& m_filter;
    std::array<int, 3> m_machines;
    int m_blocks;
};

// A path that leaves a tier unused is found once per machine of that tier: keep one.
bool alreadyFound(const std::vector<RankedPlan>& plans, const std::vector<Segment>& segments) {
    for (const RankedPlan& plan : plans) {
        if (plan.segments.size() != segments.size())
            continue;
        bool same = true;
        for (std::size_t i = 0; i < segments.size() && same; ++i)
            same = plan.segments[i].machine == segments[i].machine &&
                   plan.segments[i].begin == segments[i].begin &&
                   plan.segments[i].end == segments[i].end;
        if (same)
            return true;
    }
    return false;
}

} // namespace

std::vector<RankedPlan> planJointDnn(const InferenceCostModel& model, const InferenceQuery& query) {
    PlacementFilter filter(model, query);
    auto withNone = [](std::vector<int> machines) {
        if (machines.empty())
            machines.push_back(-1);
        return machines;
    };
    auto open = [&](Tier tier) {
        return query.tierUse[static_cast<std::size_t>(tierIndex(tier))] == TierUse::MustNot
                   ? std::vector<int>{}
                   : candidateMachines(model, query, tier);
    };
    const auto edges = withNone(open(Tier::Edge));
    const auto clouds = withNone(open(Tier::Cloud));
    std::vector<RankedPlan> plans;
    for (int device : candidateOrigins(model, query))
        for (int edge : edges)
            for (int cloud : clouds) {
                for (int a : {device, edge, cloud})
                    for (int b : {device, edge, cloud})
                        if (a >= 0 && b >= 0 && a != b && a == device)
                            model.requireLink(a, b);
                if (edge >= 0 && cloud >= 0)
                    model.requireLink(edge, cloud);
                TripleSearch search(model, query, filter, {device, edge, cloud});
                auto segments = search.run();
                if (!segments || alreadyFound(plans, *segments))
                    continue;
                RankedPlan plan;
                plan.evaluation = model.evaluate(*segments, device, query.returnResult);
                plan.segments = std::move(*segments);
                plans.push_back(std::move(plan));
            }
    keepBestPlans(plans, query.objective, query.top);
    return plans;
}

} // namespace cutlab::core
