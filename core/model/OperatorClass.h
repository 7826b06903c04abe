#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace cutlab::core {

struct Layer;

// What kind of work a layer does, for the time model: each class may run at its own rate on a
// machine (a calibrated machine's per-class roofline, docs/cost-models.md §4).
enum class OperatorClass {
    Convolution,        // dense convolution (group 1)
    GroupedConvolution, // grouped and depthwise convolution (group > 1)
    MatrixMultiply,     // GEMM: several rows per sample
    MatrixVector,       // GEMV: one row per sample (a fully connected layer on one sample)
    Pooling,            // max, average and Lp pooling, global pooling
    Elementwise,        // activations, normalisation, additions, softmax: flops ~ elements
    DataMovement,       // no arithmetic: reshaping, concatenation, slicing, copies
};

inline constexpr std::array<OperatorClass, 7> kOperatorClasses = {
    OperatorClass::Convolution,    OperatorClass::GroupedConvolution,
    OperatorClass::MatrixMultiply, OperatorClass::MatrixVector,
    OperatorClass::Pooling,        OperatorClass::Elementwise,
    OperatorClass::DataMovement};

// "convolution", "grouped_convolution", "matrix_multiply", "matrix_vector", "pooling",
// "elementwise", "data_movement": the names a profile's `operator_class` field uses.
std::string operatorClassName(OperatorClass operatorClass);
std::optional<OperatorClass> operatorClassFromName(std::string_view name);
// "convolution, grouped_convolution, ...": every name, for a message.
std::string operatorClassNames();

// The class of a layer: its `operator_class` field when it has one (the ONNX import writes it),
// else guessed from its type (ONNX operator or framework layer names, any case: Conv*, Gemm,
// MatMul, Linear, Dense, *Pool*, ...) and flops (none: data movement; unknown types with flops:
// element-wise). Without shapes a fully connected layer is taken as matrix-vector (one sample).
OperatorClass operatorClassOf(const Layer& layer);

} // namespace cutlab::core
