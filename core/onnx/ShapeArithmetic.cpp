#include "core/onnx/ShapeArithmetic.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <set>

namespace cutlab::core::folding {
namespace {

using onnx::TensorProto;
using Int = std::int64_t;

Int checkedInteger(double value, const char* what) {
    if (!(std::fabs(value) < 9.2e18))
        throw FoldingError(std::string(what) + " overflows a 64-bit integer");
    return static_cast<Int>(value);
}

Int integerOp(const std::string& op, Int a, Int b, const onnx::NodeProto& node) {
    Int out = 0;
    if (op == "Add" || op == "Sum")
        return __builtin_add_overflow(a, b, &out) ? throw FoldingError("the sum overflows") : out;
    if (op == "Sub")
        return __builtin_sub_overflow(a, b, &out) ? throw FoldingError("the difference overflows")
                                                  : out;
    if (op == "Mul")
        return __builtin_mul_overflow(a, b, &out) ? throw FoldingError("the product overflows")
                                                  : out;
    if (op == "Max")
        return std::max(a, b);
    if (op == "Min")
        return std::min(a, b);
    if (op == "Pow")
        return checkedInteger(std::pow(static_cast<double>(a), static_cast<double>(b)), "a power");
    if (b == 0)
        throw FoldingError("divides by zero");
    if (b == -1 && a == std::numeric_limits<Int>::min())
        throw FoldingError("the quotient overflows");
    if (op == "Div")
        return a / b;
    // Mod: the sign of the divisor, unless fmod (the sign of the dividend)
    const Int rest = a % b;
    if (intAttribute(node, "fmod", 0) == 0 && rest != 0 && ((rest < 0) != (b < 0)))
        return rest + b;
    return rest;
}

double realOp(const std::string& op, double a, double b, const onnx::NodeProto& node) {
    if (op == "Add" || op == "Sum")
        return a + b;
    if (op == "Sub")
        return a - b;
    if (op == "Mul")
        return a * b;
    if (op == "Div")
        return a / b;
    if (op == "Max")
        return std::max(a, b);
    if (op == "Min")
        return std::min(a, b);
    if (op == "Pow")
        return std::pow(a, b);
    return intAttribute(node, "fmod", 0) ? std::fmod(a, b) : a - b * std::floor(a / b);
}

template <typename T> bool compare(const std::string& op, T a, T b) {
    if (op == "Equal")
        return a == b;
    if (op == "Less")
        return a < b;
    if (op == "Greater")
        return a > b;
    if (op == "LessOrEqual")
        return a <= b;
    return a >= b; // GreaterOrEqual
}

bool logic(const std::string& op, bool a, bool b) {
    if (op == "And")
        return a && b;
    if (op == "Or")
        return a || b;
    return a != b; // Xor
}

const std::set<std::string> kArithmetic{"Add", "Sub", "Mul", "Div", "Mod",
                                        "Pow", "Max", "Min", "Sum"};
const std::set<std::string> kComparisons{"Equal", "Less", "Greater", "LessOrEqual",
                                         "GreaterOrEqual"};
const std::set<std::string> kLogic{"And", "Or", "Xor"};

FoldedTensor binary(const std::string& op, const onnx::NodeProto& node, const FoldedTensor& a,
                    const FoldedTensor& b, double maxElements) {
    const Dims dims = broadcastDims(a.dims, b.dims);
    checkedElements(dims, maxElements);
    const auto ia = broadcastIndices(a.dims, dims);
    const auto ib = broadcastIndices(b.dims, dims);
    const bool boolean = kComparisons.count(op) || kLogic.count(op);
    FoldedTensor out = FoldedTensor::zeros(boolean ? int(TensorProto::BOOL) : a.type, dims);
    const bool real = a.isReal() || b.isReal();
    for (std::size_t i = 0; i < ia.size(); ++i) {
        if (kComparisons.count(op))
            out.ints[i] = real ? compare(op, a.real(ia[i]), b.real(ib[i]))
                               : compare(op, a.ints[ia[i]], b.ints[ib[i]]);
        else if (kLogic.count(op))
            out.ints[i] = logic(op, a.integer(ia[i]) != 0, b.integer(ib[i]) != 0);
        else if (out.isReal())
            out.reals[i] = realOp(op, a.real(ia[i]), b.real(ib[i]), node);
        else if (real) // Pow with a real exponent
            out.ints[i] =
                checkedInteger(realOp(op, a.real(ia[i]), b.real(ib[i]), node), op.c_str());
        else
            out.ints[i] = integerOp(op, a.ints[ia[i]], b.ints[ib[i]], node);
    }
    return out;
}

std::optional<double> unaryReal(const std::string& op, double x) {
    if (op == "Neg")
        return -x;
    if (op == "Abs")
        return std::fabs(x);
    if (op == "Sqrt")
        return std::sqrt(x);
    if (op == "Floor")
        return std::floor(x);
    if (op == "Ceil")
        return std::ceil(x);
    if (op == "Round")
        return std::nearbyint(x);
    if (op == "Reciprocal")
        return 1.0 / x;
    if (op == "Sign")
        return double((x > 0) - (x < 0));
    if (op == "Relu")
        return std::max(x, 0.0);
    if (op == "Exp")
        return std::exp(x);
    if (op == "Log")
        return std::log(x);
    return std::nullopt;
}

std::optional<FoldedTensor> unary(const std::string& op, const FoldedTensor& x) {
    FoldedTensor out = x;
    if (op == "Not") {
        for (auto& v : out.ints)
            v = v == 0;
        return x.type == TensorProto::BOOL ? std::optional(out) : std::nullopt;
    }
    if (!unaryReal(op, 0.0))
        return std::nullopt;
    for (std::size_t i = 0; i < out.size(); ++i) {
        const double value = *unaryReal(op, x.real(i));
        if (out.isReal())
            out.reals[i] = value;
        else
            out.ints[i] = checkedInteger(value, op.c_str());
    }
    return out;
}

FoldedTensor cast(const FoldedTensor& x, int to) {
    FoldedTensor out = FoldedTensor::zeros(to, x.dims);
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (out.isReal())
            out.reals[i] = x.real(i);
        else if (to == TensorProto::BOOL)
            out.ints[i] = x.real(i) != 0;
        else
            out.ints[i] = x.integer(i);
    }
    return out;
}

FoldedTensor where(const FoldedTensor& c, const FoldedTensor& x, const FoldedTensor& y,
                   double maxElements) {
    const Dims dims = broadcastDims(broadcastDims(c.dims, x.dims), y.dims);
    checkedElements(dims, maxElements);
    const auto ic = broadcastIndices(c.dims, dims);
    const auto ix = broadcastIndices(x.dims, dims);
    const auto iy = broadcastIndices(y.dims, dims);
    FoldedTensor out = FoldedTensor::zeros(x.type, dims);
    for (std::size_t i = 0; i < ic.size(); ++i) {
        const bool pick = c.integer(ic[i]) != 0;
        if (out.isReal())
            out.reals[i] = pick ? x.real(ix[i]) : y.real(iy[i]);
        else
            out.ints[i] = pick ? x.integer(ix[i]) : y.integer(iy[i]);
    }
    return out;
}

} // namespace

