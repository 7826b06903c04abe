#pragma once

#include "core/io/InputLimits.h"

#include <onnx/onnx_pb.h>

#include <cstdint>

namespace cutlab::core {

// Checks what CutLab can check of an untrusted model before the ONNX library sees it, so that
// the library's shape inference only meets models it can handle:
//  - counts: operators (kMaxOnnxLayers, kMaxOnnxNodesInAll) and subgraph nesting;
//  - every name (nodes, tensors, graph inputs and outputs) is UTF-8;
//  - every tensor (initializers, Constant values, tensor attributes): a known element type,
//    dimensions in 0..2^40, and raw_data or typed data exactly as long as type and dimensions
//    say (sparse tensors are refused);
//  - every declared shape: dimensions in 0..2^40;
//  - every standard operator: input and output counts, required attributes present with their
//    declared types, as its schema at `opset` says; strides, dilations, kernel sizes, groups and
//    block sizes > 0, pads >= 0; Slice steps and Range deltas that are constants are not 0.
// Throws OnnxImportError naming the node or tensor and what is wrong.
void validateOnnxModel(const onnx::ModelProto& model, std::int64_t opset);

} // namespace cutlab::core
