#include "core/llm/LlmWeightFormat.h"

#include <array>
#include <cmath>

namespace cutlab::core {
namespace {

const std::array<LlmWeightFormat, 6>& weightFormats() {
    static const std::array<LlmWeightFormat, 6> formats{{{"f32", 1, 4},
                                                         {"f16", 1, 2},
                                                         {"bf16", 1, 2},
                                                         {"q8_0", 32, 34},
                                                         {"q4_0", 32, 18},
                                                         {"q4_k", 256, 144}}};
    return formats;
}

} // namespace

double LlmWeightFormat::matrixBytes(double rows, double rowLength) const {
    return rows * std::ceil(rowLength / blockElements) * blockBytes;
}

std::optional<LlmWeightFormat> llmWeightFormat(const std::string& name) {
    for (const LlmWeightFormat& format : weightFormats())
        if (format.name == name)
            return format;
    return std::nullopt;
}

std::optional<LlmWeightFormat> llmKvCacheFormat(const std::string& name) {
    if (name != "f16" && name != "q8_0")
        return std::nullopt;
    return llmWeightFormat(name);
}

LlmWeightFormat llmFormatOfDtype(const std::string& dtype) {
    if (dtype == "bfloat16")
        return *llmWeightFormat("bf16");
    if (dtype == "float16")
        return *llmWeightFormat("f16");
    return *llmWeightFormat("f32");
}

} // namespace cutlab::core
