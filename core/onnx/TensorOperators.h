#pragma once

#include "core/onnx/FoldedTensor.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace cutlab::core {

// The operators folding evaluates that make or rearrange whole tensors: Slice, Transpose,
// Flatten, Expand, Tile, Trilu, ConstantOfShape, Range and the reductions ReduceSum,
// ReduceProd, ReduceMin, ReduceMax, ReduceMean (as evaluateShapeOperator, which calls it).
std::optional<FoldedTensor> evaluateTensorOperator(const onnx::NodeProto& node,
                                                   const std::vector<const FoldedTensor*>& inputs,
                                                   std::int64_t opset, double maxElements);

} // namespace cutlab::core