double checkedElements(const Dims& dims, double maxElements) {
    double count = 1;
    for (const Int d : dims) {
        if (d < 0)
            throw FoldingError("makes a tensor with the dimension " + std::to_string(d));
        count *= static_cast<double>(d);
    }
    if (count > maxElements)
        throw FoldTooLarge(count);
    return count;
}

Dims broadcastDims(const Dims& a, const Dims& b) {
    const std::size_t rank = std::max(a.size(), b.size());
    Dims out(rank);
    for (std::size_t i = 0; i < rank; ++i) {
        const Int da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
        const Int db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
        if (da != db && da != 1 && db != 1)
            throw FoldingError("reads tensors of sizes " + std::to_string(da) + " and " +
                               std::to_string(db) + " in one dimension, which do not broadcast");
        out[i] = da == 1 ? db : da;
    }
    return out;
}

std::vector<std::size_t> broadcastIndices(const Dims& in, const Dims& out) {
    const std::size_t rank = out.size();
    std::vector<Int> stride(rank, 0);
    Int step = 1;
    for (std::size_t k = 0; k < in.size(); ++k) {
        const std::size_t i = in.size() - 1 - k;
        stride[rank - 1 - k] = in[i] == 1 ? 0 : step;
        step *= in[i];
    }
    double total = 1;
    for (const Int d : out)
        total *= static_cast<double>(d);
    std::vector<std::size_t> indices(static_cast<std::size_t>(total));
    std::vector<Int> counter(rank, 0);
    Int position = 0;
    for (std::size_t n = 0; n < indices.size(); ++n) {
        indices[n] = static_cast<std::size_t>(position);
        for (std::size_t k = rank; k-- > 0;) {
            position += stride[k];
            if (++counter[k] < out[k])
                break;
            position -= stride[k] * out[k];
            counter[k] = 0;
        }
    }
    return indices;
}

