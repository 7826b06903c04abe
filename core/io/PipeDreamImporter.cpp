#include "core/io/PipeDreamImporter.h"

#include "core/io/InputLimits.h"
#include "core/io/JsonNumbers.h"
#include "core/io/Utf8.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <queue>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace cutlab::core {
namespace {

struct GraphNode {
    std::string id;
    std::string description;
    int line = 0;
    double forwardMs = 0;
    double backwardMs = 0;
    double activationBytes = 0;          // the whole mini-batch, list entries summed
    std::vector<double> activationParts; // more than one entry for multi-output nodes
    double parameterBytes = 0;
    std::vector<int> inputs; // node positions, file order of the edges
    std::vector<int> outputs;
    bool isInput() const { return description.rfind("Input", 0) == 0; }
};

std::string_view trimView(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t\r");
    return text.substr(first, last - first + 1);
}

std::vector<std::string_view> splitOn(std::string_view text, std::string_view separator) {
    std::vector<std::string_view> parts;
    for (std::size_t start = 0;;) {
        const auto position = text.find(separator, start);
        parts.push_back(text.substr(
            start, position == std::string_view::npos ? std::string_view::npos : position - start));
        if (position == std::string_view::npos)
            return parts;
        start = position + separator.size();
    }
}

double parseAmount(std::string_view text, int line, const std::string& key) {
    text = trimView(text);
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size())
        throw PipeDreamImportError(line, key + " '" + std::string(text) + "' is not a number");
    if (!std::isfinite(value) || value < 0)
        throw PipeDreamImportError(line,
                                   key + " " + std::string(text) + " must be a finite number >= 0");
    if (value > kMaxBytes * kMaxBatch)
        throw PipeDreamImportError(line,
                                   key + " " + std::string(text) + " is too large (at most 1e21)");
    return value;
}

double parseTime(std::string_view text, int line, const std::string& key) {
    text = trimView(text);
    if (text.empty() || text == "None")
        return 0; // a node with no measured time
    return parseAmount(text, line, key);
}

// "[a; b; c]" or a plain number.
std::vector<double> parseActivation(std::string_view text, int line) {
    text = trimView(text);
    if (text.empty() || text.front() != '[')
        return {parseAmount(text, line, "activation_size")};
    if (text.back() != ']')
        throw PipeDreamImportError(line, "activation_size list '" + std::string(text) +
                                             "' lacks its ']'");
    std::vector<double> parts;
    const std::string_view inside = trimView(text.substr(1, text.size() - 2));
    if (inside.empty())
        return parts;
    for (std::string_view part : splitOn(inside, ";"))
        parts.push_back(parseAmount(part, line, "activation_size entry"));
    return parts;
}

// "forward_compute_time=1.2, backward_compute_time=0.3, activation_size=[1; 2], parameter_size=0"
void parseMetadata(std::string_view text, GraphNode& node) {
    std::vector<std::string_view> items;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && text[i] == '[')
            ++depth;
        if (i < text.size() && text[i] == ']')
            --depth;
        if (i == text.size() || (text[i] == ',' && depth == 0)) {
            items.push_back(trimView(text.substr(start, i - start)));
            start = i + 1;
        }
    }
    std::map<std::string, std::string_view> values;
    for (std::string_view item : items) {
        if (item.empty())
            continue;
        const auto equals = item.find('=');
        if (equals == std::string_view::npos)
            throw PipeDreamImportError(node.line,
                                       "'" + std::string(item) + "' should look like key=value");
        const std::string key(trimView(item.substr(0, equals)));
        if (!values.emplace(key, item.substr(equals + 1)).second)
            throw PipeDreamImportError(node.line, key + " is given twice");
    }
    if (auto it = values.find("forward_compute_time"); it != values.end())
        node.forwardMs = parseTime(it->second, node.line, it->first);
    if (auto it = values.find("backward_compute_time"); it != values.end())
        node.backwardMs = parseTime(it->second, node.line, it->first);
    const auto activation = values.find("activation_size");
    if (activation == values.end())
        throw PipeDreamImportError(node.line, "node " + node.id + " has no activation_size");
    node.activationParts = parseActivation(activation->second, node.line);
    for (double part : node.activationParts)
        node.activationBytes += part;
    if (auto it = values.find("parameter_size"); it != values.end())
        node.parameterBytes = parseAmount(it->second, node.line, it->first);
}

