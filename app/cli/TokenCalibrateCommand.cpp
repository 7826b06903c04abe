#include "app/cli/TokenCalibrateCommand.h"

#include "app/cli/ArgumentCursor.h"
#include "app/cli/CliError.h"

#include "core/io/AtomicFile.h"
#include "core/io/JsonText.h"
#include "core/io/MachineFile.h"
#include "core/llm/GgufModel.h"
#include "core/llm/HuggingFaceConfig.h"
#include "core/llm/TokenCalibration.h"
#include "core/onnx/ModelFileImport.h"

#include <cstdio>
#include <iostream>

namespace cutlab::cli {
namespace {

const char* const kTokenCalibrateUsage =
    "usage: cutlab-cli calibrate --tokens MODEL --preset ID [--pp TPS] [--tg TPS] -o MACHINE.json\n"
    "           [--weights TYPE] [--model-bytes N] [--id ID] [--label TEXT] [--tier TIER]\n"
    "Learns the shares of a preset's compute and memory bandwidth that make the token cost model\n"
    "give measured llama-bench rates of MODEL (a config.json or a .gguf file) on that machine:\n"
    "the compute share from pp512 (a 512-token prompt, tokens/s), the bandwidth share from tg128\n"
    "(128 generated tokens, tokens/s); at least one is needed. The machine file is accepted by\n"
    "'cutlab-cli import MODEL --machines MACHINE.json'.\n"
    "  --weights TYPE     a config's weight type (f32, f16, bf16, q8_0, q4_0, q4_k)\n"
    "  --model-bytes N    the measured file's size: the weights are scaled to it\n"
    "  --id, --label, --tier  the machine's (default: the preset's)\n"
    "Exit status: 0 written, 2 bad input (no figure, an unknown preset, a rate no share gives).\n";

struct TokenCalibrateOptions {
    std::string model, preset, output, weights, id, label, tier;
    double pp = 0, tg = 0, modelBytes = 0;
};

TokenCalibrateOptions parseTokenCalibrate(const std::vector<std::string>& arguments) {
    TokenCalibrateOptions options;
    ArgumentCursor cursor(arguments);
    while (!cursor.done()) {
        const std::string flag = cursor.next();
        if (flag == "--tokens")
            options.model = cursor.valueOf(flag);
        else if (flag == "--preset")
            options.preset = cursor.valueOf(flag);
        else if (flag == "-o" || flag == "--output")
            options.output = cursor.valueOf(flag);
        else if (flag == "--pp")
            options.pp = parseNumber(cursor.valueOf(flag), flag);
        else if (flag == "--tg")
            options.tg = parseNumber(cursor.valueOf(flag), flag);
        else if (flag == "--weights")
            options.weights = cursor.valueOf(flag);
        else if (flag == "--model-bytes")
            options.modelBytes = parseNumber(cursor.valueOf(flag), flag);
        else if (flag == "--id")
            options.id = cursor.valueOf(flag);
        else if (flag == "--label")
            options.label = cursor.valueOf(flag);
        else if (flag == "--tier")
            options.tier = cursor.valueOf(flag);
        else
            throw CliError("calibrate --tokens: unknown option " + flag + "\n" +
                           kTokenCalibrateUsage);
    }
    if (options.model.empty() || options.preset.empty() || options.output.empty())
        throw CliError(std::string(kTokenCalibrateUsage) + "(see cutlab-cli calibrate --help)");
    if (options.pp <= 0 && options.tg <= 0)
        throw CliError("calibrate --tokens: give a measured --pp or --tg (tokens per second)");
    if (options.pp < 0 || options.tg < 0 || options.modelBytes < 0)
        throw CliError("calibrate --tokens: rates and bytes must be positive");
    return options;
}

// The model's layers: a config's at --weights, a GGUF file's exact bytes; scaled to
// --model-bytes when given.
std::vector<core::LlmLayerCost> modelLayers(const TokenCalibrateOptions& options) {
    std::vector<core::LlmLayerCost> layers;
    if (core::detectModelFileFormat(options.model) == core::ModelFileFormat::Gguf) {
        const core::GgufHeader header = core::readGgufHeader(options.model);
        layers = core::ggufLayerCosts(header, core::ggufArchitecture(header),
                                      *core::llmKvCacheFormat("f16"));
    } else {
        std::string error;
        const auto text = core::readTextFile(options.model, error);
        if (!text)
            throw core::LlmModelError(error);
        const auto parsed = core::parseJsonText(*text);
        if (parsed.issue)
            throw core::LlmModelError(parsed.issue->text());
        const auto architecture = core::readHuggingFaceConfig(*parsed.value);
        core::LlmImportOptions llm;
        llm.weights = options.weights;
        const auto formats = core::llmFormats(architecture, llm);
        layers = core::llmLayerCosts(architecture, formats.weights, formats.kvCache);
    }
    if (options.modelBytes > 0) {
        double total = 0;
        for (const auto& layer : layers)
            total += layer.paramBytes;
        for (auto& layer : layers) {
            layer.paramBytes *= options.modelBytes / total;
            layer.stepReadBytes *= options.modelBytes / total;
        }
    }
    return layers;
}

} // namespace

int runTokenCalibrate(const std::vector<std::string>& arguments) {
    const TokenCalibrateOptions options = parseTokenCalibrate(arguments);
    const core::MachinePreset* preset = core::findMachinePreset(options.preset);
    if (!preset)
        throw CliError("--preset: unknown preset '" + options.preset +
                       "' (known: " + core::machinePresetIds() + ")");
    core::MachinePreset machine = *preset;
    if (!options.id.empty())
        machine.id = options.id;
    if (!options.label.empty())
        machine.label = options.label;
    if (!options.tier.empty()) {
        const auto tier = core::tierFromName(options.tier);
        if (!tier)
            throw CliError("--tier: unknown tier '" + options.tier +
                           "' (expected device, edge or cloud)");
        machine.defaultTier = *tier;
    }
    try {
        const auto layers = modelLayers(options);
        machine = core::calibrateTokenShares(machine, layers, {options.pp, options.tg});
        const auto predicted = core::predictLlamaBench(layers, core::tokenRatesOf(machine));
        const nlohmann::ordered_json calibration = {{"model", options.model},
                                                    {"pp512_measured", options.pp},
                                                    {"tg128_measured", options.tg},
                                                    {"pp512_estimated", predicted.pp512},
                                                    {"tg128_estimated", predicted.tg128}};
        core::writeFileAtomically(options.output,
                                  core::machineToJson(machine, calibration).dump(1) + "\n",
                                  "the machine file");
        std::printf("%s: compute share %.3f, bandwidth share %.3f (pp512 %.1f, tg128 %.2f "
                    "tokens/s)\n",
                    machine.id.c_str(), machine.tokenComputeShare, machine.tokenBandwidthShare,
                    predicted.pp512, predicted.tg128);
    } catch (const core::LlmModelError& error) {
        throw CliError(options.model + ": " + error.what());
    } catch (const core::GgufError& error) {
        throw CliError(options.model + ": " + error.what());
    } catch (const core::FileWriteError& error) {
        throw CliError(error.what());
    }
    return 0;
}

} // namespace cutlab::cli
