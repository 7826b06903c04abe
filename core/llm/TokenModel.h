#pragma once

#include "core/llm/LlmLayers.h"
#include "core/llm/TokenTimes.h"
#include "core/model/Profile.h"

#include <optional>
#include <string>
#include <vector>

namespace cutlab::core {

// A language model's profile read for the token cost model: its per-layer counts, each
// machine's token rates, and the prefill and decode times per layer and machine at the
// prompt and generation lengths asked for (docs/formats.md, "Language-model profiles").
struct TokenModel {
    int promptTokens = 0;
    int generateTokens = 0;
    double hiddenBytes = 0;     // one token's hidden state crossing a cut
    double tiedMatrixBytes = 0; // the embedding matrix the output layer also reads (tied)
    std::vector<LlmLayerCost> layers;
    std::vector<std::vector<double>> prefillMs; // [layer][machine]
    std::vector<std::vector<double>> decodeMs;  // [layer][machine]
};

// True when the profile is a language model's (its model carries "prompt_tokens").
bool isTokenProfile(const Profile& profile);

// The profile's token model at `prompt` and `generate` tokens (0: the profile's own). Its own
// lengths take the profile's times; others are priced again from each machine's token rates,
// and a machine without them is refused. Throws LlmModelError with a sentence.
TokenModel tokenModelOf(const Profile& profile, int prompt = 0, int generate = 0);

// The layer's counts as a profile writes them (fields of the layer entry), and back.
void writeLayerCounts(const LlmLayerCost& layer, nlohmann::ordered_json& fields);
LlmLayerCost readLayerCounts(const Layer& layer);
// A machine's token rates as its profile entry carries them ("token_rates"), and back.
void writeTokenRates(const TokenRates& rates, nlohmann::ordered_json& fields);
std::optional<TokenRates> readTokenRates(const Machine& machine);

} // namespace cutlab::core
