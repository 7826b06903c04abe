#include "core/llm/HuggingFaceConfig.h"

#include <cmath>
#include <optional>

namespace cutlab::core {
namespace {

using Json = nlohmann::ordered_json;

const Json* configField(const Json& config, const char* key) {
    const auto found = config.find(key);
    return found == config.end() || found->is_null() ? nullptr : &*found;
}

// A whole number field; nullopt when absent (or null).
std::optional<std::int64_t> optionalCount(const Json& config, const char* key) {
    const Json* value = configField(config, key);
    if (!value)
        return std::nullopt;
    if (!value->is_number())
        throw LlmModelError("\"" + std::string(key) + "\" must be a number");
    const double number = value->get<double>();
    if (!std::isfinite(number) || number != std::floor(number) || number < 0 || number > 1e15)
        throw LlmModelError("\"" + std::string(key) + "\" must be a whole number between 0 and " +
                            "10^15, not " + value->dump());
    return static_cast<std::int64_t>(number);
}

std::int64_t requiredCount(const Json& config, const char* key, const std::string& modelType) {
    if (auto value = optionalCount(config, key))
        return *value;
    throw LlmModelError("the config has no \"" + std::string(key) + "\", which a " + modelType +
                        " model needs");
}

bool flag(const Json& config, const char* key, bool fallback) {
    const Json* value = configField(config, key);
    if (!value)
        return fallback;
    if (!value->is_boolean())
        throw LlmModelError("\"" + std::string(key) + "\" must be true or false");
    return value->get<bool>();
}

std::string dtypeOf(const Json& config) {
    const Json* value = configField(config, "torch_dtype");
    if (!value)
        return "float32"; // transformers' default
    if (!value->is_string())
        throw LlmModelError("\"torch_dtype\" must be a string such as \"bfloat16\"");
    const std::string dtype = value->get<std::string>();
    if (dtype != "float32" && dtype != "float16" && dtype != "bfloat16")
        throw LlmModelError("\"torch_dtype\" is \"" + dtype +
                            "\"; CutLab reads float32, float16 and bfloat16");
    return dtype;
}

LlmArchitecture gpt2Architecture(const Json& config) {
    LlmArchitecture a;
    a.modelType = "gpt2";
    a.vocabSize = requiredCount(config, "vocab_size", "gpt2");
    a.hiddenSize = requiredCount(config, "n_embd", "gpt2");
    a.blocks = requiredCount(config, "n_layer", "gpt2");
    a.heads = requiredCount(config, "n_head", "gpt2");
    a.kvHeads = a.heads;
    if (a.heads > 0 && a.hiddenSize % a.heads != 0)
        throw LlmModelError("\"n_head\" (" + std::to_string(a.heads) + ") does not divide " +
                            "\"n_embd\" (" + std::to_string(a.hiddenSize) + ")");
    a.headDim = a.heads > 0 ? a.hiddenSize / a.heads : 0;
    a.intermediate = optionalCount(config, "n_inner").value_or(4 * a.hiddenSize);
    a.positions = requiredCount(config, "n_positions", "gpt2");
    a.tiedEmbeddings = flag(config, "tie_word_embeddings", true);
    a.gatedMlp = false;
    a.layerNormBiases = true;
    a.dtype = dtypeOf(config);
    return a;
}

LlmArchitecture llamaLikeArchitecture(const Json& config, const std::string& modelType) {
    LlmArchitecture a;
    a.modelType = modelType;
    a.vocabSize = requiredCount(config, "vocab_size", modelType);
    a.hiddenSize = requiredCount(config, "hidden_size", modelType);
    a.blocks = requiredCount(config, "num_hidden_layers", modelType);
    a.heads = requiredCount(config, "num_attention_heads", modelType);
    a.kvHeads = optionalCount(config, "num_key_value_heads").value_or(a.heads);
    a.intermediate = requiredCount(config, "intermediate_size", modelType);
    if (auto headDim = optionalCount(config, "head_dim")) {
        a.headDim = *headDim;
    } else {
        if (a.heads > 0 && a.hiddenSize % a.heads != 0)
            throw LlmModelError("\"num_attention_heads\" (" + std::to_string(a.heads) +
                                ") does not divide \"hidden_size\" (" +
                                std::to_string(a.hiddenSize) + ") and there is no \"head_dim\"");
        a.headDim = a.heads > 0 ? a.hiddenSize / a.heads : 0;
    }
    // gemma (v1) always ties its embeddings; the others say so in the config
    a.tiedEmbeddings = flag(config, "tie_word_embeddings", modelType == "gemma");
    a.attentionBiases = modelType == "qwen2";
    a.dtype = dtypeOf(config);
    return a;
}

} // namespace

std::string huggingFaceModelTypes() {
    return "llama, mistral, qwen2, gemma, phi3, gpt2";
}

LlmArchitecture readHuggingFaceConfig(const nlohmann::ordered_json& config) {
    if (!config.is_object())
        throw LlmModelError("a config.json is a JSON object");
    const Json* type = configField(config, "model_type");
    if (!type || !type->is_string())
        throw LlmModelError("the config has no \"model_type\" (CutLab reads " +
                            huggingFaceModelTypes() + ")");
    const std::string modelType = type->get<std::string>();
    LlmArchitecture architecture;
    if (modelType == "gpt2")
        architecture = gpt2Architecture(config);
    else if (modelType == "llama" || modelType == "mistral" || modelType == "qwen2" ||
             modelType == "gemma" || modelType == "phi3")
        architecture = llamaLikeArchitecture(config, modelType);
    else
        throw LlmModelError("\"model_type\" is \"" + modelType.substr(0, 64) +
                            "\", an architecture CutLab does not read (it reads " +
                            huggingFaceModelTypes() + ")");
    checkLlmArchitecture(architecture);
    return architecture;
}

bool looksLikeHuggingFaceConfig(std::string_view head) {
    const auto start = head.find_first_not_of(" \t\r\n");
    return start != std::string_view::npos && head[start] == '{' &&
           head.find("\"model_type\"") != std::string_view::npos &&
           head.find("\"cutlab-profile\"") == std::string_view::npos;
}

} // namespace cutlab::core
