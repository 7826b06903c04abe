#include "core/onnx/ModelFileImport.h"

#include "core/io/AtomicFile.h"
#include "core/io/InputLimits.h"
#include "core/io/JsonText.h"
#include "core/io/MachineFile.h"
#include "core/io/PipeDreamImport.h"
#include "core/io/ProfileLoader.h"
#include "core/io/ProfileWriter.h"
#include "core/model/MachineSelection.h"
#include "core/model/RooflineEstimator.h"
#include "core/onnx/OnnxImportSandbox.h"

#include <fstream>
#include <unordered_map>

namespace cutlab::core {
namespace {

// The imported graph as a profile without machines, for the estimator to add them.
Profile graphToProfile(const nlohmann::ordered_json& graph) {
    Profile profile;
    const auto& model = graph.at("model");
    profile.model.name = model.at("name").get<std::string>();
    profile.model.source = model.at("source").get<std::string>();
    profile.model.inputBytes = model.at("input_bytes").get<double>();
    profile.model.batch = model.at("batch").get<double>();
    profile.model.fields = model;
    std::unordered_map<std::string, int> position;
    for (const auto& entry : graph.at("layers")) {
        Layer layer;
        layer.id = entry.at("id").get<std::string>();
        layer.type = entry.at("type").get<std::string>();
        for (const auto& input : entry.at("inputs"))
            layer.inputs.push_back(position.at(input.get<std::string>()));
        layer.readsModelInput = layer.inputs.empty() || entry.value("reads_model_input", false);
        layer.outputBytes = entry.at("output_bytes").get<double>();
        layer.paramBytes = entry.at("param_bytes").get<double>();
        layer.flops = entry.at("flops").get<double>();
        layer.fields = entry;
        position[layer.id] = static_cast<int>(profile.layers.size());
        profile.layers.push_back(std::move(layer));
    }
    return profile;
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
    Profile profile;
    try {
        profile = graphToProfile(graph);
    } catch (const std::exception&) {
        throw ModelImportError(source, "the import helper sent a layer graph that is not whole");
    }
    try {
        addEstimatedMachines(profile, machines);
    } catch (const EstimateError& error) {
        throw ModelImportError(source, error.what());
    }
    const std::string text = profileToJson(profile).dump(1);
    if (text.size() > kMaxFileBytes)
        throw ModelImportError(source, "the profile would take " +
                                           std::to_string(text.size() >> 20) +
                                           " MiB, more than the 128 MiB a profile may have");
    // what is written must open: the same checks as every profile read
    const auto check = parseProfile(text);
    if (!check.ok())
        throw ModelImportError(source, "the imported profile does not validate: " +
                                           check.issues.front().text());
    if (progress && !progress(0.95))
        throw ImportCancelled();
    return {profile.model.name, text};
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
    if (looksLikeOnnx(head))
        return ModelFileFormat::Onnx;
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
    if (detectModelFileFormat(source) == ModelFileFormat::Onnx)
        return importOnnx(source, options, progress);
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
        source, "unknown format: CutLab imports ONNX models (.onnx) and PipeDream's profiler "
                "graph.txt (lines 'nodeN -- Layer -- forward_compute_time=..., "
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
