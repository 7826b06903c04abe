#pragma once

#include "core/io/PipeDreamImport.h"
#include "core/llm/GgufHeader.h"
#include "core/llm/LlmArchitecture.h"
#include "core/llm/LlmLayers.h"
#include "core/llm/LlmProfile.h"

#include <string>
#include <vector>

namespace cutlab::core {

// The architecture a GGUF header describes (general.architecture and its keys: block_count,
// embedding_length, feed_forward_length, attention.head_count, attention.head_count_kv,
// attention.key_length; the vocabulary from token_embd.weight). Throws LlmModelError naming the
// key.
LlmArchitecture ggufArchitecture(const GgufHeader& header);

// The layer costs with each layer's exact bytes and parameters from the tensor table:
// token_embd and position_embd in `embed`, blk.N.* in block N, output_norm in `norm`, output in
// `output` (absent: tied to the embedding); any other tensor in `embed`.
std::vector<LlmLayerCost> ggufLayerCosts(const GgufHeader& header,
                                         const LlmArchitecture& architecture,
                                         const LlmWeightFormat& kvCache);

// The file's GGUF header made into a language-model profile, checked as every profile read is.
// Throws LlmModelError (GGUF problems included, as their sentence).
ConvertedProfile importGgufModel(const std::string& path, const LlmImportOptions& options);

} // namespace cutlab::core
