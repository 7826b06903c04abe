#include "core/onnx/ModelFileImport.h"

#include "core/io/AtomicFile.h"
#include "core/io/InputLimits.h"
#include "core/io/JsonText.h"
#include "core/io/MachineFile.h"
#include "core/io/PipeDreamImport.h"
#include "core/io/ProfileLoader.h"
#include "core/io/ProfileWriter.h"
#include "core/llm/GgufModel.h"
#include "core/llm/HuggingFaceConfig.h"
#include "core/llm/LlmImport.h"
#include "core/model/MachineSelection.h"
#include "core/model/RooflineEstimator.h"
#include "core/onnx/OnnxImportSandbox.h"

#include <cmath>
#include <fstream>
#include <unordered_map>

namespace cutlab::core {
namespace {

// The times the estimator gave, within what a profile may hold (a huge layer on a slow machine
// could exceed it): what is written must open.
void checkEstimatedTimes(const Profile& profile, const std::string& source) {
    for (const Layer& layer : profile.layers)
        for (const auto* times : {&layer.forwardMs, &layer.backwardMs, &layer.updateMs})
            for (const double ms : *times)
                if (!std::isfinite(ms) || ms < 0 || ms > kTimeRange.max)
                    throw ModelImportError(source, "layer '" + layer.id +
                                                       "' would take more than " + kTimeRange.text +
                                                       " on a machine");
}

ConvertedProfile importOnnx(const std::string& source, const ModelImportOptions& options,
                            const ImportProgress& progress) {
    std::vector<MachineSelection> machines = defaultMachinesForTiers();
    if (!options.machines.empty()) {
        auto parsed = parseMachineSelection(options.machines, readMachineFile);
        if (!parsed.ok())
            throw ModelImportError(source, "--machines: " + parsed.error);
        machines = std::move(parsed.machines);
    }
    OnnxImportOptions onnx = options.onnx;
    if (!options.modelName.empty())
        onnx.modelName = options.modelName;
    nlohmann::ordered_json graph;
    try {
        graph = importOnnxGraphInSandbox(source, onnx, [&progress](double fraction) {
            return !progress || progress(fraction * 0.9);
        });
    } catch (const OnnxImportError& error) {
        throw ModelImportError(source, error.what());
    }
    // the helper's reply is checked as every profile read is, before anything uses it
    ProfileLoadResult checked = validateLayerGraphJson(graph);
    if (!checked.ok())
        throw ModelImportError(source, "the import helper sent a layer graph that does not "
                                       "validate: " +
                                           checked.issues.front().text());
    Profile profile = std::move(*checked.profile);
    try {
        addEstimatedMachines(profile, machines);
    } catch (const EstimateError& error) {
        throw ModelImportError(source, error.what());
    }
    checkEstimatedTimes(profile, source);
    std::string text = profileToJson(profile).dump(1);
    if (text.size() > kMaxFileBytes)
        throw ModelImportError(source, "the profile would take " +
                                           std::to_string(text.size() >> 20) +
                                           " MiB, more than the 128 MiB a profile may have");
    if (progress && !progress(0.95))
        throw ImportCancelled();
    return {profile.model.name, std::move(text)};
}

// A Hugging Face config.json or a GGUF header, on the language-model machines (or --machines).
ConvertedProfile importLanguageModel(const std::string& source, ModelFileFormat format,
                                     const ModelImportOptions& options) {
    LlmImportOptions llm = options.llm;
    if (!options.modelName.empty())
        llm.modelName = options.modelName;
    if (!options.machines.empty()) {
        auto parsed = parseMachineSelection(options.machines, readMachineFile);
        if (!parsed.ok())
            throw ModelImportError(source, "--machines: " + parsed.error);
        llm.machines = std::move(parsed.machines);
    }
    try {
        return format == ModelFileFormat::Gguf ? importGgufModel(source, llm)
                                               : importHuggingFaceConfig(source, llm);
    } catch (const LlmModelError& error) {
        throw ModelImportError(source, error.what());
    }
}

} // namespace

ModelFileFormat detectModelFileFormat(const std::string& path) {
    if (notARegularFile(path)) // a FIFO would block the read below for ever
        return ModelFileFormat::Unknown;
    std::ifstream file(path, std::ios::binary);
    if (!file)
        return ModelFileFormat::Unknown;
    std::string head(64 * 1024, '\0');
    file.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(file.gcount()));
    if (looksLikeGguf(head))
        return ModelFileFormat::Gguf;
    if (looksLikeOnnx(head))
        return ModelFileFormat::Onnx;
    if (looksLikeHuggingFaceConfig(head))
        return ModelFileFormat::HuggingFaceConfig;
    if (looksLikePipeDreamGraph(head))
        return ModelFileFormat::PipeDream;
    return ModelFileFormat::Unknown;
}

ConvertedProfile importModel(const std::string& source, const ModelImportOptions& options,
                             const ImportProgress& progress) {
    if (auto problem = notARegularFile(source))
        throw ModelImportError(source, *problem);
    if (!std::ifstream(source, std::ios::binary))
        throw ModelImportError(source, "cannot be read (no permission)");
    const ModelFileFormat format = detectModelFileFormat(source);
    if (format == ModelFileFormat::Onnx)
        return importOnnx(source, options, progress);
    if (format == ModelFileFormat::HuggingFaceConfig || format == ModelFileFormat::Gguf)
        return importLanguageModel(source, format, options);
    // PipeDream's importer reads the whole text and knows its own format best (a first line may
    // be longer than any head read for detection)
    PipeDreamImportOptions pipeDream = options.pipeDream;
    pipeDream.modelName = options.modelName;
    try {
        return convertPipeDreamFile(source, pipeDream);
    } catch (const PipeDreamFileError& error) {
        if (error.kind() != PipeDreamFileError::Kind::UnknownFormat)
            throw ModelImportError(error.path(), error.detail());
    }
    throw ModelImportError(
        source, "unknown format: CutLab imports ONNX models (.onnx), language models (a Hugging "
                "Face config.json, a llama.cpp .gguf) and PipeDream's profiler graph.txt (lines "
                "'nodeN -- Layer -- forward_compute_time=..., "
                "backward_compute_time=..., activation_size=..., parameter_size=...'); open "
                "cutlab-profile JSON files with File ▸ Open Profile");
}

std::string importModelFile(const std::string& source, const std::string& destination,
                            const ModelImportOptions& options, const ImportProgress& progress) {
    const ConvertedProfile converted = importModel(source, options, progress);
    try {
        writeFileAtomically(destination, converted.text, "the profile");
    } catch (const FileWriteError& error) {
        throw ModelImportError(destination, error.what());
    }
    return converted.modelName;
}

} // namespace cutlab::core
