#include "core/inference/InferenceMemory.h"

#include <algorithm>
#include <map>

namespace cutlab::core {
namespace {

std::size_t indexAt(int index) {
    return static_cast<std::size_t>(index);
}

// Live bytes at each layer: a tensor is live from the layer that makes it (the first layer for
// the model input) to the last layer that reads it, both included.
std::vector<double> liveBytes(const Profile& profile, double inputBytes) {
    const int n = static_cast<int>(profile.layers.size());
    std::vector<int> lastRead(indexAt(n), -1);
    int inputLastRead = -1;
    for (int j = 0; j < n; ++j) {
        const Layer& layer = profile.layers[indexAt(j)];
        if (layer.readsModelInput)
            inputLastRead = j;
        for (int input : layer.inputs)
            lastRead[indexAt(input)] = std::max(lastRead[indexAt(input)], j);
    }
    std::vector<double> change(indexAt(n) + 1, 0.0);
    auto add = [&](int from, int to, double bytes) {
        change[indexAt(from)] += bytes;
        change[indexAt(to) + 1] -= bytes;
    };
    if (inputLastRead >= 0)
        add(0, inputLastRead, inputBytes);
    for (int p = 0; p < n; ++p)
        add(p, std::max(p, lastRead[indexAt(p)]), profile.layers[indexAt(p)].outputBytes);
    std::vector<double> live(indexAt(n));
    double running = 0;
    for (int j = 0; j < n; ++j) {
        running += change[indexAt(j)];
        live[indexAt(j)] = running;
    }
    return live;
}

bool anyCapacity(const std::vector<std::optional<double>>& capacities) {
    return std::any_of(capacities.begin(), capacities.end(),
                       [](const std::optional<double>& bytes) { return bytes.has_value(); });
}

} // namespace

InferenceMemory::InferenceMemory(const Profile& profile, const ModelStructure& structure,
                                 double inputBytes)
    : m_blocks(structure.blocks), m_inputBytes(inputBytes),
      m_layerLive(liveBytes(profile, inputBytes)) {
    m_weightsPrefix.assign(profile.layers.size() + 1, 0.0);
    for (std::size_t i = 0; i < profile.layers.size(); ++i)
        m_weightsPrefix[i + 1] = m_weightsPrefix[i] + profile.layers[i].paramBytes;
    for (const Block& block : m_blocks)
        m_blockLive.push_back(*std::max_element(m_layerLive.begin() + block.first,
                                                m_layerLive.begin() + block.last + 1));
    for (const Machine& machine : profile.machines)
        m_capacity.push_back(machine.memoryBytes);
    m_anyCapacity = anyCapacity(m_capacity);
    if (m_anyCapacity)
        buildRangeTable();
}

void InferenceMemory::setCapacity(int machine, std::optional<double> bytes) {
    m_capacity[indexAt(machine)] = bytes;
    m_anyCapacity = anyCapacity(m_capacity);
    if (bytes && m_sparse.empty())
        buildRangeTable();
}

// The range-maximum table, built once some machine has a capacity.
void InferenceMemory::buildRangeTable() {
    m_sparse.push_back(m_blockLive);
    for (std::size_t width = 2; width <= m_blockLive.size(); width *= 2) {
        const std::vector<double>& half = m_sparse.back();
        std::vector<double> level(m_blockLive.size() - width + 1);
        for (std::size_t k = 0; k < level.size(); ++k)
            level[k] = std::max(half[k], half[k + width / 2]);
        m_sparse.push_back(std::move(level));
    }
}

double InferenceMemory::liveMax(int begin, int end) const {
    if (begin >= end)
        return 0;
    if (m_sparse.empty()) // no capacity: only reports ask, linear is enough
        return *std::max_element(m_blockLive.begin() + begin, m_blockLive.begin() + end);
    int level = 0;
    while ((2 << level) <= end - begin)
        ++level;
    const std::vector<double>& row = m_sparse[indexAt(level)];
    return std::max(row[indexAt(begin)], row[indexAt(end - (1 << level))]);
}

double InferenceMemory::blockWeights(int block) const {
    const Block& b = m_blocks[indexAt(block)];
    return m_weightsPrefix[indexAt(b.last) + 1] - m_weightsPrefix[indexAt(b.first)];
}

double InferenceMemory::blocksBytes(int begin, int end, double receivedBytes) const {
    if (begin >= end)
        return receivedBytes;
    const int first = m_blocks[indexAt(begin)].first;
    const int last = m_blocks[indexAt(end - 1)].last;
    const double weights = m_weightsPrefix[indexAt(last) + 1] - m_weightsPrefix[indexAt(first)];
    return weights + std::max(liveMax(begin, end), receivedBytes);
}

std::vector<MachineMemory> InferenceMemory::of(const Evaluation& evaluation) const {
    std::map<int, MachineMemory> byMachine;
    auto entry = [&](int machine) -> MachineMemory& {
        MachineMemory& memory = byMachine[machine];
        memory.machine = machine;
        return memory;
    };
    if (evaluation.origin >= 0)
        entry(evaluation.origin).activationBytes = m_inputBytes;
    for (const StageCost& stage : evaluation.stages) {
        MachineMemory& memory = entry(stage.machine);
        memory.weightsBytes +=
            m_weightsPrefix[indexAt(stage.end)] - m_weightsPrefix[indexAt(stage.begin)];
        memory.activationBytes =
            std::max(memory.activationBytes, *std::max_element(m_layerLive.begin() + stage.begin,
                                                               m_layerLive.begin() + stage.end));
    }
    for (const TransferCost& transfer : evaluation.transfers) {
        MachineMemory& memory = entry(transfer.to);
        memory.activationBytes = std::max(memory.activationBytes, transfer.bytes);
    }
    std::vector<MachineMemory> result;
    for (const auto& [machine, memory] : byMachine)
        result.push_back(memory);
    return result;
}

} // namespace cutlab::core
