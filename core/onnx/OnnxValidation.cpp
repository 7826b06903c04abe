#include "core/onnx/OnnxValidation.h"

#include "core/io/Utf8.h"
#include "core/onnx/OnnxImport.h"
#include "core/onnx/OnnxModelReader.h"
#include "core/onnx/OnnxTensorData.h"

#include <onnx/defs/schema.h>

#include <climits>
#include <cmath>
#include <cstdio>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace cutlab::core {
namespace {

using Constants = std::unordered_map<std::string, const onnx::TensorProto*>;

[[noreturn]] void fail(const std::string& sentence) {
    throw OnnxImportError(sentence);
}

void checkName(const std::string& name, const std::string& what) {
    const auto bad = firstInvalidUtf8(name);
    if (bad != std::string::npos)
        fail(what + " is not valid UTF-8 (byte " + std::to_string(bad) + " of its name)");
}

std::string integerText(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

// "node 'conv1' (Conv)", or "node #12 (Conv)" for an unnamed one.
std::string nodeLabel(const onnx::NodeProto& node, int index) {
    const std::string name = node.name().empty() || !isUtf8(node.name())
                                 ? "#" + std::to_string(index)
                                 : "'" + node.name() + "'";
    return "node " + name + " (" + (isUtf8(node.op_type()) ? node.op_type() : "?") + ")";
}

class ModelValidator {
  public:
    explicit ModelValidator(std::int64_t opset) : m_opset(static_cast<int>(opset)) {}

    void graph(const onnx::GraphProto& graph, int depth, const std::string& where) {
        if (depth > kMaxOnnxSubgraphDepth)
            fail("subgraphs are nested more than " + std::to_string(kMaxOnnxSubgraphDepth) +
                 " deep" + where);
        m_nodes += graph.node_size();
        if (m_nodes > kMaxOnnxNodesInAll)
            fail("the model has more than " + std::to_string(kMaxOnnxNodesInAll) +
                 " operators in all (subgraphs included): too large to import");
        if (graph.sparse_initializer_size() > 0)
            fail("the model has sparse initializers" + where + ", which CutLab does not import");
        Constants constants;
        for (const auto& initializer : graph.initializer()) {
            tensor(initializer, "initializer '" + initializer.name() + "'" + where);
            constants[initializer.name()] = &initializer;
        }
        for (const auto& value : graph.input())
            valueInfo(value, "graph input", where);
        for (const auto& value : graph.output())
            valueInfo(value, "graph output", where);
        for (const auto& value : graph.value_info())
            valueInfo(value, "value", where);
        for (int i = 0; i < graph.node_size(); ++i)
            node(graph.node(i), i, depth, where, constants);
        if (depth == 0) // a subgraph also reads the names of the graphs around it
            inputsDefinedBeforeUse(graph);
    }

  private:
    // Every tensor a node reads is a graph input, an initializer or an earlier node's output,
    // before ONNX's inference reads them (on an undefined one it may read out of bounds).
    static void inputsDefinedBeforeUse(const onnx::GraphProto& graph) {
        std::unordered_set<std::string_view> defined;
        defined.reserve(static_cast<std::size_t>(graph.input_size() + graph.initializer_size() +
                                                 graph.node_size()));
        for (const auto& value : graph.input())
            defined.insert(value.name());
        for (const auto& initializer : graph.initializer())
            defined.insert(initializer.name());
        for (int i = 0; i < graph.node_size(); ++i) {
            const auto& node = graph.node(i);
            for (const auto& name : node.input())
                if (!name.empty() && !defined.count(name))
                    fail(nodeLabel(node, i) + " reads tensor '" + name +
                         "', which no earlier node produces: the nodes are not in topological "
                         "order or the graph is incomplete");
            for (const auto& name : node.output())
                defined.insert(name);
        }
    }

    void valueInfo(const onnx::ValueInfoProto& value, const std::string& kind,
                   const std::string& where) {
        checkName(value.name(), "a " + kind + where);
        const std::string what = kind + " '" + value.name() + "'" + where;
        if (!value.type().has_tensor_type() || !value.type().tensor_type().has_shape())
            return;
        for (const auto& dim : value.type().tensor_type().shape().dim())
            if (dim.has_dim_value() && (dim.dim_value() < 0 || dim.dim_value() > kMaxOnnxDimension))
                fail(what + " declares the dimension " + std::to_string(dim.dim_value()) +
                     " (dimensions must be between 0 and 2^40)");
    }

    void tensor(const onnx::TensorProto& tensor, const std::string& what) {
        checkName(tensor.name(), what);
        if (tensor.data_type() == onnx::TensorProto::UNDEFINED ||
            !onnx::TensorProto_DataType_IsValid(tensor.data_type()))
            fail(what + " has no known element type");
        double elements = 1;
        for (const auto dim : tensor.dims()) {
            if (dim < 0 || dim > kMaxOnnxDimension)
                fail(what + " has the dimension " + std::to_string(dim) +
                     " (dimensions must be between 0 and 2^40)");
            elements *= static_cast<double>(dim);
            if (elements > kMaxOnnxElements)
                fail(what + " has more than 2^40 elements");
        }
        if (const auto problem = tensorDataProblem(tensor, elements))
            fail(what + " " + *problem);
    }

    void node(const onnx::NodeProto& node, int index, int depth, const std::string& where,
              Constants& constants) {
        const std::string label = nodeLabel(node, index) + where;
        checkName(node.name(), "the name of node #" + std::to_string(index) + where);
        checkName(node.op_type(), "the operator type of node #" + std::to_string(index) + where);
        checkName(node.domain(), "the domain of " + label);
        for (const auto& name : node.input())
            checkName(name, "an input of " + label);
        for (const auto& name : node.output())
            checkName(name, "an output of " + label);
        for (const auto& attribute : node.attribute())
            this->attribute(attribute, label, depth, where);
        if (!isStandardDomain(node.domain()))
            return;
        schema(node, label);
        attributeValues(node, label);
        constantInputs(node, label, constants);
        if (node.op_type() == "Constant" && node.output_size() == 1)
            for (const auto& attribute : node.attribute())
                if (attribute.has_t())
                    constants[node.output(0)] = &attribute.t();
    }

    void attribute(const onnx::AttributeProto& attribute, const std::string& label, int depth,
                   const std::string& where) {
        checkName(attribute.name(), "an attribute of " + label);
        const std::string what = "attribute '" + attribute.name() + "' of " + label;
        if (attribute.type() == onnx::AttributeProto::UNDEFINED)
            fail(what + " has no type (every exporter since ONNX IR version 2 gives one)");
        if (attribute.has_sparse_tensor() || attribute.sparse_tensors_size() > 0)
            fail(what + " holds a sparse tensor, which CutLab does not import");
        if (attribute.has_t())
            tensor(attribute.t(), "the tensor of " + what);
        for (const auto& t : attribute.tensors())
            tensor(t, "a tensor of " + what);
        // named after the outermost node: a chain of every level would not be read
        const std::string inside = where.empty() ? " in a subgraph of " + label : where;
        if (attribute.has_g())
            graph(attribute.g(), depth + 1, inside);
        for (const auto& g : attribute.graphs())
            graph(g, depth + 1, inside);
    }

    // Input and output counts and required attributes, as the operator's schema says.
    void schema(const onnx::NodeProto& node, const std::string& label) const {
        const auto* schema = onnx::OpSchemaRegistry::Schema(node.op_type(), m_opset);
        if (!schema)
            return; // unknown here: shape inference names it
        countInRange(node.input_size(), schema->min_input(), schema->max_input(), "inputs", label);
        countInRange(node.output_size(), schema->min_output(), schema->max_output(), "outputs",
                     label);
        std::set<std::string> present;
        for (const auto& attribute : node.attribute()) {
            if (!present.insert(attribute.name()).second)
                fail(label + " has the attribute '" + attribute.name() + "' twice");
            const auto declared = schema->attributes().find(attribute.name());
            if (declared != schema->attributes().end())
                attributeType(attribute, declared->second.type, label);
        }
        for (const auto& [name, declared] : schema->attributes())
            if (declared.required && !present.count(name))
                fail(label + " lacks its required attribute '" + name + "'");
    }

    static void countInRange(int count, int least, int most, const char* what,
                             const std::string& label) {
        if (count >= least && count <= most)
            return;
        const std::string range = most == INT_MAX ? "at least " + std::to_string(least)
                                  : least == most
                                      ? std::to_string(least)
                                      : std::to_string(least) + " to " + std::to_string(most);
        fail(label + " has " + std::to_string(count) + " " + what + "; the operator takes " +
             range);
    }

    static void attributeType(const onnx::AttributeProto& attribute,
                              onnx::AttributeProto::AttributeType declared,
                              const std::string& label) {
        const auto type = attribute.type();
        const std::string what = "attribute '" + attribute.name() + "' of " + label;
        if (type != declared)
            fail(what + " is a " + onnx::AttributeProto::AttributeType_Name(type) +
                 " where the operator expects a " +
                 onnx::AttributeProto::AttributeType_Name(declared));
        if (declared == onnx::AttributeProto::GRAPH && !attribute.has_g())
            fail(what + " holds no graph");
        if (declared == onnx::AttributeProto::TENSOR && !attribute.has_t())
            fail(what + " holds no tensor");
    }

    // Sizes that the library divides by or steps with.
    static void attributeValues(const onnx::NodeProto& node, const std::string& label) {
        static const std::set<std::string> positive{"strides",   "dilations", "kernel_shape",
                                                    "blocksize", "group",     "num_outputs"};
        static const std::set<std::string> nonNegative{"pads", "output_padding", "output_shape",
                                                       "split"};
        for (const auto& attribute : node.attribute()) {
            const bool mustBePositive = positive.count(attribute.name()) ||
                                        (node.op_type() == "LRN" && attribute.name() == "size");
            const bool mustBeNonNegative =
                nonNegative.count(attribute.name()) && node.op_type() != "Pad";
            if (!mustBePositive && !mustBeNonNegative)
                continue;
            std::vector<std::int64_t> values(attribute.ints().begin(), attribute.ints().end());
            if (attribute.has_i())
                values.push_back(attribute.i());
            for (const auto value : values)
                if (value < (mustBePositive ? 1 : 0) || value > INT_MAX)
                    fail("attribute '" + attribute.name() + "' of " + label + " is " +
                         std::to_string(value) + "; it must be between " +
                         (mustBePositive ? "1" : "0") + " and 2^31 - 1");
        }
    }

    // Slice steps and Range deltas given as constants: a step of 0 (or -2^63, which has no
    // opposite) never ends.
    static void constantInputs(const onnx::NodeProto& node, const std::string& label,
                               const Constants& constants) {
        const auto constantInput = [&](int index) -> const onnx::TensorProto* {
            if (node.input_size() <= index)
                return nullptr;
            const auto found = constants.find(node.input(index));
            return found == constants.end() ? nullptr : found->second;
        };
        if (node.op_type() == "Slice")
            if (const auto* steps = constantInput(4))
                for (const auto step : integerValues(*steps))
                    if (step == 0 || step == INT64_MIN)
                        fail(label + " has the step " + std::to_string(step) +
                             "; a Slice step must be a non-zero number above -2^63");
        if (node.op_type() == "Split")
            if (const auto* split = constantInput(1))
                for (const auto size : integerValues(*split))
                    if (size < 0)
                        fail(label + " splits off a part of " + std::to_string(size) +
                             " elements; parts must not be negative");
        if (node.op_type() == "Range")
            if (const auto* delta = constantInput(2))
                for (const double value : numericValues(*delta))
                    if (!(value != 0) || !std::isfinite(value))
                        fail(label + " has the delta " + integerText(value) +
                             "; a Range delta must be a finite non-zero number");
    }

    int m_opset;
    long long m_nodes = 0;
};

} // namespace

void validateOnnxModel(const onnx::ModelProto& model, std::int64_t opset) {
    if (model.graph().node_size() > kMaxOnnxLayers)
        fail("the model has " + std::to_string(model.graph().node_size()) +
             " operators; CutLab imports at most " + std::to_string(kMaxOnnxLayers) +
             " (a profile of more would exceed the 128 MiB every profile reader accepts)");
    ModelValidator(opset).graph(model.graph(), 0, "");
}

} // namespace cutlab::core
