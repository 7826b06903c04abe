#include "core/llm/TokenPipeline.h"

#include "core/llm/LlmArchitecture.h"

#include <algorithm>

namespace cutlab::core {
namespace {

constexpr double kIdBytes = 4;

// What a hop costs a token: its latency plus transfer (the round trip) and its busy time.
struct HopCost {
    double roundTripMs = 0;
    double busyMs = 0;
};

class PipelineCosts {
  public:
    PipelineCosts(const Profile& profile, const Network& network, const TokenModel& tokens,
                  int sequences)
        : m_profile(profile), m_network(network), m_tokens(tokens), m_sequences(sequences) {
        // prefix sums: a stage's figures in O(1)
        const std::size_t n = tokens.layers.size(), machines = profile.machines.size();
        const double context = tokens.promptTokens + tokens.generateTokens;
        m_decode.assign(machines, std::vector<double>(n + 1, 0.0));
        m_weights.assign(n + 1, 0.0);
        m_kv.assign(n + 1, 0.0);
        for (std::size_t l = 0; l < n; ++l) {
            for (std::size_t m = 0; m < machines; ++m)
                m_decode[m][l + 1] = m_decode[m][l] + tokens.decodeMs[l][m];
            m_weights[l + 1] = m_weights[l] + tokens.layers[l].paramBytes;
            m_kv[l + 1] = m_kv[l] + sequences * tokens.layers[l].kvBytesPerToken * context;
        }
    }

    TokenPipelineStage stage(int machine, int first, int end) const {
        TokenPipelineStage stage{machine, first, end};
        const auto a = static_cast<std::size_t>(first), b = static_cast<std::size_t>(end);
        const auto& decode = m_decode[static_cast<std::size_t>(machine)];
        stage.decodeMs = decode[b] - decode[a];
        stage.weightsBytes = m_weights[b] - m_weights[a];
        stage.kvCacheBytes = m_kv[b] - m_kv[a];
        if (end == static_cast<int>(m_tokens.layers.size()) && first > 0)
            stage.weightsBytes += m_tokens.tiedMatrixBytes;
        return stage;
    }

    bool fits(const TokenPipelineStage& stage) const {
        const auto& capacity = m_profile.machines[static_cast<std::size_t>(stage.machine)];
        return !capacity.memoryBytes ||
               stage.weightsBytes + stage.kvCacheBytes <= *capacity.memoryBytes;
    }

    HopCost hop(int from, int to, double bytes) const {
        const auto link = m_network.linkBetween(m_profile, from, to);
        if (!link)
            throw LlmModelError("the network has no link from '" +
                                m_profile.machines[static_cast<std::size_t>(from)].id + "' to '" +
                                m_profile.machines[static_cast<std::size_t>(to)].id + "'");
        return {link->latencyMs + link->busyMs(bytes), link->busyMs(bytes)};
    }
    HopCost up(int from, int to) const { return hop(from, to, m_tokens.hiddenBytes); }
    HopCost back(int from, int to) const { return hop(from, to, kIdBytes); }

    double tokensPerSecond(double roundTripMs, double bottleneckMs) const {
        return 1000.0 * std::min(m_sequences / roundTripMs, 1.0 / bottleneckMs);
    }

