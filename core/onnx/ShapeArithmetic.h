#pragma once

#include "core/onnx/FoldedTensor.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace cutlab::core::folding {

using Dims = std::vector<std::int64_t>;

// A folded tensor would hold more elements than folding evaluates.
class FoldTooLarge : public std::runtime_error {
  public:
    explicit FoldTooLarge(double elements)
        : std::runtime_error("too many elements"), m_elements(elements) {}
    double elements() const { return m_elements; }

  private:
    double m_elements;
};

// Inputs that do not fit the operator: the end of a sentence the caller starts with the node.
class FoldingError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// The element count of `dims`; throws FoldTooLarge above `maxElements`, FoldingError for a
// negative dimension.
double checkedElements(const Dims& dims, double maxElements);

// Multidirectional (NumPy) broadcasting of two shapes; FoldingError when they do not broadcast.
Dims broadcastDims(const Dims& a, const Dims& b);

// For each element of a tensor of `out` dims, the element of a tensor of `in` dims (broadcast
// to `out`) it reads.
std::vector<std::size_t> broadcastIndices(const Dims& in, const Dims& out);

// The integer attribute `name` of `node`, or `fallback`.
std::int64_t intAttribute(const onnx::NodeProto& node, const std::string& name,
                          std::int64_t fallback);
// The integer-list attribute `name` of `node`, or nullopt.
std::optional<Dims> intsAttribute(const onnx::NodeProto& node, const std::string& name);
// The axes an operator reads from input `index` since `sinceOpset`, else from its "axes"
// attribute; nullopt when it has none.
std::optional<Dims> axesOf(const onnx::NodeProto& node, const std::vector<const FoldedTensor*>& in,
                           std::size_t index, std::int64_t opset, std::int64_t sinceOpset);
// A tensor's values as integers (a shape, axes, indices).
Dims valuesOf(const FoldedTensor& tensor);
// `axis` counted from 0 in a tensor of `rank` (a negative axis counts from the end);
// FoldingError outside the rank.
std::int64_t normalisedAxis(std::int64_t axis, std::size_t rank);
// The product of dims[from, to).
std::int64_t product(const Dims& dims, std::size_t from, std::size_t to);

// A tensor of `dims` (at most `maxElements`) whose element i is element pick(i) of `from`.
template <typename Pick>
FoldedTensor gathered(const FoldedTensor& from, Dims dims, double maxElements, Pick pick) {
    checkedElements(dims, maxElements);
    FoldedTensor out = FoldedTensor::zeros(from.type, std::move(dims));
    for (std::size_t i = 0; i < out.size(); ++i) {
        const std::size_t source = pick(i);
        if (out.isReal())
            out.reals[i] = from.reals[source];
        else
            out.ints[i] = from.ints[source];
    }
    return out;
}

// Element-wise operators (arithmetic, comparison, logic, Where, Cast and unary functions) on
// known inputs; nullopt for other operators and types folding does not compute with.
std::optional<FoldedTensor> evaluateElementwise(const onnx::NodeProto& node,
                                                const std::vector<const FoldedTensor*>& inputs,
                                                double maxElements);

} // namespace cutlab::core::folding
