#pragma once

#include <onnx/onnx_pb.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cutlab::core {

// A small tensor whose values CutLab computes while it folds the shapes a model computes
// inside its graph (core/onnx/ShapeFolding.h): integer and boolean values exactly, floating-point
// ones as double.
struct FoldedTensor {
    int type = onnx::TensorProto::INT64; // an ONNX element type
    std::vector<std::int64_t> dims;
    std::vector<std::int64_t> ints; // integer and boolean types
    std::vector<double> reals;      // floating-point types

    bool isReal() const { return isRealType(type); }
    std::size_t size() const { return isReal() ? reals.size() : ints.size(); }
    double real(std::size_t i) const { return isReal() ? reals[i] : static_cast<double>(ints[i]); }
    std::int64_t integer(std::size_t i) const;

    static bool isRealType(int type);
    // The element types folding computes with (numbers and booleans, not strings).
    static bool isFoldableType(int type);
    // A tensor of `dims` and `type` with room for its values (all zero).
    static FoldedTensor zeros(int type, std::vector<std::int64_t> dims);
};

// The values of a tensor whose data the model holds (checked by validateOnnxModel); nullopt for
// external or absent data, strings and other types folding does not compute with.
std::optional<FoldedTensor> foldedTensorOf(const onnx::TensorProto& tensor);

// The tensor as an ONNX TensorProto named `name` (raw data in the tensor's own type).
onnx::TensorProto tensorProtoOf(const FoldedTensor& tensor, const std::string& name);

} // namespace cutlab::core
