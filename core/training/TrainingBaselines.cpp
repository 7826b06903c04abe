#include "core/training/TrainingBaselines.h"

#include "core/model/PlanError.h"
#include "core/training/HierTrainPlanner.h"
#include "core/training/TrainingMemory.h"
#include "core/training/TrainingMemoryError.h"

#include <algorithm>

#include <limits>
#include <vector>

namespace cutlab::core {

HierTrainPlan planSingleTier(const TrainingCostModel& model, Tier tier, int batch) {
    const int machine = model.machineOfTier()[static_cast<std::size_t>(tierIndex(tier))];
    if (machine < 0)
        throw PlanError("the profile has no " + tierName(tier) + " machine");
    HierTrainPlan plan = evaluateHierTrain(model, {machine, -1, -1}, 0, 0, {batch, 0, 0});
    if (!memoryFits(model, hierTrainMemory(model, plan)))
        throw TrainingMemoryError("the model does not fit the " + tierName(tier) +
                                  " machine's memory");
    return plan;
}

TrainingPath evaluateTrainingPath(const TrainingCostModel& model, std::vector<Segment> segments,
                                  int batch, double crossingBytesFactor) {
    TrainingPath path;
    path.crossingBytesFactor = crossingBytesFactor;
    int location = model.deviceMachine();
    // A segment that runs no layer is no part of the path (JALAD's cut after the last layer).
    std::erase_if(segments, [](const Segment& segment) { return segment.end <= segment.begin; });
    for (const Segment& segment : segments) {
        const double bytes = batch * model.cutBytes(segment.begin) *
                             (segment.begin == 0 ? 1.0 : crossingBytesFactor);
        if (segment.machine != location && bytes > 0) {
            path.transferMs += model.transferMs(location, segment.machine, bytes);
            path.transferBytes += bytes;
            if (segment.begin > 0) { // the gradient goes back the same way
                path.transferMs += model.transferMs(segment.machine, location, bytes);
                path.transferBytes += bytes;
            }
        }
        path.forwardMs += batch * model.forwardMs(segment.machine, segment.begin, segment.end);
        path.backwardMs += batch * model.backwardMs(segment.machine, segment.begin, segment.end);
        path.updateMs += model.updateMs(segment.machine, segment.begin, segment.end);
        location = segment.machine;
    }
    path.segments = std::move(segments);
    return path;
}

namespace {

// The shortest path over (block, machine) without memory limits.
std::vector<Segment> jointDnnPath(const TrainingCostModel& model, const std::vector<int>& machines,
                                  int batch) {
    const auto& cuts = model.cutPositions(); // block boundaries
    const std::size_t blocks = cuts.size() - 1, k = machines.size();
    constexpr double inf = std::numeric_limits<double>::infinity();
    // cost[b][m]: blocks [0, b) done, block b-1 on machines[m]
    std::vector<std::vector<double>> cost(blocks + 1, std::vector<double>(k, inf));
    std::vector<std::vector<int>> from(blocks + 1, std::vector<int>(k, -1));
    const int device = model.deviceMachine();
    for (std::size_t b = 0; b < blocks; ++b) {
        const int begin = cuts[b], end = cuts[b + 1];
        const double bytes = batch * model.cutBytes(begin);
        for (std::size_t to = 0; to < k; ++to) {
            const int m = machines[to];
            const double work =
                batch * (model.forwardMs(m, begin, end) + model.backwardMs(m, begin, end)) +
                model.updateMs(m, begin, end);
            if (b == 0) {
                cost[1][to] = work + (m == device ? 0.0 : model.transferMs(device, m, bytes));
                continue;
            }
            for (std::size_t previous = 0; previous < k; ++previous) {
                const int p = machines[previous];
                const double move =
                    p == m ? 0.0 : model.transferMs(p, m, bytes) + model.transferMs(m, p, bytes);
                const double total = cost[b][previous] + move + work;
                if (total < cost[b + 1][to]) {
                    cost[b + 1][to] = total;
                    from[b + 1][to] = static_cast<int>(previous);
                }
            }
        }
    }
    std::size_t last = 0;
    for (std::size_t m = 1; m < k; ++m)
        if (cost[blocks][m] < cost[blocks][last])
            last = m;
    std::vector<Segment> reversed;
    for (std::size_t b = blocks, m = last; b > 0; --b) {
        const int machine = machines[m];
        if (!reversed.empty() && reversed.back().machine == machine)
            reversed.back().begin = cuts[b - 1];
        else
            reversed.push_back({machine, cuts[b - 1], cuts[b]});
        if (b > 1)
            m = static_cast<std::size_t>(from[b][m]);
    }
    return {reversed.rbegin(), reversed.rend()};
}

// A path over blocks [0, b) ending on one machine: its cost and the bytes it has put on each
// limited machine (unlimited ones count 0: they never constrain what follows).
struct MemoryLabel {
    double cost = 0;
    std::vector<double> used;
    int parentMachine = -1, parentLabel = -1;
    bool dominates(const MemoryLabel& other) const {
        if (cost > other.cost)
            return false;
        for (std::size_t m = 0; m < used.size(); ++m)
            if (used[m] > other.used[m])
                return false;
        return true;
    }
};

void keepIfUndominated(std::vector<MemoryLabel>& labels, MemoryLabel label) {
    for (const MemoryLabel& other : labels)
        if (other.dominates(label))
            return;
    std::erase_if(labels, [&](const MemoryLabel& other) { return label.dominates(other); });
    labels.push_back(std::move(label));
    if (labels.size() > 100000)
        throw PlanError("JointDNN under memory limits: more than 100,000 undominated paths");
}

// The cost of block [begin, end) on machines[to] after the previous block on machines[from]
// (from < 0: the first block, the input comes from the device).
double blockCost(const TrainingCostModel& model, const std::vector<int>& machines, int from,
                 std::size_t to, int begin, int end, int batch) {
    const int m = machines[to];
    const double bytes = batch * model.cutBytes(begin);
    double cost = batch * (model.forwardMs(m, begin, end) + model.backwardMs(m, begin, end)) +
                  model.updateMs(m, begin, end);
    if (from < 0)
        return cost + (m == model.deviceMachine()
                           ? 0.0
                           : model.transferMs(model.deviceMachine(), m, bytes));
    const int p = machines[static_cast<std::size_t>(from)];
    return cost + (p == m ? 0.0 : model.transferMs(p, m, bytes) + model.transferMs(m, p, bytes));
}

// The segments of the cheapest complete path of a label-setting search.
std::vector<Segment>
tracedSegments(const std::vector<int>& machines, const std::vector<int>& cuts,
               const std::vector<std::vector<std::vector<MemoryLabel>>>& labels) {
    const std::size_t blocks = cuts.size() - 1;
    int machine = -1, index = -1;
    for (std::size_t m = 0; m < machines.size(); ++m)
        for (std::size_t i = 0; i < labels[blocks][m].size(); ++i)
            if (machine < 0 ||
                labels[blocks][m][i].cost < labels[blocks][static_cast<std::size_t>(machine)]
                                                  [static_cast<std::size_t>(index)]
                                                      .cost) {
                machine = static_cast<int>(m);
                index = static_cast<int>(i);
            }
    if (machine < 0)
        throw TrainingMemoryError("no JointDNN placement fits the machines' memory");
    std::vector<Segment> reversed;
    for (std::size_t b = blocks; b > 0; --b) {
        const MemoryLabel& label =
            labels[b][static_cast<std::size_t>(machine)][static_cast<std::size_t>(index)];
        const int id = machines[static_cast<std::size_t>(machine)];
        if (!reversed.empty() && reversed.back().machine == id)
            reversed.back().begin = cuts[b - 1];
        else
            reversed.push_back({id, cuts[b - 1], cuts[b]});
        machine = label.parentMachine;
        index = label.parentLabel;
    }
    return {reversed.rbegin(), reversed.rend()};
}

// The shortest path whose every machine fits its memory. Memory adds up over all the blocks a
// machine runs, so the path's state is (block, machine, bytes used on each limited machine): a
// label-setting search keeps, per (block, machine), every path not dominated in cost and bytes.
std::vector<Segment> jointDnnPathWithinMemory(const TrainingCostModel& model,
                                              const std::vector<int>& machines, int batch) {
    const auto& cuts = model.cutPositions();
    const std::size_t blocks = cuts.size() - 1, k = machines.size();
    std::vector<std::vector<std::vector<MemoryLabel>>> labels(
        blocks + 1, std::vector<std::vector<MemoryLabel>>(k));
    for (std::size_t b = 0; b < blocks; ++b)
        for (std::size_t to = 0; to < k; ++to) {
            const double bytes = layerRangeMemory(model, cuts[b], cuts[b + 1], batch).total();
            const bool limited = model.memory().capacity(machines[to]) > 0;
            auto extend = [&](MemoryLabel label, int from, int index) {
                label.used[to] += limited ? bytes : 0.0;
                if (!model.memory().fits(machines[to], label.used[to]))
                    return;
                label.cost += blockCost(model, machines, from, to, cuts[b], cuts[b + 1], batch);
                label.parentMachine = from;
                label.parentLabel = index;
                keepIfUndominated(labels[b + 1][to], std::move(label));
            };
            if (b == 0)
                extend({0, std::vector<double>(k, 0.0)}, -1, -1);
            for (std::size_t from = 0; b > 0 && from < k; ++from)
                for (std::size_t i = 0; i < labels[b][from].size(); ++i)
                    extend(labels[b][from][i], static_cast<int>(from), static_cast<int>(i));
        }
    return tracedSegments(machines, cuts, labels);
}

} // namespace

TrainingPath planJointDnnTraining(const TrainingCostModel& model, const std::vector<Tier>& tiers,
                                  int batch) {
    std::vector<int> machines;
    bool limited = false;
    for (Tier tier : tiers) {
        const int machine = model.machineOfTier()[static_cast<std::size_t>(tierIndex(tier))];
        if (machine >= 0) {
            machines.push_back(machine);
            limited = limited || model.memory().capacity(machine) > 0;
        }
    }
    return evaluateTrainingPath(model,
                                limited ? jointDnnPathWithinMemory(model, machines, batch)
                                        : jointDnnPath(model, machines, batch),
                                batch);
}

TrainingPath planJalad(const TrainingCostModel& model, int batch) {
    const int edge = model.machineOfTier()[1], cloud = model.machineOfTier()[2];
    if (edge < 0 || cloud < 0)
        throw PlanError("JALAD needs an edge and a cloud machine");
    const int n = model.layerCount();
    TrainingPath best;
    double bestMs = std::numeric_limits<double>::infinity();
    for (int cut : model.cutPositions()) {
        if (cut == 0)
            continue; // the edge runs at least one block
        TrainingPath path =
            evaluateTrainingPath(model, {{edge, 0, cut}, {cloud, cut, n}}, batch, 8.0 / 32.0);
        if (path.iterationMs() < bestMs && memoryFits(model, pathMemory(model, path, batch))) {
            bestMs = path.iterationMs();
            best = std::move(path);
        }
    }
    if (bestMs == std::numeric_limits<double>::infinity())
        throw TrainingMemoryError("no JALAD cut fits the edge's and the cloud's memory");
    return best;
}

} // namespace cutlab::core
