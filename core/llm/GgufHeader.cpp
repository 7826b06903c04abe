#include "core/llm/GgufHeader.h"

#include "core/io/JsonText.h"
#include "core/io/Utf8.h"
#include "core/llm/GgufTypes.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <new>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace cutlab::core {
namespace {

using GgufJson = nlohmann::ordered_json;

constexpr std::string_view kGgufMagic = "GGUF";
constexpr std::uint64_t kGgufFirstRead = std::uint64_t{1} << 20;

// Metadata value types (gguf.md, gguf_metadata_value_type).
enum GgufValueType : std::uint32_t {
    kGgufUint8 = 0,
    kGgufInt8 = 1,
    kGgufUint16 = 2,
    kGgufInt16 = 3,
    kGgufUint32 = 4,
    kGgufInt32 = 5,
    kGgufFloat32 = 6,
    kGgufBool = 7,
    kGgufString = 8,
    kGgufArray = 9,
    kGgufUint64 = 10,
    kGgufInt64 = 11,
    kGgufFloat64 = 12,
};
constexpr std::uint32_t kGgufLastValueType = kGgufFloat64;

// The bytes of a value of each type; strings and arrays give their least (an empty one).
constexpr std::uint64_t ggufLeastValueBytes(std::uint32_t type) {
    constexpr std::uint64_t bytes[] = {1, 1, 2, 2, 4, 4, 4, 1, 8, 12, 8, 8, 8};
    return bytes[type];
}
constexpr bool ggufFixedSize(std::uint32_t type) {
    return type != kGgufString && type != kGgufArray;
}

// The least bytes of a metadata entry (an empty key, a type, a one-byte value) and of a tensor's
// description (an empty name, no dimensions, a type, an offset): counts are checked against
// them before anything is allocated for them.
constexpr std::uint64_t kGgufLeastEntryBytes = 8 + 4 + 1;
constexpr std::uint64_t kGgufLeastTensorBytes = 8 + 4 + 4 + 8;

// Thrown when the bytes in memory end before the header does while the file goes on:
// readGgufHeader then reads more of the file and starts again.
struct GgufShortRead {
    std::uint64_t needed; // the bytes from the file's start the reader needs at least
};

// Where the reader is, as words for messages ("the value of 'general.name'"). Words are made
// only when a message needs them: the reader passes hundreds of thousands of vocabulary strings.
struct GgufPlace {
    enum class Kind { Header, Key, Value, Element, TensorName, Tensor };
    Kind kind = Kind::Header;
    std::string_view name; // the key or tensor name; for Header the words themselves
    std::uint64_t index = 0;
};

GgufPlace ggufHeaderPlace(std::string_view words) {
    return {GgufPlace::Kind::Header, words, 0};
}

std::string ggufDescribe(const GgufPlace& place) {
    const std::string name(place.name);
    const std::string index = std::to_string(place.index);
    switch (place.kind) {
    case GgufPlace::Kind::Header:
        return name;
    case GgufPlace::Kind::Key:
        return "the key of metadata entry " + index;
    case GgufPlace::Kind::Value:
        return "the value of '" + name + "'";
    case GgufPlace::Kind::Element:
        return "element " + index + " of '" + name + "'";
    case GgufPlace::Kind::TensorName:
        return "the name of tensor " + index;
    case GgufPlace::Kind::Tensor:
        return "tensor " + index + " ('" + name + "')";
    }
    return name;
}

// The bytes in memory (a prefix of the file), the whole file's size and the reading position.
struct GgufInput {
    std::string_view bytes;
    std::uint64_t fileSize = 0;
    std::uint64_t pos = 0;
};

// Makes sure `count` bytes at the position are in memory: refuses a file that ends before them,
// asks for more of the file when only the bytes in memory do.
void ggufNeed(const GgufInput& in, std::uint64_t count, const GgufPlace& place) {
    if (count > in.fileSize - in.pos)
        throw GgufError("the file ends at byte " + std::to_string(in.fileSize) + ", inside " +
                        ggufDescribe(place) + ": it looks truncated");
    if (count > in.bytes.size() - in.pos)
        throw GgufShortRead{in.pos + count};
}

// A little-endian unsigned integer of `size` bytes, whatever the machine's byte order.
std::uint64_t ggufReadBits(GgufInput& in, std::uint64_t size, const GgufPlace& place) {
    ggufNeed(in, size, place);
    std::uint64_t value = 0;
    for (std::uint64_t i = 0; i < size; ++i)
        value |= std::uint64_t(static_cast<unsigned char>(in.bytes[in.pos + i])) << (8 * i);
    in.pos += size;
    return value;
}

std::uint32_t ggufReadU32(GgufInput& in, const GgufPlace& place) {
    return static_cast<std::uint32_t>(ggufReadBits(in, 4, place));
}

std::uint64_t ggufReadU64(GgufInput& in, const GgufPlace& place) {
    return ggufReadBits(in, 8, place);
}

void ggufSkip(GgufInput& in, std::uint64_t count, const GgufPlace& place) {
    ggufNeed(in, count, place);
    in.pos += count;
}

// A string: its length is checked against the rest of the file and the limit before it is used.
std::string_view ggufReadString(GgufInput& in, std::uint64_t maxBytes, const GgufPlace& place) {
    const std::uint64_t start = in.pos;
    const std::uint64_t length = ggufReadU64(in, place);
    if (length > in.fileSize - in.pos)
        throw GgufError(ggufDescribe(place) + " at byte " + std::to_string(start) +
                        " claims a string of " + std::to_string(length) +
                        " bytes, longer than the file");
    if (length > maxBytes)
        throw GgufError(ggufDescribe(place) + " at byte " + std::to_string(start) + " is " +
                        std::to_string(length) + " bytes long; CutLab reads strings of at most " +
                        std::to_string(maxBytes) + " bytes there");
    ggufNeed(in, length, place);
    const std::string_view text = in.bytes.substr(in.pos, length);
    in.pos += length;
    return text;
}

// Refuses text that is not UTF-8: it would end up in JSON and in messages.
void ggufCheckUtf8(std::string_view text, std::uint64_t textStart, const GgufPlace& place) {
    const std::size_t bad = firstInvalidUtf8(text);
    if (bad != std::string_view::npos)
        throw GgufError(ggufDescribe(place) + " is not UTF-8 (byte " +
                        std::to_string(textStart + bad) + " of the file)");
}

// Whether the rest of the file can hold `count` items of at least `leastBytes` each: counts are
// checked so before anything is allocated or looped over for them.
bool ggufCountFits(const GgufInput& in, std::uint64_t count, std::uint64_t leastBytes) {
    return count <= (in.fileSize - in.pos) / leastBytes;
}

// Room to reserve for `count` items: no more than the bytes in memory can describe, as a count
// that fits a large file may still be a lie (the file's bytes past the memory are not known).
std::uint64_t ggufReservable(const GgufInput& in, std::uint64_t count, std::uint64_t leastBytes) {
    return std::min(count, (in.bytes.size() - in.pos) / leastBytes);
}

std::string ggufTooMany(const GgufInput& in, std::uint64_t count, std::string_view noun) {
    return std::to_string(count) + " " + std::string(noun) + ", more than the rest of the file (" +
           std::to_string(in.fileSize - in.pos) + " bytes) can hold";
}

double ggufFiniteNumber(double value, const GgufPlace& place) {
    if (!std::isfinite(value))
        throw GgufError(ggufDescribe(place) + " is not a finite number (it is infinite or NaN)");
    return value;
}

// A fixed-size value from its little-endian bits.
GgufJson ggufScalarJson(std::uint32_t type, std::uint64_t bits, const GgufPlace& place) {
    switch (type) {
    case kGgufInt8:
        return std::int64_t{static_cast<std::int8_t>(bits)};
    case kGgufInt16:
        return std::int64_t{static_cast<std::int16_t>(bits)};
    case kGgufInt32:
        return std::int64_t{static_cast<std::int32_t>(bits)};
    case kGgufInt64:
        return static_cast<std::int64_t>(bits);
    case kGgufFloat32:
        return ggufFiniteNumber(std::bit_cast<float>(static_cast<std::uint32_t>(bits)), place);
    case kGgufFloat64:
        return ggufFiniteNumber(std::bit_cast<double>(bits), place);
    case kGgufBool:
        if (bits > 1)
            throw GgufError(ggufDescribe(place) + " is " + std::to_string(bits) +
                            ", not a boolean (0 or 1)");
        return bits == 1;
    default: // the unsigned types
        return bits;
    }
}

std::optional<GgufJson> ggufReadArray(GgufInput& in, const GgufPlace& place, int depth,
                                      std::uint64_t& budget, bool keep, std::uint64_t* length);

// One metadata value of a known type. `keep` says whether it goes into the JSON (and is checked
// as such) or is only passed over; `budget` is how many more array elements the JSON may take.
std::optional<GgufJson> ggufReadValue(GgufInput& in, std::uint32_t type, const GgufPlace& place,
                                      int depth, std::uint64_t& budget, bool keep) {
    if (type == kGgufArray)
        return ggufReadArray(in, place, depth, budget, keep, nullptr);
    if (type == kGgufString) {
        const std::uint64_t start = in.pos + 8;
        const std::string_view text = ggufReadString(in, kMaxGgufStringBytes, place);
        if (!keep)
            return std::nullopt;
        ggufCheckUtf8(text, start, place);
        return GgufJson(std::string(text));
    }
    const std::uint64_t bits = ggufReadBits(in, ggufLeastValueBytes(type), place);
    return keep ? std::optional<GgufJson>(ggufScalarJson(type, bits, place)) : std::nullopt;
}

std::uint32_t ggufReadValueType(GgufInput& in, const GgufPlace& place) {
    const std::uint32_t type = ggufReadU32(in, place);
    if (type > kGgufLastValueType)
        throw GgufError(ggufDescribe(place) + " has the unknown type " + std::to_string(type) +
                        " (GGUF value types are 0 to 12)");
    return type;
}

// An array whose type tag has been read; `depth` is its own (the outermost is 1). It is JSON
// when kept and its elements, nested ones too, fit the budget; else it is passed over.
std::optional<GgufJson> ggufReadArray(GgufInput& in, const GgufPlace& place, int depth,
                                      std::uint64_t& budget, bool keep, std::uint64_t* length) {
    const std::uint32_t type = ggufReadValueType(in, place);
    if (type == kGgufArray && depth >= kMaxGgufArrayDepth)
        throw GgufError("the array '" + std::string(place.name) + "' nests arrays more than " +
                        std::to_string(kMaxGgufArrayDepth) + " levels deep");
    const std::uint64_t count = ggufReadU64(in, place);
    if (!ggufCountFits(in, count, ggufLeastValueBytes(type)))
        throw GgufError(ggufDescribe(place) + " claims an array of " +
                        ggufTooMany(in, count, "elements"));
    if (length)
        *length = count;
    keep = keep && count <= budget;
    if (keep)
        budget -= count;
    else if (ggufFixedSize(type)) {
        ggufSkip(in, count * ggufLeastValueBytes(type), place); // no product overflow: checked
        return std::nullopt;
    }
    GgufJson array = GgufJson::array();
    for (std::uint64_t i = 0; i < count; ++i) {
        const GgufPlace element{GgufPlace::Kind::Element, place.name, i};
        auto value = ggufReadValue(in, type, element, depth + 1, budget, keep);
        if (keep && !value)
            keep = false; // a nested array too long: the whole array is passed over
        if (keep)
            array.push_back(std::move(*value));
    }
    return keep ? std::optional<GgufJson>(std::move(array)) : std::nullopt;
}

// Appends a key known to be new. ordered_json's own insertion looks for the key first, one by
// one, which would make a million entries take a trillion comparisons; duplicates are refused
// before this with a hash set.
void ggufAppendEntry(GgufJson& object, std::string key, GgufJson value) {
    auto& entries = object.get_ref<GgufJson::object_t&>();
    using Entries = std::vector<GgufJson::object_t::value_type, GgufJson::object_t::allocator_type>;
    static_cast<Entries&>(entries).emplace_back(std::move(key), std::move(value));
}

// The state of one reading: the header being filled and the names seen.
struct GgufParse {
    GgufInput in;
    GgufHeader header;
    std::unordered_set<std::string_view> keys;
};

void ggufReadEntry(GgufParse& parse, std::uint64_t index) {
    GgufInput& in = parse.in;
    const GgufPlace keyPlace{GgufPlace::Kind::Key, {}, index};
    const std::uint64_t keyStart = in.pos + 8;
    const std::string_view key = ggufReadString(in, kMaxGgufNameBytes, keyPlace);
    ggufCheckUtf8(key, keyStart, keyPlace);
    if (!parse.keys.insert(key).second)
        throw GgufError("the metadata key '" + std::string(key) + "' appears twice (entry " +
                        std::to_string(index) + " repeats it)");
    const GgufPlace place{GgufPlace::Kind::Value, key, 0};
    const std::uint32_t type = ggufReadValueType(in, place);
    std::uint64_t budget = kGgufKeptArrayElements;
    std::optional<GgufJson> value;
    if (type == kGgufArray) {
        std::uint64_t length = 0;
        value = ggufReadArray(in, place, 1, budget, true, &length);
        parse.header.arrayLengths.emplace(std::string(key), length);
    } else {
        value = ggufReadValue(in, type, place, 0, budget, true);
    }
    if (value)
        ggufAppendEntry(parse.header.metadata, std::string(key), std::move(*value));
}

// general.alignment when present (any unsigned integer type), else 32; a power of two.
std::uint64_t ggufAlignment(const GgufHeader& header) {
    const auto found = header.metadata.find("general.alignment");
    if (found == header.metadata.end()) {
        if (header.arrayLengths.count("general.alignment"))
            throw GgufError("general.alignment is an array; it must be an unsigned integer");
        return kGgufDefaultAlignment;
    }
    // Signed integer types are accepted too when not negative (ggml writes a uint32).
    const bool unsignedValue = found->is_number_unsigned() ||
                               (found->is_number_integer() && found->get<std::int64_t>() >= 0);
    if (!unsignedValue)
        throw GgufError("general.alignment is " + found->dump() +
                        "; it must be an unsigned integer");
    const auto alignment = found->get<std::uint64_t>();
    if (!std::has_single_bit(alignment))
        throw GgufError("general.alignment is " + std::to_string(alignment) +
                        "; it must be a power of two (such as 32)");
    return alignment;
}

std::vector<std::uint64_t> ggufReadDims(GgufInput& in, const GgufPlace& place) {
    const std::uint32_t count = ggufReadU32(in, place);
    if (count > kGgufMaxDims)
        throw GgufError(ggufDescribe(place) + " has " + std::to_string(count) +
                        " dimensions; GGUF tensors have at most " + std::to_string(kGgufMaxDims));
    std::vector<std::uint64_t> dims(count);
    for (std::uint32_t i = 0; i < count; ++i) {
        dims[i] = ggufReadU64(in, place);
        if (dims[i] == 0)
            throw GgufError(ggufDescribe(place) + " has 0 as its dimension " + std::to_string(i) +
                            "; every dimension must be at least 1");
    }
    return dims;
}

// The element count; ggml counts elements in signed 64 bits, so more is refused.
std::uint64_t ggufElements(const std::vector<std::uint64_t>& dims, const GgufPlace& place) {
    constexpr auto kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    std::uint64_t elements = 1;
    for (std::uint64_t dim : dims) {
        if (dim > kMax / elements)
            throw GgufError(ggufDescribe(place) +
                            " has more elements than 2^63 - 1 (the product of its dimensions)");
        elements *= dim;
    }
    return elements;
}

const GgufType& ggufTensorType(std::uint32_t id, const GgufPlace& place) {
    const GgufType* type = findGgufType(id);
    if (!type)
        throw GgufError(ggufDescribe(place) + " has the unknown type " + std::to_string(id));
    return *type;
}

// The bytes of a tensor; ggml stores whole blocks in each row, so rows must be whole blocks.
std::uint64_t ggufTensorSize(const GgufType& type, const std::vector<std::uint64_t>& dims,
                             std::uint64_t elements, const GgufPlace& place) {
    const std::uint64_t row = dims.empty() ? 1 : dims.front();
    if (row % type.blockElements != 0)
        throw GgufError(ggufDescribe(place) + " has rows of " + std::to_string(row) +
                        " elements, not a multiple of " + std::string(type.name) + "'s blocks of " +
                        std::to_string(type.blockElements));
    const auto bytes = ggufTensorBytes(type.id, elements);
    if (!bytes)
        throw GgufError(ggufDescribe(place) + " takes more than 2^64 bytes");
    return *bytes;
}

void ggufReadTensor(GgufParse& parse, std::uint64_t index,
                    std::unordered_map<std::string_view, std::uint64_t>& names) {
    GgufInput& in = parse.in;
    const GgufPlace namePlace{GgufPlace::Kind::TensorName, {}, index};
    const std::uint64_t nameStart = in.pos + 8;
    const std::string_view name = ggufReadString(in, kMaxGgufNameBytes, namePlace);
    ggufCheckUtf8(name, nameStart, namePlace);
    if (const auto [seen, added] = names.emplace(name, index); !added)
        throw GgufError("tensors " + std::to_string(seen->second) + " and " +
                        std::to_string(index) + " are both named '" + std::string(name) + "'");
    const GgufPlace place{GgufPlace::Kind::Tensor, name, index};
    GgufTensor tensor;
    tensor.name = std::string(name);
    tensor.dims = ggufReadDims(in, place);
    const std::uint64_t elements = ggufElements(tensor.dims, place);
    const GgufType& type = ggufTensorType(ggufReadU32(in, place), place);
    tensor.type = type.id;
    tensor.typeName = std::string(type.name);
    tensor.bytes = ggufTensorSize(type, tensor.dims, elements, place);
    tensor.offset = ggufReadU64(in, place);
    parse.header.tensors.push_back(std::move(tensor));
}

// Every tensor's data must start aligned and end inside the file.
void ggufCheckTensorData(const GgufHeader& header, std::uint64_t alignment,
                         std::uint64_t fileSize) {
    const std::uint64_t data = header.dataOffset;
    for (std::size_t i = 0; i < header.tensors.size(); ++i) {
        const GgufTensor& tensor = header.tensors[i];
        const std::string label =
            ggufDescribe({GgufPlace::Kind::Tensor, tensor.name, std::uint64_t(i)});
        if (tensor.offset % alignment != 0)
            throw GgufError(label + " starts at byte " + std::to_string(tensor.offset) +
                            " of the data section, not a multiple of the alignment " +
                            std::to_string(alignment));
        if (data > fileSize || tensor.offset > fileSize - data ||
            tensor.bytes > fileSize - data - tensor.offset)
            throw GgufError("the data of " + label + " (" + std::to_string(tensor.bytes) +
                            " bytes at byte " + std::to_string(tensor.offset) +
                            " of the data section, which starts at byte " + std::to_string(data) +
                            ") goes past the end of the file at byte " + std::to_string(fileSize) +
                            ": the file looks truncated");
    }
}

std::uint32_t ggufReadVersion(GgufInput& in) {
    const std::uint32_t version = ggufReadU32(in, ggufHeaderPlace("the version"));
    if (version == 2 || version == 3)
        return version;
    if (version == 1)
        throw GgufError("GGUF version 1 (the first, of August 2023, with 32-bit counts) is not "
                        "supported; convert it with llama.cpp");
    const std::uint32_t swapped = (version >> 24) | ((version >> 8) & 0xff00u) |
                                  ((version << 8) & 0xff0000u) | (version << 24);
    if (swapped == 2 || swapped == 3)
        throw GgufError("the file is big-endian GGUF (version " + std::to_string(swapped) +
                        "); CutLab reads only little-endian files");
    throw GgufError("GGUF version " + std::to_string(version) +
                    " is not supported; CutLab reads versions 2 and 3");
}

std::uint64_t ggufReadCount(GgufInput& in, std::string_view noun, std::uint64_t max) {
    const std::uint64_t count = ggufReadU64(in, ggufHeaderPlace("the header's counts"));
    if (count > max)
        throw GgufError("the header claims " + std::to_string(count) + " " + std::string(noun) +
                        "; CutLab reads at most " + std::to_string(max));
    return count;
}

void ggufReadMagic(GgufInput& in) {
    const std::string notGguf = "the file is not GGUF (its first bytes are not 'GGUF')";
    if (in.fileSize < kGgufMagic.size())
        throw GgufError(notGguf);
    ggufSkip(in, kGgufMagic.size(), ggufHeaderPlace("the magic"));
    if (!looksLikeGguf(in.bytes))
        throw GgufError(notGguf);
}

void ggufReadEntries(GgufParse& parse, std::uint64_t count) {
    if (!ggufCountFits(parse.in, count, kGgufLeastEntryBytes))
        throw GgufError("the header claims " + ggufTooMany(parse.in, count, "metadata entries"));
    parse.keys.reserve(ggufReservable(parse.in, count, kGgufLeastEntryBytes));
    for (std::uint64_t i = 0; i < count; ++i)
        ggufReadEntry(parse, i);
}

void ggufReadTensors(GgufParse& parse, std::uint64_t count) {
    if (!ggufCountFits(parse.in, count, kGgufLeastTensorBytes))
        throw GgufError("the header claims " + ggufTooMany(parse.in, count, "tensors"));
    const std::uint64_t reservable = ggufReservable(parse.in, count, kGgufLeastTensorBytes);
    parse.header.tensors.reserve(reservable);
    std::unordered_map<std::string_view, std::uint64_t> names;
    names.reserve(reservable);
    for (std::uint64_t i = 0; i < count; ++i)
        ggufReadTensor(parse, i, names);
}

// Reads the header from the bytes in memory; throws GgufShortRead when they end before it does.
GgufHeader ggufParse(std::string_view bytes, std::uint64_t fileSize) {
    GgufParse parse;
    GgufInput& in = parse.in;
    in.bytes = bytes.substr(0, std::min<std::uint64_t>(bytes.size(), fileSize));
    in.fileSize = fileSize;
    GgufHeader& header = parse.header;
    ggufReadMagic(in);
    header.version = ggufReadVersion(in);
    const std::uint64_t tensorCount = ggufReadCount(in, "tensors", kMaxGgufTensors);
    const std::uint64_t entryCount = ggufReadCount(in, "metadata entries", kMaxGgufMetadataEntries);
    ggufReadEntries(parse, entryCount);
    const std::uint64_t alignment = ggufAlignment(header);
    ggufReadTensors(parse, tensorCount);
    header.dataOffset = in.pos + (alignment - in.pos % alignment) % alignment;
    ggufCheckTensorData(header, alignment, fileSize);
    return std::move(parse.header);
}

} // namespace