std::int64_t intAttribute(const onnx::NodeProto& node, const std::string& name,
                          std::int64_t fallback) {
    for (const auto& attribute : node.attribute())
        if (attribute.name() == name)
            return attribute.i();
    return fallback;
}

std::optional<Dims> intsAttribute(const onnx::NodeProto& node, const std::string& name) {
    for (const auto& attribute : node.attribute())
        if (attribute.name() == name)
            return Dims(attribute.ints().begin(), attribute.ints().end());
    return std::nullopt;
}

std::optional<Dims> axesOf(const onnx::NodeProto& node, const std::vector<const FoldedTensor*>& in,
                           std::size_t index, std::int64_t opset, std::int64_t sinceOpset) {
    if (opset >= sinceOpset)
        return index < in.size() && in[index] ? std::optional(valuesOf(*in[index])) : std::nullopt;
    return intsAttribute(node, "axes");
}

Dims valuesOf(const FoldedTensor& tensor) {
    Dims values(tensor.size());
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = tensor.integer(i);
    return values;
}

std::int64_t normalisedAxis(std::int64_t axis, std::size_t rank) {
    const auto r = static_cast<Int>(rank);
    if (axis < -r || axis >= r)
        throw FoldingError("reads axis " + std::to_string(axis) + " of a tensor of rank " +
                           std::to_string(rank));
    return axis < 0 ? axis + r : axis;
}

std::int64_t product(const Dims& dims, std::size_t from, std::size_t to) {
    Int count = 1;
    for (std::size_t i = from; i < to; ++i)
        count *= dims[i];
    return count;
}

std::optional<FoldedTensor> evaluateElementwise(const onnx::NodeProto& node,
                                                const std::vector<const FoldedTensor*>& inputs,
                                                double maxElements) {
    const std::string& op = node.op_type();
    if (inputs.empty() || !inputs[0])
        return std::nullopt;
    if (op == "Cast") {
        const auto to = static_cast<int>(intAttribute(node, "to", 0));
        return FoldedTensor::isFoldableType(to) ? std::optional(cast(*inputs[0], to))
                                                : std::nullopt;
    }
    if (op == "Where" && inputs.size() == 3 && inputs[1] && inputs[2])
        return where(*inputs[0], *inputs[1], *inputs[2], maxElements);
    const bool variadic = op == "Max" || op == "Min" || op == "Sum";
    if (kArithmetic.count(op) || kComparisons.count(op) || kLogic.count(op)) {
        if (inputs.size() < 2 && !variadic)
            return std::nullopt;
        FoldedTensor result = *inputs[0];
        for (std::size_t i = 1; i < inputs.size(); ++i)
            if (inputs[i])
                result = binary(op, node, result, *inputs[i], maxElements);
        return result;
    }
    return unary(op, *inputs[0]);
}

} // namespace cutlab::core::folding
