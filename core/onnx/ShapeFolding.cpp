#include "core/onnx/ShapeFolding.h"

#include "core/onnx/EinsumEquation.h"
#include "core/onnx/FoldedTensor.h"
#include "core/onnx/OnnxImport.h"
#include "core/onnx/OnnxModelReader.h"
#include "core/onnx/ShapeArithmetic.h"
#include "core/onnx/ShapeOperators.h"
#include "core/onnx/UnknownShapes.h"

#include <onnx/defs/schema.h>
#include <onnx/shape_inference/implementation.h>

#include <algorithm>
#include <unordered_map>

namespace cutlab::core {
namespace {

using folding::Dims;

bool hasSubgraph(const onnx::NodeProto& node) {
    for (const auto& attribute : node.attribute())
        if (attribute.has_g() || attribute.graphs_size() > 0)
            return true;
    return false;
}

std::string nodeText(const onnx::NodeProto& node) {
    return "node '" + (node.name().empty() ? node.output(0) : node.name()) + "' (" +
           node.op_type() + ")";
}

onnx::TypeProto typeOf(const FoldedTensor& tensor) {
    onnx::TypeProto type;
    auto* tensorType = type.mutable_tensor_type();
    tensorType->set_elem_type(tensor.type);
    auto* shape = tensorType->mutable_shape();
    for (const std::int64_t d : tensor.dims)
        shape->add_dim()->set_dim_value(d);
    return type;
}

// The value a Constant node holds, when folding computes with its type.
std::optional<FoldedTensor> constantValue(const onnx::NodeProto& node) {
    for (const auto& attribute : node.attribute()) {
        FoldedTensor value;
        if (attribute.name() == "value" && attribute.has_t())
            return foldedTensorOf(attribute.t());
        if (attribute.name() == "value_int") {
            value.ints = {attribute.i()};
        } else if (attribute.name() == "value_ints") {
            value.ints.assign(attribute.ints().begin(), attribute.ints().end());
            value.dims = {static_cast<std::int64_t>(value.ints.size())};
        } else if (attribute.name() == "value_float") {
            value.type = onnx::TensorProto::FLOAT;
            value.reals = {attribute.f()};
        } else if (attribute.name() == "value_floats") {
            value.type = onnx::TensorProto::FLOAT;
            value.reals.assign(attribute.floats().begin(), attribute.floats().end());
            value.dims = {static_cast<std::int64_t>(value.reals.size())};
        } else {
            continue;
        }
        return value;
    }
    return std::nullopt;
}

// Torch writes Einsum equations with spaces ("B G H I D, B G H J D -> B G H I J"), which the
// ONNX library's Einsum inference does not read: the same equation without them.
void compactEinsumEquations(onnx::GraphProto& graph) {
    for (auto& node : *graph.mutable_node()) {
        if (node.op_type() != "Einsum" || !isStandardDomain(node.domain()))
            continue;
        for (auto& attribute : *node.mutable_attribute())
            if (attribute.name() == "equation") {
                std::string equation = attribute.s();
                equation.erase(std::remove(equation.begin(), equation.end(), ' '), equation.end());
                attribute.set_s(equation);
            }
    }
}

// Folding starts from values known before any operator runs: Constant nodes, integer
// initializers and the sizes Shape and Size read. A graph without them has nothing to fold.
bool hasFoldingSeeds(const onnx::GraphProto& graph) {
    for (const auto& initializer : graph.initializer())
        if (!FoldedTensor::isRealType(initializer.data_type()))
            return true;
    for (const auto& node : graph.node())
        if (isStandardDomain(node.domain()) &&
            (node.op_type() == "Constant" || node.op_type() == "Shape" || node.op_type() == "Size"))
            return true;
    return false;
}

void runOnnxInference(onnx::ModelProto& model) {
    try {
        onnx::ShapeInferenceOptions options(/*check_type=*/false, /*error_mode=*/1,
                                            /*enable_data_propagation=*/true);
        onnx::shape_inference::InferShapes(model, onnx::OpSchemaRegistry::Instance(), options);
    } catch (const std::exception& error) {
        throw OnnxImportError(std::string("ONNX shape inference failed: ") + error.what());
    }
}

// One pass over the graph's nodes in order (see foldShapeComputations).
class ShapeFolder {
  public:
    ShapeFolder(onnx::GraphProto& graph, std::int64_t opset, bool withInference)
        : m_graph(graph), m_opset(opset), m_withInference(withInference) {
        for (const auto& value : graph.input())
            setType(value.name(), value.type());
        for (const auto& value : graph.value_info())
            setType(value.name(), value.type());
        for (const auto& initializer : graph.initializer()) {
            onnx::TypeProto type;
            type.mutable_tensor_type()->set_elem_type(initializer.data_type());
            for (const std::int64_t d : initializer.dims())
                type.mutable_tensor_type()->mutable_shape()->add_dim()->set_dim_value(d);
            setType(initializer.name(), type);
            // integer initializers only: weights are never values, with or without their data
            if (auto value = foldedTensorOf(initializer);
                value && !value->isReal() && knowable(*value))
                setValue(initializer.name(), std::move(*value));
        }
    }

