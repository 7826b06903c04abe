#pragma once

#include "core/onnx/OnnxImport.h"

#include <nlohmann/json.hpp>
#include <onnx/onnx_pb.h>

#include <cstdint>
#include <map>
#include <string>

namespace cutlab::core {

// Symbolic dimensions get their values before shape inference: `--dim NAME=VALUE`, else 1 for
// a graph input's first (batch) dimension; any other symbolic input dimension is an error
// (OnnxImportError). Declared value shapes are cleared: inference computes them again.
void resolveSymbolicDimensions(onnx::GraphProto& graph,
                               std::map<std::string, std::int64_t> symbols);

// The layer graph of a validated model whose shapes are inferred, as importOnnxGraph describes
// it. `progress` gets fractions of this step (0..1). Throws OnnxImportError.
nlohmann::ordered_json onnxLayerGraph(const onnx::ModelProto& model, std::int64_t opset,
                                      const OnnxImportOptions& options,
                                      const ImportProgress& progress);

} // namespace cutlab::core
