#include "core/training/TrainingBaselines.h"

#include "core/model/PlanError.h"
#include "core/training/HierTrainPlanner.h"
#include "core/training/JointDnnMemorySearch.h"
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
                                limited ? JointDnnMemorySearch(model, machines, batch).run()
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