bool validId(std::string_view id) {
    return !id.empty() && id.find_first_of(" \t") == std::string_view::npos;
}

GraphNode parseNodeLine(std::string_view line, int number) {
    std::vector<std::string_view> parts = splitOn(line, " -- ");
    if (parts.size() >= 2 && trimView(parts.back()).rfind("stage_id=", 0) == 0)
        parts.pop_back();
    if (parts.size() < 3)
        throw PipeDreamImportError(
            number, "expected 'nodeN -- Layer -- forward_compute_time=…, …' (a node) or "
                    "'<tab>nodeA -- nodeB' (an edge)");
    GraphNode node;
    node.line = number;
    node.id = std::string(trimView(parts.front()));
    if (!validId(node.id))
        throw PipeDreamImportError(number, "the node id '" + node.id + "' is empty or has spaces");
    std::string description;
    for (std::size_t i = 1; i + 1 < parts.size(); ++i)
        description += (i > 1 ? " -- " : "") + std::string(parts[i]);
    node.description = std::string(trimView(description));
    if (node.description.empty())
        throw PipeDreamImportError(number, "node " + node.id + " has no layer description");
    parseMetadata(parts.back(), node);
    return node;
}

// PipeDream numbers its nodes "node12": sort by that number, then by file order.
long long nodeNumber(const std::string& id) {
    std::size_t digits = id.size();
    while (digits > 0 && std::isdigit(static_cast<unsigned char>(id[digits - 1])))
        --digits;
    if (digits == id.size() || id.size() - digits > 15)
        return -1;
    return std::stoll(id.substr(digits));
}

class GraphText {
  public:
    explicit GraphText(std::string_view text) { parse(text); }

    std::vector<GraphNode>& nodes() { return m_nodes; }

    // Node positions in a topological order, ready nodes by node number then file order.
    std::vector<int> topologicalOrder() const {
        using Key = std::tuple<bool, long long, int>; // (no number, number, file position)
        auto key = [&](int v) {
            const long long number = nodeNumber(m_nodes[static_cast<std::size_t>(v)].id);
            return Key{number < 0, number, v};
        };
        std::priority_queue<std::pair<Key, int>, std::vector<std::pair<Key, int>>, std::greater<>>
            ready;
        std::vector<int> waiting(m_nodes.size());
        for (std::size_t v = 0; v < m_nodes.size(); ++v) {
            waiting[v] = static_cast<int>(m_nodes[v].inputs.size());
            if (waiting[v] == 0)
                ready.emplace(key(static_cast<int>(v)), static_cast<int>(v));
        }
        std::vector<int> order;
        while (!ready.empty()) {
            const int v = ready.top().second;
            ready.pop();
            order.push_back(v);
            for (int w : m_nodes[static_cast<std::size_t>(v)].outputs)
                if (--waiting[static_cast<std::size_t>(w)] == 0)
                    ready.emplace(key(w), w);
        }
        if (order.size() != m_nodes.size()) {
            std::string names;
            int listed = 0;
            for (std::size_t v = 0; v < m_nodes.size() && listed < 5; ++v)
                if (waiting[v] > 0)
                    names += (listed++ ? ", " : "") + m_nodes[v].id;
            throw PipeDreamImportError(
                0, "the graph has a cycle (nodes that never become ready: " + names + ")");
        }
        return order;
    }

