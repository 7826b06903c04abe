#include "core/onnx/OnnxModelReader.h"

#include "core/onnx/OnnxImport.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <onnx/defs/schema.h>

#include <climits>

namespace cutlab::core {
namespace {

onnx::ModelProto parseFrom(google::protobuf::io::ZeroCopyInputStream& raw) {
    google::protobuf::io::CodedInputStream coded(&raw);
    coded.SetTotalBytesLimit(INT_MAX);
    onnx::ModelProto model;
    if (!model.ParseFromCodedStream(&coded) || !coded.ConsumedEntireMessage())
        throw OnnxImportError("not an ONNX model, or a truncated one (it does not parse as an "
                              "ONNX ModelProto)");
    if (!model.has_graph() || model.graph().node_size() == 0)
        throw OnnxImportError("not an ONNX model, or a truncated one (it has no graph nodes)");
    return model;
}

} // namespace

onnx::ModelProto readOnnxModel(int fd) {
    google::protobuf::io::FileInputStream raw(fd);
    return parseFrom(raw);
}

onnx::ModelProto parseOnnxModel(std::string_view bytes) {
    if (bytes.size() > static_cast<std::size_t>(INT_MAX))
        throw OnnxImportError("larger than 2 GiB, the most an ONNX file can hold");
    google::protobuf::io::ArrayInputStream raw(bytes.data(), static_cast<int>(bytes.size()));
    return parseFrom(raw);
}

bool isStandardDomain(const std::string& domain) {
    return domain.empty() || domain == "ai.onnx";
}

std::int64_t onnxOpset(const onnx::ModelProto& model) {
    std::int64_t opset = -1;
    bool declared = false;
    for (const auto& entry : model.opset_import())
        if (isStandardDomain(entry.domain())) {
            opset = entry.version();
            declared = true;
        }
    if (!declared)
        throw OnnxImportError("the model declares no ONNX opset (a truncated file?)");
    if (opset < 1)
        throw OnnxImportError("the model declares ONNX opset " + std::to_string(opset) +
                              ", which does not exist (opsets start at 1)");
    const auto& ranges = onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map();
    const int newest = ranges.at(onnx::ONNX_DOMAIN).second;
    if (opset > newest)
        throw OnnxImportError("opset " + std::to_string(opset) +
                              " is newer than this importer knows (up to " +
                              std::to_string(newest) + "): export the model with opset " +
                              std::to_string(newest) + " or older");
    return opset;
}

} // namespace cutlab::core
