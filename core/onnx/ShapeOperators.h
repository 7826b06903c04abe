#pragma once

#include "core/onnx/FoldedTensor.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace cutlab::core {

// Evaluates one standard-domain operator on inputs whose values are known (nullptr for an
// optional input left out): the element-wise operators of core/onnx/ShapeArithmetic.h and
// Identity, Reshape, Expand, Unsqueeze, Squeeze, Concat, Gather, Slice, Transpose, Flatten,
// ConstantOfShape, Range, Tile, Trilu and the reductions (Sum, Prod, Min, Max, Mean), as the ONNX
// specification defines them at `opset`. nullopt for operators and element types folding does
// not evaluate. Throws folding::FoldingError when the inputs do not fit the operator and
// folding::FoldTooLarge when the result would hold more than `maxElements` elements (checked
// before anything that large is made).
std::optional<FoldedTensor> evaluateShapeOperator(const onnx::NodeProto& node,
                                                  const std::vector<const FoldedTensor*>& inputs,
                                                  std::int64_t opset, double maxElements);

} // namespace cutlab::core
