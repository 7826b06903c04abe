#include "app/cli/Commands.h"

#include "app/cli/ArgumentCursor.h"
#include "app/cli/CliError.h"
#include "app/cli/ProfileArgument.h"

#include "core/llm/LlmProfile.h"
#include "core/llm/TokenModel.h"
#include "core/model/ModelStructure.h"
#include "core/plans/PlanJson.h"

#include <iostream>

namespace cutlab::cli {

// A language model's totals: parameters, the bytes of its weights and of its KV cache per token,
// and the tokens its times are for.
static nlohmann::ordered_json languageModelJson(const core::Profile& profile) {
    double weights = 0, kv = 0;
    for (const auto& layer : profile.layers) {
        weights += layer.paramBytes;
        kv += core::readLayerCounts(layer).kvBytesPerToken;
    }
    const auto& model = profile.model.fields;
    return {{"parameters", core::jsonNumber(core::llmParameterCount(profile))},
            {"weight_bytes", core::jsonNumber(weights)},
            {"kv_bytes_per_token", core::jsonNumber(kv)},
            {"prompt_tokens", model.value("prompt_tokens", 0)},
            {"generate_tokens", model.value("generate_tokens", 0)},
            {"hidden_bytes", core::jsonNumber(model.value("hidden_bytes", 0.0))}};
}

static nlohmann::ordered_json infoJson(const core::Profile& profile,
                                       const core::ModelStructure& structure) {
    nlohmann::ordered_json info;
    info["model"] = profile.model.name;
    info["layers"] = profile.layers.size();
    nlohmann::ordered_json machines = nlohmann::ordered_json::array();
    for (const auto& machine : profile.machines)
        machines.push_back({{"id", machine.id}, {"tier", core::tierName(machine.tier)}});
    info["machines"] = std::move(machines);
    nlohmann::ordered_json cuts = nlohmann::ordered_json::array();
    for (int k : structure.cutAfter) {
        const auto& layer = profile.layers[static_cast<std::size_t>(k)];
        cuts.push_back({{"after", layer.id}, {"bytes", core::jsonNumber(layer.outputBytes)}});
    }
    info["cut_points"] = std::move(cuts);
    nlohmann::ordered_json blocks = nlohmann::ordered_json::array();
    for (const auto& block : structure.blocks)
        blocks.push_back({{"first", profile.layers[static_cast<std::size_t>(block.first)].id},
                          {"last", profile.layers[static_cast<std::size_t>(block.last)].id}});
    info["blocks"] = std::move(blocks);
    if (core::isTokenProfile(profile))
        info["language_model"] = languageModelJson(profile);
    return info;
}

static void printInfoText(const core::Profile& profile, const core::ModelStructure& structure) {
    std::cout << "model        " << profile.model.name << "\n";
    if (!profile.model.source.empty())
        std::cout << "source       " << profile.model.source << "\n";
    std::cout << "input        " << core::jsonNumber(profile.model.inputBytes).dump()
              << " bytes per sample\n";
    std::cout << "layers       " << profile.layers.size() << "\n";
    std::cout << "blocks       " << structure.blocks.size() << "\n";
    std::cout << "training     "
              << (profile.hasBackward ? "backward times present" : "no backward times") << "\n";
    if (core::isTokenProfile(profile)) {
        const auto summary = languageModelJson(profile);
        std::cout << "language model " << summary["parameters"].dump() << " parameters, "
                  << summary["weight_bytes"].dump() << " bytes of weights, "
                  << summary["kv_bytes_per_token"].dump() << " KV-cache bytes per token\n";
    }
    std::cout << "machines\n";
    for (const auto& machine : profile.machines)
        std::cout << "  " << machine.id << " (" << core::tierName(machine.tier) << ")"
                  << (machine.label.empty() ? "" : "  " + machine.label) << "\n";
    std::cout << "cut points (after layer: bytes per sample)\n";
    std::cout << "  input: " << core::jsonNumber(profile.model.inputBytes).dump() << "\n";
    for (int k : structure.cutAfter) {
        const auto& layer = profile.layers[static_cast<std::size_t>(k)];
        std::cout << "  " << layer.id << ": " << core::jsonNumber(layer.outputBytes).dump() << "\n";
    }
}

int runInfo(const std::vector<std::string>& arguments) {
    std::string path;
    bool json = false;
    for (const auto& argument : arguments) {
        if (argument == "--help") {
            std::cout
                << "usage: cutlab-cli info PROFILE [--json]\n"
                   "Lists the model's layers, blocks, valid cut points (with the bytes that cross\n"
                   "each, per sample) and machines.\n";
            return 0;
        }
        if (argument == "--json")
            json = true;
        else
            ArgumentCursor::storePositional(argument, path, "info");
    }
    if (path.empty())
        throw CliError("usage: cutlab-cli info PROFILE [--json]");
    const core::Profile profile = loadProfileOrThrow(path);
    const core::ModelStructure structure = core::analyseStructure(profile);
    if (json)
        std::cout << core::finiteJsonText(infoJson(profile, structure)) << "\n";
    else
        printInfoText(profile, structure);
    return 0;
}

} // namespace cutlab::cli
