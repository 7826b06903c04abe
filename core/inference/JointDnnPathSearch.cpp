#include "core/inference/JointDnnPathSearch.h"

#include "core/model/PlanError.h"

#include <algorithm>

namespace cutlab::core {
namespace {

constexpr int kNowhere = 3; // the input is not on any machine yet (profile without a device)
constexpr int kMasks = 8;   // which tiers have run a block so far

std::size_t pathIndex(int index) {
    return static_cast<std::size_t>(index);
}

} // namespace

JointDnnPathSearch::JointDnnPathSearch(const InferenceCostModel& model, const InferenceQuery& query,
                                       const PlacementFilter& filter, std::array<int, 3> machines)
    : m_model(model), m_query(query), m_filter(filter), m_machines(machines),
      m_blocks(static_cast<int>(model.structure().blocks.size())) {
    for (int t = 0; t < 3; ++t)
        if (m_query.tierUse[pathIndex(t)] == TierUse::Must)
            m_requiredMask |= 1 << t;
}

std::optional<std::vector<Segment>> JointDnnPathSearch::run() {
    const InferenceMemory& memory = m_model.memory();
    const bool limited = std::any_of(m_machines.begin(), m_machines.end(), [&](int machine) {
        return machine >= 0 && memory.capacity(machine);
    });
    auto cheapest = cheapestPath();
    if (!limited || !cheapest || fits(*cheapest))
        return cheapest; // the best without capacities fits: it is the best
    return cheapestPathThatFits();
}

bool JointDnnPathSearch::fits(const std::vector<Segment>& segments) const {
    const Evaluation evaluation = m_model.evaluate(segments, m_machines[0], m_query.returnResult);
    for (const MachineMemory& held : m_model.memory().of(evaluation))
        if (!m_model.memory().fits(held.machine, held.bytes()))
            return false;
    return true;
}

bool JointDnnPathSearch::tierOpen(int tier) const {
    return m_machines[pathIndex(tier)] >= 0 && m_query.tierUse[pathIndex(tier)] != TierUse::MustNot;
}

JointDnnPathSearch::PathCost JointDnnPathSearch::moveCost(int from, int to, double bytes) const {
    if (from == kNowhere || from == to || bytes <= 0)
        return {0, 0};
    if (m_machines[pathIndex(from)] < 0 || m_machines[pathIndex(to)] < 0)
        return {};
    const Link* link = m_model.link(m_machines[pathIndex(from)], m_machines[pathIndex(to)]);
    if (!link)
        return {};
    const double ms = link->transferMs(bytes);
    return m_query.objective == Objective::Latency ? PathCost{ms, bytes} : PathCost{bytes, ms};
}

std::optional<JointDnnPathSearch::PathCost> JointDnnPathSearch::stepCost(int block, int from,
                                                                         int to) const {
    if (!tierOpen(to) || !m_filter.blockAllowedOn(block, static_cast<Tier>(to)))
        return std::nullopt;
    const auto& b = m_model.structure().blocks[pathIndex(block)];
    const PathCost move = moveCost(from, to, m_model.cutBytes(b.first));
    if (!move.finite())
        return std::nullopt;
    const double compute = m_model.computeMs(m_machines[pathIndex(to)], b.first, b.last + 1);
    PathCost step = move;
    (m_query.objective == Objective::Latency ? step.primary : step.secondary) += compute;
    return step;
}

// What ending at `location` with tiers `mask` used adds: the result's way back when asked for;
// infinite when a required tier is missing.
JointDnnPathSearch::PathCost JointDnnPathSearch::finishCost(int location, int mask) const {
    if ((mask & m_requiredMask) != m_requiredMask || location == kNowhere)
        return {};
    if (m_query.returnResult && m_machines[0] >= 0)
        return moveCost(location, 0, m_model.cutBytes(m_model.layerCount()));
    return {0, 0};
}

std::optional<std::vector<Segment>> JointDnnPathSearch::cheapestPath() {
    const int start = m_machines[0] >= 0 ? 0 : kNowhere;
    // table[k][location][mask]: best path that has run blocks [0, k) and stands at location.
    std::vector<Layer> table(pathIndex(m_blocks) + 1);
    table[0][pathIndex(start)][0].cost = {0, 0};
    for (int k = 0; k < m_blocks; ++k)
        for (int from = 0; from < 4; ++from)
            for (int mask = 0; mask < kMasks; ++mask) {
                const State& here = table[pathIndex(k)][pathIndex(from)][pathIndex(mask)];
                if (!here.cost.finite())
                    continue;
                for (int to = 0; to < 3; ++to) {
                    const auto step = stepCost(k, from, to);
                    if (!step)
                        continue;
                    State& next =
                        table[pathIndex(k) + 1][pathIndex(to)][pathIndex(mask | (1 << to))];
                    const PathCost candidate = here.cost.plus(*step);
                    if (candidate < next.cost)
                        next = {candidate, from, mask};
                }
            }
    PathCost best;
    int bestLocation = -1, bestMask = -1;
    for (int location = 0; location < 3; ++location)
        for (int mask = 0; mask < kMasks; ++mask) {
            const PathCost& cost =
                table[pathIndex(m_blocks)][pathIndex(location)][pathIndex(mask)].cost;
            // No path ends on a tier without a machine: there is nothing to send back from it.
            const PathCost finish = finishCost(location, mask);
            if (!cost.finite() || !finish.finite())
                continue;
            if (cost.plus(finish) < best) {
                best = cost.plus(finish);
                bestLocation = location;
                bestMask = mask;
            }
        }
    if (bestLocation < 0)
        return std::nullopt;
    std::vector<int> tierOfBlock(pathIndex(m_blocks));
    for (int k = m_blocks, location = bestLocation, mask = bestMask; k > 0; --k) {
        tierOfBlock[pathIndex(k - 1)] = location;
        const State& state = table[pathIndex(k)][pathIndex(location)][pathIndex(mask)];
        location = state.previousLocation;
        mask = state.previousMask;
    }
    return segmentsOf(tierOfBlock);
}

// m_toGo[k][location][mask]: the cheapest way to run blocks [k, m) and finish from there.
void JointDnnPathSearch::costToGo() {
    m_toGo.assign(pathIndex(m_blocks) + 1, Layer{});
    for (int location = 0; location < 4; ++location)
        for (int mask = 0; mask < kMasks; ++mask)
            m_toGo[pathIndex(m_blocks)][pathIndex(location)][pathIndex(mask)].cost =
                finishCost(location, mask);
    for (int k = m_blocks - 1; k >= 0; --k)
        for (int from = 0; from < 4; ++from)
            for (int mask = 0; mask < kMasks; ++mask) {
                PathCost& best = m_toGo[pathIndex(k)][pathIndex(from)][pathIndex(mask)].cost;
                for (int to = 0; to < 3; ++to) {
                    const auto step = stepCost(k, from, to);
                    const PathCost& rest =
                        m_toGo[pathIndex(k) + 1][pathIndex(to)][pathIndex(mask | (1 << to))].cost;
                    if (step && rest.finite() && step->plus(rest) < best)
                        best = step->plus(rest);
                }
            }
}

std::optional<std::vector<Segment>> JointDnnPathSearch::cheapestPathThatFits() {
    costToGo();
    const int start = m_machines[0] >= 0 ? 0 : kNowhere;
    Held held;
    if (start == 0) { // the device holds the input
        held.live[0] = m_model.inputBytes();
        if (!m_model.memory().fits(m_machines[0], held.live[0]))
            return std::nullopt;
    }
    m_path.assign(pathIndex(m_blocks), -1);
    m_best = PathCost{};
    m_bestPath.clear();
    m_nodes = 0;
    descend(0, start, 0, {0, 0}, held);
    if (m_bestPath.empty() && m_blocks > 0)
        return std::nullopt;
    return segmentsOf(m_bestPath);
}

// Adds block `block` on `tier` (arriving from `from`) to what the tier holds; false when its
// machine's capacity is exceeded.
bool JointDnnPathSearch::holds(int tier, int block, int from, Held& held) const {
    const InferenceMemory& memory = m_model.memory();
    held.weights[pathIndex(tier)] += memory.blockWeights(block);
    double live = memory.blockLive(block);
    if (from != tier && from != kNowhere)
        live = std::max(live, m_model.cutBytes(m_model.structure().blocks[pathIndex(block)].first));
    held.live[pathIndex(tier)] = std::max(held.live[pathIndex(tier)], live);
    return memory.fits(m_machines[pathIndex(tier)],
                       held.weights[pathIndex(tier)] + held.live[pathIndex(tier)]);
}

void JointDnnPathSearch::descend(int block, int location, int mask, const PathCost& cost,
                                 const Held& held) {
    if (++m_nodes > kNodeLimit)
        throw PlanError("JointDNN under memory limits stopped after " + std::to_string(kNodeLimit) +
                        " partial placements without proving the best; the Scission planner "
                        "plans with memory limits on models this size");
    if (block == m_blocks) {
        Held last = held; // the result sent back also lands on the device
        if (m_query.returnResult && m_machines[0] >= 0 && location != 0) {
            last.live[0] = std::max(last.live[0], m_model.cutBytes(m_model.layerCount()));
            if (!m_model.memory().fits(m_machines[0], last.weights[0] + last.live[0]))
                return;
        }
        const PathCost total = cost.plus(finishCost(location, mask));
        if (total.finite() && total < m_best) {
            m_best = total;
            m_bestPath = m_path;
        }
        return;
    }
    std::array<std::pair<PathCost, int>, 3> order;
    int count = 0;
    for (int to = 0; to < 3; ++to) {
        const auto step = stepCost(block, location, to);
        const PathCost& rest =
            m_toGo[pathIndex(block) + 1][pathIndex(to)][pathIndex(mask | (1 << to))].cost;
        if (step && rest.finite())
            order[pathIndex(count++)] = {cost.plus(*step).plus(rest), to};
    }
    std::stable_sort(order.begin(), order.begin() + count,
                     [](const auto& x, const auto& y) { return x.first < y.first; });
    for (int i = 0; i < count; ++i) {
        const auto [bound, to] = order[pathIndex(i)];
        Held next = held;
        if (!(bound < m_best) || !holds(to, block, location, next))
            continue;
        m_path[pathIndex(block)] = to;
        descend(block + 1, to, mask | (1 << to), cost.plus(*stepCost(block, location, to)), next);
    }
}

std::vector<Segment> JointDnnPathSearch::segmentsOf(const std::vector<int>& tierOfBlock) const {
    std::vector<Segment> segments;
    for (int k = 0; k < m_blocks; ++k) {
        const auto& block = m_model.structure().blocks[pathIndex(k)];
        const int machine = m_machines[pathIndex(tierOfBlock[pathIndex(k)])];
        if (!segments.empty() && segments.back().machine == machine)
            segments.back().end = block.last + 1;
        else
            segments.push_back({machine, block.first, block.last + 1});
    }
    return segments;
}

} // namespace cutlab::core