  private:
    const Profile& m_profile;
    const Network& m_network;
    const TokenModel& m_tokens;
    int m_sequences;
    std::vector<std::vector<double>> m_decode; // [machine][layers before]
    std::vector<double> m_weights, m_kv;       // [layers before]
};

// One point of a state's Pareto front, with the way back to the stages that made it.
struct FrontEntry {
    double roundTripMs = 0;
    double bottleneckMs = 0;
    int previous = -1; // index in the arena
    TokenPipelineStage stage;
};

// Adds (t, b) to a front of arena indices unless an entry dominates it; drops those it does.
bool addToFront(std::vector<int>& front, std::vector<FrontEntry>& arena, FrontEntry entry) {
    for (const int index : front)
        if (arena[static_cast<std::size_t>(index)].roundTripMs <= entry.roundTripMs &&
            arena[static_cast<std::size_t>(index)].bottleneckMs <= entry.bottleneckMs)
            return false;
    std::erase_if(front, [&](int index) {
        return arena[static_cast<std::size_t>(index)].roundTripMs >= entry.roundTripMs &&
               arena[static_cast<std::size_t>(index)].bottleneckMs >= entry.bottleneckMs;
    });
    arena.push_back(std::move(entry));
    front.push_back(static_cast<int>(arena.size()) - 1);
    return true;
}

TokenPipelinePlan finish(const PipelineCosts& costs, std::vector<TokenPipelineStage> stages) {
    TokenPipelinePlan plan;
    plan.stages = std::move(stages);
    for (std::size_t s = 0; s < plan.stages.size(); ++s) {
        plan.roundTripMs += plan.stages[s].decodeMs;
        plan.bottleneckMs = std::max(plan.bottleneckMs, plan.stages[s].decodeMs);
        if (s == 0)
            continue;
        const HopCost hop = costs.up(plan.stages[s - 1].machine, plan.stages[s].machine);
        plan.roundTripMs += hop.roundTripMs;
        plan.bottleneckMs = std::max(plan.bottleneckMs, hop.busyMs);
    }
    if (plan.stages.size() > 1) {
        const HopCost hop = costs.back(plan.stages.back().machine, plan.stages.front().machine);
        plan.roundTripMs += hop.roundTripMs;
        plan.bottleneckMs = std::max(plan.bottleneckMs, hop.busyMs);
    }
    plan.tokensPerSecond = costs.tokensPerSecond(plan.roundTripMs, plan.bottleneckMs);
    return plan;
}

} // namespace

TokenPipelinePlan evaluateTokenPipeline(const Profile& profile, const Network& network,
                                        const TokenModel& tokens,
                                        const TokenPipelineRequest& request,
                                        const std::vector<int>& ends) {
    const PipelineCosts costs(profile, network, tokens, request.sequences);
    std::vector<TokenPipelineStage> stages;
    int first = 0;
    for (std::size_t i = 0; i < request.chain.size() && i < ends.size(); ++i) {
        if (ends[i] > first)
            stages.push_back(costs.stage(request.chain[i], first, ends[i]));
        first = std::max(first, ends[i]);
    }
    return finish(costs, std::move(stages));
}

std::optional<TokenPipelinePlan> planTokenPipeline(const Profile& profile, const Network& network,
                                                   const TokenModel& tokens,
                                                   const TokenPipelineRequest& request) {
    const PipelineCosts costs(profile, network, tokens, request.sequences);
    const int n = static_cast<int>(tokens.layers.size());
    const int k = static_cast<int>(request.chain.size());
    std::optional<TokenPipelinePlan> best;
    // for each first used position f: fronts[i][j] = stage i of the chain ends its layers at j
    for (int f = 0; f < k; ++f) {
        std::vector<FrontEntry> arena;
        std::vector<std::vector<std::vector<int>>> fronts(
            static_cast<std::size_t>(k),
            std::vector<std::vector<int>>(static_cast<std::size_t>(n + 1)));
        const int machineF = request.chain[static_cast<std::size_t>(f)];
        for (int end = 1; end <= n; ++end) {
            const TokenPipelineStage stage = costs.stage(machineF, 0, end);
            if (costs.fits(stage))
                addToFront(fronts[static_cast<std::size_t>(f)][static_cast<std::size_t>(end)],
                           arena, {stage.decodeMs, stage.decodeMs, -1, stage});
        }
        for (int i = f; i < k; ++i)
            for (int j = 1; j < n; ++j)
                for (const int index : std::vector<int>(
                         fronts[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)]))
                    for (int next = i + 1; next < k; ++next) {
                        const int from = request.chain[static_cast<std::size_t>(i)];
                        const int to = request.chain[static_cast<std::size_t>(next)];
                        const HopCost hop = costs.up(from, to);
                        for (int end = j + 1; end <= n; ++end) {
                            const TokenPipelineStage stage = costs.stage(to, j, end);
                            if (!costs.fits(stage))
                                continue;
                            const FrontEntry& before = arena[static_cast<std::size_t>(index)];
                            addToFront(fronts[static_cast<std::size_t>(next)]
                                             [static_cast<std::size_t>(end)],
                                       arena,
                                       {before.roundTripMs + hop.roundTripMs + stage.decodeMs,
                                        std::max({before.bottleneckMs, hop.busyMs, stage.decodeMs}),
                                        index, stage});
                        }
                    }
        for (int i = f; i < k; ++i)
            for (const int index :
                 fronts[static_cast<std::size_t>(i)][static_cast<std::size_t>(n)]) {
                std::vector<TokenPipelineStage> stages;
                for (int at = index; at >= 0; at = arena[static_cast<std::size_t>(at)].previous)
                    stages.push_back(arena[static_cast<std::size_t>(at)].stage);
                std::reverse(stages.begin(), stages.end());
                TokenPipelinePlan plan = finish(costs, std::move(stages));
                if (!best || plan.tokensPerSecond > best->tokensPerSecond ||
                    (plan.tokensPerSecond == best->tokensPerSecond &&
                     plan.roundTripMs < best->roundTripMs))
                    best = std::move(plan);
            }
    }
    return best;
}

} // namespace cutlab::core