  private:
    void parse(std::string_view text) {
        struct Edge {
            std::string from, to;
            int line;
        };
        std::vector<Edge> edges;
        int number = 0;
        for (std::string_view line : splitOn(text, "\n")) {
            ++number;
            if (!line.empty() && line.back() == '\r')
                line.remove_suffix(1);
            if (trimView(line).empty())
                continue;
            if (line.front() == '\t' || line.front() == ' ') {
                const auto ends = splitOn(trimView(line), " -- ");
                if (ends.size() != 2 || !validId(trimView(ends[0])) || !validId(trimView(ends[1])))
                    throw PipeDreamImportError(
                        number, "an edge line should look like '<tab>nodeA -- nodeB'");
                edges.push_back(
                    {std::string(trimView(ends[0])), std::string(trimView(ends[1])), number});
                continue;
            }
            GraphNode node = parseNodeLine(line, number);
            if (auto [it, fresh] = m_position.emplace(node.id, static_cast<int>(m_nodes.size()));
                !fresh)
                throw PipeDreamImportError(
                    number, "node " + node.id + " is defined twice (also line " +
                                std::to_string(m_nodes[static_cast<std::size_t>(it->second)].line) +
                                ")");
            m_nodes.push_back(std::move(node));
        }
        if (m_nodes.empty())
            throw PipeDreamImportError(0, "the file has no node lines");
        std::unordered_set<std::uint64_t> seenEdges;
        for (const Edge& edge : edges) {
            const int from = find(edge.from, edge.line), to = find(edge.to, edge.line);
            if (from == to)
                throw PipeDreamImportError(edge.line, "node " + edge.from + " feeds itself");
            const auto key = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(from)) << 32) |
                             static_cast<std::uint32_t>(to);
            if (!seenEdges.insert(key).second)
                continue; // a repeated edge
            m_nodes[static_cast<std::size_t>(to)].inputs.push_back(from);
            m_nodes[static_cast<std::size_t>(from)].outputs.push_back(to);
        }
    }

    int find(const std::string& id, int line) const {
        const auto it = m_position.find(id);
        if (it == m_position.end())
            throw PipeDreamImportError(line, "the edge names node " + id +
                                                 ", which no node line defines");
        return it->second;
    }

    std::vector<GraphNode> m_nodes;
    std::unordered_map<std::string, int> m_position;
};

std::string className(const std::string& description) {
    const auto paren = description.find('(');
    return std::string(trimView(std::string_view(description).substr(0, paren)));
}

nlohmann::ordered_json machineTimes(const PipeDreamImportOptions& options, double measured) {
    nlohmann::ordered_json times = nlohmann::ordered_json::object();
    times[options.machineId] = jsonNumber(measured);
    for (const EstimatedMachine& machine : options.estimatedMachines)
        times[machine.id] = jsonNumber(measured * machine.factor);
    return times;
}

nlohmann::ordered_json graphMachinesOf(const PipeDreamImportOptions& options) {
    auto machines = nlohmann::ordered_json::array();
    char batch[32];
    std::snprintf(batch, sizeof batch, "%g", options.batch);
    machines.push_back(
        {{"id", options.machineId},
         {"tier", tierName(Tier::Cloud)},
         {"label", std::string("PipeDream's profiling GPU (times measured on mini-batches of ") +
                       batch + ")"}});
    for (const EstimatedMachine& machine : options.estimatedMachines) {
        char factor[32];
        std::snprintf(factor, sizeof factor, "%g", machine.factor);
        machines.push_back(
            {{"id", machine.id},
             {"tier", tierName(machine.tier)},
             {"label", std::string("estimate: ") + factor + " x the times of " + options.machineId +
                           " (FTPipeHD-style speed factor, not measured)"},
             {"estimated", true},
             {"speed_factor", jsonNumber(machine.factor)},
             {"reference_machine", options.machineId}});
    }
    return machines;
}

void checkOptions(const PipeDreamImportOptions& options) {
    if (!(options.batch >= 1) || !std::isfinite(options.batch))
        throw PipeDreamImportError(0, "the mini-batch must be at least 1 sample");
    if (options.batch > kMaxBatch)
        throw PipeDreamImportError(0, "the mini-batch must be at most 1e6 samples");
    for (const std::string* text : {&options.modelName, &options.source, &options.machineId})
        if (!isUtf8(*text))
            throw PipeDreamImportError(0, "the name, source or machine id given is not UTF-8 text");
    std::vector<std::string> ids{options.machineId};
    for (const EstimatedMachine& machine : options.estimatedMachines) {
        if (machine.id.empty())
            throw PipeDreamImportError(0, "an estimated machine has an empty id");
        if (std::find(ids.begin(), ids.end(), machine.id) != ids.end())
            throw PipeDreamImportError(0, "machine id '" + machine.id + "' is given twice");
        if (!(machine.factor > 0) || !std::isfinite(machine.factor) || machine.factor > kMaxFactor)
            throw PipeDreamImportError(0, "the speed factor of '" + machine.id +
                                              "' must be a number > 0 and at most 1e6");
        if (!isUtf8(machine.id))
            throw PipeDreamImportError(0, "an estimated machine's id is not UTF-8 text");
        ids.push_back(machine.id);
    }
}

} // namespace

