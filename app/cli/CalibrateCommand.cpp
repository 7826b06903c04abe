// cutlab-cli calibrate PROFILE.json --model MODEL.onnx -o MACHINE.json: a machine's roofline
// per operator class fitted to its measured layer times (core/model/RooflineCalibration.h), so
// that models it never ran can be estimated on it (`estimate --machines MACHINE.json`).
#include "app/cli/Commands.h"
#include "app/cli/FixedText.h"

#include "app/cli/ArgumentCursor.h"
#include "app/cli/CliError.h"
#include "app/cli/ProfileArgument.h"
#include "app/cli/TokenCalibrateCommand.h"

#include "core/io/AtomicFile.h"
#include "core/io/JsonNumbers.h"
#include "core/io/MachineFile.h"
#include "core/io/ProfileLoader.h"
#include "core/model/MachineSelection.h"
#include "core/model/RooflineCalibration.h"
#include "core/onnx/ModelFileImport.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace cutlab::cli {
namespace {

using Json = nlohmann::ordered_json;

const char* const kCalibrateUsage =
    "usage: cutlab-cli calibrate PROFILE.json --model MODEL.onnx [PROFILE2.json --model M2.onnx\n"
    "           ...] -o MACHINE.json [--machine ID] [--id ID] [--label TEXT] [--tier TIER]\n"
    "       cutlab-cli calibrate PROFILE.json --model MODEL.onnx ... --check MACHINE [--json]\n"
    "Fits a machine's roofline per operator class (convolution, grouped convolution, matrix\n"
    "multiply, matrix-vector, pooling, element-wise, data movement) to the forward times measured\n"
    "on it: each PROFILE is a measured profile whose layer ids are the model's module paths (as\n"
    "tools/cutlab-profile-torch writes them), MODEL the same model exported to ONNX\n"
    "(tools/export-onnx-torch). The machine file is accepted wherever a preset is:\n"
    "'cutlab-cli estimate P.json --machines MACHINE.json' estimates any model on that machine.\n"
    "  --model FILE     the ONNX export of the profile before it (one per profile)\n"
    "  -o, --output F   the machine file to write (atomically)\n"
    "  --machine ID     the measured machine (default: the profile's only machine)\n"
    "  --id ID          the calibrated machine's id (default: the measured machine's id)\n"
    "  --label TEXT     its label (default: the measured machine's label)\n"
    "  --tier TIER      its tier: device, edge or cloud (default: the measured machine's tier)\n"
    "  --check MACHINE  write nothing: estimate every measured layer on MACHINE (a preset,\n"
    "                   NAME=GFLOPS,GBPS or a machine file) and print it against the measured\n"
    "                   time, with the median error and Spearman's rank correlation\n"
    "  --json           with --check: the comparison as JSON\n"
    "Exit status: 0 written or checked, 2 bad input (a profile without the machine, a model\n"
    "whose operators match none of the profile's layers, an unwritable output).\n"
    "       cutlab-cli calibrate --tokens MODEL --preset ID [--pp TPS] [--tg TPS] -o MACHINE.json\n"
    "Language models: the shares of a preset's compute and bandwidth that give measured\n"
    "llama-bench rates (pp512, tg128 in tokens/s) of MODEL (a config.json or .gguf); options\n"
    "--weights TYPE, --model-bytes N (the measured file's size), --id, --label, --tier.\n";

struct Options {
    std::vector<std::pair<std::string, std::string>> inputs; // profile, model
    std::string output, machine, id, label, tier, check;
    bool json = false;
};

Options parseCalibrateOptions(const std::vector<std::string>& arguments) {
    Options options;
    ArgumentCursor cursor(arguments);
    while (!cursor.done()) {
        const std::string flag = cursor.next();
        if (flag == "--model") {
            if (options.inputs.empty() || !options.inputs.back().second.empty())
                throw CliError("--model must follow the profile it was measured for");
            options.inputs.back().second = cursor.valueOf(flag);
        } else if (flag == "-o" || flag == "--output") {
            options.output = cursor.valueOf(flag);
        } else if (flag == "--machine" || flag == "--id" || flag == "--label" || flag == "--tier" ||
                   flag == "--check") {
            std::string& slot = flag == "--machine" ? options.machine
                                : flag == "--id"    ? options.id
                                : flag == "--label" ? options.label
                                : flag == "--tier"  ? options.tier
                                                    : options.check;
            slot = cursor.valueOf(flag);
        } else if (flag == "--json") {
            options.json = true;
        } else if (!flag.empty() && flag[0] == '-') {
            throw CliError("calibrate: unknown option " + flag +
                           " (see cutlab-cli calibrate --help)");
        } else {
            options.inputs.push_back({flag, ""});
        }
    }
    return options;
}

void checkOptions(const Options& options) {
    if (options.inputs.empty())
        throw CliError(std::string(kCalibrateUsage) + "(see cutlab-cli calibrate --help)");
    for (const auto& [profile, model] : options.inputs)
        if (model.empty())
            throw CliError(profile + ": --model MODEL.onnx is missing after it");
    if (options.check.empty() == options.output.empty())
        throw CliError("give either -o MACHINE.json or --check MACHINE");
    if (options.json && options.check.empty())
        throw CliError("--json goes with --check");
    if (!options.tier.empty() && !core::tierFromName(options.tier))
        throw CliError("--tier: unknown tier '" + options.tier +
                       "' (expected device, edge or cloud)");
}

int measuredMachine(const core::Profile& profile, const std::string& path, const std::string& id) {
    if (!id.empty()) {
        const int position = profile.machineIndex(id);
        if (position < 0)
            throw CliError(path + ": error: the profile has no machine '" + id + "'");
        return position;
    }
    if (profile.machines.size() != 1)
        throw CliError(path + ": error: the profile has " +
                       std::to_string(profile.machines.size()) +
                       " machines: name the measured one with --machine ID");
    return 0;
}

core::Profile importedModel(const std::string& path) {
    core::ConvertedProfile converted;
    try {
        converted = core::importModel(path, core::ModelImportOptions{});
    } catch (const core::ModelImportError& error) {
        throw CliError(error.what());
    }
    auto loaded = core::parseProfile(converted.text);
    if (!loaded.ok())
        throw CliError(
            path + ": error: the imported model does not load: " + loaded.issues.front().text());
    return std::move(*loaded.profile);
}

std::vector<core::CalibrationSample> samplesOf(const Options& options) {
    std::vector<core::CalibrationSample> samples;
    for (const auto& [profilePath, modelPath] : options.inputs) {
        core::CalibrationSample sample;
        sample.name = profilePath;
        sample.measured = loadProfileOrThrow(profilePath);
        sample.machine = measuredMachine(sample.measured, profilePath, options.machine);
        if (core::detectModelFileFormat(modelPath) != core::ModelFileFormat::Onnx)
            throw CliError(modelPath + ": error: not an ONNX model");
        sample.imported = importedModel(modelPath);
        samples.push_back(std::move(sample));
    }
    return samples;
}

std::string calibratePercent(double fraction) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %%", fraction * 100);
    return text;
}

