#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>

namespace cutlab::core {

struct OnnxImportOptions {
    std::string modelName; // empty: the file name without extension
    // Values of symbolic dimensions (`--dim NAME=VALUE`); a symbolic first dimension of a graph
    // input is the batch and is 1 unless given here.
    std::map<std::string, std::int64_t> dimensions;
    // The file's name as the profile names it (model.name's default, model.source); empty: the
    // name of the path read.
    std::string fileName;
};

// Asked now and then with the fraction done (0..1); returning false cancels the import, which
// then throws ImportCancelled.
using ImportProgress = std::function<bool(double fraction)>;
class ImportCancelled : public std::runtime_error {
  public:
    ImportCancelled() : std::runtime_error("import cancelled") {}
};

// Why an ONNX model was not imported: one sentence naming what is wrong (and the tensor or
// node concerned).
class OnnxImportError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// True when the first bytes of a file look like an ONNX model (a protobuf ModelProto starting
// with its ir_version field).
bool looksLikeOnnx(std::string_view head);

// Reads an ONNX model IN THIS PROCESS (streamed from the file: never held twice in memory;
// weights in external data files are never read, their shapes come from the model), checks it
// (validateOnnxModel), runs ONNX shape inference and folds the shapes the model computes inside
// its graph (foldShapeComputations, core/onnx/ShapeFolding.h). Only for models CutLab trusts (its
// tests): the ONNX library can crash on malformed models, so untrusted ones go through
// importOnnxGraphInSandbox (core/onnx/OnnxImportSandbox.h).
// Returns the layer graph as the model and layers of a `cutlab-profile` (docs/formats.md §1)
// WITHOUT machines or times (the estimates add them):
//  - one layer per operator in the file's (topological) order; id = node name, or its first
//    output when unnamed (or when the name is taken), else NAME#2, NAME#3...; type = op type;
//    `Constant` nodes and `Identity` nodes copying an initializer or constant are folded away;
//  - inputs from tensor names; initializers and constants are not edges; a layer reading a
//    graph input reads the model input (`"reads_model_input": true` beside earlier layers);
//    If/Loop/Scan are one layer each, outer tensors their subgraphs read are edges;
//  - output_bytes from the inferred shapes and element types at batch 1 (all outputs summed),
//    param_bytes from the initializers the node reads, flops from OperatorFlops; each layer
//    also records its "output_shape" (first output) and "op_inputs" count;
//  - model.input_bytes: the graph inputs that are not initializers, at batch 1.
// Throws OnnxImportError: not ONNX or truncated, an unsupported opset, a model the checks
// refuse, a symbolic dimension without a value, a shape that cannot be inferred (naming the node
// that makes it depend on the data) or a folded tensor above kMaxFoldedElements, nodes out of
// topological order.
nlohmann::ordered_json importOnnxGraph(const std::string& path, const OnnxImportOptions& options,
                                       const ImportProgress& progress = {});

// The same from an open file descriptor (the sandboxed worker reads its standard input).
nlohmann::ordered_json importOnnxGraphFromDescriptor(int fd, const OnnxImportOptions& options,
                                                     const ImportProgress& progress = {});

// CutLab's own part of the import on bytes in memory, without the ONNX library's shape
// inference: parse, validate, fold what constants and declared shapes give
// (foldShapeComputationsWithoutInference), and build the layer graph from the shapes the file
// declares (the fuzz target: everything but the library runs in-process).
nlohmann::ordered_json importOnnxGraphWithoutInference(std::string_view bytes,
                                                       const OnnxImportOptions& options);

} // namespace cutlab::core
