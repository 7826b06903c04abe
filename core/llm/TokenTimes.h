#pragma once

#include "core/llm/LlmLayers.h"

namespace cutlab::core {

// What a machine reaches on a language model's layers (docs/cost-models.md, "Tokens"): the
// matrix rate of prompt processing and the memory bandwidth of token generation, each its
// datasheet peak times the share `calibrate` learns, and a fixed cost per layer and step.
struct TokenRates {
    double gflops = 0;     // achieved 10^9 flop/s
    double gbps = 0;       // achieved 10^9 B/s
    double overheadMs = 0; // per layer and step (kernel launches, dispatch)
};

// The prompt of `prompt` tokens at once: overhead + max(flops / rate, bytes / bandwidth);
// attention over the prompt is causal (token t attends to t positions).
double prefillMs(const LlmLayerCost& layer, const TokenRates& rates, int prompt);

// One generated token, averaged over `generate` tokens after a prompt of `prompt`: token g
// attends to prompt + g + 1 positions and reads the weights and that much of the KV cache.
double decodeMs(const LlmLayerCost& layer, const TokenRates& rates, int prompt, int generate);

} // namespace cutlab::core
