#include "core/model/ModulePaths.h"

#include <string>
#include <unordered_map>

namespace cutlab::core {
namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find(separator, start), text.size());
        if (end > start)
            parts.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return parts;
}

// "relu_1" -> "relu"; text without a "_DIGITS" ending is returned as it is.
std::string withoutCallSuffix(const std::string& path) {
    const std::size_t underscore = path.rfind('_');
    if (underscore == std::string::npos || underscore + 1 == path.size() ||
        path.find('.', underscore) != std::string::npos)
        return path;
    for (std::size_t i = underscore + 1; i < path.size(); ++i)
        if (path[i] < '0' || path[i] > '9')
            return path;
    return path.substr(0, underscore);
}

// "relu_1", the exporter's name for a module's second call, -> "relu#2", the profiler's name for
// it; empty for a path without a "_DIGITS" ending.
std::string profilerCallName(const std::string& path) {
    const std::string base = withoutCallSuffix(path);
    if (base == path)
        return {};
    const std::string digits = path.substr(base.size() + 1);
    if (digits.size() > 6)
        return {};
    return base + "#" + std::to_string(std::stoi(digits) + 1);
}

// The measured layer whose id is `path` or its longest prefix at a '.', or -1.
int layerOfPath(const std::unordered_map<std::string, int>& layers, std::string path) {
    while (!path.empty()) {
        if (const auto found = layers.find(path); found != layers.end())
            return found->second;
        const std::size_t dot = path.rfind('.');
        path = dot == std::string::npos ? std::string() : path.substr(0, dot);
    }
    return -1;
}

} // namespace

std::string modulePathOfNode(std::string_view nodeName) {
    if (nodeName.empty() || nodeName.front() != '/')
        return {};
    std::vector<std::string_view> scopes = split(nodeName, '/');
    if (scopes.empty())
        return {};
    scopes.pop_back(); // the operator's own name
    std::string path;
    for (const std::string_view scope : scopes) {
        const std::size_t dot = scope.rfind('.');
        path += (path.empty() ? "" : ".") +
                std::string(dot == std::string_view::npos ? scope : scope.substr(dot + 1));
    }
    return path;
}

NodeAssignment assignNodesToLayers(const Profile& measured, const Profile& imported) {
    std::unordered_map<std::string, int> layers;
    for (std::size_t i = 0; i < measured.layers.size(); ++i)
        layers.emplace(measured.layers[i].id, static_cast<int>(i));
    NodeAssignment assignment;
    int current = -1;
    std::size_t firstMatch = imported.layers.size();
    for (std::size_t n = 0; n < imported.layers.size(); ++n) {
        const std::string path = modulePathOfNode(imported.layers[n].id);
        int layer = layerOfPath(layers, path);
        if (const std::string call = profilerCallName(path); layer < 0 && !call.empty())
            layer = layerOfPath(layers, call);
        if (layer < 0)
            layer = layerOfPath(layers, withoutCallSuffix(path));
        if (layer >= 0) {
            current = layer;
            ++assignment.matchedNodes;
            firstMatch = std::min(firstMatch, n);
        }
        assignment.layerOfNode.push_back(current);
    }
    if (assignment.matchedNodes == 0)
        return {};
    for (std::size_t n = 0; n < firstMatch; ++n)
        assignment.layerOfNode[n] = 0;
    return assignment;
}

} // namespace cutlab::core
