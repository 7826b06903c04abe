#pragma once

#include <optional>
#include <string>

namespace cutlab::core {

// How weights or the KV cache are stored: `blockElements` values in `blockBytes` bytes
// (f32: 1 in 4; q4_0: 32 in 18; q4_k: 256 in 144), as llama.cpp writes them.
struct LlmWeightFormat {
    std::string name; // "q4_k"
    int blockElements = 1;
    int blockBytes = 4;
    bool quantized() const { return blockElements > 1; }
    // Bytes of a matrix of `rows` rows of `rowLength` values, each row in whole blocks.
    double matrixBytes(double rows, double rowLength) const;
};

// --weights: f32, f16, bf16, q8_0, q4_0, q4_k; nullopt for any other name.
std::optional<LlmWeightFormat> llmWeightFormat(const std::string& name);
// --kv-cache: f16, q8_0; nullopt for any other name.
std::optional<LlmWeightFormat> llmKvCacheFormat(const std::string& name);
// The weight format a checkpoint's dtype stores ("bfloat16" -> bf16).
LlmWeightFormat llmFormatOfDtype(const std::string& dtype);

} // namespace cutlab::core
