#include "core/model/OperatorClass.h"

#include "core/model/Profile.h"

#include <algorithm>
#include <cctype>

namespace cutlab::core {
namespace {

std::string lowered(std::string_view text) {
    std::string lower(text);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower;
}

bool hasPrefix(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

// The class a layer type names, when it names one.
std::optional<OperatorClass> classOfType(std::string_view type) {
    const std::string name = lowered(type);
    if (hasPrefix(name, "conv"))
        return OperatorClass::Convolution;
    if (name == "gemm" || name == "linear" || name == "dense" || name == "matmul")
        return OperatorClass::MatrixVector;
    if (name.find("pool") != std::string::npos)
        return OperatorClass::Pooling;
    return std::nullopt;
}

} // namespace

std::string operatorClassName(OperatorClass operatorClass) {
    switch (operatorClass) {
    case OperatorClass::Convolution:
        return "convolution";
    case OperatorClass::GroupedConvolution:
        return "grouped_convolution";
    case OperatorClass::MatrixMultiply:
        return "matrix_multiply";
    case OperatorClass::MatrixVector:
        return "matrix_vector";
    case OperatorClass::Pooling:
        return "pooling";
    case OperatorClass::Elementwise:
        return "elementwise";
    case OperatorClass::DataMovement:
        return "data_movement";
    }
    return "?";
}

std::optional<OperatorClass> operatorClassFromName(std::string_view name) {
    for (const OperatorClass operatorClass : kOperatorClasses)
        if (operatorClassName(operatorClass) == name)
            return operatorClass;
    return std::nullopt;
}

std::string operatorClassNames() {
    std::string names;
    for (const OperatorClass operatorClass : kOperatorClasses)
        names += (names.empty() ? "" : ", ") + operatorClassName(operatorClass);
    return names;
}

OperatorClass operatorClassOf(const Layer& layer) {
    if (layer.fields.is_object()) {
        const auto field = layer.fields.find("operator_class");
        if (field != layer.fields.end() && field->is_string())
            if (const auto named = operatorClassFromName(field->get<std::string>()))
                return *named;
    }
    if (const auto typed = classOfType(layer.type))
        return *typed;
    return layer.flops > 0 ? OperatorClass::Elementwise : OperatorClass::DataMovement;
}

} // namespace cutlab::core
