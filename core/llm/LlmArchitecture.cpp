#include "core/llm/LlmArchitecture.h"

#include <string>

namespace cutlab::core {
namespace {

// Sizes beyond these are not a model anyone runs at the edge: the limits keep every count of
// parameters and bytes far inside a double's exact integers.
constexpr std::int64_t kMaxVocabulary = 1 << 24;
constexpr std::int64_t kMaxWidth = 1 << 17;
constexpr std::int64_t kMaxBlocks = 1024;
constexpr std::int64_t kMaxHeads = 1 << 12;
constexpr std::int64_t kMaxPositions = 1 << 24;

void checkRange(const char* field, std::int64_t value, std::int64_t low, std::int64_t high) {
    if (value < low || value > high)
        throw LlmModelError("\"" + std::string(field) + "\" is " + std::to_string(value) +
                            "; it must be between " + std::to_string(low) + " and " +
                            std::to_string(high));
}

} // namespace

void checkLlmArchitecture(const LlmArchitecture& a) {
    checkRange("vocab_size", a.vocabSize, 1, kMaxVocabulary);
    checkRange("hidden_size", a.hiddenSize, 1, kMaxWidth);
    checkRange("num_hidden_layers", a.blocks, 1, kMaxBlocks);
    checkRange("num_attention_heads", a.heads, 1, kMaxHeads);
    checkRange("num_key_value_heads", a.kvHeads, 1, kMaxHeads);
    checkRange("head_dim", a.headDim, 1, kMaxWidth);
    checkRange("intermediate_size", a.intermediate, 1, 16 * kMaxWidth);
    checkRange("max_position_embeddings", a.positions, 0, kMaxPositions);
    if (a.kvHeads > a.heads)
        throw LlmModelError("\"num_key_value_heads\" (" + std::to_string(a.kvHeads) +
                            ") is more than \"num_attention_heads\" (" + std::to_string(a.heads) +
                            ")");
    if (a.heads % a.kvHeads != 0)
        throw LlmModelError("\"num_attention_heads\" (" + std::to_string(a.heads) +
                            ") is not a multiple of \"num_key_value_heads\" (" +
                            std::to_string(a.kvHeads) + ")");
}

} // namespace cutlab::core
