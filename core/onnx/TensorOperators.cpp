#include "core/onnx/TensorOperators.h"

#include "core/onnx/ShapeArithmetic.h"

#include <algorithm>
#include <cmath>

namespace cutlab::core {
namespace {

using namespace folding;
using Index = std::int64_t;

Dims coordinatesOf(std::size_t flat, const Dims& dims) {
    Dims coordinates(dims.size());
    for (std::size_t k = dims.size(); k-- > 0;) {
        coordinates[k] = static_cast<Index>(flat) % dims[k];
        flat /= static_cast<std::size_t>(dims[k]);
    }
    return coordinates;
}

std::size_t flatOf(const Dims& coordinates, const Dims& dims) {
    Index flat = 0;
    for (std::size_t k = 0; k < dims.size(); ++k)
        flat = flat * dims[k] + coordinates[k];
    return static_cast<std::size_t>(flat);
}

struct SliceAxis {
    Index start = 0;
    Index step = 1;
    Index count = 0;
};

SliceAxis sliceAxis(Index start, Index end, Index step, Index size) {
    if (step == 0)
        throw FoldingError("slices with a step of 0");
    start = start < 0 ? start + size : start;
    end = end < 0 ? end + size : end;
    SliceAxis axis;
    axis.step = step;
    if (step > 0) {
        axis.start = std::clamp<Index>(start, 0, size);
        end = std::clamp<Index>(end, 0, size);
        axis.count = std::max<Index>(0, (end - axis.start + step - 1) / step);
    } else {
        axis.start = std::clamp<Index>(start, 0, size - 1);
        end = std::clamp<Index>(end, -1, size - 1);
        axis.count = std::max<Index>(0, (axis.start - end - step - 1) / -step);
    }
    return axis;
}

std::optional<FoldedTensor> slice(const onnx::NodeProto& node,
                                  const std::vector<const FoldedTensor*>& in, Index opset,
                                  double maxElements) {
    const auto input = [&](std::size_t i) { return i < in.size() ? in[i] : nullptr; };
    if (!input(0) || (opset >= 10 && (!input(1) || !input(2))))
        return std::nullopt;
    const FoldedTensor& data = *input(0);
    const Dims starts =
        opset >= 10 ? valuesOf(*input(1)) : intsAttribute(node, "starts").value_or(Dims{});
    const Dims ends =
        opset >= 10 ? valuesOf(*input(2)) : intsAttribute(node, "ends").value_or(Dims{});
    Dims axes = axesOf(node, in, 3, opset, 10).value_or(Dims{});
    if (axes.empty())
        for (std::size_t i = 0; i < starts.size(); ++i)
            axes.push_back(static_cast<Index>(i));
    const Dims steps = input(4) ? valuesOf(*input(4)) : Dims(starts.size(), 1);
    if (ends.size() != starts.size() || axes.size() != starts.size() ||
        steps.size() != starts.size())
        throw FoldingError("has starts, ends, axes and steps of different lengths");
    std::vector<SliceAxis> plan(data.dims.size());
    Dims dims = data.dims;
    for (std::size_t i = 0; i < data.dims.size(); ++i)
        plan[i] = {0, 1, data.dims[i]};
    for (std::size_t j = 0; j < starts.size(); ++j) {
        const auto axis = static_cast<std::size_t>(normalisedAxis(axes[j], data.dims.size()));
        plan[axis] = sliceAxis(starts[j], ends[j], steps[j], data.dims[axis]);
        dims[axis] = plan[axis].count;
    }
    return gathered(data, dims, maxElements, [&](std::size_t i) {
        Dims at = coordinatesOf(i, dims);
        for (std::size_t k = 0; k < at.size(); ++k)
            at[k] = plan[k].start + at[k] * plan[k].step;
        return flatOf(at, data.dims);
    });
}

FoldedTensor transpose(const onnx::NodeProto& node, const FoldedTensor& data, double maxElements) {
    Dims perm = intsAttribute(node, "perm").value_or(Dims{});
    if (perm.empty())
        for (std::size_t i = data.dims.size(); i-- > 0;)
            perm.push_back(static_cast<Index>(i));
    if (perm.size() != data.dims.size())
        throw FoldingError("permutes " + std::to_string(perm.size()) +
                           " axes of a tensor of rank " + std::to_string(data.dims.size()));
    Dims dims(perm.size());
    for (std::size_t i = 0; i < perm.size(); ++i)
        dims[i] = data.dims[static_cast<std::size_t>(normalisedAxis(perm[i], perm.size()))];
    return gathered(data, dims, maxElements, [&](std::size_t i) {
        const Dims at = coordinatesOf(i, dims);
        Dims source(at.size());
        for (std::size_t k = 0; k < at.size(); ++k)
            source[static_cast<std::size_t>(normalisedAxis(perm[k], perm.size()))] = at[k];
        return flatOf(source, data.dims);
    });
}

FoldedTensor tile(const FoldedTensor& data, const Dims& repeats, double maxElements) {
    if (repeats.size() != data.dims.size())
        throw FoldingError("repeats " + std::to_string(repeats.size()) +
                           " axes of a tensor of rank " + std::to_string(data.dims.size()));
    Dims dims(data.dims.size());
    double count = 1;
    for (std::size_t k = 0; k < dims.size(); ++k) {
        if (repeats[k] < 0)
            throw FoldingError("repeats an axis " + std::to_string(repeats[k]) + " times");
        count *= static_cast<double>(data.dims[k]) * static_cast<double>(repeats[k]);
    }
    if (count > maxElements)
        throw FoldTooLarge(count);
    for (std::size_t k = 0; k < dims.size(); ++k)
        dims[k] = data.dims[k] * repeats[k];
    return gathered(data, dims, maxElements, [&](std::size_t i) {
        Dims at = coordinatesOf(i, dims);
        for (std::size_t k = 0; k < at.size(); ++k)
            at[k] %= data.dims[k];
        return flatOf(at, data.dims);
    });
}

FoldedTensor trilu(const onnx::NodeProto& node, const FoldedTensor& data, Index k) {
    if (data.dims.size() < 2)
        throw FoldingError("keeps a triangle of a tensor of rank " +
                           std::to_string(data.dims.size()));
    const bool upper = intAttribute(node, "upper", 1) != 0;
    FoldedTensor out = data;
    for (std::size_t i = 0; i < out.size(); ++i) {
        const Dims at = coordinatesOf(i, data.dims);
        const Index row = at[at.size() - 2];
        const Index column = at.back();
        if (upper ? column - row < k : column - row > k) {
            if (out.isReal())
                out.reals[i] = 0;
            else
                out.ints[i] = 0;
        }
    }
    return out;
}

FoldedTensor constantOfShape(const onnx::NodeProto& node, const Dims& dims, double maxElements) {
    checkedElements(dims, maxElements);
    std::optional<FoldedTensor> value;
    for (const auto& attribute : node.attribute())
        if (attribute.name() == "value" && attribute.has_t())
            value = foldedTensorOf(attribute.t());
    if (!value || value->size() != 1)
        value = FoldedTensor::zeros(onnx::TensorProto::FLOAT, {1});
    FoldedTensor out = FoldedTensor::zeros(value->type, dims);
    if (out.isReal())
        std::fill(out.reals.begin(), out.reals.end(), value->reals[0]);
    else
        std::fill(out.ints.begin(), out.ints.end(), value->ints[0]);
    return out;
}

FoldedTensor range(const FoldedTensor& start, const FoldedTensor& limit, const FoldedTensor& delta,
                   double maxElements) {
    if (start.size() != 1 || limit.size() != 1 || delta.size() != 1)
        throw FoldingError("reads a start, limit or delta that is not one value");
    if (delta.real(0) == 0)
        throw FoldingError("counts with a delta of 0");
    const double count = std::max(0.0, std::ceil((limit.real(0) - start.real(0)) / delta.real(0)));
    checkedElements({static_cast<Index>(std::min(count, 9e18))}, maxElements);
    FoldedTensor out = FoldedTensor::zeros(start.type, {static_cast<Index>(count)});
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (out.isReal())
            out.reals[i] = start.real(0) + static_cast<double>(i) * delta.real(0);
        else
            out.ints[i] = start.integer(0) + static_cast<Index>(i) * delta.integer(0);
    }
    return out;
}

std::optional<FoldedTensor> reduce(const onnx::NodeProto& node,
                                   const std::vector<const FoldedTensor*>& in, Index opset) {
    const std::string& op = node.op_type();
    const FoldedTensor& data = *in[0];
    Dims axes = axesOf(node, in, 1, opset, op == "ReduceSum" ? 13 : 18).value_or(Dims{});
    if (axes.empty() && intAttribute(node, "noop_with_empty_axes", 0) != 0)
        return data;
    std::vector<bool> reduced(data.dims.size(), axes.empty());
    for (const Index axis : axes)
        reduced[static_cast<std::size_t>(normalisedAxis(axis, data.dims.size()))] = true;
    const bool keep = intAttribute(node, "keepdims", 1) != 0;
    Dims kept;
    Dims dims;
    for (std::size_t k = 0; k < data.dims.size(); ++k) {
        kept.push_back(reduced[k] ? 1 : data.dims[k]);
        if (!reduced[k] || keep)
            dims.push_back(kept.back());
    }
    std::vector<double> sums(static_cast<std::size_t>(product(kept, 0, kept.size())),
                             op == "ReduceProd"                        ? 1.0
                             : op == "ReduceSum" || op == "ReduceMean" ? 0.0
                                                                       : NAN);
    std::vector<double> counts(sums.size(), 0.0);
    for (std::size_t i = 0; i < data.size(); ++i) {
        Dims at = coordinatesOf(i, data.dims);
        for (std::size_t k = 0; k < at.size(); ++k)
            at[k] = reduced[k] ? 0 : at[k];
        double& s = sums[flatOf(at, kept)];
        const double x = data.real(i);
        s = op == "ReduceProd"  ? s * x
            : op == "ReduceMin" ? (std::isnan(s) ? x : std::min(s, x))
            : op == "ReduceMax" ? (std::isnan(s) ? x : std::max(s, x))
                                : s + x;
        counts[flatOf(at, kept)] += 1;
    }
    FoldedTensor out = FoldedTensor::zeros(data.type, dims);
    for (std::size_t i = 0; i < sums.size(); ++i) {
        const double value = op == "ReduceMean" && counts[i] > 0 ? sums[i] / counts[i] : sums[i];
        if (out.isReal())
            out.reals[i] = value;
        else
            out.ints[i] = std::isnan(value) ? 0 : static_cast<Index>(value);
    }
    return out;
}

} // namespace

