#include "core/io/NetworkFile.h"

#include "core/io/JsonFields.h"
#include "core/io/JsonText.h"
#include "core/io/Utf8.h"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <sstream>

namespace cutlab::core {
namespace {

std::string trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(" \t\r");
    return std::string(text.substr(first, last - first + 1));
}

std::vector<std::string> splitCsvLine(const std::string& line) {
    std::vector<std::string> fields;
    std::stringstream stream(line);
    std::string field;
    while (std::getline(stream, field, ','))
        fields.push_back(trim(field));
    if (!line.empty() && line.back() == ',')
        fields.emplace_back();
    return fields;
}

std::optional<double> parseCsvNumber(const std::string& text) {
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

NetworkLoadResult parseScissionCsv(std::string_view text, const std::string& name) {
    NetworkLoadResult result;
    if (const auto bad = firstInvalidUtf8(text); bad != std::string_view::npos) {
        result.issues.push_back({"", "line " + std::to_string(lineOfOffset(text, bad)) +
                                         ": not UTF-8 text (byte " + std::to_string(bad + 1) +
                                         ")"});
        return result;
    }
    Network network;
    network.name = name;
    std::stringstream stream{std::string(text)};
    std::string line;
    int lineNumber = 0;
    bool headerSeen = false;
    while (std::getline(stream, line)) {
        ++lineNumber;
        if (trim(line).empty())
            continue;
        const auto fields = splitCsvLine(line);
        const std::string where = "line " + std::to_string(lineNumber);
        if (!headerSeen) {
            headerSeen = true;
            if (fields.size() != 4 || fields[0] != "source" || fields[1] != "destination") {
                result.issues.push_back(
                    {"",
                     where + ": expected the header source,destination,ping(ms),bandwidth(mbps)"});
                return result;
            }
            continue;
        }
        if (fields.size() != 4) {
            result.issues.push_back({"", where + ": expected 4 comma-separated values, found " +
                                             std::to_string(fields.size())});
            continue;
        }
        const auto ping = parseCsvNumber(fields[2]);
        const auto bandwidth = parseCsvNumber(fields[3]);
        if (fields[0].empty() || fields[1].empty())
            result.issues.push_back({"", where + ": source and destination must be machine names"});
        else if (!ping || *ping < 0)
            result.issues.push_back({"", where + ": ping '" + briefText(fields[2]) +
                                             "' is not a number of milliseconds >= 0"});
        else if (*ping > kMaxMilliseconds)
            result.issues.push_back(
                {"", where + ": ping " + fields[2] + " must be at most " + kTimeRange.text});
        else if (!bandwidth || *bandwidth <= 0)
            result.issues.push_back({"", where + ": bandwidth '" + briefText(fields[3]) +
                                             "' is not a number of Mbps > 0"});
        else if (*bandwidth < kMinBandwidthMbps || *bandwidth > kMaxBandwidthMbps)
            result.issues.push_back(
                {"", where + ": bandwidth " + fields[3] + " must be between 1e-6 and 1e9 Mbps"});
        else if (fields[0].size() > kMaxNameBytes || fields[1].size() > kMaxNameBytes)
            result.issues.push_back({"", where + ": a machine name is longer than " +
                                             std::to_string(kMaxNameBytes) + " bytes"});
        else
            network.links.push_back({fields[0], fields[1], *bandwidth, *ping});
    }
    if (result.issues.empty() && network.links.empty())
        result.issues.push_back({"", "the network file lists no links"});
    if (result.issues.empty())
        result.network = std::move(network);
    return result;
}

// "trace" is the link's from → to direction, "trace_reverse" its to → from direction.
void readLinkTraces(const nlohmann::ordered_json& entry, const std::string& at, const Link& link,
                    JsonFields& fields, std::vector<TraceAttachment>& traces) {
    for (const bool reverse : {false, true}) {
        const std::string key = reverse ? "trace_reverse" : "trace";
        const auto value = entry.find(key);
        if (value == entry.end())
            continue;
        const auto path = fields.string(*value, at + "/" + key);
        if (path && path->empty())
            fields.add(at + "/" + key, "must name a trace file");
        else if (path)
            traces.push_back({reverse ? link.to : link.from, reverse ? link.from : link.to, *path,
                              0, (at + "/" + key).substr(1)});
    }
}

} // namespace

NetworkLoadResult networkFromJson(const nlohmann::ordered_json& root, const std::string& pointer) {
    NetworkLoadResult result;
    JsonFields fields(result.issues);
    if (!root.is_object()) {
        fields.add(pointer, "a network must be a JSON object");
        return result;
    }
    Network network;
    if (auto name = root.find("name"); name != root.end()) {
        if (auto text = fields.string(*name, pointer + "/name"))
            network.name = *text;
    }
    const auto links = root.find("links");
    if (links == root.end() || !links->is_array() || links->empty()) {
        fields.add(pointer + "/links", "must be a non-empty list of links");
        return result;
    }
    for (std::size_t i = 0; i < links->size(); ++i) {
        const auto& entry = (*links)[i];
        const std::string at = jsonPointerAppend(pointer + "/links", i);
        if (!entry.is_object()) {
            fields.add(at, "must be an object with from, to, bandwidth_mbps, latency_ms");
            continue;
        }
        Link link;
        bool good = true;
        for (const char* end : {"from", "to"}) {
            const auto value = entry.find(end);
            std::optional<std::string> text;
            if (value == entry.end())
                fields.add(at, std::string("missing \"") + end + "\"");
            else
                text = fields.string(*value, at + "/" + end);
            if (text && text->empty()) {
                fields.add(at + "/" + end, "must name a tier or a machine");
                text.reset();
            }
            good = good && text.has_value();
            if (text)
                (std::string(end) == "from" ? link.from : link.to) = *text;
        }
        const auto bandwidth = entry.find("bandwidth_mbps");
        if (bandwidth == entry.end()) {
            fields.add(at, "missing \"bandwidth_mbps\" (null means unlimited)");
            good = false;
        } else if (!bandwidth->is_null()) {
            auto value =
                fields.nonNegativeNumber(*bandwidth, at + "/bandwidth_mbps", kBandwidthRange);
            if (value && *value == 0) {
                fields.add(at + "/bandwidth_mbps", "must be greater than 0 (null means unlimited)");
                value.reset();
            } else if (value && *value < kMinBandwidthMbps) {
                fields.add(at + "/bandwidth_mbps",
                           "must be at least 1e-6 Mbps (null means unlimited)");
                value.reset();
            }
            good = good && value.has_value();
            if (value)
                link.bandwidthMbps = *value;
        }
        if (auto latency = entry.find("latency_ms"); latency != entry.end()) {
            auto value = fields.nonNegativeNumber(*latency, at + "/latency_ms", kTimeRange);
            good = good && value.has_value();
            if (value)
                link.latencyMs = *value;
        }
        readLinkTraces(entry, at, link, fields, result.traces);
        if (good)
            network.links.push_back(link);
    }
    if (result.issues.empty())
        result.network = std::move(network);
    return result;
}

NetworkLoadResult parseNetwork(std::string_view text, const std::string& defaultName) {
    const auto start = text.find_first_not_of(" \t\r\n");
    if (start != std::string_view::npos && text[start] != '{' && text[start] != '[')
        return parseScissionCsv(text, toValidUtf8(defaultName));
    NetworkLoadResult result;
    JsonParseResult parsed = parseJsonText(text);
    if (parsed.issue) {
        result.issues.push_back(*parsed.issue);
        return result;
    }
    const auto& root = *parsed.value;
    if (root.is_object()) {
        const auto format = root.find("format");
        if (format == root.end() || *format != "cutlab-network") {
            result.issues.push_back(
                {"/format",
                 "this is not a CutLab network: expected \"format\": \"cutlab-network\""});
            return result;
        }
        const auto version = root.find("version");
        if (version != root.end() && (!version->is_number() || version->get<double>() != 1.0)) {
            result.issues.push_back({"/version", "unsupported version " + briefJson(*version) +
                                                     " (this CutLab reads version 1)"});
            return result;
        }
    }
    result = networkFromJson(root, "");
    if (result.network && result.network->name.empty())
        result.network->name = toValidUtf8(defaultName);
    return result;
}

NetworkLoadResult loadNetwork(const std::string& presetOrPath) {
    if (auto preset = networkPreset(presetOrPath))
        return {std::move(preset), {}, {}};
    std::string error;
    auto text = readTextFile(presetOrPath, error);
    if (!text) {
        NetworkLoadResult result;
        result.issues.push_back({"", error + " (and not a preset: 3g, 4g, fibre, ideal)"});
        return result;
    }
    auto result =
        parseNetwork(*text, toValidUtf8(std::filesystem::path(presetOrPath).stem().string()));
    const auto folder = std::filesystem::path(presetOrPath).parent_path();
    for (auto& trace : result.traces)
        if (std::filesystem::path(trace.path).is_relative())
            trace.path = (folder / trace.path).string();
    return result;
}

nlohmann::ordered_json networkToJson(const Network& network) {
    nlohmann::ordered_json links = nlohmann::ordered_json::array();
    for (const Link& link : network.links) {
        nlohmann::ordered_json entry;
        entry["from"] = link.from;
        entry["to"] = link.to;
        if (link.bandwidthMbps == kUnlimitedBandwidth)
            entry["bandwidth_mbps"] = nullptr;
        else
            entry["bandwidth_mbps"] = link.bandwidthMbps;
        entry["latency_ms"] = link.latencyMs;
        links.push_back(std::move(entry));
    }
    nlohmann::ordered_json document;
    document["format"] = "cutlab-network";
    document["version"] = 1;
    document["name"] = network.name;
    document["links"] = std::move(links);
    return document;
}

} // namespace cutlab::core
