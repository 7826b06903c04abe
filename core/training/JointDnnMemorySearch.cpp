#include "core/training/JointDnnMemorySearch.h"

#include "core/model/PlanError.h"
#include "core/training/TrainingMemory.h"
#include "core/training/TrainingMemoryError.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <queue>
#include <utility>

namespace cutlab::core {

JointDnnMemorySearch::JointDnnMemorySearch(const TrainingCostModel& model,
                                           std::vector<int> machines, int batch)
    : m_model(model), m_machines(std::move(machines)), m_batch(batch) {
    const auto& cuts = model.cutPositions();
    const std::size_t blocks = cuts.size() - 1, k = m_machines.size();
    for (std::size_t b = 0; b < blocks; ++b)
        for (std::size_t m = 0; m < k; ++m)
            m_blockBytes.push_back(
                model.memory().capacity(m_machines[m]) > 0
                    ? layerRangeMemory(model, cuts[b], cuts[b + 1], batch).total()
                    : 0.0);
    for (std::size_t b = 0; b <= blocks; ++b)
        m_bytesAfter.push_back(layerRangeMemory(model, cuts[b], model.layerCount(), batch).total());
    m_largestAfter.assign(blocks + 1, 0.0);
    for (std::size_t b = blocks; b-- > 0;)
        m_largestAfter[b] = std::max(m_largestAfter[b + 1],
                                     layerRangeMemory(model, cuts[b], cuts[b + 1], batch).total());
    for (int machine : m_machines)
        m_allLimited = m_allLimited && model.memory().capacity(machine) > 0;
    m_settled.assign(blocks + 1, std::vector<std::vector<int>>(k));
    fillCostToGo();
}

bool JointDnnMemorySearch::Label::dominates(const Label& other) const {
    if (cost > other.cost)
        return false;
    for (std::size_t m = 0; m < used.size(); ++m)
        if (used[m] > other.used[m])
            return false;
    return true;
}

double JointDnnMemorySearch::blockCost(int from, std::size_t to, std::size_t block) const {
    const auto& cuts = m_model.cutPositions();
    const int m = m_machines[to], begin = cuts[block], end = cuts[block + 1];
    const double bytes = m_batch * m_model.cutBytes(begin);
    const double work =
        m_batch * (m_model.forwardMs(m, begin, end) + m_model.backwardMs(m, begin, end)) +
        m_model.updateMs(m, begin, end);
    const int device = m_model.deviceMachine();
    if (from < 0)
        return work + (m == device ? 0.0 : m_model.transferMs(device, m, bytes));
    const int p = m_machines[static_cast<std::size_t>(from)];
    return work +
           (p == m ? 0.0 : m_model.transferMs(p, m, bytes) + m_model.transferMs(m, p, bytes));
}

// The cheapest way to finish without limits, from blocks done and the last machine.
void JointDnnMemorySearch::fillCostToGo() {
    const std::size_t blocks = m_model.cutPositions().size() - 1, k = m_machines.size();
    m_costToGo.assign(blocks + 1, std::vector<double>(k, 0.0));
    for (std::size_t b = blocks; b-- > 0;)
        for (std::size_t from = 0; from < k; ++from) {
            double best = std::numeric_limits<double>::infinity();
            for (std::size_t to = 0; to < k; ++to)
                best = std::min(best,
                                blockCost(static_cast<int>(from), to, b) + m_costToGo[b + 1][to]);
            m_costToGo[b][from] = best;
        }
}

bool JointDnnMemorySearch::mayComplete(const Label& label) const {
    if (!m_allLimited)
        return true;
    double room = 0, largest = 0;
    for (std::size_t m = 0; m < m_machines.size(); ++m) {
        const double left = m_model.memory().capacity(m_machines[m]) - label.used[m];
        room += left;
        largest = std::max(largest, left);
    }
    const auto done = static_cast<std::size_t>(label.blocksDone);
    return m_bytesAfter[done] <= room && m_largestAfter[done] <= largest;
}

// Settles a label unless one settled at its (block, machine) is no worse in cost and bytes.
bool JointDnnMemorySearch::settle(const Label& label) {
    auto& settled = m_settled[static_cast<std::size_t>(label.blocksDone)]
                             [static_cast<std::size_t>(label.machine)];
    for (int index : settled)
        if (m_labels[static_cast<std::size_t>(index)].dominates(label))
            return false;
    settled.push_back(static_cast<int>(&label - m_labels.data()));
    return true;
}

std::vector<Segment> JointDnnMemorySearch::run() {
    const auto& cuts = m_model.cutPositions();
    const std::size_t blocks = cuts.size() - 1, k = m_machines.size();
    using Entry = std::pair<double, int>; // cost + cost to go, label
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
    auto push = [&](int parent, std::size_t to) {
        Label label = parent < 0 ? Label{0, std::vector<double>(k, 0.0)}
                                 : m_labels[static_cast<std::size_t>(parent)];
        const std::size_t block = static_cast<std::size_t>(label.blocksDone);
        label.used[to] += m_blockBytes[block * k + to];
        if (!m_model.memory().fits(m_machines[to], label.used[to]))
            return;
        label.cost += blockCost(label.machine, to, block);
        label.blocksDone += 1;
        label.machine = static_cast<int>(to);
        label.parent = parent;
        if (!mayComplete(label))
            return;
        m_labels.push_back(std::move(label));
        const Label& added = m_labels.back();
        queue.push({added.cost + m_costToGo[block + 1][to], static_cast<int>(m_labels.size() - 1)});
    };
    for (std::size_t to = 0; to < k; ++to)
        push(-1, to);
    for (std::size_t settled = 0; !queue.empty();) {
        const int index = queue.top().second;
        queue.pop();
        if (!settle(m_labels[static_cast<std::size_t>(index)]))
            continue;
        if (++settled > 2000000)
            throw PlanError("JointDNN under memory limits: more than 2,000,000 partial placements");
        if (static_cast<std::size_t>(m_labels[static_cast<std::size_t>(index)].blocksDone) ==
            blocks)
            return traced(index);
        for (std::size_t to = 0; to < k; ++to)
            push(index, to);
    }
    throw TrainingMemoryError("no JointDNN placement fits the machines' memory");
}

std::vector<Segment> JointDnnMemorySearch::traced(int label) const {
    const auto& cuts = m_model.cutPositions();
    std::vector<Segment> reversed;
    for (int at = label; at >= 0; at = m_labels[static_cast<std::size_t>(at)].parent) {
        const Label& step = m_labels[static_cast<std::size_t>(at)];
        const int machine = m_machines[static_cast<std::size_t>(step.machine)];
        const int begin = cuts[static_cast<std::size_t>(step.blocksDone - 1)];
        if (!reversed.empty() && reversed.back().machine == machine)
            reversed.back().begin = begin;
        else
            reversed.push_back({machine, begin, cuts[static_cast<std::size_t>(step.blocksDone)]});
    }
    return {reversed.rbegin(), reversed.rend()};
}

} // namespace cutlab::core