std::optional<FoldedTensor> evaluateTensorOperator(const onnx::NodeProto& node,
                                                   const std::vector<const FoldedTensor*>& in,
                                                   std::int64_t opset, double maxElements) {
    const std::string& op = node.op_type();
    const auto input = [&](std::size_t i) { return i < in.size() ? in[i] : nullptr; };
    if (op == "Slice")
        return slice(node, in, opset, maxElements);
    if (!input(0))
        return std::nullopt;
    if (op == "Transpose")
        return transpose(node, *input(0), maxElements);
    if (op == "Flatten") {
        const FoldedTensor& data = *input(0);
        const auto axis = static_cast<std::size_t>(
            normalisedAxis(intAttribute(node, "axis", 1), data.dims.size() + 1));
        FoldedTensor out = data;
        out.dims = {product(data.dims, 0, axis), product(data.dims, axis, data.dims.size())};
        return out;
    }
    if (op == "Expand" && input(1)) {
        const Dims dims = broadcastDims(input(0)->dims, valuesOf(*input(1)));
        checkedElements(dims, maxElements);
        const auto sources = broadcastIndices(input(0)->dims, dims);
        return gathered(*input(0), dims, maxElements, [&](std::size_t i) { return sources[i]; });
    }
    if (op == "Tile" && input(1))
        return tile(*input(0), valuesOf(*input(1)), maxElements);
    if (op == "Trilu")
        return trilu(node, *input(0), input(1) && input(1)->size() > 0 ? input(1)->integer(0) : 0);
    if (op == "ConstantOfShape")
        return constantOfShape(node, valuesOf(*input(0)), maxElements);
    if (op == "Range" && input(1) && input(2))
        return range(*input(0), *input(1), *input(2), maxElements);
    if (op == "ReduceSum" || op == "ReduceProd" || op == "ReduceMin" || op == "ReduceMax" ||
        op == "ReduceMean")
        return reduce(node, in, opset);
    return std::nullopt;
}

} // namespace cutlab::core
