#include "core/planners/InferencePlanner.h"

#include "core/model/PlanError.h"
#include "core/planners/PlannerRegistry.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

namespace cutlab::core {

std::vector<RankedPlan> runInferencePlanner(const std::string& name,
                                            const InferenceCostModel& model,
                                            const InferenceQuery& query) {
    return requirePlanner(name, {PlannerKind::Inference}).runInference(model, query);
}

namespace {

// The query with every constraint removed, and then each one alone, labelled as an option.
std::vector<std::pair<std::string, InferenceQuery>>
singleConstraintQueries(const InferenceQuery& query, const Profile& profile, QueryWording wording) {
    InferenceQuery bare = query;
    bare.top = 1;
    bare.machineAllowed.clear();
    bare.tierUse = {TierUse::Any, TierUse::Any, TierUse::Any};
    bare.pins.clear();
    bare.forbids.clear();
    bare.maxUploadBytes = {};
    bare.maxTime = {};
    bare.maxLatencyMs.reset();
    std::vector<std::string> ids;
    for (const auto& layer : profile.layers)
        ids.push_back(layer.id);
    std::vector<std::pair<std::string, InferenceQuery>> result;
    auto add = [&](InferenceQuery single) {
        result.emplace_back(single.describe(ids, wording).front(), single);
    };
    if (!query.machineAllowed.empty()) {
        InferenceQuery single = bare;
        single.machineAllowed = query.machineAllowed;
        add(single);
    }
    for (std::size_t t = 0; t < 3; ++t) {
        if (query.tierUse[t] != TierUse::Any) {
            InferenceQuery single = bare;
            single.tierUse[t] = query.tierUse[t];
            add(single);
        }
        if (query.maxUploadBytes[t]) {
            InferenceQuery single = bare;
            single.maxUploadBytes[t] = query.maxUploadBytes[t];
            add(single);
        }
        if (query.maxTime[t]) {
            InferenceQuery single = bare;
            single.maxTime[t] = query.maxTime[t];
            add(single);
        }
    }
    for (const auto& pin : query.pins) {
        InferenceQuery single = bare;
        single.pins = {pin};
        add(single);
    }
    for (const auto& forbid : query.forbids) {
        InferenceQuery single = bare;
        single.forbids = {forbid};
        add(single);
    }
    if (query.maxLatencyMs) {
        InferenceQuery single = bare;
        single.maxLatencyMs = query.maxLatencyMs;
        add(single);
    }
    return result;
}

std::string byteCountText(double bytes) {
    char text[64];
    if (bytes >= 1e9)
        std::snprintf(text, sizeof text, "%.0f bytes (%.2f GB)", bytes, bytes / 1e9);
    else if (bytes >= 1e6)
        std::snprintf(text, sizeof text, "%.0f bytes (%.2f MB)", bytes, bytes / 1e6);
    else
        std::snprintf(text, sizeof text, "%.0f bytes", bytes);
    return text;
}

bool plans(const std::string& planner, const InferenceCostModel& model,
           const InferenceQuery& query) {
    try {
        return !runInferencePlanner(planner, model, query).empty();
    } catch (const PlanError&) {
        return false;
    }
}

// The smallest capacity of `machine` that gives a plan, the other capacities as they are (more
// memory never removes a plan); nullopt when no capacity does.
std::optional<double> smallestCapacity(const std::string& planner, InferenceCostModel model,
                                       const InferenceQuery& query, int machine) {
    double low = *model.memory().capacity(machine); // no plan at low
    double high = std::max(1.0, low * 2);
    auto feasible = [&](double bytes) {
        model.setMemoryCapacity(machine, bytes);
        return plans(planner, model, query);
    };
    while (!feasible(high)) {
        if (high > 1e18)
            return std::nullopt;
        low = high;
        high *= 2;
    }
    while (high - low > 1) {
        const double middle = std::floor(low + (high - low) / 2);
        (feasible(middle) ? high : low) = middle;
    }
    return high;
}

InferenceCostModel withoutCapacities(InferenceCostModel model) {
    for (int m = 0; m < static_cast<int>(model.profile().machines.size()); ++m)
        model.setMemoryCapacity(m, std::nullopt);
    return model;
}

// When the capacities alone leave no plan: the machine whose memory is least short of one.
std::optional<std::string> memoryShortfall(const std::string& planner,
                                           const InferenceCostModel& model,
                                           const InferenceQuery& query) {
    const int machines = static_cast<int>(model.profile().machines.size());
    if (!model.memory().hasCapacities() || !plans(planner, withoutCapacities(model), query))
        return std::nullopt;
    std::string best;
    double shortest = std::numeric_limits<double>::infinity();
    for (int m = 0; m < machines; ++m) {
        const auto capacity = model.memory().capacity(m);
        if (!capacity)
            continue;
        const auto need = smallestCapacity(planner, model, query, m);
        if (!need || *need - *capacity >= shortest)
            continue;
        shortest = *need - *capacity;
        const Machine& machine = model.profile().machines[static_cast<std::size_t>(m)];
        best = "no plan fits the machines' memory: " + machine.id + " (" + tierName(machine.tier) +
               ") would need " + byteCountText(*need) + " for one (--memory " + machine.id + "=" +
               std::to_string(static_cast<long long>(*need)) + "), it has " +
               byteCountText(*capacity);
    }
    if (best.empty())
        return "no plan fits the machines' memory, and no single machine's memory would give one";
    return best;
}

} // namespace

std::string explainNoPlan(const std::string& planner, const InferenceCostModel& model,
                          const InferenceQuery& query, QueryWording wording) {
    if (const auto memory = memoryShortfall(planner, model, query))
        return *memory;
    const InferenceCostModel unlimited = withoutCapacities(model);
    std::vector<std::string> ids;
    for (const auto& layer : model.profile().layers)
        ids.push_back(layer.id);
    std::string alone;
    int count = 0;
    for (const auto& [label, single] : singleConstraintQueries(query, model.profile(), wording)) {
        bool empty = true;
        try {
            empty = runInferencePlanner(planner, unlimited, single).empty();
        } catch (const PlanError&) {
        }
        if (!empty)
            continue;
        alone += (alone.empty() ? "" : ", ") + label;
        ++count;
    }
    if (count == 1)
        return "no plan satisfies " + alone + " (this alone excludes every configuration)";
    if (count > 1)
        return "no plan satisfies " + alone + " (each of these alone excludes every configuration)";
    std::string all;
    for (const auto& label : query.describe(ids, wording))
        all += (all.empty() ? "" : ", ") + label;
    if (all.empty())
        return "the " + planner + " planner found no plan (no machine can run the model?)";
    return "no plan satisfies all of " + all + " together";
}

} // namespace cutlab::core
