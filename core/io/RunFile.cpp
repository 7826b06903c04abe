#include "core/io/RunFile.h"

#include "core/io/InputLimits.h"
#include "core/io/JsonText.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace cutlab::core {
namespace {

using Json = nlohmann::ordered_json;

[[noreturn]] void refuseRunFile(const std::string& pointer, const std::string& message) {
    throw RunFileError((pointer.empty() ? "" : pointer + ": ") + message);
}

const Json& member(const Json& object, const std::string& at, const char* key) {
    if (!object.is_object())
        refuseRunFile(at, "must be an object");
    const auto found = object.find(key);
    if (found == object.end())
        refuseRunFile(jsonPointerAppend(at, key), "missing");
    return *found;
}

std::string text(const Json& object, const std::string& at, const char* key) {
    const Json& value = member(object, at, key);
    if (!value.is_string() || value.get_ref<const std::string&>().size() > kMaxNameBytes)
        refuseRunFile(jsonPointerAppend(at, key), "must be a string of at most 1,024 bytes");
    return value.get<std::string>();
}

double runNumber(const Json& value, const std::string& at, NumberRange range) {
    if (!value.is_number() || value.is_boolean())
        refuseRunFile(at, "must be a number");
    const double x = value.get<double>();
    if (!std::isfinite(x) || x < 0 || x > range.max)
        refuseRunFile(at, std::string("must be a number from 0 to ") + range.text);
    return x;
}

double runNumber(const Json& object, const std::string& at, const char* key, NumberRange range) {
    return runNumber(member(object, at, key), jsonPointerAppend(at, key), range);
}

const Json& list(const Json& object, const std::string& at, const char* key) {
    const Json& value = member(object, at, key);
    if (!value.is_array())
        refuseRunFile(jsonPointerAppend(at, key), "must be a list");
    return value;
}

RunSegment segmentOf(const Json& entry, const std::string& at) {
    RunSegment segment;
    segment.machine = text(entry, at, "machine");
    segment.firstLayer = text(entry, at, "first_layer");
    segment.lastLayer = text(entry, at, "last_layer");
    segment.computeMs = runNumber(entry, at, "compute_ms", kTimeRange);
    if (entry.contains("unslowed_ms"))
        segment.unslowedMs = runNumber(entry, at, "unslowed_ms", kTimeRange);
    return segment;
}

RunTransfer transferOf(const Json& entry, const std::string& at) {
    RunTransfer transfer;
    transfer.from = text(entry, at, "from");
    transfer.to = text(entry, at, "to");
    if (!member(entry, at, "after_layer").is_null())
        transfer.afterLayer = text(entry, at, "after_layer");
    transfer.bytes = runNumber(entry, at, "bytes", kBytesRange);
    transfer.planBytes = runNumber(entry, at, "plan_bytes", kBytesRange);
    transfer.ms = runNumber(entry, at, "ms", kTimeRange);
    return transfer;
}

RunFrame frameOf(const Json& entry, const std::string& at) {
    RunFrame frame;
    const double index = runNumber(entry, at, "index", {1e9, "1e9"});
    frame.index = static_cast<int>(index);
    frame.endToEndMs = runNumber(entry, at, "end_to_end_ms", kTimeRange);
    const Json& segments = list(entry, at, "segments");
    for (std::size_t i = 0; i < segments.size(); ++i)
        frame.segments.push_back(segmentOf(segments[i], at + "/segments/" + std::to_string(i)));
    const Json& transfers = list(entry, at, "transfers");
    for (std::size_t i = 0; i < transfers.size(); ++i)
        frame.transfers.push_back(transferOf(transfers[i], at + "/transfers/" + std::to_string(i)));
    return frame;
}

RunLink runLinkOf(const Json& entry, const std::string& at) {
    RunLink link;
    link.from = text(entry, at, "from");
    link.to = text(entry, at, "to");
    if (!member(entry, at, "bandwidth_mbps").is_null())
        link.bandwidthMbps = runNumber(entry, at, "bandwidth_mbps", kBandwidthRange);
    link.latencyMs = runNumber(entry, at, "latency_ms", kTimeRange);
    return link;
}

void readSetup(const Json& setup, RunRecord& run) {
    run.threads = static_cast<int>(runNumber(setup, "/setup", "threads", {1e6, "1e6"}));
    if (setup.contains("cpu") && setup["cpu"].is_string())
        run.cpu = setup["cpu"].get<std::string>();
    if (setup.contains("limits") && setup["limits"].is_string())
        run.limits = setup["limits"].get<std::string>();
    if (setup.contains("load_average") && setup["load_average"].is_array())
        for (const Json& value : setup["load_average"])
            if (value.is_number())
                run.loadAverage.push_back(value.get<double>());
    if (setup.contains("slowdown") && setup["slowdown"].is_object())
        for (const auto& [machine, factor] : setup["slowdown"].items())
            run.slowdown[machine] = runNumber(factor, "/setup/slowdown/" + machine, {1e6, "1e6"});
    const Json& links = list(setup, "/setup", "links");
    for (std::size_t i = 0; i < links.size(); ++i)
        run.links.push_back(runLinkOf(links[i], "/setup/links/" + std::to_string(i)));
}

RunRecord runOf(const Json& root) {
    if (!root.is_object() || !root.contains("format") || root["format"] != "cutlab-run")
        refuseRunFile("/format",
                      "expected \"cutlab-run\" (this is not a run file of cutlab-run-split)");
    if (!root.contains("version") || !root["version"].is_number_integer() || root["version"] != 1)
        refuseRunFile("/version", "unsupported version (this CutLab reads version 1)");
    RunRecord run;
    run.model = text(root, "", "model");
    const Json& plan = member(root, "", "plan");
    run.planFile = text(plan, "/plan", "file");
    run.rank = static_cast<int>(runNumber(plan, "/plan", "rank", {1e6, "1e6"}));
    if (run.rank < 1)
        refuseRunFile("/plan/rank", "must be 1 or more");
    readSetup(member(root, "", "setup"), run);
    const Json& frames = list(root, "", "frames");
    if (frames.empty())
        refuseRunFile("/frames", "the run recorded no frame");
    for (std::size_t i = 0; i < frames.size(); ++i)
        run.frames.push_back(frameOf(frames[i], "/frames/" + std::to_string(i)));
    return run;
}

} // namespace

RunRecord parseRunFile(std::string_view text) {
    auto parsed = parseJsonText(text);
    if (!parsed.value)
        throw RunFileError(parsed.issue ? parsed.issue->text() : "not a JSON document");
    return runOf(*parsed.value);
}

RunRecord readRunFile(const std::string& path) {
    std::string error;
    const auto text = readTextFile(path, error);
    if (!text)
        throw RunFileError(path + ": " + error);
    try {
        return parseRunFile(*text);
    } catch (const RunFileError& refused) {
        throw RunFileError(path + ": " + refused.what());
    }
}

} // namespace cutlab::core
