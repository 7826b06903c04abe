#include "core/onnx/OnnxLayerGraph.h"

#include "core/io/Utf8.h"
#include "core/onnx/OnnxModelReader.h"
#include "core/onnx/OnnxTensorData.h"
#include "core/onnx/OperatorFlops.h"

#include <filesystem>
#include <unordered_map>
#include <unordered_set>

namespace cutlab::core {
namespace {

using Shape = std::vector<std::int64_t>;
using Json = nlohmann::ordered_json;

struct TensorInfo {
    int elementType = 0;
    Shape shape;
    bool known = false; // every dimension has a value
};

double tensorBytes(const TensorInfo& tensor) {
    return elementCount(tensor.shape) * onnxElementBytes(tensor.elementType);
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
        info.known = info.known && dim.has_dim_value();
        info.shape.push_back(dim.has_dim_value() ? dim.dim_value() : -1);
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

bool isIndexType(int type) {
    return type == onnx::TensorProto::INT32 || type == onnx::TensorProto::INT64 ||
           type == onnx::TensorProto::BOOL;
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

void settleDeclaredShape(onnx::ValueInfoProto& value,
                         const std::map<std::string, std::int64_t>& symbols) {
    if (!value.type().has_tensor_type() || !value.type().tensor_type().has_shape())
        return;
    for (auto& dim : *value.mutable_type()->mutable_tensor_type()->mutable_shape()->mutable_dim()) {
        if (dim.has_dim_value())
            continue;
        const auto found = symbols.find(dim.dim_param());
        if (found != symbols.end())
            dim.set_dim_value(found->second);
        else
            dim.clear_dim_param();
    }
}

// Unique layer ids in O(1) per node: the node's name, else its first output, else the
// operator type, with "#2", "#3"... counted per base name when taken.
class LayerIds {
  public:
    std::string take(const onnx::NodeProto& node) {
        const bool hasOutput = node.output_size() > 0 && !node.output(0).empty();
        for (const std::string& candidate :
             {node.name(), hasOutput ? node.output(0) : node.op_type()})
            if (!candidate.empty() && m_used.insert(candidate).second)
                return candidate;
        const std::string base = node.name().empty() ? node.op_type() : node.name();
        int& next = m_next.try_emplace(base, 2).first->second;
        std::string id = base + "#" + std::to_string(next++);
        while (!m_used.insert(id).second)
            id = base + "#" + std::to_string(next++);
        return id;
    }

  private:
    std::unordered_set<std::string> m_used;
    std::unordered_map<std::string, int> m_next;
};

// Walks the nodes in file order and makes one layer of each operator. Its maps name the graph's
// own strings: it lives no longer than the graph unchanged.
class LayerGraphBuilder {
  public:
    explicit LayerGraphBuilder(const onnx::GraphProto& graph) {
        m_tensors.reserve(static_cast<std::size_t>(graph.input_size() + graph.value_info_size() +
                                                   graph.output_size() + graph.initializer_size()));
        m_producer.reserve(static_cast<std::size_t>(graph.node_size()));
        for (const auto& value : graph.input())
            m_tensors[value.name()] = infoOf(value);
        for (const auto& value : graph.value_info())
            m_tensors[value.name()] = infoOf(value);
        for (const auto& value : graph.output())
            m_tensors[value.name()] = infoOf(value);
        // weights: shapes and types only (their data may live in external files that are absent);
        // INT32, INT64 and BOOL initializers are shapes, axes and index buffers, not weights
        for (const auto& initializer : graph.initializer()) {
            const TensorInfo& info = m_tensors[initializer.name()] = infoOf(initializer);
            if (!isIndexType(initializer.data_type()))
                m_weightBytes[initializer.name()] = tensorBytes(info);
            m_constants.insert(initializer.name());
        }
        for (const auto& input : graph.input()) {
            if (m_constants.count(input.name()))
                continue;
            m_graphInputs.insert(input.name());
            m_inputBytes += tensorBytes(m_tensors[input.name()]);
        }
    }

    double inputBytes() const { return m_inputBytes; }
    Json& layers() { return m_layers; }

    void add(const onnx::NodeProto& node) {
        if (foldsAway(node))
            return;
        m_id = m_ids.take(node);
        m_inputs = Json::array();
        m_inputLayers.clear();
        m_readsModelInput = false;
        m_paramBytes = 0;
        for (const auto& name : node.input())
            read(name, node, false);
        for (const auto& name : outerNames(node))
            read(name, node, true);
        m_layers.push_back(layerOf(node));
    }

  private:
    // Constants (shapes, axes, scalars) and Identity copies of weights: neither edges nor layers.
    bool foldsAway(const onnx::NodeProto& node) {
        if (!isStandardDomain(node.domain()))
            return false;
        if (node.op_type() == "Constant") {
            for (const auto& output : node.output())
                m_constants.insert(output);
            return true;
        }
        if (node.op_type() == "Identity" && node.input_size() == 1 && node.output_size() == 1 &&
            m_constants.count(node.input(0))) {
            m_constants.insert(node.output(0));
            if (const auto found = m_weightBytes.find(node.input(0)); found != m_weightBytes.end())
                m_weightBytes[node.output(0)] = found->second;
            return true;
        }
        return false;
    }

    static std::unordered_set<std::string> outerNames(const onnx::NodeProto& node) {
        std::unordered_set<std::string> outer;
        for (const auto& attribute : node.attribute()) {
            if (attribute.has_g())
                collectOuterNames(attribute.g(), outer);
            for (const auto& sub : attribute.graphs())
                collectOuterNames(sub, outer);
        }
        return outer;
    }

    void read(const std::string& name, const onnx::NodeProto& node, bool fromSubgraph) {
        if (name.empty())
            return;
        if (m_constants.count(name)) {
            const auto weight = m_weightBytes.find(name);
            if (weight != m_weightBytes.end() && m_countedWeights.insert(weight->first).second)
                m_paramBytes += weight->second;
            return;
        }
        if (const auto found = m_producer.find(name); found != m_producer.end()) {
            if (m_inputLayers.insert(found->second).second)
                m_inputs.push_back(m_layerIds[static_cast<std::size_t>(found->second)]);
            return;
        }
        if (m_graphInputs.count(name)) {
            m_readsModelInput = true;
            return;
        }
        if (!fromSubgraph) // a subgraph's own names are not edges
            throw OnnxImportError("node '" + m_id + "' (" + node.op_type() + ") reads tensor '" +
                                  name +
                                  "', which no earlier node produces: the nodes are not in "
                                  "topological order or the graph is incomplete");
    }

    Json layerOf(const onnx::NodeProto& node) {
        OperatorShapes shapes;
        for (const auto& attribute : node.attribute())
            if (attribute.name() == "kernel_shape")
                shapes.kernel.assign(attribute.ints().begin(), attribute.ints().end());
            else if (attribute.name() == "group")
                shapes.group = attribute.i();
            else if (attribute.name() == "equation")
                shapes.equation = attribute.s();
        for (const auto& name : node.input()) {
            const auto found = m_tensors.find(name);
            shapes.inputs.push_back(found != m_tensors.end() ? found->second.shape : Shape{});
        }
        double outputBytes = 0;
        for (const auto& name : node.output()) {
            if (name.empty())
                continue;
            const auto found = m_tensors.find(name);
            if (found == m_tensors.end() || !found->second.known)
                throw OnnxImportError("the shape of '" + name + "' (output of node '" + m_id +
                                      "', " + node.op_type() +
                                      ") cannot be inferred: CutLab needs every output's size");
            for (const auto dim : found->second.shape)
                if (dim < 0)
                    throw OnnxImportError("the inferred shape of '" + name + "' (output of node '" +
                                          m_id + "', " + node.op_type() + ") has the dimension " +
                                          std::to_string(dim) + ": the model is malformed");
            outputBytes += tensorBytes(found->second);
            shapes.outputs.push_back(found->second.shape);
            m_producer[name] = static_cast<int>(m_layerIds.size());
        }
        m_layerIds.push_back(m_id);
        Json layer = Json::object();
        layer.get_ref<Json::object_t&>().reserve(10); // an ordered object grows as a vector
        layer["id"] = m_id;
        layer["type"] = node.op_type();
        layer["inputs"] = m_inputs;
        if (m_readsModelInput && !m_inputs.empty())
            layer["reads_model_input"] = true;
        layer["output_bytes"] = outputBytes;
        layer["param_bytes"] = m_paramBytes;
        layer["flops"] = operatorFlops(node.op_type(), shapes);
        layer["operator_class"] = operatorClassName(operatorClass(node.op_type(), shapes));
        layer["output_shape"] = shapes.outputs.empty() ? Shape{} : shapes.outputs.front();
        return layer;
    }

    std::unordered_map<std::string_view, TensorInfo> m_tensors;
    std::unordered_map<std::string_view, double> m_weightBytes;
    std::unordered_set<std::string_view> m_constants;
    std::unordered_set<std::string_view> m_graphInputs;
    std::unordered_map<std::string_view, int> m_producer; // tensor -> layer index
    std::unordered_set<std::string_view> m_countedWeights;
    std::vector<std::string> m_layerIds;
    double m_inputBytes = 0;
    LayerIds m_ids;
    Json m_layers = Json::array();
    // the node being added
    std::string m_id;
    Json m_inputs;
    std::unordered_set<int> m_inputLayers;
    bool m_readsModelInput = false;
    double m_paramBytes = 0;
};

Json modelJson(const onnx::ModelProto& model, std::int64_t opset, const OnnxImportOptions& options,
               double inputBytes) {
    const std::string file = toValidUtf8(options.fileName);
    std::string name = options.modelName;
    if (name.empty()) // exporters' graph names are generic ("torch_jit", "main_graph")
        name = std::filesystem::path(file).stem().string();
    std::string producer = toValidUtf8(model.producer_name());
    if (!model.producer_version().empty())
        producer += " " + toValidUtf8(model.producer_version());
    return {{"name", name},
            {"input_bytes", inputBytes},
            {"batch", 1},
            {"source", "imported from " + file + " (ONNX opset " + std::to_string(opset) +
                           (producer.empty() ? std::string() : ", exported by " + producer) +
                           ") by cutlab-cli import"}};
}

} // namespace

void resolveSymbolicDimensions(onnx::GraphProto& graph,
                               std::map<std::string, std::int64_t> symbols) {
    std::unordered_set<std::string> initializers;
    for (const auto& initializer : graph.initializer())
        initializers.insert(initializer.name());
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
    for (auto& output : *graph.mutable_output())
        settleDeclaredShape(output, symbols);
    graph.clear_value_info(); // inference computes them again from the settled inputs
}

nlohmann::ordered_json onnxLayerGraph(const onnx::ModelProto& model, std::int64_t opset,
                                      const OnnxImportOptions& options,
                                      const ImportProgress& progress) {
    const onnx::GraphProto& graph = model.graph();
    LayerGraphBuilder builder(graph);
    const int nodeCount = graph.node_size();
    for (int done = 0; done < nodeCount; ++done) {
        if ((done + 1) % 256 == 0 && progress && !progress(double(done) / nodeCount))
            throw ImportCancelled();
        builder.add(graph.node(done));
    }
    if (builder.layers().empty())
        throw OnnxImportError("the graph has no operators besides constants");
    Json document;
    document["format"] = "cutlab-profile";
    document["version"] = 1;
    document["model"] = modelJson(model, opset, options, builder.inputBytes());
    document["machines"] = Json::array();
    document["layers"] = std::move(builder.layers());
    return document;
}

} // namespace cutlab::core
