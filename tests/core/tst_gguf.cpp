// GGUF headers: files written here byte by byte (versions 2 and 3, every metadata value type,
// a tensor of each common type with its size worked out by hand from ggml's block layouts),
// long arrays kept as lengths, alignment, one exact sentence per malformed file, and a sparse
// 5 GiB file whose header of several MB is read without its weights.
#include "../TestMain.h"

#include "core/llm/GgufHeader.h"
#include "core/llm/GgufTypes.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <bit>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

using namespace cutlab::core;

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_gguf {

namespace {

// Metadata value types, as gguf.md numbers them.
enum ValueType : std::uint32_t {
    U8 = 0,
    I8 = 1,
    U16 = 2,
    I16 = 3,
    U32 = 4,
    I32 = 5,
    F32 = 6,
    Bool = 7,
    Str = 8,
    Arr = 9,
    U64 = 10,
    I64 = 11,
    F64 = 12,
};

// ggml tensor type ids, as ggml.h numbers them.
enum TensorType : std::uint32_t {
    kF32 = 0,
    kF16 = 1,
    kQ4_0 = 2,
    kQ4_1 = 3,
    kQ5_0 = 6,
    kQ5_1 = 7,
    kQ8_0 = 8,
    kQ2_K = 10,
    kQ3_K = 11,
    kQ4_K = 12,
    kQ5_K = 13,
    kQ6_K = 14,
    kQ8_K = 15,
    kIQ4_NL = 20,
    kIQ4_XS = 23,
    kBF16 = 30,
};

std::string le(std::uint64_t value, int bytes) {
    std::string out;
    for (int i = 0; i < bytes; ++i)
        out += char((value >> (8 * i)) & 0xff);
    return out;
}
std::string u8(std::uint8_t value) {
    return le(value, 1);
}
std::string u16(std::uint16_t value) {
    return le(value, 2);
}
std::string u32(std::uint32_t value) {
    return le(value, 4);
}
std::string u64(std::uint64_t value) {
    return le(value, 8);
}
std::string f32(float value) {
    return u32(std::bit_cast<std::uint32_t>(value));
}
std::string f64(double value) {
    return u64(std::bit_cast<std::uint64_t>(value));
}
std::string str(std::string_view text) {
    return u64(text.size()) + std::string(text);
}
// An array value after its type tag: the elements' type, their count, the elements.
std::string arr(std::uint32_t type, std::uint64_t count, const std::string& elements) {
    return u32(type) + u64(count) + elements;
}
// An array of one element nested `levels` deep: [[[7]]] is 3 levels.
std::string nested(int levels) {
    std::string value = arr(U8, 1, u8(7));
    for (int i = 1; i < levels; ++i)
        value = arr(Arr, 1, value);
    return value;
}

std::uint64_t alignUp(std::uint64_t value, std::uint64_t alignment) {
    return (value + alignment - 1) / alignment * alignment;
}

// A GGUF file as the tests write it. The header's parts are kept apart so that a malformed file
// can change one of them; tensors are laid out one after another at aligned offsets.
struct GgufTestFile {
    std::uint32_t version = 3;
    std::uint64_t alignment = 32; // the padding used here; general.alignment is written apart
    std::string entries;
    std::uint64_t entryCount = 0;
    std::string tensorInfos;
    std::uint64_t tensorCount = 0;
    std::uint64_t dataBytes = 0; // the data section's size
    std::vector<std::uint64_t> offsets;

    GgufTestFile& kv(std::string_view key, std::uint32_t type, const std::string& payload) {
        entries += str(key) + u32(type) + payload;
        ++entryCount;
        return *this;
    }
    GgufTestFile& tensorAt(std::string_view name, std::uint32_t type,
                           const std::vector<std::uint64_t>& dims, std::uint64_t offset) {
        tensorInfos += str(name) + u32(std::uint32_t(dims.size()));
        for (std::uint64_t dim : dims)
            tensorInfos += u64(dim);
        tensorInfos += u32(type) + u64(offset);
        ++tensorCount;
        offsets.push_back(offset);
        return *this;
    }
    GgufTestFile& tensor(std::string_view name, std::uint32_t type,
                         const std::vector<std::uint64_t>& dims, std::uint64_t bytes) {
        const std::uint64_t offset = alignUp(dataBytes, alignment);
        dataBytes = offset + bytes;
        return tensorAt(name, type, dims, offset);
    }
    std::string unpadded() const {
        return "GGUF" + u32(version) + u64(tensorCount) + u64(entryCount) + entries + tensorInfos;
    }
    std::string header() const {
        std::string bytes = unpadded();
        bytes.resize(alignUp(bytes.size(), alignment), '\0');
        return bytes;
    }
    std::uint64_t fileSize() const { return header().size() + dataBytes; }
    std::string file() const { return header() + std::string(dataBytes, '\0'); }
};

// One tensor of each common type; the bytes worked out by hand from ggml-common.h's blocks.
struct TypedTensor {
    const char* name;
    std::uint32_t type;
    const char* typeName;
    std::vector<std::uint64_t> dims;
    std::uint64_t bytes;
};

const std::vector<TypedTensor>& everyType() {
    static const std::vector<TypedTensor> tensors = {
        {"output_norm.weight", kF32, "F32", {4096}, 16384},             // 4096 × 4
        {"blk.0.f16.weight", kF16, "F16", {4096, 32}, 262144},          // 131072 × 2
        {"blk.0.bf16.weight", kBF16, "BF16", {4096, 32}, 262144},       // 131072 × 2
        {"blk.0.attn_q.weight", kQ4_0, "Q4_0", {4096, 4096}, 9437184},  // 524288 × 18 per 32
        {"blk.0.q4_1.weight", kQ4_1, "Q4_1", {4096, 64}, 163840},       // 8192 × 20 per 32
        {"blk.0.q5_0.weight", kQ5_0, "Q5_0", {4096, 64}, 180224},       // 8192 × 22 per 32
        {"blk.0.q5_1.weight", kQ5_1, "Q5_1", {4096, 64}, 196608},       // 8192 × 24 per 32
        {"blk.0.attn_k.weight", kQ8_0, "Q8_0", {4096, 4096}, 17825792}, // 524288 × 34 per 32
        {"blk.0.q2_k.weight", kQ2_K, "Q2_K", {4096, 64}, 86016},        // 1024 × 84 per 256
        {"blk.0.q3_k.weight", kQ3_K, "Q3_K", {4096, 64}, 112640},       // 1024 × 110 per 256
        {"blk.0.attn_v.weight", kQ4_K, "Q4_K", {4096, 4096}, 9437184},  // 65536 × 144 per 256
        {"blk.0.q5_k.weight", kQ5_K, "Q5_K", {4096, 64}, 180224},       // 1024 × 176 per 256
        {"blk.0.q6_k.weight", kQ6_K, "Q6_K", {256, 4, 2, 3}, 5040},     // 24 × 210 per 256
        {"blk.0.q8_k.weight", kQ8_K, "Q8_K", {4096, 64}, 299008},       // 1024 × 292 per 256
        {"blk.0.iq4_nl.weight", kIQ4_NL, "IQ4_NL", {4096, 64}, 147456}, // 8192 × 18 per 32
        {"blk.0.iq4_xs.weight", kIQ4_XS, "IQ4_XS", {4096, 64}, 139264}, // 1024 × 136 per 256
    };
    return tensors;
}

GgufTestFile everyTypeFile(std::uint32_t version) {
    GgufTestFile file;
    file.version = version;
    file.kv("general.architecture", Str, str("llama"));
    for (const TypedTensor& tensor : everyType())
        file.tensor(tensor.name, tensor.type, tensor.dims, tensor.bytes);
    return file;
}

GgufHeader parseWhole(const GgufTestFile& file) {
    const std::string header = file.header();
    return parseGgufHeader(header, file.fileSize());
}

// The message of a refused header, or "" when it was read.
QString refusal(const std::string& bytes, std::uint64_t fileSize) {
    try {
        parseGgufHeader(bytes, fileSize);
    } catch (const GgufError& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

// Writes the header and makes the file `size` bytes long without writing the rest (a sparse
// file: no disk is used for its data).
std::string writeSparse(const QTemporaryDir& dir, const std::string& header, std::uint64_t size) {
    const std::string path = dir.filePath("model.gguf").toStdString();
    {
        std::ofstream out(path, std::ios::binary);
        out << header;
    }
    std::filesystem::resize_file(path, size);
    return path;
}

void addMalformed(const char* row, const std::string& bytes, std::uint64_t fileSize,
                  const char* message) {
    QTest::newRow(row) << QByteArray::fromStdString(bytes) << qulonglong(fileSize)
                       << QString::fromUtf8(message);
}
void addMalformed(const char* row, const GgufTestFile& file, const char* message) {
    addMalformed(row, file.unpadded(), file.unpadded().size(), message);
}

// A 7-billion-parameter-like model: a 150,000-token vocabulary (a header of several MB) and 32
// layers of Q4_K weights, about 4.7 GB of data.
GgufTestFile largeModel() {
    constexpr std::uint64_t kVocabulary = 150000;
    std::string tokens, scores, types, merges;
    for (std::uint64_t i = 0; i < kVocabulary; ++i) {
        tokens += str("token" + std::to_string(i));
        scores += f32(-float(i));
        types += le(1, 4);
        merges += str("t " + std::to_string(i));
    }
    GgufTestFile file;
    file.kv("general.architecture", Str, str("llama"))
        .kv("llama.block_count", U32, u32(32))
        .kv("tokenizer.ggml.tokens", Arr, arr(Str, kVocabulary, tokens))
        .kv("tokenizer.ggml.scores", Arr, arr(F32, kVocabulary, scores))
        .kv("tokenizer.ggml.token_type", Arr, arr(I32, kVocabulary, types))
        .kv("tokenizer.ggml.merges", Arr, arr(Str, kVocabulary, merges));
    file.tensor("token_embd.weight", kQ4_K, {4096, kVocabulary}, 4096 * kVocabulary / 256 * 144);
    const char* matrices[] = {"attn_q", "attn_k", "attn_v", "attn_output"};
    const char* ffn[] = {"ffn_gate", "ffn_up", "ffn_down"};
    for (int layer = 0; layer < 32; ++layer) {
        const std::string prefix = "blk." + std::to_string(layer) + ".";
        for (const char* name : matrices)
            file.tensor(prefix + name + ".weight", kQ4_K, {4096, 4096}, 9437184);
        for (const char* name : ffn)
            file.tensor(prefix + name + ".weight", kQ4_K, {4096, 14336}, 33030144);
    }
    return file;
}

} // namespace

class TestGguf : public QObject {
    Q_OBJECT
  private slots:
    void typeTable() {
        QCOMPARE(ggufTensorBytes(kQ4_K, 4096ull * 4096), std::optional<std::uint64_t>(9437184));
        QCOMPARE(ggufTensorBytes(kQ8_0, 32), std::optional<std::uint64_t>(34));
        QCOMPARE(ggufTensorBytes(kQ4_0, 32), std::optional<std::uint64_t>(18));
        QCOMPARE(ggufTensorBytes(kF32, 3), std::optional<std::uint64_t>(12));
        QCOMPARE(ggufTensorBytes(39, 64), std::optional<std::uint64_t>(34)); // MXFP4: 17 per 32
        QCOMPARE(ggufTensorBytes(kQ4_K, 255), std::nullopt);                 // not whole blocks
        QCOMPARE(ggufTensorBytes(4, 32), std::nullopt);                      // Q4_2, removed
        QCOMPARE(ggufTensorBytes(99, 32), std::nullopt);
        QCOMPARE(ggufTensorBytes(28, std::uint64_t(1) << 62), std::nullopt); // 2^65 bytes of F64
        for (std::uint32_t removed : {4u, 5u, 31u, 32u, 33u, 36u, 37u, 38u, 43u})
            QVERIFY(!findGgufType(removed));
        QCOMPARE(findGgufType(kBF16)->name, std::string_view("BF16"));
        QCOMPARE(findGgufType(35)->name, std::string_view("TQ2_0"));
        QCOMPARE(findGgufType(kQ6_K)->blockBytes, 210u);
        QCOMPARE(findGgufTypeByName("q4_k")->id, std::uint32_t(kQ4_K));
        QCOMPARE(findGgufTypeByName("Iq4_Xs")->id, std::uint32_t(kIQ4_XS));
        QVERIFY(!findGgufTypeByName("Q4_2"));
        QVERIFY(!findGgufTypeByName("Q4_K_M")); // a file type, not a tensor type
        for (const GgufType& type : ggufTypes()) {
            QCOMPARE(findGgufType(type.id), &type);
            QCOMPARE(findGgufTypeByName(type.name), &type);
            QVERIFY(type.blockElements >= 1 && type.blockBytes >= 1);
        }
    }

    void everyTensorType_data() {
        QTest::addColumn<std::uint32_t>("version");
        QTest::newRow("v2") << 2u;
        QTest::newRow("v3") << 3u;
    }
    void everyTensorType() {
        QFETCH(std::uint32_t, version);
        const GgufTestFile file = everyTypeFile(version);
        const GgufHeader header = parseWhole(file);
        QCOMPARE(header.version, version);
        QCOMPARE(header.dataOffset, std::uint64_t(file.header().size()));
        QCOMPARE(header.dataOffset % 32, 0u);
        QCOMPARE(header.tensors.size(), everyType().size());
        for (std::size_t i = 0; i < everyType().size(); ++i) {
            const TypedTensor& expected = everyType()[i];
            const GgufTensor& tensor = header.tensors[i];
            QCOMPARE(tensor.name, std::string(expected.name));
            QCOMPARE(tensor.type, expected.type);
            QCOMPARE(tensor.typeName, std::string(expected.typeName));
            QCOMPARE(tensor.dims, expected.dims);
            QCOMPARE(tensor.bytes, expected.bytes);
            QCOMPARE(tensor.offset, file.offsets[i]);
        }
        QCOMPARE(header.metadata["general.architecture"].get<std::string>(), "llama");
    }

    void readsTheFileFromDisk() {
        QTemporaryDir dir;
        const GgufTestFile file = everyTypeFile(3);
        const std::string path = writeSparse(dir, file.header(), file.fileSize());
        const GgufHeader header = readGgufHeader(path);
        QCOMPARE(header.tensors.size(), everyType().size());
        QCOMPARE(header.tensors.back().bytes, 139264u);
        QCOMPARE(header.dataOffset + header.tensors.back().offset + header.tensors.back().bytes,
                 file.fileSize());
        // One byte short: the last tensor's data would end past the file.
        std::filesystem::resize_file(path, file.fileSize() - 1);
        QVERIFY_THROWS_EXCEPTION(GgufError, readGgufHeader(path));
    }

    void metadataValues() {
        GgufTestFile file;
        file.version = 2;
        file.kv("u8", U8, u8(200))
            .kv("i8", I8, u8(0xfb))
            .kv("u16", U16, u16(60000))
            .kv("i16", I16, u16(0x8ad0)) // -30000
            .kv("u32", U32, u32(4000000000u))
            .kv("i32", I32, u32(std::uint32_t(-2000000000)))
            .kv("f32", F32, f32(0.5f))
            .kv("bool", Bool, u8(1))
            .kv("false", Bool, u8(0))
            .kv("string", Str, str("caf\xc3\xa9"))
            .kv("empty", Str, str(""))
            .kv("u64", U64, u64((std::uint64_t(1) << 63) + 5))
            .kv("i64", I64, u64(std::uint64_t(-(std::int64_t(1) << 62))))
            .kv("f64", F64, f64(-3.25))
            .kv("u32s", Arr, arr(U32, 3, u32(1) + u32(2) + u32(3)))
            .kv("strings", Arr, arr(Str, 2, str("a") + str("b")))
            .kv("none", Arr, arr(F64, 0, ""))
            .kv("nested", Arr, arr(Arr, 2, arr(I8, 2, u8(1) + u8(0xff)) + arr(Bool, 1, u8(1))))
            .kv("deep", Arr, nested(8));
        const GgufHeader header = parseWhole(file);
        const nlohmann::ordered_json& m = header.metadata;
        // Each value as JSON text: its type shows (4000000000, not 4e9; -3.25, not -3).
        const auto text = [&](const char* key) { return QString::fromStdString(m[key].dump()); };
        QCOMPARE(header.version, 2u);
        QCOMPARE(m.size(), std::size_t(19));
        QCOMPARE(text("u8"), "200");
        QCOMPARE(text("i8"), "-5");
        QCOMPARE(text("u16"), "60000");
        QCOMPARE(text("i16"), "-30000");
        QCOMPARE(text("u32"), "4000000000");
        QCOMPARE(text("i32"), "-2000000000");
        QCOMPARE(text("f32"), "0.5");
        QCOMPARE(text("bool"), "true");
        QCOMPARE(text("false"), "false");
        QCOMPARE(text("string"), "\"caf\u00e9\"");
        QCOMPARE(text("empty"), "\"\"");
        QVERIFY(m["u64"].is_number_unsigned());
        QCOMPARE(text("u64"), "9223372036854775813");  // 2^63 + 5
        QCOMPARE(text("i64"), "-4611686018427387904"); // -2^62
        QVERIFY(m["f64"].is_number_float());
        QCOMPARE(text("f64"), "-3.25");
        QCOMPARE(text("u32s"), "[1,2,3]");
        QCOMPARE(text("strings"), "[\"a\",\"b\"]");
        QCOMPARE(text("none"), "[]");
        QCOMPARE(text("nested"), "[[1,-1],[true]]");
        QCOMPARE(text("deep"), "[[[[[[[[7]]]]]]]]");
        QCOMPARE(header.arrayLengths.size(), std::size_t(5));
        QCOMPARE(header.arrayLengths.at("u32s"), 3u);
        QCOMPARE(header.arrayLengths.at("nested"), 2u);
        QCOMPARE(header.arrayLengths.at("none"), 0u);
        QCOMPARE(m.begin().key(), std::string("u8")); // in the file's order
    }

    void longArraysKeptAsLengths() {
        std::string strings, bytes, floats, badText;
        for (int i = 0; i < 300; ++i)
            strings += str("token" + std::to_string(i));
        for (int i = 0; i < 256; ++i)
            bytes += u8(std::uint8_t(i));
        for (int i = 0; i < 257; ++i)
            floats += f32(i == 100 ? std::numeric_limits<float>::infinity() : 1.0f);
        for (int i = 0; i < 257; ++i)
            badText += str("\xe4\xb8"); // half a character, as some vocabularies hold
        const std::string inner = arr(U8, 200, std::string(200, '\1'));
        GgufTestFile file;
        file.kv("tokens", Arr, arr(Str, 300, strings))
            .kv("bytes", Arr, arr(U8, 256, bytes))
            .kv("scores", Arr, arr(F32, 257, floats))
            .kv("pieces", Arr, arr(Str, 257, badText))
            .kv("pairs", Arr, arr(Arr, 2, inner + inner)) // 402 elements in all
            .kv("after", U32, u32(9));
        const GgufHeader header = parseWhole(file);
        QCOMPARE(header.arrayLengths.at("tokens"), 300u);
        QCOMPARE(header.arrayLengths.at("bytes"), 256u);
        QCOMPARE(header.arrayLengths.at("scores"), 257u);
        QCOMPARE(header.arrayLengths.at("pieces"), 257u);
        QCOMPARE(header.arrayLengths.at("pairs"), 2u);
        QVERIFY(!header.metadata.contains("tokens"));
        QVERIFY(!header.metadata.contains("scores"));
        QVERIFY(!header.metadata.contains("pieces"));
        QVERIFY(!header.metadata.contains("pairs"));
        QCOMPARE(header.metadata["bytes"].size(), std::size_t(256));
        QCOMPARE(header.metadata["bytes"][255].get<int>(), 255);
        QCOMPARE(header.metadata["after"].get<int>(),
                 9); // everything skipped was passed over exactly
    }

    void alignment_data() {
        QTest::addColumn<QByteArray>("entry"); // the general.alignment entry, or none
        QTest::addColumn<qulonglong>("alignment");
        QTest::newRow("absent: 32") << QByteArray() << 32ull;
        QTest::newRow("1") << QByteArray::fromStdString(u32(1)) << 1ull;
        QTest::newRow("64") << QByteArray::fromStdString(u32(64)) << 64ull;
        QTest::newRow("4096") << QByteArray::fromStdString(u32(4096)) << 4096ull;
    }
    void alignment() {
        QFETCH(QByteArray, entry);
        QFETCH(qulonglong, alignment);
        GgufTestFile file;
        file.alignment = alignment;
        if (!entry.isEmpty())
            file.kv("general.alignment", U32, entry.toStdString());
        file.kv("general.name", Str, str("odd length!"));
        file.tensor("a", kF32, {3}, 12).tensor("b", kQ8_0, {32, 3}, 102).tensor("c", kF16, {1}, 2);
        const GgufHeader header = parseWhole(file);
        QCOMPARE(header.dataOffset, alignUp(file.unpadded().size(), alignment));
        QCOMPARE(header.dataOffset % alignment, 0u);
        for (std::size_t i = 0; i < header.tensors.size(); ++i) {
            QCOMPARE(header.tensors[i].offset, file.offsets[i]);
            QCOMPARE(header.tensors[i].offset % alignment, 0u);
        }
        // Where the padding ends, the data starts: 1 byte fewer for the data is a truncation.
        QCOMPARE(refusal(file.header(), file.fileSize() - 1).isEmpty(), false);
    }

    void malformed_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<qulonglong>("fileSize");
        QTest::addColumn<QString>("message");
        const std::string start = "GGUF" + u32(3); // magic and version
        GgufTestFile file;

        addMalformed("bad magic", "GGML" + u32(3) + u64(0) + u64(0), 24,
                     "the file is not GGUF (its first bytes are not 'GGUF')");
        addMalformed("empty file", "", 0, "the file is not GGUF (its first bytes are not 'GGUF')");
        file = {};
        file.version = 1;
        addMalformed("version 1", file,
                     "GGUF version 1 (the first, of August 2023, with 32-bit counts) is not "
                     "supported; convert it with llama.cpp");
        file.version = 99;
        addMalformed("version 99", file,
                     "GGUF version 99 is not supported; CutLab reads versions "
                     "2 and 3");
        file.version = 0x03000000;
        addMalformed("big-endian", file,
                     "the file is big-endian GGUF (version 3); CutLab reads only little-endian "
                     "files");

        // 24 bytes of header, 45 of the architecture, 33 of the block count: cut 2 bytes short.
        file = {};
        file.kv("general.architecture", Str, str("llama")).kv("llama.block_count", U32, u32(32));
        addMalformed("truncated in the metadata", file.unpadded().substr(0, 100), 100,
                     "the file ends at byte 100, inside the value of 'llama.block_count': it "
                     "looks truncated");
        addMalformed("truncated in the counts", start + u64(0), 16,
                     "the file ends at byte 16, inside the header's counts: it looks truncated");
        addMalformed("a string longer than the file",
                     start + u64(0) + u64(1) + u64(1000000000000) + "general", 39,
                     "the key of metadata entry 0 at byte 24 claims a string of 1000000000000 "
                     "bytes, longer than the file");
        const std::string longText(1048577, 'x');
        file = {};
        file.kv("general.description", Str, str(longText));
        addMalformed("a string over 1 MiB", file,
                     "the value of 'general.description' at byte 55 is 1048577 bytes long; CutLab "
                     "reads strings of at most 1048576 bytes there");
        addMalformed("2^60 tensors", start + u64(std::uint64_t(1) << 60) + u64(0), 24,
                     "the header claims 1152921504606846976 tensors; CutLab reads at most 1048576");
        addMalformed("2^60 metadata entries", start + u64(0) + u64(std::uint64_t(1) << 60), 24,
                     "the header claims 1152921504606846976 metadata entries; CutLab reads at "
                     "most 1048576");
        addMalformed("more tensors than the file holds", start + u64(1000) + u64(0), 24,
                     "the header claims 1000 tensors, more than the rest of the file (0 bytes) "
                     "can hold");
        file = {};
        file.kv("tokenizer.ggml.tokens", Arr, arr(Str, std::uint64_t(1) << 40, ""));
        addMalformed("an array longer than the file", file,
                     "the value of 'tokenizer.ggml.tokens' claims an array of 1099511627776 "
                     "elements, more than the rest of the file (0 bytes) can hold");
        file = {};
        file.kv("general.name", 13, u32(0));
        addMalformed("an unknown value type", file,
                     "the value of 'general.name' has the unknown type 13 (GGUF value types are 0 "
                     "to 12)");
        file = {};
        file.kv("deep", Arr, nested(9));
        addMalformed("arrays nested 9 deep", file,
                     "the array 'deep' nests arrays more than 8 levels deep");
        file = {};
        file.kv("general.name", Str, str("x")).kv("bad\xff", U8, u8(1));
        addMalformed("invalid UTF-8 in a key", file,
                     "the key of metadata entry 1 is not UTF-8 (byte 68 of the file)");
        file = {};
        // 24 bytes of header, 12 of key and 8 of its length, 4 of type, 8 of length, then "ab".
        file.kv("general.name", Str, str("ab\xc0\xaf"));
        addMalformed("invalid UTF-8 in a value", file,
                     "the value of 'general.name' is not UTF-8 (byte 58 of the file)");
        file = {};
        file.kv("llama.rope.freq_base", F32, f32(std::numeric_limits<float>::infinity()));
        addMalformed("an infinite float", file,
                     "the value of 'llama.rope.freq_base' is not a finite number (it is infinite "
                     "or NaN)");
        file = {};
        file.kv("eps", Arr, arr(F64, 2, f64(1) + f64(std::numeric_limits<double>::quiet_NaN())));
        addMalformed("a NaN in a short array", file,
                     "element 1 of 'eps' is not a finite number (it is infinite or NaN)");
        file = {};
        file.kv("general.flag", Bool, u8(2));
        addMalformed("a boolean of 2", file,
                     "the value of 'general.flag' is 2, not a boolean (0 or 1)");
        file = {};
        file.kv("general.name", Str, str("a")).kv("general.name", Str, str("b"));
        addMalformed("a key twice", file,
                     "the metadata key 'general.name' appears twice (entry 1 repeats it)");
        file = {};
        file.kv("general.alignment", U32, u32(3));
        addMalformed("alignment 3", file,
                     "general.alignment is 3; it must be a power of two (such as 32)");
        file = {};
        file.kv("general.alignment", U32, u32(0));
        addMalformed("alignment 0", file,
                     "general.alignment is 0; it must be a power of two (such as 32)");
        file = {};
        file.kv("general.alignment", Str, str("32"));
        addMalformed("alignment as text", file,
                     "general.alignment is \"32\"; it must be an unsigned integer");

        file = {};
        file.tensor("blk.1.ffn_down.weight", kF32, {8}, 32)
            .tensor("blk.1.ffn_up.weight", 99, {8}, 0);
        addMalformed("an unknown tensor type", file,
                     "tensor 1 ('blk.1.ffn_up.weight') has the unknown type 99");
        file = {};
        file.tensor("x", kF32, {1, 1, 1, 1, 1}, 4);
        addMalformed("5 dimensions", file,
                     "tensor 0 ('x') has 5 dimensions; GGUF tensors have at most 4");
        file = {};
        file.tensor("x", kF32, {4, 0}, 0);
        addMalformed("a zero dimension", file,
                     "tensor 0 ('x') has 0 as its dimension 1; every dimension must be at least 1");
        file = {};
        file.tensor("x", kF32, {std::uint64_t(1) << 32, std::uint64_t(1) << 32}, 0);
        addMalformed("an element count past 2^63", file,
                     "tensor 0 ('x') has more elements than 2^63 - 1 (the product of its "
                     "dimensions)");
        file = {};
        file.tensor("x", kQ4_K, {100, 256}, 14400);
        addMalformed("rows not whole blocks", file,
                     "tensor 0 ('x') has rows of 100 elements, not a multiple of Q4_K's blocks of "
                     "256");
        file = {};
        file.tensor("x", kF32, {2}, 8).tensor("x", kF32, {2}, 8);
        addMalformed("a tensor name twice", file, "tensors 0 and 1 are both named 'x'");
        file = {};
        file.tensorAt("x", kF32, {2}, 8);
        addMalformed("an unaligned tensor", file.header() + std::string(16, '\0'),
                     file.header().size() + 16,
                     "tensor 0 ('x') starts at byte 8 of the data section, not a multiple of the "
                     "alignment 32");
        // 24 bytes of header, 45 of tensor description: the data starts at 96.
        file = {};
        file.tensor("output.weight", kF32, {1024}, 4096);
        addMalformed("tensor data past the end of the file",
                     file.header() + std::string(4095, '\0'), 96 + 4095,
                     "the data of tensor 0 ('output.weight') (4096 bytes at byte 0 of the data "
                     "section, which starts at byte 96) goes past the end of the file at byte "
                     "4191: the file looks truncated");
    }
    void malformed() {
        QFETCH(QByteArray, bytes);
        QFETCH(qulonglong, fileSize);
        QFETCH(QString, message);
        QCOMPARE(refusal(bytes.toStdString(), fileSize), message);
    }

    void looksLikeGgufByItsMagic() {
        QVERIFY(looksLikeGguf("GGUF\3\0\0\0"));
        QVERIFY(looksLikeGguf("GGUF"));
        QVERIFY(!looksLikeGguf("GGU"));
        QVERIFY(!looksLikeGguf(""));
        QVERIFY(!looksLikeGguf("ggUF"));
        QVERIFY(!looksLikeGguf("{\"layers\": []}"));
    }

    void bytesGivenEndInsideTheHeader() {
        const GgufTestFile file = everyTypeFile(3);
        QCOMPARE(refusal(file.header().substr(0, 30), file.fileSize()),
                 QString("the header goes on past the 30 bytes given; more of the file is needed"));
    }

    void onlyRegularFilesAreRead() {
        QTemporaryDir dir;
        const std::string folder = dir.path().toStdString();
        const std::string missing = dir.filePath("missing.gguf").toStdString();
        const auto message = [](const std::string& path) {
            try {
                readGgufHeader(path);
            } catch (const GgufError& error) {
                return std::string(error.what());
            }
            return std::string();
        };
        QCOMPARE(message(folder), "cannot read '" + folder + "': is a directory, not a file");
        QCOMPARE(message(missing), "cannot read '" + missing + "': no such file");
    }

    void fiveGigabyteFileReadsOnlyItsHeader() {
        QTemporaryDir dir;
        const GgufTestFile file = largeModel();
        const std::uint64_t fiveGiB = std::uint64_t(5) << 30;
        QVERIFY(file.fileSize() <= fiveGiB);
        const std::string header = file.header();
        QVERIFY(header.size() > 4u << 20); // several MB: read in more than one step
        const std::string path = writeSparse(dir, header, fiveGiB);
        QElapsedTimer timer;
        timer.start();
        const GgufHeader read = readGgufHeader(path);
        qInfo("the header of %zu bytes of a 5 GiB file read in %lld ms", header.size(),
              timer.elapsed()); // for the record: tests never assert times
        QCOMPARE(read.dataOffset, std::uint64_t(header.size()));
        QCOMPARE(read.tensors.size(), std::size_t(1 + 32 * 7));
        QCOMPARE(read.tensors.front().bytes, 4096ull * 150000 / 256 * 144);
        QCOMPARE(read.tensors.back().name, std::string("blk.31.ffn_down.weight"));
        QCOMPARE(read.tensors.back().offset, file.offsets.back());
        QCOMPARE(read.arrayLengths.at("tokenizer.ggml.tokens"), 150000u);
        QCOMPARE(read.arrayLengths.at("tokenizer.ggml.merges"), 150000u);
        QCOMPARE(read.metadata["llama.block_count"].get<int>(), 32);
        QVERIFY(!read.metadata.contains("tokenizer.ggml.tokens"));
    }
};

CUTLAB_TEST_MAIN(TestGguf, Appless)
} // namespace tst_gguf

#include "tst_gguf.moc"
