#pragma once

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <string>
#include <string_view>

namespace cutlab::core {

// Parses an ONNX ModelProto streamed from an open file descriptor (never held twice in
// memory). Throws OnnxImportError when the bytes are not a ModelProto or it has no graph nodes.
onnx::ModelProto readOnnxModel(int fd);
// The same from bytes in memory (the fuzz target).
onnx::ModelProto parseOnnxModel(std::string_view bytes);

// The default ONNX domain ("" or "ai.onnx"): the standard operators.
bool isStandardDomain(const std::string& domain);

// The model's ONNX opset (the default domain's), checked against what this importer knows.
// Throws OnnxImportError: none declared, not positive, or newer than the library's.
std::int64_t onnxOpset(const onnx::ModelProto& model);

} // namespace cutlab::core
