#pragma once

#include <onnx/onnx_pb.h>

#include <cstdint>

namespace cutlab::core {

// The most operators a model may have: more would make a profile larger than the 128 MiB every
// reader accepts (a layer takes about 500 bytes), so such a model is refused before its shapes
// are inferred. Subgraphs count too (kMaxOnnxNodesInAll), as their inference takes time.
inline constexpr int kMaxOnnxLayers = 200000;
inline constexpr int kMaxOnnxNodesInAll = 1000000;
// Dimensions and element counts of any tensor, far beyond real models (2^40 elements = 4 TB of
// floats) and small enough that no size the ONNX library forms from them overflows.
inline constexpr std::int64_t kMaxOnnxDimension = std::int64_t{1} << 40;
inline constexpr double kMaxOnnxElements = 1099511627776.0; // 2^40
// Subgraphs (If, Loop, Scan bodies) nested deeper than this are refused.
inline constexpr int kMaxOnnxSubgraphDepth = 16;

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
