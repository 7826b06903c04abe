#include "core/plans/TrainingPlanFile.h"

#include "core/cluster/PoolSpec.h"
#include "core/io/JsonText.h"
#include "core/io/NetworkFile.h"

#include <cstdio>
#include <limits>
#include <map>
#include <stdexcept>

namespace cutlab::core {
namespace {

using Json = nlohmann::ordered_json;

struct TrainingPlanRefusal {
    std::vector<ProfileIssue> issues;
};

[[noreturn]] void refuseTrainingPlan(const std::string& pointer, const std::string& message) {
    throw TrainingPlanRefusal{{{pointer, message}}};
}

std::string stringOf(const Json& root, const char* key, const std::string& fallback,
                     const std::string& pointer) {
    const auto it = root.find(key);
    if (it == root.end())
        return fallback;
    if (!it->is_string())
        refuseTrainingPlan(pointer + "/" + key, "must be a string");
    return it->get<std::string>();
}

// A whole number in [low, high] (absent: nullopt).
std::optional<int> intOf(const Json& root, const char* key, int low, int high,
                         const std::string& pointer) {
    const auto it = root.find(key);
    if (it == root.end() || it->is_null())
        return std::nullopt;
    if (!it->is_number_integer() || it->get<long long>() < low || it->get<long long>() > high)
        refuseTrainingPlan(pointer + "/" + key, "must be a whole number from " +
                                                    std::to_string(low) + " to " +
                                                    std::to_string(high));
    return static_cast<int>(it->get<long long>());
}

void checkTrainingPlanHeader(const Json& root) {
    if (!root.is_object())
        refuseTrainingPlan("", "a plan must be a JSON object");
    if (stringOf(root, "format", "", "") != "cutlab-plan")
        refuseTrainingPlan("/format", "expected \"cutlab-plan\" (this is not a CutLab plan file)");
    if (!root.contains("version") || !root["version"].is_number_integer() ||
        root["version"].get<int>() != 1)
        refuseTrainingPlan("/version", "unsupported version (this CutLab reads version 1)");
    if (stringOf(root, "kind", "inference", "") != "training")
        refuseTrainingPlan("/kind", "expected \"training\"");
}

// "none", "accept" or "accept:KF,KB".
void readCompression(const std::string& text, TrainingPlanFileContent& content) {
    if (text == "none")
        return;
    content.forwardBits = 2;
    content.backwardBits = 8;
    if (text == "accept")
        return;
    int forward = 0, backward = 0;
    char tail = 0;
    if (std::sscanf(text.c_str(), "accept:%d,%d%c", &forward, &backward, &tail) != 2 ||
        (forward != 2 && forward != 3 && forward != 4) || (backward != 8 && backward != 4))
        refuseTrainingPlan("/compress",
                           "must be none, accept or accept:KF,KB (KF 2, 3 or 4; KB 8 or 4), not '" +
                               text + "'");
    content.forwardBits = forward;
    content.backwardBits = backward;
}

void readSchedule(const Json& root, TrainingPlanFileContent& content) {
    const auto it = root.find("schedule");
    if (it == root.end())
        return;
    if (!it->is_object())
        refuseTrainingPlan("/schedule", "must be an object");
    const std::string kind = stringOf(*it, "kind", "1f1b", "/schedule");
    const auto parsed = scheduleKindFromName(kind);
    if (!parsed)
        refuseTrainingPlan("/schedule/kind",
                           "must be 1f1b, 1f1b-flush or gpipe, not '" + kind + "'");
    content.schedule = *parsed;
    content.microBatches = intOf(*it, "micro_batches", 1, 1000000, "/schedule").value_or(0);
}

void readStages(const Json& root, TrainingPlanFileContent& content) {
    const auto it = root.find("stages");
    if (it == root.end())
        return;
    if (!it->is_array())
        refuseTrainingPlan("/stages", "must be a list of stages");
    for (std::size_t s = 0; s < it->size(); ++s) {
        const std::string pointer = "/stages/" + std::to_string(s);
        const Json& stage = (*it)[s];
        if (!stage.is_object() || !stage.contains("layers") || !stage["layers"].is_array())
            refuseTrainingPlan(pointer + "/layers", "missing: each stage lists its layers");
        std::vector<std::string> layers;
        for (const Json& id : stage["layers"]) {
            if (!id.is_string())
                refuseTrainingPlan(pointer + "/layers", "must be a list of layer ids");
            layers.push_back(id.get<std::string>());
        }
        content.stageLayers.push_back(std::move(layers));
    }
}

void readMemorySettings(const Json& root, TrainingPlanFileContent& content) {
    const std::string optimizer = stringOf(root, "optimizer", "sgd", "");
    if (!optimizerFromName(optimizer, &content.optimizer))
        refuseTrainingPlan("/optimizer", "must be sgd, momentum or adam, not '" + optimizer + "'");
    if (const auto recompute = root.find("recompute"); recompute != root.end()) {
        if (!recompute->is_boolean())
            refuseTrainingPlan("/recompute", "must be true or false");
        content.recompute = recompute->get<bool>();
    }
}

// One group of `cluster.groups` as `--cluster` text: "ID:N" or "ID:N@MBPS".
std::string poolGroupText(const Json& group, const std::string& pointer) {
    if (!group.is_object())
        refuseTrainingPlan(pointer, "must be an object with machine, machines and mbps");
    const std::string machine = stringOf(group, "machine", "", pointer);
    if (machine.empty())
        refuseTrainingPlan(pointer + "/machine", "missing: the machine type of the group");
    const auto count = intOf(group, "machines", 1, PoolSpec::kMaxMachines, pointer);
    if (!count)
        refuseTrainingPlan(pointer + "/machines", "missing: how many machines the group has");
    std::string text = machine + ":" + std::to_string(*count);
    const auto mbps = group.find("mbps");
    if (mbps == group.end() || mbps->is_null())
        return text;
    if (!mbps->is_number() || !(mbps->get<double>() > 0) || mbps->get<double>() > 1e9)
        refuseTrainingPlan(pointer + "/mbps", "must be a bandwidth in Mbit/s above 0");
    char number[32];
    std::snprintf(number, sizeof number, "%.17g", mbps->get<double>());
    return text + "@" + number;
}

void readPool(const Json& root, TrainingPlanFileContent& content) {
    if (stringOf(root, "cost_model", "cutlab", "") != "cutlab")
        refuseTrainingPlan("/cost_model",
                           "a plan with PipeDream's cost model is not shown in the window "
                           "(cutlab-cli train --cluster ... --cost-model pipedream prints it)");
    const Json& cluster = root["cluster"];
    if (!cluster.is_object() || !cluster.contains("groups") || !cluster["groups"].is_array() ||
        cluster["groups"].empty())
        refuseTrainingPlan("/cluster/groups", "missing: a pool plan lists its groups of machines");
    std::string text;
    for (std::size_t g = 0; g < cluster["groups"].size(); ++g)
        text += (g ? "," : "") +
                poolGroupText(cluster["groups"][g], "/cluster/groups/" + std::to_string(g));
    try {
        parsePoolSpec(text);
    } catch (const std::invalid_argument& error) {
        refuseTrainingPlan("/cluster", error.what());
    }
    for (const char* key : {"straight", "fewer_machines"})
        if (root.contains(key) && root[key] == true)
            refuseTrainingPlan(std::string("/") + key,
                               "the window's Cluster editor plans with every machine "
                               "and replicated stages (cutlab-cli train --cluster "
                               "... prints this plan)");
    content.pool = text;
    if (const auto capacities = root.find("capacity_bytes"); capacities != root.end()) {
        if (!capacities->is_object())
            refuseTrainingPlan("/capacity_bytes", "must map machine ids to bytes");
        for (const auto& [id, bytes] : capacities->items()) {
            if (bytes.is_null())
                continue; // unlimited
            if (!bytes.is_number() || !(bytes.get<double>() > 0) || bytes.get<double>() > 1e15)
                refuseTrainingPlan("/capacity_bytes/" + id,
                                   "must be bytes above 0 and at most 1e15");
            content.poolCapacityBytes[id] = bytes.get<double>();
        }
    }
    content.microBatch = intOf(root, "micro_batch", 1, 1000000000, "").value_or(0);
    content.microBatches = intOf(root, "micro_batches", 1, 1000000, "").value_or(0);
}

void readPipeline(const Json& root, TrainingPlanFileContent& content) {
    readMemorySettings(root, content);
    if (root.contains("cluster")) {
        readPool(root, content);
        return;
    }
    const auto chain = root.find("chain");
    if (chain == root.end() || !chain->is_array() || chain->empty())
        refuseTrainingPlan("/chain", "missing: a pipeline plan names its chain of machines");
    for (const Json& id : *chain) {
        if (!id.is_string())
            refuseTrainingPlan("/chain", "must be a list of machine ids");
        content.chain.push_back(id.get<std::string>());
    }
    content.microBatch = intOf(root, "micro_batch", 1, 1000000000, "").value_or(0);
    const std::string mode = stringOf(root, "cut_mode", "single", "");
    if (mode != "single" && mode != "any")
        refuseTrainingPlan("/cut_mode", "must be single or any, not '" + mode + "'");
    content.cutMode = mode == "any" ? PipelineCutMode::Any : PipelineCutMode::Single;
    readCompression(stringOf(root, "compress", "none", ""), content);
    const std::string times = stringOf(root, "times", "profile", "");
    if (times != "profile" && times != "ratio" && times != "predictor")
        refuseTrainingPlan("/times", "must be profile, ratio or predictor, not '" + times + "'");
    content.times = times;
    content.predictorFile = stringOf(root, "predictor_file", "", "");
    if (const auto edited = root.find("edited"); edited != root.end()) {
        if (!edited->is_boolean())
            refuseTrainingPlan("/edited", "must be true or false");
        content.edited = edited->get<bool>();
    }
    readSchedule(root, content);
    readStages(root, content);
    if (content.edited && content.stageLayers.empty())
        refuseTrainingPlan("/stages", "an edited pipeline plan must list its stages");
}

TrainingPlanFileContent contentOf(const Json& root) {
    checkTrainingPlanHeader(root);
    TrainingPlanFileContent content;
    content.model = stringOf(root, "model", "", "");
    content.planner = stringOf(root, "planner", "", "");
    if (content.planner.empty())
        refuseTrainingPlan("/planner", "missing: which training planner made this plan");
    content.profilePath = stringOf(root, "profile", "", "");
    if (!root.contains("network"))
        refuseTrainingPlan("/network", "missing: the plan must embed its network");
    auto network = networkFromJson(root["network"], "/network");
    if (!network.ok())
        throw TrainingPlanRefusal{network.issues};
    content.network = *network.network;
    content.batch = intOf(root, "batch", 1, 1000000000, "");
    if (content.planner == "pipeline")
        readPipeline(root, content);
    return content;
}

} // namespace

bool isTrainingPlanText(std::string_view text) {
    const auto parsed = parseJsonText(text);
    if (!parsed.value || !parsed.value->is_object())
        return false;
    const Json& root = *parsed.value;
    const auto format = root.find("format"), kind = root.find("kind");
    return format != root.end() && *format == "cutlab-plan" && kind != root.end() &&
           *kind == "training";
}

TrainingPlanFileResult parseTrainingPlanFile(std::string_view text) {
    TrainingPlanFileResult result;
    auto parsed = parseJsonText(text);
    if (!parsed.value) {
        result.issues.push_back(parsed.issue.value_or(ProfileIssue{"", "not a JSON document"}));
        return result;
    }
    try {
        result.plan = contentOf(*parsed.value);
    } catch (const TrainingPlanRefusal& refusal) {
        result.issues = refusal.issues;
    }
    return result;
}

std::optional<std::vector<int>> stageBoundariesFromPlan(const TrainingPlanFileContent& plan,
                                                        const Profile& profile,
                                                        std::string& error) {
    std::map<std::string, int> position;
    for (std::size_t i = 0; i < profile.layers.size(); ++i)
        position.emplace(profile.layers[i].id, static_cast<int>(i));
    std::vector<int> boundaries;
    int next = 0; // the first layer the next stage must start with
    for (std::size_t s = 0; s < plan.stageLayers.size(); ++s) {
        for (const std::string& id : plan.stageLayers[s]) {
            const auto found = position.find(id);
            if (found == position.end()) {
                error = "stage " + std::to_string(s + 1) + " names layer '" + id +
                        "', which the profile lacks";
                return std::nullopt;
            }
            if (found->second != next) {
                error = "stage " + std::to_string(s + 1) +
                        " is not the run of layers after the stage before it (at layer '" + id +
                        "'): the window restores consecutive stages only";
                return std::nullopt;
            }
            ++next;
        }
        if (s + 1 < plan.stageLayers.size())
            boundaries.push_back(next);
    }
    if (next != static_cast<int>(profile.layers.size())) {
        error = "the stages hold " + std::to_string(next) + " of the profile's " +
                std::to_string(profile.layers.size()) + " layers";
        return std::nullopt;
    }
    return boundaries;
}

} // namespace cutlab::core
