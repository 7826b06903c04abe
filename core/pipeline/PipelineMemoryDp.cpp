#include "core/pipeline/PipelineMemoryDp.h"
#include "core/model/Infinity.h"

#include <algorithm>
#include <limits>

namespace cutlab::core {

namespace {

// Bytes of one sample of the tensors produced inside `state` (or the model input) that a layer
// outside it reads.
double leavingBytes(const Profile& profile, const PipelineSetup& setup,
                    const DownsetLattice& lattice, int state) {
    double bytes = 0;
    for (int reader : setup.inputReaders)
        if (!lattice.contains(state, reader)) {
            bytes += profile.model.inputBytes;
            break;
        }
    for (std::size_t v = 0; v < profile.layers.size(); ++v) {
        if (!lattice.contains(state, static_cast<int>(v)))
            continue;
        for (int consumer : setup.consumers[v])
            if (!lattice.contains(state, consumer)) {
                bytes += profile.layers[v].outputBytes;
                break;
            }
    }
    return bytes;
}

} // namespace

PipelineMemoryDp::PipelineMemoryDp(const Profile& profile, const PipelineRequest& request,
                                   const PipelineSetup& setup, const DownsetLattice& lattice,
                                   const PipelineStateCosts& costs)
    : m_request(request), m_lattice(lattice), m_costs(costs), m_samples(setup.samples) {
    for (int state = 0; state < static_cast<int>(lattice.size()); ++state) {
        double parameters = 0, outputs = 0;
        for (std::size_t v = 0; v < profile.layers.size(); ++v)
            if (lattice.contains(state, static_cast<int>(v))) {
                parameters += profile.layers[v].paramBytes;
                outputs += profile.layers[v].outputBytes;
            }
        m_parameters.push_back(parameters);
        m_outputs.push_back(outputs);
        m_leaving.push_back(leavingBytes(profile, setup, lattice, state));
    }
}

double PipelineMemoryDp::stageMemory(int from, int to, int position, int stages) const {
    const auto f = static_cast<std::size_t>(from), t = static_cast<std::size_t>(to);
    return core::stageMemory(m_request.memory, position, stages, m_parameters[t] - m_parameters[f],
                             (m_outputs[t] - m_outputs[f]) * m_samples, m_leaving[f] * m_samples)
        .total();
}

double PipelineMemoryDp::capacity(int position) const {
    const auto p = static_cast<std::size_t>(position);
    return p < m_request.capacityBytes.size() && m_request.capacityBytes[p] > 0
               ? m_request.capacityBytes[p]
               : kInfinity;
}

double PipelineMemoryDp::stageValue(Goal goal, int from, int to, int position, int stages) const {
    const double memory = stageMemory(from, to, position, stages);
    if (goal == Goal::Excess)
        return memory - capacity(position);
    if (memory > capacity(position))
        return kInfinity;
    const double compute = m_costs.compute(to, position) - m_costs.compute(from, position);
    return position == 0 ? compute : std::max(compute, m_costs.link(from, position - 1));
}

double PipelineMemoryDp::solve(Goal goal, int stages, std::vector<int>* stageOfLayer) {
    const int states = static_cast<int>(m_lattice.size());
    const auto S = static_cast<std::size_t>(stages);
    std::vector<double> best(static_cast<std::size_t>(states) * S, kInfinity);
    std::vector<int> choice(best.size(), -1);
    for (int j = 1; j < states; ++j)
        best[static_cast<std::size_t>(j) * S] = stageValue(goal, 0, j, 0, stages);
    for (int j = 2; j < states && stages > 1; ++j) {
        if (m_request.cancel && m_request.cancel->load(std::memory_order_relaxed))
            throw PlanError("planning cancelled");
        const int size = m_lattice.sizeOf(j);
        for (int i = 1; i < j && m_lattice.sizeOf(i) < size; ++i) {
            if (!m_lattice.isSubset(i, j))
                continue;
            for (int n = 1; n < stages; ++n) {
                const double before = best[static_cast<std::size_t>(i) * S + n - 1];
                if (before == kInfinity)
                    continue;
                const double value = std::max(before, stageValue(goal, i, j, n, stages));
                double& slot = best[static_cast<std::size_t>(j) * S + n];
                if (value < slot) {
                    slot = value;
                    choice[static_cast<std::size_t>(j) * S + n] = i;
                }
            }
        }
    }
    const int full = m_lattice.fullDownset();
    const double value = best[static_cast<std::size_t>(full) * S + S - 1];
    if (value == kInfinity)
        return value;
    stageOfLayer->assign(static_cast<std::size_t>(m_lattice.layerCount()), 0);
    int state = full;
    for (int n = stages - 1; n >= 0; --n) {
        const int previous = n == 0 ? 0 : choice[static_cast<std::size_t>(state) * S + n];
        for (int v : m_lattice.layersBetween(previous, state))
            (*stageOfLayer)[static_cast<std::size_t>(v)] = n;
        state = previous;
    }
    return value;
}

std::optional<std::vector<int>> PipelineMemoryDp::fastestThatFits() {
    double bestValue = kInfinity;
    std::optional<std::vector<int>> bestPartition;
    for (int stages = 1; stages <= m_costs.positions(); ++stages) {
        std::vector<int> partition;
        const double value = solve(Goal::Time, stages, &partition);
        if (value < bestValue) {
            bestValue = value;
            bestPartition = std::move(partition);
        }
    }
    return bestPartition;
}

std::vector<int> PipelineMemoryDp::leastExcess() {
    double bestValue = kInfinity;
    std::vector<int> bestPartition;
    for (int stages = 1; stages <= m_costs.positions(); ++stages) {
        std::vector<int> partition;
        const double value = solve(Goal::Excess, stages, &partition);
        if (value < bestValue) {
            bestValue = value;
            bestPartition = std::move(partition);
        }
    }
    return bestPartition;
}

} // namespace cutlab::core
