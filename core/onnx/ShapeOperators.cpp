#include "core/onnx/ShapeOperators.h"

#include "core/onnx/ShapeArithmetic.h"
#include "core/onnx/TensorOperators.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace cutlab::core {
namespace {

using namespace folding;
using Integer = std::int64_t;

FoldedTensor reshape(const FoldedTensor& data, const Dims& shape, bool allowZero) {
    Dims dims(shape.size());
    int inferred = -1;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] == -1) {
            if (inferred >= 0)
                throw FoldingError("has two -1 dimensions in its target shape");
            inferred = static_cast<int>(i);
            dims[i] = 1;
        } else if (shape[i] == 0 && !allowZero) {
            if (i >= data.dims.size())
                throw FoldingError("copies dimension " + std::to_string(i) +
                                   " from a tensor of rank " + std::to_string(data.dims.size()));
            dims[i] = data.dims[i];
        } else if (shape[i] < 0) {
            throw FoldingError("has the dimension " + std::to_string(shape[i]) +
                               " in its target shape");
        } else {
            dims[i] = shape[i];
        }
    }
    double known = 1; // in floating point: a malformed target must not overflow
    for (const Integer d : dims)
        known *= static_cast<double>(d);
    const auto count = static_cast<Integer>(data.size());
    if (inferred >= 0 && known > 0)
        dims[static_cast<std::size_t>(inferred)] =
            static_cast<Integer>(static_cast<double>(count) / known);
    double total = 1;
    for (const Integer d : dims)
        total *= static_cast<double>(d);
    if (total != static_cast<double>(count))
        throw FoldingError("reshapes " + std::to_string(count) + " elements to a shape that " +
                           "does not hold them");
    FoldedTensor out = data;
    out.dims = dims;
    return out;
}

FoldedTensor unsqueeze(const FoldedTensor& data, Dims axes) {
    const std::size_t rank = data.dims.size() + axes.size();
    for (Integer& axis : axes)
        axis = normalisedAxis(axis, rank);
    std::sort(axes.begin(), axes.end());
    if (std::adjacent_find(axes.begin(), axes.end()) != axes.end())
        throw FoldingError("names an axis twice");
    FoldedTensor out = data;
    out.dims.clear();
    std::size_t next = 0;
    for (std::size_t i = 0; i < rank; ++i)
        out.dims.push_back(
            std::binary_search(axes.begin(), axes.end(), Integer(i)) ? 1 : data.dims[next++]);
    return out;
}

FoldedTensor squeeze(const FoldedTensor& data, const std::optional<Dims>& axes) {
    Dims keep;
    Dims normalised;
    if (axes)
        for (const Integer axis : *axes)
            normalised.push_back(normalisedAxis(axis, data.dims.size()));
    for (std::size_t i = 0; i < data.dims.size(); ++i) {
        const bool named = std::count(normalised.begin(), normalised.end(), Integer(i)) > 0;
        if (named && data.dims[i] != 1)
            throw FoldingError("squeezes axis " + std::to_string(i) + " of size " +
                               std::to_string(data.dims[i]));
        if (!(axes ? named : data.dims[i] == 1))
            keep.push_back(data.dims[i]);
    }
    FoldedTensor out = data;
    out.dims = keep;
    return out;
}

FoldedTensor concat(const std::vector<const FoldedTensor*>& in, Integer axisAttribute,
                    double maxElements) {
    const FoldedTensor& first = *in[0];
    const auto axis = static_cast<std::size_t>(normalisedAxis(axisAttribute, first.dims.size()));
    Dims dims = first.dims;
    dims[axis] = 0;
    for (const FoldedTensor* part : in) {
        if (!part || part->dims.size() != first.dims.size())
            throw FoldingError("joins tensors of different ranks");
        for (std::size_t i = 0; i < dims.size(); ++i)
            if (i != axis && part->dims[i] != first.dims[i])
                throw FoldingError("joins tensors whose sizes differ off the joined axis");
        dims[axis] += part->dims[axis];
    }
    checkedElements(dims, maxElements);
    FoldedTensor out = FoldedTensor::zeros(first.type, dims);
    const Integer outer = product(dims, 0, axis);
    std::size_t n = 0;
    for (Integer o = 0; o < outer; ++o)
        for (const FoldedTensor* part : in) {
            const Integer run = product(part->dims, axis, part->dims.size());
            for (Integer k = 0; k < run; ++k, ++n) {
                const auto source = static_cast<std::size_t>(o * run + k);
                if (out.isReal())
                    out.reals[n] = part->real(source);
                else
                    out.ints[n] = part->integer(source);
            }
        }
    return out;
}

FoldedTensor gather(const FoldedTensor& data, const FoldedTensor& indices, Integer axisAttribute,
                    double maxElements) {
    if (data.dims.empty())
        throw FoldingError("gathers from a scalar");
    const auto axis = static_cast<std::size_t>(normalisedAxis(axisAttribute, data.dims.size()));
    const Integer size = data.dims[axis];
    Dims dims(data.dims.begin(), data.dims.begin() + static_cast<long>(axis));
    dims.insert(dims.end(), indices.dims.begin(), indices.dims.end());
    dims.insert(dims.end(), data.dims.begin() + static_cast<long>(axis) + 1, data.dims.end());
    const Integer inner = product(data.dims, axis + 1, data.dims.size());
    const auto count = static_cast<Integer>(indices.size());
    return gathered(data, dims, maxElements, [&](std::size_t i) {
        const Integer k = static_cast<Integer>(i) % inner;
        const Integer j = (static_cast<Integer>(i) / inner) % std::max<Integer>(count, 1);
        const Integer o = static_cast<Integer>(i) / inner / std::max<Integer>(count, 1);
        Integer index = indices.integer(static_cast<std::size_t>(j));
        if (index < -size || index >= size)
            throw FoldingError("gathers index " + std::to_string(index) + " of a dimension of " +
                               std::to_string(size));
        index = index < 0 ? index + size : index;
        return static_cast<std::size_t>((o * size + index) * inner + k);
    });
}

} // namespace

std::optional<FoldedTensor> evaluateShapeOperator(const onnx::NodeProto& node,
                                                  const std::vector<const FoldedTensor*>& in,
                                                  std::int64_t opset, double maxElements) {
    const std::string& op = node.op_type();
    const auto input = [&](std::size_t i) -> const FoldedTensor* {
        return i < in.size() ? in[i] : nullptr;
    };
    if (op == "Identity" && input(0))
        return *input(0);
    if (op == "Reshape" && input(0) && input(1))
        return reshape(*input(0), valuesOf(*input(1)), intAttribute(node, "allowzero", 0) != 0);
    if (op == "Unsqueeze" && input(0)) {
        const auto axes = axesOf(node, in, 1, opset, 13);
        return axes ? std::optional(unsqueeze(*input(0), *axes)) : std::nullopt;
    }
    if (op == "Squeeze" && input(0))
        return squeeze(*input(0), axesOf(node, in, 1, opset, 13));
    if (op == "Concat" && !in.empty())
        return concat(in, intAttribute(node, "axis", 0), maxElements);
    if (op == "Gather" && input(0) && input(1))
        return gather(*input(0), *input(1), intAttribute(node, "axis", 0), maxElements);
    if (auto result = evaluateTensorOperator(node, in, opset, maxElements))
        return result;
    return evaluateElementwise(node, in, maxElements);
}

} // namespace cutlab::core