core::MachinePreset checkedMachine(const std::string& text) {
    auto parsed = core::parseMachineSelection(text, core::readMachineFile);
    if (!parsed.ok())
        throw CliError("--check: " + parsed.error);
    if (parsed.machines.size() != 1)
        throw CliError("--check takes one machine");
    return parsed.machines.front().preset;
}

Json scoreJson(const std::string& machine, const core::CalibrationScore& score) {
    Json layers = Json::array();
    for (const core::LayerComparison& layer : score.layers)
        layers.push_back({{"profile", layer.sample},
                          {"layer", layer.layer},
                          {"measured_ms", layer.measuredMs},
                          {"estimated_ms", layer.estimatedMs}});
    return {{"machine", machine},
            {"layers", layers},
            {"median_error", score.medianError},
            {"spearman", score.spearman}};
}

void printScore(const core::CalibrationScore& score) {
    int profileWidth = 7, layerWidth = 5;
    for (const core::LayerComparison& layer : score.layers) {
        profileWidth = std::max(profileWidth, static_cast<int>(layer.sample.size()));
        layerWidth = std::max(layerWidth, static_cast<int>(layer.layer.size()));
    }
    std::printf("%-*s  %-*s %12s %12s %8s\n", profileWidth, "profile", layerWidth, "layer",
                "measured ms", "estimated ms", "error");
    for (const core::LayerComparison& layer : score.layers)
        std::printf("%-*s  %-*s %12.4f %12.4f %+7.1f%%\n", profileWidth, layer.sample.c_str(),
                    layerWidth, layer.layer.c_str(), layer.measuredMs, layer.estimatedMs,
                    (layer.estimatedMs / layer.measuredMs - 1) * 100);
}

