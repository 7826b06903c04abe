#include "core/plans/ReplayJson.h"

#include "core/io/JsonNumbers.h"

#include <cmath>

namespace cutlab::core {
namespace {

// A frame's placement: the plan's stages, without their layer lists.
nlohmann::ordered_json placementJson(const InferenceCostModel& model, const RankedPlan& plan) {
    const Profile& profile = model.profile();
    nlohmann::ordered_json stages = nlohmann::ordered_json::array();
    for (const StageCost& stage : plan.evaluation.stages) {
        nlohmann::ordered_json entry;
        entry["tier"] = tierName(stage.tier);
        entry["machine"] = profile.machines[static_cast<std::size_t>(stage.machine)].id;
        entry["first_layer"] = profile.layers[static_cast<std::size_t>(stage.begin)].id;
        entry["last_layer"] = profile.layers[static_cast<std::size_t>(stage.end - 1)].id;
        stages.push_back(std::move(entry));
    }
    return stages;
}

nlohmann::ordered_json framesJson(const InferenceCostModel& model, const ReplayRun& run) {
    std::vector<nlohmann::ordered_json> placements;
    for (const RankedPlan& plan : run.plans)
        placements.push_back(placementJson(model, plan));
    nlohmann::ordered_json frames = nlohmann::ordered_json::array();
    for (const ReplayedFrame& frame : run.frames) {
        nlohmann::ordered_json entry;
        entry["index"] = frame.index;
        entry["arrival_ms"] = frame.arrivalMs;
        entry["latency_ms"] = frame.latencyMs;
        entry["placement"] = placements[frame.plan];
        frames.push_back(std::move(entry));
    }
    return frames;
}

nlohmann::ordered_json tracesJson(const std::vector<ReplayTraceInfo>& traces) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const ReplayTraceInfo& trace : traces)
        list.push_back({{"from", trace.from},
                        {"to", trace.to},
                        {"file", trace.file},
                        {"offset_ms", trace.offsetMs},
                        {"mean_mbps", trace.meanMbps}});
    return list;
}

} // namespace

nlohmann::ordered_json replaySummaryToJson(const ReplaySummary& summary) {
    nlohmann::ordered_json json;
    json["mean_ms"] = summary.meanMs;
    json["p50_ms"] = summary.p50Ms;
    json["p95_ms"] = summary.p95Ms;
    json["p99_ms"] = summary.p99Ms;
    json["max_ms"] = summary.maxMs;
    // No time passes when every step takes none: the rate has no figure.
    json["throughput_fps"] = std::isfinite(summary.throughputFps)
                                 ? nlohmann::ordered_json(summary.throughputFps)
                                 : nlohmann::ordered_json(nullptr);
    if (summary.deadlineMisses)
        json["deadline_misses"] = *summary.deadlineMisses;
    return json;
}

nlohmann::ordered_json replayToJson(const InferenceCostModel& model, const ReplayReport& report) {
    nlohmann::ordered_json document;
    document["format"] = "cutlab-replay";
    document["version"] = 1;
    document["model"] = model.profile().model.name;
    document["network"] = model.network().name;
    document["planner"] = report.planner;
    document["adapt"] = report.adapt;
    document["frame_count"] = report.settings.frames;
    document["interval_ms"] = report.settings.intervalMs;
    if (report.deadlineMs)
        document["deadline_ms"] = *report.deadlineMs;
    document["traces"] = tracesJson(report.traces);
    document["frames"] = framesJson(model, *report.run);
    nlohmann::ordered_json summary =
        replaySummaryToJson(summarizeReplay(*report.run, report.deadlineMs));
    summary["plans_used"] = report.run->plans.size();
    for (const auto& [name, run] : report.comparisons) {
        nlohmann::ordered_json other =
            replaySummaryToJson(summarizeReplay(*run, report.deadlineMs));
        other["plans_used"] = run->plans.size();
        summary[name] = std::move(other);
    }
    document["summary"] = std::move(summary);
    return document;
}

} // namespace cutlab::core
