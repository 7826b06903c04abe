#include "core/planners/InferencePlanner.h"

#include "core/model/PlanError.h"
#include "core/planners/PlannerRegistry.h"

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
    return result;
}

} // namespace

std::string explainNoPlan(const std::string& planner, const InferenceCostModel& model,
                          const InferenceQuery& query, QueryWording wording) {
    std::vector<std::string> ids;
    for (const auto& layer : model.profile().layers)
        ids.push_back(layer.id);
    std::string alone;
    int count = 0;
    for (const auto& [label, single] : singleConstraintQueries(query, model.profile(), wording)) {
        bool empty = true;
        try {
            empty = runInferencePlanner(planner, model, single).empty();
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
