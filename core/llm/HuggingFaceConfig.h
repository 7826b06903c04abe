#pragma once

#include "core/llm/LlmArchitecture.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace cutlab::core {

// The model_types CutLab reads: "llama, mistral, qwen2, gemma, phi3, gpt2".
std::string huggingFaceModelTypes();

// A Hugging Face config.json's architecture (docs/formats.md, "Language models"): the fields
// each model_type needs, their defaults (head_dim = hidden_size / heads, key/value heads =
// heads, gpt2's n_inner = 4 x width), checked. Throws LlmModelError naming the field.
LlmArchitecture readHuggingFaceConfig(const nlohmann::ordered_json& config);

// True when the start of a file reads as a JSON object with a "model_type" key (a config.json,
// not a CutLab profile).
bool looksLikeHuggingFaceConfig(std::string_view head);

} // namespace cutlab::core
