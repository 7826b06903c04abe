#include "core/llm/TokenModel.h"

#include "core/llm/LlmArchitecture.h"

#include <cmath>

namespace cutlab::core {
namespace {

using Json = nlohmann::ordered_json;

double numberField(const Json& fields, const char* key) {
    const auto found = fields.find(key);
    if (found == fields.end() || !found->is_number())
        return 0;
    const double value = found->get<double>();
    return std::isfinite(value) && value >= 0 ? value : 0;
}

int tokenCount(const Json& model, const char* key) {
    const double value = numberField(model, key);
    if (value < 1 || value > 1e7 || value != std::floor(value))
        throw LlmModelError(std::string("the profile's model has no whole \"") + key +
                            "\" between 1 and 10^7");
    return static_cast<int>(value);
}

// Per machine, from a layer's "prefill_ms" or "decode_ms" object.
std::vector<double> timesOf(const Profile& profile, const Layer& layer, const char* key) {
    std::vector<double> times(profile.machines.size(), 0.0);
    const auto found = layer.fields.find(key);
    if (found == layer.fields.end() || !found->is_object())
        throw LlmModelError("layer '" + layer.id + "' has no \"" + key + "\"");
    for (std::size_t m = 0; m < profile.machines.size(); ++m) {
        const auto time = found->find(profile.machines[m].id);
        if (time == found->end() || !time->is_number() || !std::isfinite(time->get<double>()) ||
            time->get<double>() < 0)
            throw LlmModelError("layer '" + layer.id + "' has no \"" + key + "\" for machine '" +
                                profile.machines[m].id + "'");
        times[m] = time->get<double>();
    }
    return times;
}

} // namespace

bool isTokenProfile(const Profile& profile) {
    return profile.model.fields.is_object() && profile.model.fields.contains("prompt_tokens");
}

void writeLayerCounts(const LlmLayerCost& layer, Json& fields) {
    fields["parameters"] = layer.parameters;
    fields["kv_bytes_per_token"] = layer.kvBytesPerToken;
    fields["step_read_bytes"] = layer.stepReadBytes;
    if (layer.readsPerToken)
        fields["reads_per_token"] = true;
    fields["flops_per_token"] = layer.flopsPerToken;
    fields["attention_flops_per_context_token"] = layer.attentionFlopsPerContextToken;
    if (layer.lastTokenOnlyInPrefill)
        fields["last_token_only_in_prefill"] = true;
}

LlmLayerCost readLayerCounts(const Layer& layer) {
    LlmLayerCost cost;
    cost.id = layer.id;
    cost.type = layer.type;
    cost.paramBytes = layer.paramBytes;
    const Json& fields = layer.fields;
    cost.parameters = numberField(fields, "parameters");
    cost.kvBytesPerToken = numberField(fields, "kv_bytes_per_token");
    cost.stepReadBytes = numberField(fields, "step_read_bytes");
    cost.readsPerToken = fields.value("reads_per_token", false);
    cost.flopsPerToken = numberField(fields, "flops_per_token");
    cost.attentionFlopsPerContextToken = numberField(fields, "attention_flops_per_context_token");
    cost.lastTokenOnlyInPrefill = fields.value("last_token_only_in_prefill", false);
    return cost;
}

void writeTokenRates(const TokenRates& rates, Json& fields) {
    fields["token_rates"] = {
        {"gflops", rates.gflops}, {"gbps", rates.gbps}, {"overhead_ms", rates.overheadMs}};
}

std::optional<TokenRates> readTokenRates(const Machine& machine) {
    const auto found = machine.fields.find("token_rates");
    if (found == machine.fields.end() || !found->is_object())
        return std::nullopt;
    TokenRates rates{numberField(*found, "gflops"), numberField(*found, "gbps"),
                     numberField(*found, "overhead_ms")};
    if (rates.gflops <= 0 || rates.gbps <= 0)
        return std::nullopt;
    return rates;
}

TokenModel tokenModelOf(const Profile& profile, int prompt, int generate) {
    if (!isTokenProfile(profile))
        throw LlmModelError("the profile is not a language model's (its model has no "
                            "\"prompt_tokens\"): import a config.json or a .gguf file");
    const Json& model = profile.model.fields;
    TokenModel tokens;
    const int ownPrompt = tokenCount(model, "prompt_tokens");
    const int ownGenerate = tokenCount(model, "generate_tokens");
    tokens.promptTokens = prompt > 0 ? prompt : ownPrompt;
    tokens.generateTokens = generate > 0 ? generate : ownGenerate;
    tokens.hiddenBytes = numberField(model, "hidden_bytes");
    tokens.tiedMatrixBytes = numberField(model, "tied_embedding_bytes");
    const bool ownLengths =
        tokens.promptTokens == ownPrompt && tokens.generateTokens == ownGenerate;
    std::vector<TokenRates> rates;
    if (!ownLengths)
        for (const Machine& machine : profile.machines) {
            auto machineRates = readTokenRates(machine);
            if (!machineRates)
                throw LlmModelError("machine '" + machine.id +
                                    "' has no \"token_rates\", so its times cannot be priced "
                                    "for other --prompt or --generate values than the "
                                    "profile's");
            rates.push_back(*machineRates);
        }
    for (const Layer& layer : profile.layers) {
        tokens.layers.push_back(readLayerCounts(layer));
        if (ownLengths) {
            tokens.prefillMs.push_back(timesOf(profile, layer, "prefill_ms"));
            tokens.decodeMs.push_back(timesOf(profile, layer, "decode_ms"));
            continue;
        }
        std::vector<double> prefill, decode;
        for (const TokenRates& machineRates : rates) {
            prefill.push_back(prefillMs(tokens.layers.back(), machineRates, tokens.promptTokens));
            decode.push_back(decodeMs(tokens.layers.back(), machineRates, tokens.promptTokens,
                                      tokens.generateTokens));
        }
        tokens.prefillMs.push_back(std::move(prefill));
        tokens.decodeMs.push_back(std::move(decode));
    }
    return tokens;
}

} // namespace cutlab::core
