// libFuzzer target: the GGUF header reader, given the input as a whole file and as the start of
// a larger one. Any crash, sanitizer report or uncaught exception is a finding, and so is a
// header it accepts whose tensors lie outside the file or whose metadata is not valid JSON text.
#include "core/llm/GgufHeader.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

bool holdsNull(const nlohmann::ordered_json& value) {
    if (value.is_null())
        return true;
    if (value.is_structured())
        for (const auto& element : value)
            if (holdsNull(element))
                return true;
    return false;
}

void checkAccepted(const cutlab::core::GgufHeader& header, std::uint64_t fileSize) {
    for (const auto& tensor : header.tensors) {
        if (header.dataOffset > fileSize || tensor.offset > fileSize - header.dataOffset ||
            tensor.bytes > fileSize - header.dataOffset - tensor.offset)
            __builtin_trap(); // a tensor past the end of the file, accepted
        if (tensor.dims.size() > cutlab::core::kGgufMaxDims || tensor.typeName.empty())
            __builtin_trap();
    }
    // dump() throws (uncaught, so a finding) on text that is not UTF-8.
    static_cast<void>(header.metadata.dump());
    if (holdsNull(header.metadata))
        __builtin_trap(); // a non-finite float kept as null
}

void parse(std::string_view bytes, std::uint64_t fileSize) {
    try {
        checkAccepted(cutlab::core::parseGgufHeader(bytes, fileSize), fileSize);
    } catch (const cutlab::core::GgufError& error) {
        if (std::string_view(error.what()).empty())
            __builtin_trap(); // refused without a message
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    parse(bytes, size);
    // The same bytes as the start of a 5 GiB file: tensor data may then lie beyond them.
    parse(bytes, std::uint64_t(5) << 30);
    return 0;
}
