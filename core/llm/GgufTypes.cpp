#include "core/llm/GgufTypes.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <limits>

namespace cutlab::core {
namespace {

// Super-blocks of the k-quants and most i-quants (QK_K in ggml-common.h).
constexpr std::uint32_t kGgufSuperBlock = 256;

// The block sizes follow the block structures of ggml-common.h; the sums in the comments are
// their fields (a "half" is 2 bytes), checked there by static_asserts.
constexpr std::array<GgufType, 35> kGgufTypeTable{{
    {0, "F32", 1, 4},
    {1, "F16", 1, 2},
    {2, "Q4_0", 32, 18},                  // half scale + 16 bytes of 4-bit quants
    {3, "Q4_1", 32, 20},                  // half scale and minimum + 16
    {6, "Q5_0", 32, 22},                  // half + 4 bytes of fifth bits + 16
    {7, "Q5_1", 32, 24},                  // 2 halves + 4 + 16
    {8, "Q8_0", 32, 34},                  // half + 32
    {9, "Q8_1", 32, 36},                  // 2 halves + 32
    {10, "Q2_K", kGgufSuperBlock, 84},    // 2 halves + 16 scales + 64 quants
    {11, "Q3_K", kGgufSuperBlock, 110},   // half + 64 + 32 high bits + 12 scales
    {12, "Q4_K", kGgufSuperBlock, 144},   // 2 halves + 12 scales + 128
    {13, "Q5_K", kGgufSuperBlock, 176},   // 2 halves + 12 + 128 + 32 high bits
    {14, "Q6_K", kGgufSuperBlock, 210},   // half + 16 scales + 192
    {15, "Q8_K", kGgufSuperBlock, 292},   // float + 256 + 16 int16 sums
    {16, "IQ2_XXS", kGgufSuperBlock, 66}, // half + 32 uint16
    {17, "IQ2_XS", kGgufSuperBlock, 74},  // half + 32 uint16 + 8 scales
    {18, "IQ3_XXS", kGgufSuperBlock, 98}, // half + 96
    {19, "IQ1_S", kGgufSuperBlock, 50},   // half + 32 + 16
    {20, "IQ4_NL", 32, 18},               // half + 16
    {21, "IQ3_S", kGgufSuperBlock, 110},  // half + 13 * 8 + 4 scales
    {22, "IQ2_S", kGgufSuperBlock, 82},   // half + 64 + 16
    {23, "IQ4_XS", kGgufSuperBlock, 136}, // half + uint16 + 4 + 128
    {24, "I8", 1, 1},
    {25, "I16", 1, 2},
    {26, "I32", 1, 4},
    {27, "I64", 1, 8},
    {28, "F64", 1, 8},
    {29, "IQ1_M", kGgufSuperBlock, 56}, // 32 + 16 + 8, the scale inside the 8
    {30, "BF16", 1, 2},
    {34, "TQ1_0", kGgufSuperBlock, 54}, // half + 4 + 48 (five trits a byte)
    {35, "TQ2_0", kGgufSuperBlock, 66}, // half + 64
    {39, "MXFP4", 32, 17},              // one E8M0 scale byte + 16
    {40, "NVFP4", 64, 36},              // 4 E4M3 scale bytes + 32
    {41, "Q1_0", 128, 18},              // half + 16 sign bits
    {42, "Q2_0", 64, 18},               // half + 16
}};

// findGgufType searches by id: the ids must increase (this also catches a table declared longer
// than its entries, whose zeroed tail would repeat F32's id).
constexpr bool ggufIdsIncrease() {
    for (std::size_t i = 1; i < kGgufTypeTable.size(); ++i)
        if (kGgufTypeTable[i - 1].id >= kGgufTypeTable[i].id)
            return false;
    return true;
}
static_assert(ggufIdsIncrease());

bool ggufSameNameIgnoringCase(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
        return std::toupper(static_cast<unsigned char>(x)) ==
               std::toupper(static_cast<unsigned char>(y));
    });
}

} // namespace

std::span<const GgufType> ggufTypes() {
    return kGgufTypeTable;
}

const GgufType* findGgufType(std::uint32_t id) {
    const auto types = ggufTypes();
    const auto found =
        std::lower_bound(types.begin(), types.end(), id,
                         [](const GgufType& t, std::uint32_t i) { return t.id < i; });
    return found != types.end() && found->id == id ? &*found : nullptr;
}

const GgufType* findGgufTypeByName(std::string_view name) {
    for (const GgufType& type : ggufTypes())
        if (ggufSameNameIgnoringCase(type.name, name))
            return &type;
    return nullptr;
}

std::optional<std::uint64_t> ggufTensorBytes(std::uint32_t type, std::uint64_t elements) {
    const GgufType* found = findGgufType(type);
    if (!found || elements % found->blockElements != 0)
        return std::nullopt;
    const std::uint64_t blocks = elements / found->blockElements;
    if (blocks > std::numeric_limits<std::uint64_t>::max() / found->blockBytes)
        return std::nullopt;
    return blocks * found->blockBytes;
}

} // namespace cutlab::core
