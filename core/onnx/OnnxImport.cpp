#include "core/onnx/OnnxImport.h"

#include "core/onnx/OperatorFlops.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>
#include <onnx/defs/schema.h>
#include <onnx/onnx_pb.h>
#include <onnx/shape_inference/implementation.h>

#include <climits>
#include <filesystem>
#include <fstream>
#include <unordered_map>
#include <unordered_set>

namespace cutlab::core {
namespace {

using Shape = std::vector<std::int64_t>;

struct TensorInfo {
    int elementType = 0;
    Shape shape;
    bool known = false; // every dimension has a value
};

double elementBytes(int type) {
    switch (type) {
    case onnx::TensorProto::BOOL:
    case onnx::TensorProto::INT8:
    case onnx::TensorProto::UINT8:
        return 1;
    case onnx::TensorProto::INT16:
    case onnx::TensorProto::UINT16:
    case onnx::TensorProto::FLOAT16:
    case onnx::TensorProto::BFLOAT16:
        return 2;
    case onnx::TensorProto::INT32:
    case onnx::TensorProto::UINT32:
    case onnx::TensorProto::FLOAT:
        return 4;
    case onnx::TensorProto::INT64:
    case onnx::TensorProto::UINT64:
    case onnx::TensorProto::DOUBLE:
    case onnx::TensorProto::COMPLEX64:
        return 8;
    case onnx::TensorProto::COMPLEX128:
        return 16;
    default:
        return 0; // strings and undefined: no fixed size
    }
}

double tensorBytes(const TensorInfo& tensor) {
    return elementCount(tensor.shape) * elementBytes(tensor.elementType);
}

TensorInfo infoOf(const onnx::ValueInfoProto& value) {
    TensorInfo info;
    if (!value.type().has_tensor_type())
        return info;
    const auto& tensor = value.type().tensor_type();
    info.elementType = tensor.elem_type();
    if (!tensor.has_shape())
        return info;
    info.known = true;
    for (const auto& dim : tensor.shape().dim()) {
        if (!dim.has_dim_value()) {
            info.known = false;
            info.shape.push_back(-1);
        } else {
            info.shape.push_back(dim.dim_value());
        }
    }
    return info;
}

TensorInfo infoOf(const onnx::TensorProto& tensor) {
    TensorInfo info;
    info.elementType = tensor.data_type();
    info.known = true;
    info.shape.assign(tensor.dims().begin(), tensor.dims().end());
    return info;
}

// The file, streamed into the protobuf parser (never held as a whole besides the message).
onnx::ModelProto readModel(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw OnnxImportError("cannot be read");
    google::protobuf::io::IstreamInputStream raw(&file);
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

int checkOpset(const onnx::ModelProto& model) {
    int opset = -1;
    for (const auto& entry : model.opset_import())
        if (entry.domain().empty() || entry.domain() == "ai.onnx")
            opset = static_cast<int>(entry.version());
    if (opset < 0)
        throw OnnxImportError("the model declares no ONNX opset (a truncated file?)");
    const auto& ranges = onnx::OpSchemaRegistry::DomainToVersionRange::Instance().Map();
    const int newest = ranges.at(onnx::ONNX_DOMAIN).second;
    if (opset > newest)
        throw OnnxImportError("opset " + std::to_string(opset) +
                              " is newer than this importer knows (up to " +
                              std::to_string(newest) + "): export the model with opset " +
                              std::to_string(newest) + " or older");
    return opset;
}

// Symbolic dimensions get their values before shape inference: `--dim NAME=VALUE`, else 1 for
// a graph input's first (batch) dimension; any other symbolic input dimension is an error.
void resolveSymbolicDimensions(onnx::GraphProto& graph,
                               const std::unordered_set<std::string>& initializers,
                               std::map<std::string, std::int64_t> symbols) {
    for (auto& input : *graph.mutable_input()) {
        if (initializers.count(input.name()))
            continue;
        if (!input.type().has_tensor_type())
            throw OnnxImportError("graph input '" + input.name() + "' is not a tensor");
        auto* tensor = input.mutable_type()->mutable_tensor_type();
        if (!tensor->has_shape())
            throw OnnxImportError("graph input '" + input.name() +
                                  "' has no shape: CutLab needs the input's shape");
        auto& dims = *tensor->mutable_shape()->mutable_dim();
        for (int i = 0; i < dims.size(); ++i) {
            auto& dim = dims[i];
            if (dim.has_dim_value())
                continue;
            const std::string name = dim.dim_param();
            if (!name.empty() && symbols.count(name)) {
                dim.set_dim_value(symbols.at(name));
            } else if (i == 0) {
                dim.set_dim_value(1); // the batch: CutLab profiles are per sample
                if (!name.empty())
                    symbols[name] = 1;
            } else {
                throw OnnxImportError(
                    "graph input '" + input.name() + "' has a symbolic dimension " +
                    (name.empty() ? std::string("without a name") : "'" + name + "'") +
                    " (dimension " + std::to_string(i) + "): give its value with --dim " +
                    (name.empty() ? std::string("NAME") : name) + "=VALUE");
            }
        }
    }
    // declared shapes elsewhere: known symbols get their values, the rest is left to inference
    auto settle = [&](onnx::ValueInfoProto& value) {
        if (!value.type().has_tensor_type() || !value.type().tensor_type().has_shape())
            return;
        for (auto& dim :
             *value.mutable_type()->mutable_tensor_type()->mutable_shape()->mutable_dim()) {
            if (dim.has_dim_value())
                continue;
            const std::string name = dim.dim_param();
            if (symbols.count(name))
                dim.set_dim_value(symbols.at(name));
            else
                dim.clear_dim_param();
        }
    };
    for (auto& output : *graph.mutable_output())
        settle(output);
    graph.clear_value_info(); // inference computes them again from the settled inputs
}

// Names a subgraph reads from its enclosing scopes (not produced, input or initialised inside).
void collectOuterNames(const onnx::GraphProto& graph, std::unordered_set<std::string>& outer) {
    std::unordered_set<std::string> local;
    for (const auto& input : graph.input())
        local.insert(input.name());
    for (const auto& initializer : graph.initializer())
        local.insert(initializer.name());
    for (const auto& node : graph.node()) {
        for (const auto& name : node.input())
            if (!name.empty() && !local.count(name))
                outer.insert(name);
        for (const auto& attribute : node.attribute()) {
            std::unordered_set<std::string> inner;
            if (attribute.has_g())
                collectOuterNames(attribute.g(), inner);
            for (const auto& sub : attribute.graphs())
                collectOuterNames(sub, inner);
            for (const auto& name : inner)
                if (!local.count(name))
                    outer.insert(name);
        }
        for (const auto& name : node.output())
            local.insert(name);
    }
}

std::string fileStem(const std::string& path) {
    return std::filesystem::path(path).stem().string();
}

} // namespace

bool looksLikeOnnx(std::string_view head) {
    // ModelProto field 1 (ir_version, varint) comes first in every exporter's output
    return head.size() >= 2 && static_cast<unsigned char>(head[0]) == 0x08 &&
           static_cast<unsigned char>(head[1]) < 0x80 && head[1] != 0;
}

nlohmann::ordered_json importOnnxGraph(const std::string& path, const OnnxImportOptions& options,
                                       const ImportProgress& progress) {
    const auto report = [&progress](double fraction) {
        if (progress && !progress(fraction))
            throw ImportCancelled();
    };
    report(0);
    onnx::ModelProto model = readModel(path);
    report(0.4);
    const int opset = checkOpset(model);
    onnx::GraphProto& graph = *model.mutable_graph();

    std::unordered_set<std::string> initializerNames;
    for (const auto& initializer : graph.initializer())
        initializerNames.insert(initializer.name());
    resolveSymbolicDimensions(graph, initializerNames, options.dimensions);
    try {
        onnx::ShapeInferenceOptions inference(/*check_type=*/false, /*error_mode=*/1,
                                              /*enable_data_propagation=*/true);
        onnx::shape_inference::InferShapes(model, onnx::OpSchemaRegistry::Instance(), inference);
    } catch (const std::exception& error) {
        throw OnnxImportError(std::string("ONNX shape inference failed: ") + error.what());
    }
    report(0.6);

    std::unordered_map<std::string, TensorInfo> tensors;
    for (const auto& value : graph.input())
        tensors[value.name()] = infoOf(value);
    for (const auto& value : graph.value_info())
        tensors[value.name()] = infoOf(value);
    for (const auto& value : graph.output())
        tensors[value.name()] = infoOf(value);
    // weights: shapes and types only (their data may live in external files that are absent)
    std::unordered_map<std::string, double> weightBytes;
    for (const auto& initializer : graph.initializer()) {
        tensors[initializer.name()] = infoOf(initializer);
        weightBytes[initializer.name()] = tensorBytes(tensors[initializer.name()]);
    }

    std::unordered_set<std::string> graphInputs;
    double inputBytes = 0;
    for (const auto& input : graph.input()) {
        if (initializerNames.count(input.name()))
            continue;
        graphInputs.insert(input.name());
        inputBytes += tensorBytes(tensors[input.name()]);
    }

    std::unordered_set<std::string> constants(initializerNames.begin(), initializerNames.end());
    std::unordered_map<std::string, std::string> producer; // tensor -> layer id
    std::unordered_set<std::string> usedIds;
    std::unordered_set<std::string> countedWeights;
    nlohmann::ordered_json layers = nlohmann::ordered_json::array();
    const int nodeCount = graph.node_size();
    int nodesDone = 0;
    for (const auto& node : graph.node()) {
        if (++nodesDone % 256 == 0)
            report(0.6 + 0.3 * nodesDone / nodeCount);
        const bool standard = node.domain().empty() || node.domain() == "ai.onnx";
        if (standard && node.op_type() == "Constant") {
            // shapes, axes and scalars: folded away, neither edges nor parameters
            for (const auto& output : node.output())
                constants.insert(output);
            continue;
        }
        if (standard && node.op_type() == "Identity" && node.input_size() == 1 &&
            constants.count(node.input(0))) {
            constants.insert(node.output(0));
            if (weightBytes.count(node.input(0)))
                weightBytes[node.output(0)] = weightBytes.at(node.input(0));
            continue;
        }
        std::string id = node.name();
        if (id.empty() || usedIds.count(id))
            id = node.output_size() > 0 ? node.output(0) : node.op_type();
        for (int k = 2; usedIds.count(id); ++k)
            id = (node.name().empty() ? node.op_type() : node.name()) + "#" + std::to_string(k);
        usedIds.insert(id);

        nlohmann::ordered_json inputs = nlohmann::ordered_json::array();
        std::unordered_set<std::string> inputIds;
        bool readsModelInput = false;
        double paramBytes = 0;
        auto read = [&](const std::string& name, bool fromSubgraph) {
            if (name.empty())
                return;
            if (constants.count(name)) {
                if (weightBytes.count(name) && countedWeights.insert(name).second)
                    paramBytes += weightBytes.at(name);
                return;
            }
            if (auto found = producer.find(name); found != producer.end()) {
                if (inputIds.insert(found->second).second)
                    inputs.push_back(found->second);
                return;
            }
            if (graphInputs.count(name)) {
                readsModelInput = true;
                return;
            }
            if (!fromSubgraph) // a subgraph's own names are not edges
                throw OnnxImportError("node '" + id + "' (" + node.op_type() + ") reads tensor '" +
                                      name +
                                      "', which no earlier node produces: the nodes are not in "
                                      "topological order or the graph is incomplete");
        };
        for (const auto& name : node.input())
            read(name, false);
        std::unordered_set<std::string> outer;
        for (const auto& attribute : node.attribute()) {
            if (attribute.has_g())
                collectOuterNames(attribute.g(), outer);
            for (const auto& sub : attribute.graphs())
                collectOuterNames(sub, outer);
        }
        for (const auto& name : outer)
            read(name, true);

        OperatorShapes shapes;
        for (const auto& name : node.input()) {
            const auto found = tensors.find(name);
            shapes.inputs.push_back(found != tensors.end() ? found->second.shape : Shape{});
        }
        double outputBytes = 0;
        for (const auto& name : node.output()) {
            if (name.empty())
                continue;
            const auto found = tensors.find(name);
            if (found == tensors.end() || !found->second.known)
                throw OnnxImportError("the shape of '" + name + "' (output of node '" + id + "', " +
                                      node.op_type() +
                                      ") cannot be inferred: CutLab needs every output's size");
            outputBytes += tensorBytes(found->second);
            shapes.outputs.push_back(found->second.shape);
            producer[name] = id;
        }

        nlohmann::ordered_json layer;
        layer["id"] = id;
        layer["type"] = node.op_type();
        layer["inputs"] = inputs;
        if (readsModelInput && !inputs.empty())
            layer["reads_model_input"] = true;
        layer["output_bytes"] = outputBytes;
        layer["param_bytes"] = paramBytes;
        layer["flops"] = operatorFlops(node.op_type(), shapes);
        layer["output_shape"] = shapes.outputs.empty() ? Shape{} : shapes.outputs.front();
        layers.push_back(std::move(layer));
    }
    if (layers.empty())
        throw OnnxImportError("the graph has no operators besides constants");

    std::string name = options.modelName;
    if (name.empty())
        name = fileStem(path); // exporters' graph names are generic ("torch_jit", "main_graph")
    std::string producerText = model.producer_name();
    if (!model.producer_version().empty())
        producerText += " " + model.producer_version();
    nlohmann::ordered_json document;
    document["format"] = "cutlab-profile";
    document["version"] = 1;
    document["model"] = {
        {"name", name},
        {"input_bytes", inputBytes},
        {"batch", 1},
        {"source", "imported from " + std::filesystem::path(path).filename().string() +
                       " (ONNX opset " + std::to_string(opset) +
                       (producerText.empty() ? std::string() : ", exported by " + producerText) +
                       ") by cutlab-cli import"}};
    document["machines"] = nlohmann::ordered_json::array();
    document["layers"] = std::move(layers);
    return document;
}

} // namespace cutlab::core
