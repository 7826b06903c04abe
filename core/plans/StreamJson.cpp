#include "core/plans/StreamJson.h"

#include "core/io/JsonNumbers.h"
#include "core/plans/PlanHeader.h"

namespace cutlab::core {
namespace {

nlohmann::ordered_json stageToJson(const Profile& profile, const StreamStage& stage) {
    nlohmann::ordered_json json;
    json["machine"] = profile.machines[static_cast<std::size_t>(stage.machine)].id;
    json["first_layer"] = profile.layers[static_cast<std::size_t>(stage.firstLayer)].id;
    json["last_layer"] = profile.layers[static_cast<std::size_t>(stage.lastLayer)].id;
    json["compute_ms"] = jsonNumber(stage.computeMs);
    json["sent_bytes"] = jsonNumber(stage.sentBytes);
    json["link_busy_ms"] = jsonNumber(stage.linkBusyMs);
    json["link_latency_ms"] = jsonNumber(stage.linkLatencyMs);
    return json;
}

} // namespace

nlohmann::ordered_json streamPlanToJson(const Profile& profile, const StreamPlan& plan) {
    nlohmann::ordered_json json;
    json["period_ms"] = jsonNumber(plan.periodMs);
    json["throughput_fps"] = jsonNumber(plan.throughputFps());
    json["total_ms"] = jsonNumber(plan.latencyMs);
    nlohmann::ordered_json stages = nlohmann::ordered_json::array();
    for (const StreamStage& stage : plan.stages)
        stages.push_back(stageToJson(profile, stage));
    json["stages"] = std::move(stages);
    return json;
}

nlohmann::ordered_json streamResultToJson(const Profile& profile, const StreamResult& result) {
    nlohmann::ordered_json json = planHeader("stream", profile.model.name, "stream");
    json["exact"] = result.exact;
    if (!result.note.empty())
        json["note"] = result.note;
    json["fastest"] = streamPlanToJson(profile, result.fastest);
    nlohmann::ordered_json plans = nlohmann::ordered_json::array();
    for (const StreamPlan& plan : result.front)
        plans.push_back(streamPlanToJson(profile, plan));
    json["plans"] = std::move(plans);
    return json;
}

} // namespace cutlab::core
