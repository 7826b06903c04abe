#include "core/llm/TokenCostModel.h"

#include "core/llm/LlmArchitecture.h"

#include <algorithm>
#include <cmath>

namespace cutlab::core {
namespace {

constexpr double kTokenIdBytes = 4;

// The tiers' layer ranges [first, end) of a plan, device, edge, cloud.
std::array<std::pair<int, int>, 3> tierRanges(const TokenPlan& plan, int layers) {
    return {{{0, plan.deviceEnd}, {plan.deviceEnd, plan.edgeEnd}, {plan.edgeEnd, layers}}};
}

} // namespace

double TokenMachineMemory::maxContextTokens() const {
    if (capacityBytes < 0 || kvBytesPerToken <= 0)
        return -1;
    return std::max(0.0, std::floor((capacityBytes - weightsBytes) / kvBytesPerToken));
}

bool TokenEvaluation::fits() const {
    for (const TokenMachineMemory& machine : memory)
        if (!machine.fits())
            return false;
    return true;
}

TokenCostModel::TokenCostModel(const Profile& profile, const Network& network, TokenModel tokens)
    : m_profile(profile), m_network(network), m_tokens(std::move(tokens)) {}

TokenHop TokenCostModel::hop(int from, int to, bool up, double bytesPerToken) const {
    TokenHop hop;
    hop.from = from;
    hop.to = to;
    hop.up = up;
    hop.bytesPerToken = bytesPerToken;
    const auto link = m_network.linkBetween(m_profile, from, to);
    if (!link)
        throw LlmModelError("the network has no link from '" + m_profile.machines[from].id +
                            "' to '" + m_profile.machines[to].id + "'");
    hop.latencyMs = link->latencyMs;
    const double prompt = up ? m_tokens.promptTokens : 1;
    hop.prefillTransferMs = link->busyMs(bytesPerToken * prompt);
    hop.decodeTransferMs = link->busyMs(bytesPerToken);
    return hop;
}

// The prompt starts on the device as token ids; each crossing up carries ids when the tier it
// leaves ran nothing (only the device can), else one hidden state per token; the sampled id
// goes back from the last tier over every hop to the device.
void TokenCostModel::addHops(const TokenPlan& plan, TokenEvaluation& evaluation) const {
    const auto ranges = tierRanges(plan, layerCount());
    std::vector<int> path; // machines in the order a token visits them
    bool deviceRuns = ranges[0].second > ranges[0].first;
    if (plan.machines[0] >= 0)
        path.push_back(plan.machines[0]);
    for (int tier = 1; tier < 3; ++tier)
        if (ranges[static_cast<std::size_t>(tier)].second >
            ranges[static_cast<std::size_t>(tier)].first)
            path.push_back(plan.machines[static_cast<std::size_t>(tier)]);
    for (std::size_t i = 1; i < path.size(); ++i) {
        const bool carriesIds = i == 1 && !deviceRuns;
        evaluation.hops.push_back(
            hop(path[i - 1], path[i], true, carriesIds ? kTokenIdBytes : m_tokens.hiddenBytes));
    }
    for (std::size_t i = path.size(); i-- > 1;)
        evaluation.hops.push_back(hop(path[i], path[i - 1], false, kTokenIdBytes));
}

void TokenCostModel::addMemory(const TokenPlan& plan, TokenEvaluation& evaluation) const {
    const auto ranges = tierRanges(plan, layerCount());
    const double context = m_tokens.promptTokens + m_tokens.generateTokens;
    const int outputLayer = layerCount() - 1;
    for (std::size_t tier = 0; tier < 3; ++tier) {
        const auto [first, end] = ranges[tier];
        if (end <= first)
            continue;
        TokenMachineMemory memory;
        memory.machine = plan.machines[tier];
        for (int l = first; l < end; ++l) {
            const LlmLayerCost& layer = m_tokens.layers[static_cast<std::size_t>(l)];
            memory.weightsBytes += layer.paramBytes;
            memory.kvCacheBytes += layer.kvBytesPerToken * context;
            memory.kvBytesPerToken += layer.kvBytesPerToken;
        }
        // a tied output layer away from the embedding needs its own copy of the matrix
        if (outputLayer >= first && outputLayer < end && first > 0)
            memory.weightsBytes += m_tokens.tiedMatrixBytes;
        const auto& capacity = m_profile.machines[static_cast<std::size_t>(memory.machine)];
        if (capacity.memoryBytes)
            memory.capacityBytes = *capacity.memoryBytes;
        evaluation.memory.push_back(memory);
    }
}

TokenEvaluation TokenCostModel::evaluate(const TokenPlan& plan) const {
    TokenEvaluation evaluation;
    const auto ranges = tierRanges(plan, layerCount());
    for (std::size_t tier = 0; tier < 3; ++tier)
        for (int l = ranges[tier].first; l < ranges[tier].second; ++l) {
            const auto layer = static_cast<std::size_t>(l);
            const auto machine = static_cast<std::size_t>(plan.machines[tier]);
            evaluation.prefillComputeMs += m_tokens.prefillMs[layer][machine];
            evaluation.decodeComputeMs += m_tokens.decodeMs[layer][machine];
        }
    addHops(plan, evaluation);
    addMemory(plan, evaluation);
    evaluation.ttftMs = evaluation.prefillComputeMs;
    evaluation.tpotMs = evaluation.decodeComputeMs;
    for (const TokenHop& hop : evaluation.hops) {
        evaluation.ttftMs += hop.latencyMs + hop.prefillTransferMs;
        evaluation.tpotMs += hop.latencyMs + hop.decodeTransferMs;
    }
    evaluation.generateMs = evaluation.ttftMs + (m_tokens.generateTokens - 1) * evaluation.tpotMs;
    return evaluation;
}

} // namespace cutlab::core
