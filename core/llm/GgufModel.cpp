#include "core/llm/GgufModel.h"

#include "core/io/ProfileLoader.h"
#include "core/io/ProfileWriter.h"
#include "core/llm/HuggingFaceConfig.h"
#include "core/llm/LlmImport.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <optional>

namespace cutlab::core {
namespace {

using Json = nlohmann::ordered_json;

std::optional<std::int64_t> ggufCount(const GgufHeader& header, const std::string& key) {
    const auto found = header.metadata.find(key);
    if (found == header.metadata.end())
        return std::nullopt;
    if (!found->is_number_integer() && !found->is_number_unsigned())
        throw LlmModelError("the GGUF key '" + key + "' is not a whole number");
    if (found->is_number_unsigned() && found->get<std::uint64_t>() > (std::uint64_t{1} << 40))
        throw LlmModelError("the GGUF key '" + key + "' is " + found->dump() + ", out of range");
    return found->get<std::int64_t>();
}

std::int64_t requiredGgufCount(const GgufHeader& header, const std::string& key) {
    if (auto value = ggufCount(header, key))
        return *value;
    throw LlmModelError("the GGUF file has no '" + key + "', which its architecture needs");
}

const GgufTensor* tensorNamed(const GgufHeader& header, const std::string& name) {
    for (const GgufTensor& tensor : header.tensors)
        if (tensor.name == name)
            return &tensor;
    return nullptr;
}

double elementsOf(const GgufTensor& tensor) {
    double elements = 1;
    for (const auto dim : tensor.dims)
        elements *= static_cast<double>(dim);
    return elements;
}

// The layer a tensor belongs to: 0 embed, 1 + N block N, blocks + 1 norm, blocks + 2 output.
std::size_t layerOfTensor(const std::string& name, std::int64_t blocks) {
    const auto last = static_cast<std::size_t>(blocks) + 2;
    if (name.rfind("blk.", 0) == 0) {
        const auto dot = name.find('.', 4);
        const std::string number = name.substr(4, dot == std::string::npos ? dot : dot - 4);
        if (!number.empty() && number.size() < 6 &&
            std::all_of(number.begin(), number.end(),
                        [](unsigned char c) { return std::isdigit(c); })) {
            const auto block = std::stoll(number);
            if (block < blocks)
                return static_cast<std::size_t>(block) + 1;
        }
        throw LlmModelError("the GGUF tensor '" + name + "' names a block the model does not have");
    }
    if (name.rfind("output_norm.", 0) == 0)
        return last - 1;
    if (name.rfind("output.", 0) == 0)
        return last;
    return 0;
}

// The weight type most of the blocks' bytes are stored in ("q4_k").
std::string dominantWeightType(const GgufHeader& header) {
    std::map<std::string, double> bytes;
    for (const GgufTensor& tensor : header.tensors)
        if (tensor.name.rfind("blk.", 0) == 0 && tensor.dims.size() >= 2)
            bytes[tensor.typeName] += static_cast<double>(tensor.bytes);
    std::string best = "f32";
    double most = -1;
    for (const auto& [type, total] : bytes)
        if (total > most) {
            most = total;
            best = type;
        }
    std::transform(best.begin(), best.end(), best.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return best;
}

} // namespace

LlmArchitecture ggufArchitecture(const GgufHeader& header) {
    const auto found = header.metadata.find("general.architecture");
    if (found == header.metadata.end() || !found->is_string())
        throw LlmModelError("the GGUF file has no 'general.architecture'");
    const std::string arch = found->get<std::string>();
    if (arch != "llama" && arch != "mistral" && arch != "qwen2" && arch != "gemma" &&
        arch != "phi3" && arch != "gpt2")
        throw LlmModelError("the GGUF architecture is '" + arch.substr(0, 64) +
                            "', one CutLab does not read (it reads " + huggingFaceModelTypes() +
                            ")");
    LlmArchitecture a;
    a.modelType = arch;
    a.blocks = requiredGgufCount(header, arch + ".block_count");
    a.hiddenSize = requiredGgufCount(header, arch + ".embedding_length");
    a.intermediate = requiredGgufCount(header, arch + ".feed_forward_length");
    a.heads = requiredGgufCount(header, arch + ".attention.head_count");
    a.kvHeads = ggufCount(header, arch + ".attention.head_count_kv").value_or(a.heads);
    if (auto keyLength = ggufCount(header, arch + ".attention.key_length"))
        a.headDim = *keyLength;
    else if (a.heads > 0)
        a.headDim = a.hiddenSize / a.heads;
    const GgufTensor* embedding = tensorNamed(header, "token_embd.weight");
    if (!embedding || embedding->dims.size() != 2)
        throw LlmModelError("the GGUF file has no 2-D tensor 'token_embd.weight'");
    a.vocabSize = static_cast<std::int64_t>(embedding->dims[1]);
    a.tiedEmbeddings = tensorNamed(header, "output.weight") == nullptr;
    a.gatedMlp = arch != "gpt2";
    a.attentionBiases = arch == "qwen2";
    a.layerNormBiases = arch == "gpt2";
    if (arch == "gpt2")
        a.positions = requiredGgufCount(header, "gpt2.context_length");
    a.dtype = "float32"; // llama.cpp's hidden states
    checkLlmArchitecture(a);
    return a;
}

std::vector<LlmLayerCost> ggufLayerCosts(const GgufHeader& header,
                                         const LlmArchitecture& architecture,
                                         const LlmWeightFormat& kvCache) {
    // flops and KV bytes from the architecture; bytes and parameters from the tensors
    std::vector<LlmLayerCost> costs = llmLayerCosts(architecture, *llmWeightFormat("f32"), kvCache);
    for (LlmLayerCost& cost : costs) {
        cost.parameters = 0;
        cost.paramBytes = 0;
    }
    for (const GgufTensor& tensor : header.tensors) {
        LlmLayerCost& cost = costs[layerOfTensor(tensor.name, architecture.blocks)];
        cost.parameters += elementsOf(tensor);
        cost.paramBytes += static_cast<double>(tensor.bytes);
    }
    const GgufTensor* embedding = tensorNamed(header, "token_embd.weight");
    const double embeddingBytes = static_cast<double>(embedding->bytes);
    for (LlmLayerCost& cost : costs) {
        if (cost.type == "Decoder" || cost.type == "Norm")
            cost.stepReadBytes = cost.paramBytes;
        else if (cost.type == "Output")
            cost.stepReadBytes = architecture.tiedEmbeddings ? embeddingBytes : cost.paramBytes;
        else // one row of the embedding per token
            cost.stepReadBytes = embeddingBytes / static_cast<double>(architecture.vocabSize);
    }
    return costs;
}

ConvertedProfile importGgufModel(const std::string& path, const LlmImportOptions& options) {
    GgufHeader header;
    try {
        header = readGgufHeader(path);
    } catch (const GgufError& error) {
        throw LlmModelError(error.what());
    }
    if (!options.weights.empty())
        throw LlmModelError("--weights is for config.json files: a GGUF file's tensors have "
                            "their types already");
    const LlmArchitecture architecture = ggufArchitecture(header);
    const auto kvCache = llmKvCacheFormat(options.kvCache);
    if (!kvCache)
        throw LlmModelError("--kv-cache must be f16 or q8_0, not '" + options.kvCache + "'");
    const auto costs = ggufLayerCosts(header, architecture, *kvCache);
    LlmImportOptions named = options;
    if (named.modelName.empty()) {
        const auto name = header.metadata.find("general.name");
        named.modelName = name != header.metadata.end() && name->is_string()
                              ? name->get<std::string>().substr(0, 200)
                              : std::filesystem::path(path).stem().string();
    }
    const std::string file = std::filesystem::path(path).filename().string();
    const Profile profile =
        llmProfileOfLayers(architecture, costs, dominantWeightType(header), kvCache->name,
                           architecture.tiedEmbeddings ? costs.front().paramBytes : 0, named,
                           "imported from " + file + " (GGUF v" + std::to_string(header.version) +
                               ", " + architecture.modelType + ") by cutlab-cli import");
    return checkedProfileText(profile);
}

} // namespace cutlab::core
