#include "core/onnx/OperatorFlops.h"

#include "core/onnx/EinsumEquation.h"

#include <algorithm>
#include <set>

namespace cutlab::core {
namespace {

// One operation per output element: element-wise arithmetic, activations, reductions and
// normalisation (a count, not a precise cost: these layers are memory-bound anyway).
const std::set<std::string>& elementOperators() {
    static const std::set<std::string> names{
        // element-wise arithmetic and comparison
        "Add", "Sub", "Mul", "Div", "Pow", "Sqrt", "Exp", "Log", "Abs", "Neg", "Reciprocal", "Min",
        "Max", "Mean", "Sum", "Clip", "Floor", "Ceil", "Round", "Erf", "Where", "Equal", "Greater",
        "Less", "Not", "And", "Or", "Mod",
        // activations
        "Relu", "LeakyRelu", "PRelu", "Elu", "Selu", "Celu", "Sigmoid", "HardSigmoid", "HardSwish",
        "Tanh", "Softmax", "LogSoftmax", "Softplus", "Softsign", "Gelu", "Mish", "ThresholdedRelu",
        // reductions (window and global pooling are counted apart)
        "MaxRoiPool", "ReduceMean", "ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceL2",
        // normalisation
        "BatchNormalization", "InstanceNormalization", "LayerNormalization", "LRN",
        "GroupNormalization", "Dropout"};
    return names;
}

std::int64_t dimension(const std::vector<std::int64_t>& shape, std::size_t index) {
    return index < shape.size() ? shape[index] : 1;
}

double kernelElements(const std::vector<std::int64_t>& weight) {
    double kernel = 1;
    for (std::size_t i = 2; i < weight.size(); ++i)
        kernel *= static_cast<double>(weight[i]);
    return kernel;
}

} // namespace

double elementCount(const std::vector<std::int64_t>& shape) {
    double count = 1;
    for (std::int64_t d : shape)
        count *= static_cast<double>(std::max<std::int64_t>(d, 0));
    return count;
}

double operatorFlops(const std::string& opType, const OperatorShapes& shapes) {
    const auto input = [&](std::size_t i) -> const std::vector<std::int64_t>& {
        static const std::vector<std::int64_t> none;
        return i < shapes.inputs.size() ? shapes.inputs[i] : none;
    };
    const std::vector<std::int64_t> output =
        shapes.outputs.empty() ? std::vector<std::int64_t>{} : shapes.outputs.front();
    if (opType == "Conv") {
        // weight: [M, C/group, k1, k2, ...]
        const auto& weight = input(1);
        return 2.0 * elementCount(output) * static_cast<double>(dimension(weight, 1)) *
               kernelElements(weight);
    }
    if (opType == "ConvTranspose") {
        // weight: [C, M/group, k1, k2, ...]: each input element meets M/group kernels
        const auto& weight = input(1);
        return 2.0 * elementCount(input(0)) * static_cast<double>(dimension(weight, 1)) *
               kernelElements(weight);
    }
    if (opType == "Gemm") {
        // Y[M, N] = A · B with A holding M × K elements, whichever way it is transposed
        const double m = static_cast<double>(dimension(output, 0));
        const double n = static_cast<double>(dimension(output, 1));
        const double k = m > 0 ? elementCount(input(0)) / m : 0;
        return 2.0 * m * n * k;
    }
    if (opType == "MatMul") {
        const auto& a = input(0);
        const double k = a.empty() ? 1 : static_cast<double>(a.back());
        return 2.0 * elementCount(output) * k;
    }
    if (opType == "Einsum")
        return 2.0 * elementCount(output) *
               EinsumEquation(shapes.equation, shapes.inputs).summedSize();
    if (opType == "MaxPool" || opType == "AveragePool" || opType == "LpPool") {
        // (a hostile kernel_shape cannot make it infinite: the window is capped far above any
        // real one, and no output means no work)
        double window = 1;
        for (std::int64_t k : shapes.kernel)
            window = std::min(window * static_cast<double>(std::max<std::int64_t>(k, 1)), 1e12);
        const double outputs = elementCount(output);
        return outputs > 0 ? outputs * window : 0.0;
    }
    if (opType == "GlobalAveragePool" || opType == "GlobalMaxPool")
        return elementCount(input(0));
    if (elementOperators().count(opType))
        return elementCount(output);
    return 0;
}

OperatorClass operatorClass(const std::string& opType, const OperatorShapes& shapes) {
    if (opType == "Conv" || opType == "ConvTranspose")
        return shapes.group > 1 ? OperatorClass::GroupedConvolution : OperatorClass::Convolution;
    if (opType == "Gemm" || opType == "MatMul" || opType == "Einsum") {
        const std::vector<std::int64_t> output =
            shapes.outputs.empty() ? std::vector<std::int64_t>{} : shapes.outputs.front();
        const double columns = output.empty() ? 1 : static_cast<double>(output.back());
        const double rows = columns > 0 ? elementCount(output) / columns : 0;
        return rows <= 1 ? OperatorClass::MatrixVector : OperatorClass::MatrixMultiply;
    }
    if (opType == "MaxPool" || opType == "AveragePool" || opType == "LpPool" ||
        opType == "GlobalAveragePool" || opType == "GlobalMaxPool")
        return OperatorClass::Pooling;
    return operatorFlops(opType, shapes) > 0 ? OperatorClass::Elementwise
                                             : OperatorClass::DataMovement;
}

} // namespace cutlab::core
