#pragma once

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace cutlab::core {

// The dimensions of a tensor type whose every dimension has a value; nullopt otherwise.
std::optional<std::vector<std::int64_t>> completeShapeOf(const onnx::TypeProto& type);
// True when completeShapeOf would give the dimensions (without making them).
bool hasCompleteShape(const onnx::TypeProto& type);

// True when an operator's output (Constant nodes aside) has no complete shape in the graph's
// value_info or outputs.
bool hasUnknownShapes(const onnx::GraphProto& graph);

// Throws OnnxImportError for the first operator whose output has no complete shape, with why:
// the operator upstream whose output size depends on the values it reads (NonZero, Unique,
// TopK with a computed k, a loop, a value computed from the data...) and a way out (cut the
// model before it).
void refuseUnknownShapes(const onnx::GraphProto& graph);

} // namespace cutlab::core