bool looksLikePipeDreamGraph(std::string_view text) {
    // The first non-blank line, however long, is a node line of PipeDream's shape.
    for (std::size_t start = 0; start < text.size();) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        const std::string_view line = text.substr(start, end - start);
        start = end + 1;
        if (trimView(line).empty())
            continue;
        return line.find(" -- ") != std::string_view::npos &&
               (line.find("_compute_time=") != std::string_view::npos ||
                line.find("activation_size=") != std::string_view::npos);
    }
    return false;
}

nlohmann::ordered_json importPipeDreamGraph(std::string_view text,
                                            const PipeDreamImportOptions& options) {
    checkOptions(options);
    if (const auto bad = firstInvalidUtf8(text); bad != std::string_view::npos)
        throw PipeDreamImportError(lineOfOffset(text, bad),
                                   "not UTF-8 text (byte " + std::to_string(bad + 1) + ")");
    GraphText graph(text);
    std::vector<GraphNode>& nodes = graph.nodes();
    const std::vector<int> order = graph.topologicalOrder();

    double inputBytes = 0;
    for (const GraphNode& node : nodes)
        if (node.isInput())
            inputBytes += node.activationBytes / options.batch;

    auto layers = nlohmann::ordered_json::array();
    for (int position : order) {
        const GraphNode& node = nodes[static_cast<std::size_t>(position)];
        if (node.isInput())
            continue;
        nlohmann::ordered_json layer;
        layer["id"] = node.id;
        layer["type"] = className(node.description);
        layer["label"] = node.description;
        auto inputs = nlohmann::ordered_json::array();
        bool readsInput = false;
        for (int input : node.inputs) {
            if (nodes[static_cast<std::size_t>(input)].isInput())
                readsInput = true;
            else
                inputs.push_back(nodes[static_cast<std::size_t>(input)].id);
        }
        layer["inputs"] = inputs;
        // A profile layer with inputs cannot also read the model input; say so rather than lose it.
        if (readsInput && !inputs.empty())
            layer["also_reads_model_input"] = true;
        layer["output_bytes"] = jsonNumber(node.activationBytes / options.batch);
        if (node.activationParts.size() > 1) {
            auto parts = nlohmann::ordered_json::array();
            for (double part : node.activationParts)
                parts.push_back(jsonNumber(part / options.batch));
            layer["output_bytes_parts"] = parts;
        }
        layer["param_bytes"] = jsonNumber(node.parameterBytes);
        layer["forward_ms"] = machineTimes(options, node.forwardMs);
        layer["backward_ms"] = machineTimes(options, node.backwardMs);
        layers.push_back(std::move(layer));
    }
    if (layers.empty())
        throw PipeDreamImportError(0, "the graph has only Input nodes, no layer to profile");

    nlohmann::ordered_json profile;
    profile["format"] = "cutlab-profile";
    profile["version"] = 1;
    char batch[32];
    std::snprintf(batch, sizeof batch, "%g", options.batch);
    profile["model"] = {
        {"name", options.modelName},
        {"input_bytes", jsonNumber(inputBytes)},
        {"batch", jsonNumber(options.batch)},
        {"source", options.source.empty()
                       ? std::string("PipeDream profile (msr-fiddle/pipedream, MIT licence): "
                                     "measured on one GPU with "
                                     "mini-batches of ") +
                             batch +
                             " samples; times are for the whole mini-batch, sizes per sample"
                       : options.source}};
    profile["machines"] = graphMachinesOf(options);
    profile["layers"] = std::move(layers);
    return profile;
}

} // namespace cutlab::core
