#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace cutlab::core {

// The shape of a decoder-only language model, as a Hugging Face config.json or a GGUF header
// gives it (docs/formats.md, "Language models"). Every count is checked by the readers.
struct LlmArchitecture {
    std::string modelType;         // "llama", "mistral", "qwen2", "gemma", "phi3", "gpt2"
    std::int64_t vocabSize = 0;    // tokens
    std::int64_t hiddenSize = 0;   // the residual stream's width
    std::int64_t blocks = 0;       // decoder blocks
    std::int64_t heads = 0;        // attention (query) heads
    std::int64_t kvHeads = 0;      // key/value heads (grouped-query attention when fewer)
    std::int64_t headDim = 0;      // per head
    std::int64_t intermediate = 0; // the MLP's inner width
    std::int64_t positions = 0;    // learned position embeddings (gpt2), else 0
    bool tiedEmbeddings = false;   // the output layer reads the embedding matrix
    bool gatedMlp = true;          // gate, up and down projections (all but gpt2)
    bool attentionBiases = false;  // q, k and v projections carry biases (qwen2)
    bool layerNormBiases = false;  // LayerNorm with a bias, biases on every linear layer (gpt2)
    std::string dtype;             // the checkpoint's: "float32", "float16", "bfloat16"

    // Bytes of one hidden-state element crossing a cut: 4 for float32 models, else 2.
    int hiddenElementBytes() const { return dtype == "float32" ? 4 : 2; }
};

// A model file or config that cannot be read: one sentence naming the field.
class LlmModelError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Throws LlmModelError when a count is out of range or inconsistent: heads that do not divide
// the width (without a head_dim), more key/value heads than heads, zero or absurd sizes.
void checkLlmArchitecture(const LlmArchitecture& architecture);

} // namespace cutlab::core
