#include "core/onnx/OnnxImport.h"

#include "core/onnx/FileDescriptor.h"
#include "core/onnx/OnnxLayerGraph.h"
#include "core/onnx/OnnxModelReader.h"
#include "core/onnx/OnnxValidation.h"
#include "core/onnx/ShapeFolding.h"

#include <filesystem>

namespace cutlab::core {
namespace {

void report(const ImportProgress& progress, double fraction) {
    if (progress && !progress(fraction))
        throw ImportCancelled();
}

// Checks, settles symbolic dimensions, infers shapes, and makes the layer graph.
nlohmann::ordered_json importParsedModel(onnx::ModelProto& model, const OnnxImportOptions& options,
                                         const ImportProgress& progress) {
    report(progress, 0.4);
    const std::int64_t opset = onnxOpset(model);
    validateOnnxModel(model, opset);
    resolveSymbolicDimensions(*model.mutable_graph(), options.dimensions);
    foldShapeComputations(model, opset);
    report(progress, 0.6);
    return onnxLayerGraph(model, opset, options, [&progress](double fraction) {
        return !progress || progress(0.6 + 0.3 * fraction);
    });
}

} // namespace

bool looksLikeOnnx(std::string_view head) {
    // ModelProto field 1 (ir_version, varint) comes first in every exporter's output
    return head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x08 &&
           static_cast<unsigned char>(head[1]) < 0x80 && head[1] != 0;
}

nlohmann::ordered_json importOnnxGraph(const std::string& path, const OnnxImportOptions& options,
                                       const ImportProgress& progress) {
    const FileDescriptor file = FileDescriptor::openForReading(path);
    if (file.get() < 0)
        throw OnnxImportError("cannot be read");
    OnnxImportOptions named = options;
    if (named.fileName.empty())
        named.fileName = std::filesystem::path(path).filename().string();
    return importOnnxGraphFromDescriptor(file.get(), named, progress);
}

nlohmann::ordered_json importOnnxGraphFromDescriptor(int fd, const OnnxImportOptions& options,
                                                     const ImportProgress& progress) {
    report(progress, 0);
    onnx::ModelProto model = readOnnxModel(fd);
    return importParsedModel(model, options, progress);
}

nlohmann::ordered_json importOnnxGraphWithoutInference(std::string_view bytes,
                                                       const OnnxImportOptions& options) {
    onnx::ModelProto model = parseOnnxModel(bytes);
    const std::int64_t opset = onnxOpset(model);
    validateOnnxModel(model, opset);
    foldShapeComputationsWithoutInference(model, opset);
    return onnxLayerGraph(model, opset, options, {});
}

} // namespace cutlab::core
