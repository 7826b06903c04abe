#pragma once

// Generated ONNX models for tests and benchmarks, written with a minimal protobuf encoder (no
// ONNX library needed): long chains and many unnamed operators.
#include <cstdint>
#include <string>

namespace onnx_test {

inline void varint(std::string& out, std::uint64_t value) {
    while (value >= 0x80) {
        out.push_back(static_cast<char>((value & 0x7f) | 0x80));
        value >>= 7;
    }
    out.push_back(static_cast<char>(value));
}

// A length-delimited field (wire type 2).
inline void field(std::string& out, int number, const std::string& bytes) {
    varint(out, (static_cast<std::uint64_t>(number) << 3) | 2);
    varint(out, bytes.size());
    out += bytes;
}

inline void integerField(std::string& out, int number, std::uint64_t value) {
    varint(out, static_cast<std::uint64_t>(number) << 3);
    varint(out, value);
}

// NodeProto: input = 1, output = 2, name = 3, op_type = 4, domain = 7.
inline std::string node(const std::string& op, const std::string& input, const std::string& output,
                        const std::string& name = {}, const std::string& domain = {}) {
    std::string bytes;
    if (!input.empty())
        field(bytes, 1, input);
    if (!output.empty())
        field(bytes, 2, output);
    if (!name.empty())
        field(bytes, 3, name);
    field(bytes, 4, op);
    if (!domain.empty())
        field(bytes, 7, domain);
    return bytes;
}

// ValueInfoProto of a FLOAT tensor [1, width]: name = 1, type = 2 (TypeProto.tensor_type = 1:
// elem_type = 1, shape = 2 (TensorShapeProto.dim = 1: dim_value = 1)).
inline std::string floatVector(const std::string& name, int width) {
    std::string dims;
    for (const int value : {1, width}) {
        std::string dim;
        integerField(dim, 1, static_cast<std::uint64_t>(value));
        field(dims, 1, dim);
    }
    std::string tensor;
    integerField(tensor, 1, 1);
    field(tensor, 2, dims);
    std::string type;
    field(type, 1, tensor);
    std::string value;
    field(value, 1, name);
    field(value, 2, type);
    return value;
}

// ModelProto: ir_version = 1, graph = 7 (GraphProto: node = 1, name = 2, input = 11,
// output = 12), opset_import = 8 (version = 2), producer_name = 2.
inline std::string model(const std::string& nodes, const std::string& input,
                         const std::string& output, int opset = 13,
                         const std::string& customDomain = {}) {
    std::string graph = nodes;
    field(graph, 2, "generated");
    field(graph, 11, input);
    if (!output.empty())
        field(graph, 12, output);
    std::string opsetImport;
    integerField(opsetImport, 2, static_cast<std::uint64_t>(opset));
    std::string bytes;
    integerField(bytes, 1, 7);
    field(bytes, 2, "cutlab-tests");
    field(bytes, 7, graph);
    field(bytes, 8, opsetImport);
    if (!customDomain.empty()) {
        std::string custom;
        field(custom, 1, customDomain);
        integerField(custom, 2, 1);
        field(bytes, 8, custom);
    }
    return bytes;
}

// A chain of `length` Relu operators on a [1, 16] input, named r0, r1, ...
inline std::string reluChain(int length) {
    std::string nodes;
    for (int i = 0; i < length; ++i)
        field(nodes, 1,
              node("Relu", i == 0 ? "x" : "t" + std::to_string(i - 1), "t" + std::to_string(i),
                   "r" + std::to_string(i)));
    return model(nodes, floatVector("x", 16), floatVector("t" + std::to_string(length - 1), 16));
}

// `count` unnamed operators of a custom domain without outputs (their ids are all made from the
// operator type: Custom, Custom#2, Custom#3, ...), after one Relu on the input.
inline std::string unnamedWithoutOutputs(int count) {
    std::string nodes;
    field(nodes, 1, node("Relu", "x", "y", "relu"));
    for (int i = 0; i < count; ++i)
        field(nodes, 1, node("Custom", "y", "", "", "com.example"));
    return model(nodes, floatVector("x", 16), floatVector("y", 16), 13, "com.example");
}

} // namespace onnx_test