    // Returns how many nodes were folded.
    int run() {
        int folded = 0;
        for (auto& node : *m_graph.mutable_node()) {
            if (!isStandardDomain(node.domain()) || node.output_size() == 0 || hasSubgraph(node))
                continue;
            if (node.op_type() == "Constant") {
                if (auto value = constantValue(node); value && knowable(*value))
                    setValue(node.output(0), std::move(*value));
                else
                    infer(node);
                continue;
            }
            if (fold(node))
                ++folded;
            else
                infer(node);
        }
        if (folded > 0 || m_inferred) // else value_info is as ONNX's inference left it
            writeTypes();
        return folded;
    }

  private:
    // Integer tensors up to the limit; floating-point constants while small.
    static bool knowable(const FoldedTensor& value) {
        return value.size() <= (value.isReal() ? 4096 : kMaxFoldedElements);
    }

    void setType(const std::string& name, const onnx::TypeProto& type) {
        onnx::TypeProto& stored = m_types[name];
        stored = type;
        m_typePointers[name] = &stored;
    }

    void setValue(const std::string& name, FoldedTensor value) {
        setType(name, typeOf(value));
        onnx::TensorProto& proto = m_protos[name];
        proto = tensorProtoOf(value, name);
        m_data[name] = &proto;
        m_values[name] = std::move(value);
    }

    std::optional<Dims> knownShape(const std::string& name) const {
        const auto found = m_types.find(name);
        return found == m_types.end() ? std::nullopt : completeShapeOf(found->second);
    }

    std::optional<FoldedTensor> shapeValue(const onnx::NodeProto& node) const {
        const auto dims = node.input_size() > 0 ? knownShape(node.input(0)) : std::nullopt;
        if (!dims)
            return std::nullopt;
        FoldedTensor value;
        if (node.op_type() == "Size") {
            value.ints = {folding::product(*dims, 0, dims->size())};
            return value;
        }
        const auto rank = static_cast<std::int64_t>(dims->size());
        auto clampAxis = [rank](std::int64_t axis) {
            return std::clamp<std::int64_t>(axis < 0 ? axis + rank : axis, 0, rank);
        };
        const std::int64_t start = clampAxis(folding::intAttribute(node, "start", 0));
        const std::int64_t end = clampAxis(folding::intAttribute(node, "end", rank));
        for (std::int64_t i = start; i < end; ++i)
            value.ints.push_back((*dims)[static_cast<std::size_t>(i)]);
        value.dims = {static_cast<std::int64_t>(value.ints.size())};
        return value;
    }

    std::optional<FoldedTensor> evaluate(const onnx::NodeProto& node) {
        if (node.op_type() == "Shape" || node.op_type() == "Size")
            return shapeValue(node);
        std::vector<const FoldedTensor*> inputs;
        for (const auto& name : node.input()) {
            if (name.empty()) {
                inputs.push_back(nullptr);
                continue;
            }
            const auto found = m_values.find(name);
            if (found == m_values.end())
                return std::nullopt;
            inputs.push_back(&found->second);
        }
        return evaluateShapeOperator(node, inputs, m_opset, kMaxFoldedElements);
    }

    bool fold(onnx::NodeProto& node) {
        if (node.output_size() != 1)
            return false;
        try {
            auto value = evaluate(node);
            if (!value)
                return false;
            const std::string output = node.output(0);
            const onnx::TensorProto proto = tensorProtoOf(*value, output);
            setValue(output, std::move(*value));
            becomeConstant(node, proto);
            return true;
        } catch (const folding::FoldTooLarge& large) {
            infer(node);
            const auto found = m_types.find(node.output(0));
            const bool real = found != m_types.end() && found->second.has_tensor_type() &&
                              FoldedTensor::isRealType(found->second.tensor_type().elem_type());
            if (real) // data made from sizes (a mask): shape inference gives its shape
                return false;
            throw OnnxImportError(nodeText(node) + " computes a tensor of " +
                                  std::to_string(static_cast<long long>(large.elements())) +
                                  " elements from the model's sizes, more than the " +
                                  std::to_string(static_cast<long long>(kMaxFoldedElements)) +
                                  " CutLab evaluates: give smaller --dim values or cut the model "
                                  "before this node");
        } catch (const folding::FoldingError& error) {
            throw OnnxImportError(nodeText(node) + " " + error.what() +
                                  " while CutLab folds the shapes the model computes");
        }
    }

    static void becomeConstant(onnx::NodeProto& node, const onnx::TensorProto& value) {
        node.clear_input();
        node.clear_attribute();
        node.set_op_type("Constant");
        node.clear_domain();
        auto* attribute = node.add_attribute();
        attribute->set_name("value");
        attribute->set_type(onnx::AttributeProto::TENSOR);
        *attribute->mutable_t() = value;
    }

