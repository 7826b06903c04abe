#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace cutlab::core {

// The header of a GGUF file (llama.cpp's models; the format is ggml's docs/gguf.md), versions 2
// and 3, little-endian: its metadata and where each tensor's data lies. The weights themselves
// are never read.

// Limits far beyond any real model, so that a hostile header cannot make the reader allocate or
// loop without end. Real headers hold a few hundred entries and tensors and a few MB.
inline constexpr std::uint64_t kMaxGgufMetadataEntries = std::uint64_t{1} << 20;
inline constexpr std::uint64_t kMaxGgufTensors = std::uint64_t{1} << 20;
inline constexpr std::uint64_t kMaxGgufStringBytes = std::uint64_t{1} << 20; // 1 MiB
inline constexpr std::uint64_t kMaxGgufNameBytes = std::uint64_t{1} << 16;   // keys, tensor names
inline constexpr int kMaxGgufArrayDepth = 8; // arrays of arrays, the outermost counting 1
inline constexpr std::size_t kGgufKeptArrayElements = 256; // longer arrays keep only a length
inline constexpr std::uint64_t kMaxGgufHeaderBytes = std::uint64_t{256} << 20; // readGgufHeader
inline constexpr std::uint32_t kGgufMaxDims = 4;                               // GGML_MAX_DIMS
inline constexpr std::uint64_t kGgufDefaultAlignment = 32;

struct GgufTensor {
    std::string name;                // "blk.3.attn_q.weight"
    std::uint32_t type = 0;          // ggml type id (GgufTypes.h)
    std::string typeName;            // "Q4_K"
    std::vector<std::uint64_t> dims; // innermost first, as ggml orders them
    std::uint64_t offset = 0;        // from the start of the data section
    std::uint64_t bytes = 0;         // exact, from the type's block size
};

struct GgufHeader {
    std::uint32_t version = 0;
    // Scalars and strings as JSON values (unsigned integers as unsigned, floats as doubles);
    // arrays as JSON arrays when they hold at most 256 elements in all (nested arrays' elements
    // counted too), else left out here and only their length kept.
    nlohmann::ordered_json metadata = nlohmann::ordered_json::object();
    std::map<std::string, std::uint64_t> arrayLengths; // every array's length, by key
    std::vector<GgufTensor> tensors;
    std::uint64_t dataOffset = 0; // where the tensor data starts in the file (alignment applied)
};

// One sentence saying what is wrong and where ("tensor 12 ('blk.1.ffn_up.weight') has the
// unknown type 99").
class GgufError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Whether the bytes start with GGUF's magic.
bool looksLikeGguf(std::string_view head);

// Reads the header from `bytes`, the start of a file of `fileSize` bytes (at least the header;
// the whole file's size is needed to check that every tensor's data lies inside it). Throws
// GgufError. Strings kept in the metadata are checked to be UTF-8 and floats to be finite; those
// inside long arrays, which are skipped, are not (real vocabularies hold partial characters).
GgufHeader parseGgufHeader(std::string_view bytes, std::uint64_t fileSize);

// Reads the header of the file at `path`, reading only as far as the header goes (1 MiB first,
// then more as it needs; at most kMaxGgufHeaderBytes). Throws GgufError.
GgufHeader readGgufHeader(const std::string& path);

} // namespace cutlab::core
