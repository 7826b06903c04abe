#include "core/planners/PlanQueryText.h"

#include "core/model/PlanError.h"
#include "core/planners/PlannerRegistry.h"

#include <charconv>
#include <cmath>

namespace cutlab::core {
namespace {

std::string trimmedText(const std::string& text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos)
        return {};
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

// The inference planners that accept an option: "scission and neurosurgeon".
std::string plannerIdsWhere(bool PlannerInfo::*accepts, const char* lastSeparator) {
    std::vector<std::string> ids;
    for (const PlannerInfo* info : plannersOfKind(PlannerKind::Inference))
        if (info->*accepts)
            ids.push_back(info->id);
    std::string text;
    for (std::size_t i = 0; i < ids.size(); ++i)
        text += (i == 0 ? "" : i + 1 == ids.size() ? lastSeparator : ", ") + ids[i];
    return text;
}

} // namespace

double parseQueryNumber(const std::string& text, const std::string& label) {
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size() ||
        !std::isfinite(value) || value < 0)
        throw PlanError(label + ": '" + text + "' is not a number >= 0");
    if (value > 1e15)
        throw PlanError(label + ": " + text + " is too large (at most 1e15)");
    return value;
}

std::pair<std::string, std::string> splitQueryPart(const std::string& text, char separator,
                                                   const std::string& label, const char* shape) {
    const auto position = text.rfind(separator);
    const std::string left =
        position == std::string::npos ? "" : trimmedText(text.substr(0, position));
    const std::string right =
        position == std::string::npos ? "" : trimmedText(text.substr(position + 1));
    if (left.empty() || right.empty())
        throw PlanError(label + ": '" + text + "' should look like " + shape);
    return {left, right};
}

int resolveLayer(const Profile& profile, const std::string& name, const std::string& label) {
    const int byId = profile.layerIndex(name);
    if (byId >= 0)
        return byId;
    if (name.size() > 1 && name[0] == '#') {
        int position = -1;
        const auto [end, error] =
            std::from_chars(name.data() + 1, name.data() + name.size(), position);
        if (error == std::errc() && end == name.data() + name.size() && position >= 0 &&
            position < static_cast<int>(profile.layers.size()))
            return position;
        throw PlanError(label + ": there is no layer at position " + name + " (the model has " +
                        std::to_string(profile.layers.size()) + " layers, #0 to #" +
                        std::to_string(profile.layers.size() - 1) + ")");
    }
    throw PlanError(label + ": unknown layer '" + name + "'");
}

Tier resolveTier(const std::string& name, const std::string& label) {
    if (auto tier = tierFromName(name))
        return *tier;
    throw PlanError(label + ": unknown tier '" + name + "' (expected device, edge or cloud)");
}

namespace {

// The energy objective prices the device the input starts on: every candidate needs its power.
void requireDevicePower(const Profile& profile, const InferenceQuery& query,
                        const PlanQueryLabels& labels) {
    bool anyDevice = false;
    for (std::size_t m = 0; m < profile.machines.size(); ++m) {
        const Machine& machine = profile.machines[m];
        if (machine.tier != Tier::Device || !query.allows(static_cast<int>(m)))
            continue;
        anyDevice = true;
        if (!machine.power)
            throw PlanError(labels.objective + " energy needs the device's power: machine '" +
                            machine.id + "' has none (give it \"power\" in the profile" +
                            (labels.power.empty()
                                 ? std::string(")")
                                 : ", or " + labels.power + " " + machine.id + "=WATTS@RADIO)"));
    }
    if (!anyDevice)
        throw PlanError(labels.objective +
                        " energy prices a device's energy, and no device machine is a candidate");
}

} // namespace

InferenceQuery resolvePlanQuery(const PlanQueryText& text, const Profile& profile,
                                const PlanQueryLabels& labels) {
    InferenceQuery query;
    query.objective = text.objective;
    query.top = text.top;
    query.returnResult = text.returnResult;
    query.maxLatencyMs = text.maxLatencyMs;
    const PlannerInfo& planner = requirePlanner(text.planner, {PlannerKind::Inference});
    // Both rank Scission's placements; the other planners search paths of their own.
    if (text.planner != "scission" && text.objective == Objective::Throughput)
        throw PlanError(labels.objective + " throughput ranks Scission's placements: use " +
                        labels.planner + " scission");
    if (text.objective == Objective::Energy && text.planner == "jointdnn")
        throw PlanError(labels.objective +
                        " energy ranks Scission's and Neurosurgeon's placements: use " +
                        labels.planner + " scission or neurosurgeon");
    if (text.planner != "scission" && text.maxLatencyMs)
        throw PlanError(labels.maxLatency + " applies to " + labels.planner + " scission only");
    if (text.returnResult && !planner.acceptsReturnResult)
        throw PlanError(labels.returnResult + " applies to --planner " +
                        plannerIdsWhere(&PlannerInfo::acceptsReturnResult, " or ") + " only");
    if (!text.machines.empty()) {
        query.machineAllowed.assign(profile.machines.size(), false);
        for (const auto& id : text.machines) {
            const int machine = profile.machineIndex(id);
            if (machine < 0)
                throw PlanError(labels.machines + ": unknown machine '" + id + "'");
            query.machineAllowed[static_cast<std::size_t>(machine)] = true;
        }
    }
    for (const auto& [tierText, use] : text.tierRules) {
        const std::string& label = use == TierUse::Must ? labels.use : labels.skip;
        const auto t = static_cast<std::size_t>(tierIndex(resolveTier(tierText, label)));
        if (query.tierUse[t] != TierUse::Any && query.tierUse[t] != use)
            throw PlanError(labels.use + " " + tierText + " and " + labels.skip + " " + tierText +
                            " contradict each other");
        query.tierUse[t] = use;
    }
    for (const auto& [layer, tier] : text.pins)
        query.pins.emplace_back(resolveLayer(profile, layer, labels.pin),
                                resolveTier(tier, labels.pin));
    for (const auto& [layer, tier] : text.forbids)
        query.forbids.emplace_back(resolveLayer(profile, layer, labels.forbid),
                                   resolveTier(tier, labels.forbid));
    for (const auto& part : text.maxUploads) {
        const auto [tier, bytes] = splitQueryPart(part, '=', labels.maxUpload, "TIER=BYTES");
        query.maxUploadBytes[static_cast<std::size_t>(tierIndex(
            resolveTier(tier, labels.maxUpload)))] = parseQueryNumber(bytes, labels.maxUpload);
    }
    for (const auto& part : text.maxTimes) {
        auto [tier, value] = splitQueryPart(part, '=', labels.maxTime, "TIER=MS or TIER=PCT%");
        TimeLimit limit;
        if (value.back() == '%') {
            limit.percent = true;
            value.pop_back();
        }
        limit.value = parseQueryNumber(value, labels.maxTime);
        query.maxTime[static_cast<std::size_t>(tierIndex(resolveTier(tier, labels.maxTime)))] =
            limit;
    }
    if ((!text.maxUploads.empty() || !text.maxTimes.empty()) && !planner.acceptsLimits)
        throw PlanError(labels.maxUpload + " and " + labels.maxTime + " apply to the " +
                        plannerIdsWhere(&PlannerInfo::acceptsLimits, " and ") + " planners, not " +
                        planner.id);
    if (query.objective == Objective::Energy)
        requireDevicePower(profile, query, labels);
    return query;
}

} // namespace cutlab::core
