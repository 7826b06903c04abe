#pragma once

#include "core/model/OperatorClass.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cutlab::core {

// The shapes an operator's cost is computed from: one per input and output (an empty shape is
// a scalar; an absent optional input is an empty entry).
struct OperatorShapes {
    std::vector<std::vector<std::int64_t>> inputs;
    std::vector<std::vector<std::int64_t>> outputs;
    std::vector<std::int64_t> kernel; // the node's kernel_shape (pooling windows); empty: none
    std::int64_t group = 1;           // the node's group (convolutions)
    std::string equation = {};        // the node's equation (Einsum)
};

// Elements of a shape (1 for a scalar).
double elementCount(const std::vector<std::int64_t>& shape);

// Floating-point operations of one ONNX operator at the given shapes:
//  - Conv: 2 × output elements × (input channels / group) × kernel elements;
//  - ConvTranspose: 2 × input elements × (output channels / group) × kernel elements;
//  - Gemm: 2 × M × N × K; MatMul: 2 × (batch of the output) × M × N × K;
//  - Einsum: 2 × output elements × the sizes of the indices summed over (those of the inputs
//    that the output does not keep);
//  - MaxPool, AveragePool, LpPool: output elements × window elements (each output reads its
//    whole window); GlobalAveragePool, GlobalMaxPool: the input's elements;
//  - element-wise, other reductions, normalisation and activation operators: the output's
//    elements;
//  - everything else (reshaping, concatenation, gathering, shapes): 0.
double operatorFlops(const std::string& opType, const OperatorShapes& shapes);

// The class of one ONNX operator at the given shapes (core/model/OperatorClass.h): Conv and
// ConvTranspose are grouped when `group` > 1; Gemm, MatMul and Einsum are matrix-vector when the
// output has one row (its elements / its last dimension = 1), else matrix-multiply; MaxPool,
// AveragePool, LpPool and the global pools are pooling; any other operator with flops is
// element-wise, and one without is data movement.
OperatorClass operatorClass(const std::string& opType, const OperatorShapes& shapes);

} // namespace cutlab::core
