#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace cutlab::core {

// One ggml tensor type as GGUF files number it (ggml.h, enum ggml_type): its elements are stored
// in blocks of `blockElements`, each taking `blockBytes` bytes (ggml.c, type_traits; the block
// layouts are in ggml-common.h). Plain types such as F32 have blocks of one element.
struct GgufType {
    std::uint32_t id = 0;
    std::string_view name; // "Q4_K", as llama.cpp's tools print it
    std::uint32_t blockElements = 1;
    std::uint32_t blockBytes = 0;
};

// Every type a GGUF file may hold, by increasing id. Ids 4 and 5 (Q4_2, Q4_3), 31-33 and 36-38
// (repacked layouts made at load time, never stored) are not types of a file.
std::span<const GgufType> ggufTypes();

// The type with this id, or nullptr when no GGUF type has it.
const GgufType* findGgufType(std::uint32_t id);

// The type with this name, ignoring case ("q4_k" finds Q4_K), or nullptr.
const GgufType* findGgufTypeByName(std::string_view name);

// The bytes `elements` elements of `type` take, exactly; nullopt when the type is unknown, the
// count is not a whole number of blocks, or the size does not fit 64 bits.
std::optional<std::uint64_t> ggufTensorBytes(std::uint32_t type, std::uint64_t elements);

} // namespace cutlab::core
