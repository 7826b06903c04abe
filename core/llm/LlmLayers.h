#pragma once

#include "core/llm/LlmArchitecture.h"
#include "core/llm/LlmWeightFormat.h"

#include <string>
#include <vector>

namespace cutlab::core {

// What one layer of a language model holds and does per token (docs/cost-models.md, "Tokens"):
// the counts the token cost model prices on every machine.
struct LlmLayerCost {
    std::string id;   // "embed", "block.0" ... "block.N-1", "norm", "output"
    std::string type; // "Embedding", "Decoder", "Norm", "Output"
    double parameters = 0;
    double paramBytes = 0;      // what the machine holds, at the weight format
    double stepReadBytes = 0;   // weights read for one step (the embedding: one row per token)
    bool readsPerToken = false; // stepReadBytes is per token (an embedding lookup)
    double kvBytesPerToken = 0; // keys and values this layer caches per token
    double flopsPerToken = 0;   // 2 x multiply-adds of its matrices (and norms) per token
    double attentionFlopsPerContextToken = 0; // per token, per position it attends to
    bool lastTokenOnlyInPrefill = false;      // the output layer: the last prompt token's logits
};

// The layers in order: embed, the decoder blocks, the final norm, the output layer. Parameters
// count every weight and bias, a tied embedding once (in `embed`; the output layer then holds
// nothing of its own but reads that matrix); 1-D tensors stay f32 under quantized formats.
std::vector<LlmLayerCost> llmLayerCosts(const LlmArchitecture& architecture,
                                        const LlmWeightFormat& weights,
                                        const LlmWeightFormat& kvCache);

} // namespace cutlab::core
