#pragma once

#include "core/llm/LlmArchitecture.h"
#include "core/llm/LlmLayers.h"
#include "core/llm/LlmWeightFormat.h"
#include "core/llm/TokenTimes.h"
#include "core/model/MachineSelection.h"
#include "core/model/Profile.h"

#include <string>
#include <vector>

namespace cutlab::core {

struct LlmImportOptions {
    std::string modelName;       // the profile's model name
    std::string weights;         // f32, f16, bf16, q8_0, q4_0, q4_k; empty: the model's dtype
    std::string kvCache = "f16"; // f16, q8_0
    int promptTokens = 512;
    int generateTokens = 128;
    std::vector<MachineSelection> machines; // empty: defaultTokenMachines()
};

// One machine per tier for language models: phone-sd8g3@device, agx-orin@edge, a100@cloud.
std::vector<MachineSelection> defaultTokenMachines();

// A preset's token rates: its token peak (or fp32 peak) x compute share, its bandwidth x
// bandwidth share, 8 kernel launches' overhead per layer and step.
TokenRates tokenRatesOf(const MachinePreset& preset);

// The language model's profile (docs/formats.md, "Language-model profiles"): embed, the
// decoder blocks, the final norm, the output layer; per layer its parameters and bytes at the
// weight format, its KV bytes per token, the counts the token cost model prices, and
// prefill_ms and decode_ms (forward_ms = prefill_ms) on every machine. Throws LlmModelError
// for an unknown --weights or --kv-cache, or token counts out of range.
Profile llmProfile(const LlmArchitecture& architecture, const LlmImportOptions& options,
                   const std::string& source);

// The same from layer costs made elsewhere (a GGUF file's exact tensor bytes): `weights` and
// `kvCache` name their formats, `tiedMatrixBytes` the embedding matrix a tied output reads.
Profile llmProfileOfLayers(const LlmArchitecture& architecture,
                           const std::vector<LlmLayerCost>& costs, const std::string& weights,
                           const std::string& kvCache, double tiedMatrixBytes,
                           const LlmImportOptions& options, const std::string& source);

// The weight and KV-cache formats the options name (the model's dtype when --weights is not
// given). Throws LlmModelError for an unknown name.
struct LlmFormats {
    LlmWeightFormat weights;
    LlmWeightFormat kvCache;
};
LlmFormats llmFormats(const LlmArchitecture& architecture, const LlmImportOptions& options);

// The total parameters of a profile's layers (their "parameters" fields).
double llmParameterCount(const Profile& profile);

} // namespace cutlab::core
