#include "core/io/PlanFile.h"

#include "core/io/InputLimits.h"
#include "core/io/JsonText.h"
#include "core/io/NetworkFile.h"

#include <optional>

namespace cutlab::core {

namespace {

using Json = nlohmann::ordered_json;

// Why a plan file was refused: the issues its reader returns.
struct PlanFileRefusal {
    std::vector<ProfileIssue> issues;
};

[[noreturn]] void refuse(const std::string& pointer, const std::string& message) {
    throw PlanFileRefusal{{{pointer, message}}};
}

// A string member, the fallback when it is absent, nullopt when it is not a string.
std::optional<std::string> stringMember(const Json& root, const char* key, const char* fallback) {
    const auto it = root.find(key);
    if (it == root.end())
        return std::string(fallback);
    if (!it->is_string())
        return std::nullopt;
    return it->get<std::string>();
}

void checkHeader(const Json& root) {
    if (!root.is_object())
        refuse("", "a plan must be a JSON object");
    if (stringMember(root, "format", "") != "cutlab-plan")
        refuse("/format", "expected \"cutlab-plan\" (this is not a CutLab plan file)");
    if (!root.contains("version") || !root["version"].is_number_integer() ||
        root["version"].get<int>() != 1)
        refuse("/version", "unsupported version (this CutLab reads version 1)");
    if (stringMember(root, "kind", "inference") != "inference")
        refuse("/kind", "expected \"inference\" (training plans are read as such)");
}

// The model, planner and profile names, the embedded network and the input size.
void readSetting(const Json& root, PlanFileContent& content) {
    if (root.contains("model") && root["model"].is_string())
        content.model = root["model"].get<std::string>();
    if (root.contains("planner") && root["planner"].is_string())
        content.planner = root["planner"].get<std::string>();
    if (root.contains("profile") && root["profile"].is_string())
        content.profilePath = root["profile"].get<std::string>();
    if (!root.contains("network"))
        refuse("/network", "missing: the plan must embed its network");
    auto network = networkFromJson(root["network"], "/network");
    if (!network.ok())
        throw PlanFileRefusal{network.issues};
    content.network = *network.network;
    if (root.contains("input_bytes")) {
        if (!root["input_bytes"].is_number() || root["input_bytes"].get<double>() < 0)
            refuse("/input_bytes", "must be a non-negative number");
        if (root["input_bytes"].get<double>() > kMaxBytes)
            refuse("/input_bytes", "must be at most 1e15 bytes");
        content.inputBytes = root["input_bytes"].get<double>();
    }
}

PlanFileStage planStageOf(const Json& entry, const std::string& at) {
    if (!entry.is_object())
        refuse(at, "must be an object");
    for (const char* key : {"tier", "machine", "first_layer", "last_layer"})
        if (!entry.contains(key) || !entry[key].is_string())
            refuse(at + "/" + key, "missing or not a string");
    const auto tier = tierFromName(entry["tier"].get<std::string>());
    if (!tier)
        refuse(at + "/tier", "unknown tier '" + entry["tier"].get<std::string>() + "'");
    PlanFileStage stage;
    stage.tier = *tier;
    stage.machine = entry["machine"].get<std::string>();
    stage.firstLayer = entry["first_layer"].get<std::string>();
    stage.lastLayer = entry["last_layer"].get<std::string>();
    return stage;
}

// The first plan's origin and stages.
void readFirstPlan(const Json& root, PlanFileContent& content) {
    const auto plans = root.find("plans");
    if (plans == root.end() || !plans->is_array())
        refuse("/plans", "must be a list of plans");
    if (plans->empty())
        refuse("/plans", "the file holds no plan");
    const auto& plan = (*plans)[0];
    if (!plan.is_object())
        refuse("/plans/0", "must be an object");
    if (plan.contains("origin") && plan["origin"].is_string())
        content.origin = plan["origin"].get<std::string>();
    const auto stages = plan.find("stages");
    if (stages == plan.end() || !stages->is_array())
        refuse("/plans/0/stages", "must be a list of stages");
    for (std::size_t i = 0; i < stages->size(); ++i)
        content.stages.push_back(planStageOf((*stages)[i], "/plans/0/stages/" + std::to_string(i)));
}

} // namespace

PlanFileResult parsePlanFile(std::string_view text) {
    PlanFileResult result;
    auto parsed = parseJsonText(text);
    if (!parsed.value) {
        result.issues.push_back(parsed.issue.value_or(ProfileIssue{"", "not a JSON document"}));
        return result;
    }
    try {
        const Json& root = *parsed.value;
        checkHeader(root);
        PlanFileContent content;
        readSetting(root, content);
        readFirstPlan(root, content);
        result.plan = std::move(content);
    } catch (const PlanFileRefusal& refusal) {
        result.issues = refusal.issues;
    }
    return result;
}

PlanFileResult loadPlanFile(const std::string& path) {
    std::string error;
    auto text = readTextFile(path, error);
    if (!text) {
        PlanFileResult result;
        result.issues.push_back({"", error});
        return result;
    }
    return parsePlanFile(*text);
}

std::optional<TierPlacement> placementFromPlanFile(const PlanFileContent& plan,
                                                   const Profile& profile, std::string& error) {
    const int n = static_cast<int>(profile.layers.size());
    TierPlacement placement;
    if (plan.origin) {
        placement.machine[0] = profile.machineIndex(*plan.origin);
        if (placement.machine[0] < 0) {
            error = "the plan's input starts on machine '" + *plan.origin +
                    "', which this profile does not have";
            return std::nullopt;
        }
    }
    int position = 0;
    int lastTier = -1;
    bool hasEdge = false;
    for (const auto& stage : plan.stages) {
        const int machine = profile.machineIndex(stage.machine);
        if (machine < 0) {
            error = "the plan runs layers on machine '" + stage.machine +
                    "', which this profile does not have";
            return std::nullopt;
        }
        const int first = profile.layerIndex(stage.firstLayer),
                  last = profile.layerIndex(stage.lastLayer);
        if (first < 0 || last < 0) {
            error = "the plan names layer '" + (first < 0 ? stage.firstLayer : stage.lastLayer) +
                    "', which this profile does not have (was it made for model '" + plan.model +
                    "'?)";
            return std::nullopt;
        }
        const int t = tierIndex(stage.tier);
        if (first != position || last < first || t <= lastTier ||
            profile.machines[static_cast<std::size_t>(machine)].tier != stage.tier) {
            error = "the plan's stages are not one device → edge → cloud partition of this "
                    "profile's layers";
            return std::nullopt;
        }
        placement.machine[static_cast<std::size_t>(t)] = machine;
        if (t == 0)
            placement.deviceEnd = last + 1;
        if (t == 1) {
            placement.edgeEnd = last + 1;
            hasEdge = true;
        }
        position = last + 1;
        lastTier = t;
    }
    if (position != n) {
        error = "the plan does not place every layer of this profile (was it made for model '" +
                plan.model + "'?)";
        return std::nullopt;
    }
    if (!hasEdge)
        placement.edgeEnd = placement.deviceEnd;
    if (placement.machine[0] < 0 && placement.deviceEnd == 0 && !plan.origin) {
        const auto devices = profile.machinesOfTier(Tier::Device);
        if (!devices.empty())
            placement.machine[0] = devices.front();
    }
    return placement;
}

} // namespace cutlab::core