bool looksLikeGguf(std::string_view head) {
    return head.substr(0, kGgufMagic.size()) == kGgufMagic;
}

GgufHeader parseGgufHeader(std::string_view bytes, std::uint64_t fileSize) {
    try {
        return ggufParse(bytes, fileSize);
    } catch (const GgufShortRead&) {
        throw GgufError("the header goes on past the " + std::to_string(bytes.size()) +
                        " bytes given; more of the file is needed");
    } catch (const std::bad_alloc&) {
        throw GgufError("the header is too large for the memory available");
    }
}

namespace {

// Appends bytes from `file` until `buffer` holds `size` bytes.
void ggufReadMore(std::ifstream& file, std::string& buffer, std::uint64_t size) {
    const std::size_t had = buffer.size();
    buffer.resize(static_cast<std::size_t>(size));
    file.read(buffer.data() + had, static_cast<std::streamsize>(size - had));
    if (static_cast<std::uint64_t>(file.gcount()) != size - had)
        throw GgufError("the file could not be read as far as its header goes (it ended at byte " +
                        std::to_string(had + static_cast<std::uint64_t>(file.gcount())) +
                        " or could not be read)");
}

// How much of the file to hold next: at least what the reader asked for, and twice as much as
// before, so that a header of n bytes is parsed O(log n) times in O(n) in all.
std::uint64_t ggufNextReadSize(std::uint64_t had, std::uint64_t needed, std::uint64_t fileSize) {
    if (needed > kMaxGgufHeaderBytes)
        throw GgufError("the header is longer than " + std::to_string(kMaxGgufHeaderBytes >> 20) +
                        " MiB; CutLab reads headers of at most that size");
    return std::min({std::max(needed, 2 * had), fileSize, kMaxGgufHeaderBytes});
}

} // namespace

GgufHeader readGgufHeader(const std::string& path) {
    if (auto problem = notARegularFile(path))
        throw GgufError("cannot read '" + path + "': " + *problem);
    std::error_code error;
    const std::uint64_t fileSize = std::filesystem::file_size(path, error);
    if (error)
        throw GgufError("cannot read '" + path + "' (" + error.message() + ")");
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw GgufError("cannot read '" + path + "' (" + std::strerror(errno) + ")");
    std::string buffer;
    std::uint64_t size = std::min(fileSize, kGgufFirstRead);
    try {
        for (;;) {
            ggufReadMore(file, buffer, size);
            try {
                return ggufParse(buffer, fileSize);
            } catch (const GgufShortRead& shortRead) {
                size = ggufNextReadSize(buffer.size(), shortRead.needed, fileSize);
            }
        }
    } catch (const std::bad_alloc&) {
        throw GgufError("the header is too large for the memory available");
    }
}

} // namespace cutlab::core