std::string summaryLine(const core::CalibrationScore& score) {
    return "median error " + calibratePercent(score.medianError) + " over " +
           std::to_string(score.layers.size()) + " layers; Spearman " + fixed(score.spearman, 3);
}

int runCheck(const Options& options, const std::vector<core::CalibrationSample>& samples) {
    const core::MachinePreset machine = checkedMachine(options.check);
    const core::CalibrationScore score = core::scoreMachine(samples, machine);
    if (options.json) {
        std::cout << core::finiteJsonText(scoreJson(machine.id, score)) << "\n";
        return 0;
    }
    printScore(score);
    std::cout << options.check << ": " << summaryLine(score) << "\n";
    return 0;
}

// Names the calibrated machine after the measured one unless the options say otherwise.
void nameMachine(core::MachinePreset& machine, const Options& options,
                 const core::CalibrationSample& first) {
    const core::Machine& measured =
        first.measured.machines[static_cast<std::size_t>(first.machine)];
    machine.id = options.id.empty() ? measured.id : options.id;
    machine.label = options.label.empty() ? measured.label : options.label;
    if (machine.label.empty())
        machine.label = machine.id;
    machine.defaultTier = options.tier.empty() ? measured.tier : *core::tierFromName(options.tier);
    std::string from;
    for (const auto& [profile, model] : options.inputs)
        from += (from.empty() ? "" : ", ") + profile + " (" + model + ")";
    machine.source =
        "calibrated by cutlab-cli calibrate on machine '" + measured.id + "' of " + from;
}

Json calibrationJson(const Options& options, const core::CalibrationScore& score) {
    Json profiles = Json::array();
    for (const auto& [profile, model] : options.inputs)
        profiles.push_back({{"profile", profile}, {"model", model}});
    return {{"profiles", profiles},
            {"layers", score.layers.size()},
            {"median_error", score.medianError},
            {"spearman", score.spearman}};
}

void printMachine(const core::MachinePreset& machine) {
    std::cout << "  overhead " << fixed(machine.overheadMs, 4) << " ms per operator; other classes "
              << fixed(machine.achievedGflops(), 2) << " GFLOP/s, " << fixed(machine.memoryGBps, 2)
              << " GB/s\n";
    for (const core::ClassRoofline& rate : machine.classRooflines)
        std::printf("  %-20s %10.2f GFLOP/s %8.2f GB/s\n",
                    core::operatorClassName(rate.operatorClass).c_str(), rate.gflops, rate.gbps);
}

int writeCalibratedMachine(const Options& options,
                           const std::vector<core::CalibrationSample>& samples) {
    core::MachinePreset machine;
    try {
        machine = core::calibrateMachine(samples);
    } catch (const core::CalibrationError& error) {
        throw CliError(std::string("calibrate: error: ") + error.what());
    }
    nameMachine(machine, options, samples.front());
    const core::CalibrationScore score = core::scoreMachine(samples, machine);
    const std::string document =
        core::finiteJsonText(core::machineToJson(machine, calibrationJson(options, score))) + "\n";
    try {
        core::writeFileAtomically(options.output, document, "the machine file");
    } catch (const core::FileWriteError& unwritable) {
        throw CliError(unwritable.path() + ": error: " + unwritable.what());
    }
    std::cout << options.output << ": machine '" << machine.id << "' ("
              << core::tierName(machine.defaultTier) << ") calibrated; " << summaryLine(score)
              << "\n";
    printMachine(machine);
    return 0;
}

} // namespace

int runCalibrate(const std::vector<std::string>& arguments) {
    for (const std::string& argument : arguments)
        if (argument == "--help") {
            std::cout << kCalibrateUsage;
            return 0;
        }
    if (!arguments.empty() && arguments.front() == "--tokens")
        return runTokenCalibrate(arguments);
    const Options options = parseCalibrateOptions(arguments);
    checkOptions(options);
    std::vector<core::CalibrationSample> samples = samplesOf(options);
    try {
        return options.check.empty() ? writeCalibratedMachine(options, samples)
                                     : runCheck(options, samples);
    } catch (const core::CalibrationError& error) {
        throw CliError(std::string("calibrate: error: ") + error.what());
    }
}

} // namespace cutlab::cli
