#include "core/onnx/UnknownShapes.h"

#include "core/onnx/FoldedTensor.h"
#include "core/onnx/OnnxImport.h"

#include <deque>
#include <set>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace cutlab::core {
namespace {

// Operators whose output size depends on the values they read.
const std::set<std::string> kDataDependent{
    "NonZero", "NonMaxSuppression", "Unique",     "Compress",       "TopK", "Loop", "Scan",
    "If",      "StringSplit",       "SequenceAt", "SplitToSequence"};

// What the graph says of its tensors after inference and folding. Its maps name the graph's own
// strings, so it lives no longer than the graph unchanged.
class GraphFacts {
  public:
    explicit GraphFacts(const onnx::GraphProto& graph) : m_graph(graph) {
        m_types.reserve(static_cast<std::size_t>(graph.input_size() + graph.value_info_size() +
                                                 graph.output_size()));
        for (const auto& value : graph.input())
            m_types[value.name()] = &value.type();
        for (const auto& value : graph.value_info())
            m_types[value.name()] = &value.type();
        for (const auto& value : graph.output())
            m_types[value.name()] = &value.type();
        for (const auto& initializer : graph.initializer())
            m_values.insert(initializer.name());
        for (const auto& node : graph.node())
            if (node.op_type() == "Constant")
                for (const auto& name : node.output())
                    m_values.insert(name);
    }

    bool shapeKnown(std::string_view name) const {
        if (m_values.count(name))
            return true;
        const auto found = m_types.find(name);
        return found != m_types.end() && hasCompleteShape(*found->second);
    }
    bool unknownInteger(std::string_view name) const {
        const auto found = m_types.find(name);
        return !m_values.count(name) && found != m_types.end() &&
               found->second->has_tensor_type() &&
               !FoldedTensor::isRealType(found->second->tensor_type().elem_type());
    }
    // The first operator with an output of unknown shape; -1 when there is none.
    int firstUnknown() const {
        for (int i = 0; i < m_graph.node_size(); ++i) {
            const auto& node = m_graph.node(i);
            if (node.op_type() == "Constant")
                continue;
            for (const auto& name : node.output())
                if (!name.empty() && !shapeKnown(name))
                    return i;
        }
        return -1;
    }

  private:
    const onnx::GraphProto& m_graph;
    std::unordered_map<std::string_view, const onnx::TypeProto*> m_types;
    std::unordered_set<std::string_view> m_values;
};

// Which operator produces each tensor, for tracing an unknown shape back to its cause.
class Producers {
  public:
    explicit Producers(const onnx::GraphProto& graph) : m_graph(graph) {
        for (int i = 0; i < graph.node_size(); ++i)
            for (const auto& name : graph.node(i).output())
                m_producer[name] = i;
    }

    // The operators whose outputs leave node i's shape unknown: inputs of unknown shape, and
    // integer inputs whose values are unknown.
    std::vector<int> blocking(const GraphFacts& facts, int i) const {
        std::vector<int> producers;
        for (const auto& name : m_graph.node(i).input()) {
            const auto found = m_producer.find(name);
            if (!name.empty() && found != m_producer.end() &&
                (!facts.shapeKnown(name) || facts.unknownInteger(name)))
                producers.push_back(found->second);
        }
        return producers;
    }

  private:
    const onnx::GraphProto& m_graph;
    std::unordered_map<std::string_view, int> m_producer;
};

std::string nodeName(const onnx::NodeProto& node) {
    return "'" + (node.name().empty() ? node.output(0) : node.name()) + "' (" + node.op_type() +
           ")";
}

// The closest operator upstream of node `start` that makes sizes depend on the data: one whose
// output size depends on the values it reads, or one computing an integer from the data.
int causeOf(const GraphFacts& facts, const onnx::GraphProto& graph, int start) {
    const Producers producersOf(graph);
    std::deque<int> queue{start};
    std::unordered_set<int> seen{start};
    while (!queue.empty() && seen.size() < 200000) {
        const int node = queue.front();
        queue.pop_front();
        if (kDataDependent.count(graph.node(node).op_type()))
            return node;
        const auto producers = producersOf.blocking(facts, node);
        if (producers.empty() && node != start)
            return node; // its inputs are known: it computes a value from the data
        for (const int producer : producers)
            if (seen.insert(producer).second)
                queue.push_back(producer);
    }
    return start;
}

} // namespace

bool hasUnknownShapes(const onnx::GraphProto& graph) {
    return GraphFacts(graph).firstUnknown() >= 0;
}

void refuseUnknownShapes(const onnx::GraphProto& graph) {
    const GraphFacts facts(graph);
    const int first = facts.firstUnknown();
    if (first < 0)
        return;
    const auto& node = graph.node(first);
    std::string output;
    for (const auto& name : node.output())
        if (!name.empty() && !facts.shapeKnown(name) && output.empty())
            output = name;
    const int causeIndex = causeOf(facts, graph, first);
    const auto& cause = graph.node(causeIndex);
    if (causeIndex == first && !kDataDependent.count(cause.op_type()))
        throw OnnxImportError("the shape of '" + output + "' (output of node " + nodeName(node) +
                              ") cannot be inferred: CutLab needs every output's size; cut the "
                              "model before this node (export the part before it)");
    const std::string what = kDataDependent.count(cause.op_type())
                                 ? " makes a tensor whose size depends on the values it reads"
                                 : " computes its result from the data, not from the model's sizes";
    throw OnnxImportError("the shape of '" + output + "' (output of node " + nodeName(node) +
                          ") depends on the data: node " + nodeName(cause) + what +
                          "; CutLab needs every size fixed, so cut the model before node " +
                          nodeName(cause) + " (export the part before it)");
}

std::optional<std::vector<std::int64_t>> completeShapeOf(const onnx::TypeProto& type) {
    if (!type.has_tensor_type() || !type.tensor_type().has_shape())
        return std::nullopt;
    std::vector<std::int64_t> dims;
    for (const auto& dim : type.tensor_type().shape().dim()) {
        if (!dim.has_dim_value())
            return std::nullopt;
        dims.push_back(dim.dim_value());
    }
    return dims;
}

bool hasCompleteShape(const onnx::TypeProto& type) {
    if (!type.has_tensor_type() || !type.tensor_type().has_shape())
        return false;
    for (const auto& dim : type.tensor_type().shape().dim())
        if (!dim.has_dim_value())
            return false;
    return true;
}

} // namespace cutlab::core
