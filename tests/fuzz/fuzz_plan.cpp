// libFuzzer target: the plan file reader (cutlab-plan JSON, as File > Open Plan reads it).
#include "core/io/PlanFile.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto result = cutlab::core::parsePlanFile(text);
    if (!result.ok() && result.issues.empty())
        __builtin_trap();
    return 0;
}