    // The node's output types from its ONNX schema, given what is known of its inputs.
    void infer(onnx::NodeProto& node) {
        if (!m_withInference || outputsKnown(node))
            return; // ONNX's own inference gave every output already
        m_inferred = true;
        const auto* schema =
            onnx::OpSchemaRegistry::Schema(node.op_type(), static_cast<int>(m_opset), "");
        if (!schema)
            return;
        try {
            onnx::shape_inference::InferenceContextImpl context(node, m_typePointers, m_data, {});
            if (schema->has_type_and_shape_inference_function())
                schema->GetTypeAndShapeInferenceFunction()(context);
            else if (schema->HasFunction())
                onnx::shape_inference::InferShapeForFunctionNode(
                    *schema->GetFunction(), onnx::OpSchemaRegistry::Instance(), context);
            else
                return;
            for (int i = 0; i < node.output_size(); ++i) {
                const auto* type = context.getOutputType(static_cast<std::size_t>(i));
                const std::string& name = node.output(i);
                if (name.empty() || !type || !type->has_tensor_type())
                    continue;
                if (hasCompleteShape(*type) || !knownShape(name))
                    setType(name, *type);
            }
        } catch (const std::exception& error) {
            throw OnnxImportError("ONNX shape inference failed at " + nodeText(node) + ": " +
                                  error.what());
        }
        if (node.op_type() == "Einsum")
            inferEinsum(node);
    }

    // The ONNX library infers only an Einsum's rank: its dimensions from the equation.
    void inferEinsum(const onnx::NodeProto& node) {
        std::vector<Dims> shapes;
        for (const auto& name : node.input()) {
            const auto dims = knownShape(name);
            if (!dims)
                return;
            shapes.push_back(*dims);
        }
        std::string equation;
        for (const auto& attribute : node.attribute())
            if (attribute.name() == "equation")
                equation = attribute.s();
        const auto dims = EinsumEquation(equation, shapes).outputShape();
        if (!dims || node.output_size() != 1 || node.input_size() == 0)
            return;
        onnx::TypeProto type;
        type.mutable_tensor_type()->set_elem_type(
            m_types.at(node.input(0)).tensor_type().elem_type());
        for (const std::int64_t d : *dims)
            type.mutable_tensor_type()->mutable_shape()->add_dim()->set_dim_value(d);
        setType(node.output(0), type);
    }

    bool outputsKnown(const onnx::NodeProto& node) const {
        for (const auto& name : node.output())
            if (!name.empty() && !knownShape(name))
                return false;
        return true;
    }

    void writeTypes() {
        std::unordered_map<std::string, onnx::ValueInfoProto*> outputs;
        for (auto& output : *m_graph.mutable_output())
            outputs[output.name()] = &output;
        m_graph.clear_value_info();
        for (const auto& node : m_graph.node())
            for (const auto& name : node.output()) {
                const auto found = m_types.find(name);
                if (name.empty() || found == m_types.end())
                    continue;
                if (const auto output = outputs.find(name); output != outputs.end()) {
                    if (hasCompleteShape(found->second))
                        *output->second->mutable_type() = found->second;
                    continue;
                }
                auto* value = m_graph.add_value_info();
                value->set_name(name);
                *value->mutable_type() = found->second;
            }
    }

    onnx::GraphProto& m_graph;
    std::int64_t m_opset;
    bool m_withInference;
    bool m_inferred = false; // a node's types were inferred here
    std::unordered_map<std::string, onnx::TypeProto> m_types;
    std::unordered_map<std::string, onnx::TypeProto*> m_typePointers;
    std::unordered_map<std::string, FoldedTensor> m_values;
    std::unordered_map<std::string, onnx::TensorProto> m_protos;
    std::unordered_map<std::string, const onnx::TensorProto*> m_data;
};

} // namespace

void foldShapeComputations(onnx::ModelProto& model, std::int64_t opset) {
    compactEinsumEquations(*model.mutable_graph());
    runOnnxInference(model);
    if (!hasFoldingSeeds(model.graph()) && !hasUnknownShapes(model.graph()))
        return; // ONNX's inference settled every shape and nothing computes one
    for (int round = 0; round < 8; ++round) {
        const int folded = ShapeFolder(*model.mutable_graph(), opset, true).run();
        if (folded == 0 || !hasUnknownShapes(model.graph()))
            break;
        runOnnxInference(model); // subgraphs, with what was folded
    }
    refuseUnknownShapes(model.graph());
}

void foldShapeComputationsWithoutInference(onnx::ModelProto& model, std::int64_t opset) {
    compactEinsumEquations(*model.mutable_graph());
    ShapeFolder(*model.mutable_graph(), opset, false).run();
}

} // namespace cutlab::core
