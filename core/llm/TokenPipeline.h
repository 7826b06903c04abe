#pragma once

#include "core/llm/TokenModel.h"
#include "core/model/Network.h"
#include "core/model/Profile.h"

#include <optional>
#include <string>
#include <vector>

namespace cutlab::core {

// A token pipeline (PipeEdge, EdgeShard; docs/cost-models.md §7.5): S sequences decoded at once
// over a chain of machines, each used machine running consecutive layers in chain order, a
// machine with no layers bypassed. One token of a sequence goes through every used stage and
// its sampled id back to the first: the round trip T = Σ stage decode + each hop's latency and
// transfer (one hidden state) + the id's hop back. The busiest resource B = the largest stage
// decode or link busy time. Tokens per second = 1000 x min(S / T, 1 / B).
struct TokenPipelineStage {
    int machine = -1; // profile index
    int first = 0;    // layers [first, end)
    int end = 0;
    double decodeMs = 0;
    double weightsBytes = 0;
    double kvCacheBytes = 0; // S caches of the context
};

struct TokenPipelinePlan {
    std::vector<TokenPipelineStage> stages; // the used machines, in chain order
    double roundTripMs = 0;
    double bottleneckMs = 0;
    double tokensPerSecond = 0;
};

struct TokenPipelineRequest {
    std::vector<int> chain; // machine indices in order
    int sequences = 1;
};

// The figures of one assignment: `ends[i]` is the end of machine chain[i]'s layers (a machine
// whose end equals the previous one runs nothing). Throws LlmModelError for a missing link.
TokenPipelinePlan evaluateTokenPipeline(const Profile& profile, const Network& network,
                                        const TokenModel& tokens,
                                        const TokenPipelineRequest& request,
                                        const std::vector<int>& ends);

// The throughput-optimal assignment with every stage inside its memory (S KV caches), found
// exactly by a dynamic programme over (last used machine, layers done) that keeps the Pareto
// front of (round trip, bottleneck); nullopt when nothing fits.
std::optional<TokenPipelinePlan> planTokenPipeline(const Profile& profile, const Network& network,
                                                   const TokenModel& tokens,
                                                   const TokenPipelineRequest& request);

} // namespace cutlab::core
