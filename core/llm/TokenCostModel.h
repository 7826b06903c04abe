#pragma once

#include "core/llm/TokenModel.h"
#include "core/model/Network.h"
#include "core/model/Profile.h"

#include <array>
#include <vector>

namespace cutlab::core {

// A language model split device -> edge -> cloud: layers [0, deviceEnd) on the device,
// [deviceEnd, edgeEnd) on the edge, the rest in the cloud, one machine per tier (its index in
// the profile; -1 for a tier that runs nothing).
struct TokenPlan {
    int deviceEnd = 0;
    int edgeEnd = 0;
    std::array<int, 3> machines{-1, -1, -1};
    bool operator==(const TokenPlan&) const = default;
};

// One hop of a token's trip: up (ids or a hidden state) or back (the sampled id).
struct TokenHop {
    int from = -1; // machine indices
    int to = -1;
    bool up = true;
    double bytesPerToken = 0; // 4 for ids, hidden_bytes for a hidden state
    double latencyMs = 0;
    double prefillTransferMs = 0; // the bytes of the whole prompt (up) or one id (back)
    double decodeTransferMs = 0;  // the bytes of one token
};

struct TokenMachineMemory {
    int machine = -1;
    double weightsBytes = 0;
    double kvCacheBytes = 0;
    double capacityBytes = -1;  // -1: not limited
    double kvBytesPerToken = 0; // of the context, over the machine's layers
    bool fits() const { return capacityBytes < 0 || weightsBytes + kvCacheBytes <= capacityBytes; }
    // The longest context (prompt + generated tokens) whose KV cache fits beside the weights;
    // -1 when the memory is not limited or the layers cache nothing, 0 when the weights alone
    // do not fit.
    double maxContextTokens() const;
};

// The token cost model's figures for one plan (docs/cost-models.md, "Tokens").
struct TokenEvaluation {
    double prefillComputeMs = 0; // sum of prefill_ms of the layers where they run
    double decodeComputeMs = 0;  // sum of decode_ms
    double ttftMs = 0;           // time to first token
    double tpotMs = 0;           // time per output token
    double generateMs = 0;       // ttft + (G - 1) x tpot
    std::vector<TokenHop> hops;
    std::vector<TokenMachineMemory> memory; // the machines that run layers, device first
    bool fits() const;
};

class TokenCostModel {
  public:
    TokenCostModel(const Profile& profile, const Network& network, TokenModel tokens);

    const Profile& profile() const { return m_profile; }
    const TokenModel& tokens() const { return m_tokens; }
    int layerCount() const { return static_cast<int>(m_tokens.layers.size()); }
    TokenEvaluation evaluate(const TokenPlan& plan) const;

  private:
    void addHops(const TokenPlan& plan, TokenEvaluation& evaluation) const;
    void addMemory(const TokenPlan& plan, TokenEvaluation& evaluation) const;
    TokenHop hop(int from, int to, bool up, double bytesPerToken) const;

    const Profile& m_profile;
    const Network& m_network;
    TokenModel m_tokens;
};

} // namespace cutlab::core
