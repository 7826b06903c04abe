#include "core/llm/LlmProfile.h"

#include "core/llm/LlmLayers.h"
#include "core/llm/LlmWeightFormat.h"
#include "core/llm/TokenModel.h"
#include "core/model/OperatorClass.h"
#include "core/model/RooflineEstimator.h"

namespace cutlab::core {
namespace {

using Json = nlohmann::ordered_json;

constexpr int kMaxTokens = 10000000;
constexpr double kTokenIdBytes = 4;
constexpr double kKernelsPerLayer = 8; // norm, qkv, rope, attention, o, norm, gate/up, down

void checkTokens(const char* option, int tokens) {
    if (tokens < 1 || tokens > kMaxTokens)
        throw LlmModelError(std::string(option) + " must be between 1 and 10000000 tokens, not " +
                            std::to_string(tokens));
}

Machine tokenMachine(const MachineSelection& selection) {
    Machine machine = estimatedMachine(selection);
    writeTokenRates(tokenRatesOf(selection.preset), machine.fields);
    return machine;
}

Json architectureJson(const LlmArchitecture& a, const std::string& weights,
                      const std::string& kvCache, double parameters) {
    return {{"model_type", a.modelType},
            {"parameters", parameters},
            {"weights", weights},
            {"kv_cache", kvCache},
            {"vocab_size", a.vocabSize},
            {"hidden_size", a.hiddenSize},
            {"blocks", a.blocks},
            {"heads", a.heads},
            {"kv_heads", a.kvHeads},
            {"head_dim", a.headDim},
            {"intermediate_size", a.intermediate},
            {"tied_embeddings", a.tiedEmbeddings}};
}

Layer profileLayer(const LlmLayerCost& cost, int position, const std::vector<TokenRates>& rates,
                   const std::vector<Machine>& machines, const LlmImportOptions& options,
                   double hiddenBytes) {
    Layer layer;
    layer.id = cost.id;
    layer.type = cost.type;
    if (position > 0)
        layer.inputs = {position - 1};
    layer.readsModelInput = position == 0;
    layer.outputBytes = hiddenBytes * options.promptTokens;
    layer.paramBytes = cost.paramBytes;
    const double tokens = options.promptTokens;
    layer.flops = cost.flopsPerToken * (cost.lastTokenOnlyInPrefill ? 1 : tokens) +
                  cost.attentionFlopsPerContextToken * tokens * (tokens + 1) / 2;
    Json prefill = Json::object(), decode = Json::object();
    for (std::size_t m = 0; m < machines.size(); ++m) {
        const double prefillTime = prefillMs(cost, rates[m], options.promptTokens);
        layer.forwardMs.push_back(prefillTime);
        prefill[machines[m].id] = prefillTime;
        decode[machines[m].id] =
            decodeMs(cost, rates[m], options.promptTokens, options.generateTokens);
    }
    layer.fields = Json::object();
    layer.fields["operator_class"] = cost.type == "Decoder" || cost.type == "Output"
                                         ? operatorClassName(OperatorClass::MatrixMultiply)
                                         : operatorClassName(OperatorClass::Elementwise);
    layer.fields["prefill_ms"] = std::move(prefill);
    layer.fields["decode_ms"] = std::move(decode);
    writeLayerCounts(cost, layer.fields);
    return layer;
}

} // namespace

std::vector<MachineSelection> defaultTokenMachines() {
    return parseMachineSelection("phone-sd8g3@device,agx-orin@edge,a100@cloud").machines;
}

TokenRates tokenRatesOf(const MachinePreset& preset) {
    const double peak = preset.tokenGflops > 0 ? preset.tokenGflops : preset.peakGflops;
    return {peak * preset.tokenComputeShare, preset.memoryGBps * preset.tokenBandwidthShare,
            kKernelsPerLayer * preset.overheadMs};
}

LlmFormats llmFormats(const LlmArchitecture& architecture, const LlmImportOptions& options) {
    const auto weights = options.weights.empty() ? llmFormatOfDtype(architecture.dtype)
                                                 : llmWeightFormat(options.weights);
    if (!weights)
        throw LlmModelError("--weights must be f32, f16, bf16, q8_0, q4_0 or q4_k, not '" +
                            options.weights + "'");
    const auto kvCache = llmKvCacheFormat(options.kvCache);
    if (!kvCache)
        throw LlmModelError("--kv-cache must be f16 or q8_0, not '" + options.kvCache + "'");
    return {*weights, *kvCache};
}

Profile llmProfile(const LlmArchitecture& architecture, const LlmImportOptions& options,
                   const std::string& source) {
    checkLlmArchitecture(architecture);
    const LlmFormats formats = llmFormats(architecture, options);
    return llmProfileOfLayers(
        architecture, llmLayerCosts(architecture, formats.weights, formats.kvCache),
        formats.weights.name, formats.kvCache.name,
        architecture.tiedEmbeddings
            ? formats.weights.matrixBytes(static_cast<double>(architecture.vocabSize),
                                          static_cast<double>(architecture.hiddenSize))
            : 0,
        options, source);
}

Profile llmProfileOfLayers(const LlmArchitecture& architecture,
                           const std::vector<LlmLayerCost>& costs, const std::string& weights,
                           const std::string& kvCache, double tiedMatrixBytes,
                           const LlmImportOptions& options, const std::string& source) {
    checkTokens("--prompt", options.promptTokens);
    checkTokens("--generate", options.generateTokens);
    const double hiddenBytes =
        static_cast<double>(architecture.hiddenSize) * architecture.hiddenElementBytes();
    Profile profile;
    const auto selections = options.machines.empty() ? defaultTokenMachines() : options.machines;
    std::vector<TokenRates> rates;
    for (const MachineSelection& selection : selections) {
        profile.machines.push_back(tokenMachine(selection));
        rates.push_back(tokenRatesOf(selection.preset));
    }
    double parameters = 0;
    for (std::size_t l = 0; l < costs.size(); ++l) {
        profile.layers.push_back(profileLayer(costs[l], static_cast<int>(l), rates,
                                              profile.machines, options, hiddenBytes));
        parameters += costs[l].parameters;
    }
    profile.model.name = options.modelName;
    profile.model.source = source;
    profile.model.inputBytes = kTokenIdBytes * options.promptTokens;
    profile.model.batch = 1;
    Json& model = profile.model.fields;
    model = {{"name", profile.model.name},
             {"input_bytes", profile.model.inputBytes},
             {"source", source},
             {"times", "estimated"},
             {"prompt_tokens", options.promptTokens},
             {"generate_tokens", options.generateTokens},
             {"hidden_bytes", hiddenBytes}};
    if (tiedMatrixBytes > 0)
        model["tied_embedding_bytes"] = tiedMatrixBytes;
    model["llm"] = architectureJson(architecture, weights, kvCache, parameters);
    return profile;
}

double llmParameterCount(const Profile& profile) {
    double parameters = 0;
    for (const Layer& layer : profile.layers)
        parameters += readLayerCounts(layer).parameters;
    return parameters;
}

} // namespace cutlab::core
