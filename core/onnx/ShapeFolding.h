#pragma once

#include <onnx/onnx_pb.h>

#include <cstdint>

namespace cutlab::core {

// The most elements a tensor folding computes may hold.
inline constexpr double kMaxFoldedElements = 1'000'000;

// Folds the shapes a model computes inside its graph (Shape -> Gather -> Unsqueeze -> Concat
// -> Reshape, Range over a computed length, ...) at the model's settled input sizes, after ONNX
// shape inference (run here first): one pass over the nodes in order evaluates each node whose
// inputs are all known values (constants, integer initializers, scalars, earlier results, and
// the shape of a tensor whose shape is known) with evaluateShapeOperator, and infers the types
// of every other node with its ONNX schema, so a Reshape whose target was just folded has its
// shape for the nodes after it; nodes with subgraphs take ONNX's whole-graph inference, and the
// pass repeats while it folds something and outputs are still unknown.
// Afterwards each folded node is a Constant node holding its value (the layer graph folds it
// away: its value is not a parameter), and graph.value_info holds every inferred type.
// Throws OnnxImportError naming the node: inputs that do not fit its operator, an integer
// result above kMaxFoldedElements (a floating-point one is left to shape inference), a shape
// that still cannot be inferred (why: the data it depends on, and a way out).
void foldShapeComputations(onnx::ModelProto& model, std::int64_t opset);

// The folding alone, without the ONNX library (CutLab's own code, for the fuzz target): one
// pass evaluates what the constants and the declared shapes give, and replaces it as above.
void foldShapeComputationsWithoutInference(onnx::ModelProto& model, std::int64_t opset);

} // namespace cutlab::core
