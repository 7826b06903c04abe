#include "core/inference/JointDnnPlanner.h"

#include "core/inference/JointDnnPathSearch.h"
#include "core/inference/PlacementFilter.h"
#include "core/inference/ScissionPlanner.h"

namespace cutlab::core {
namespace {

// A path that leaves a tier unused is found once per machine of that tier: keep one.
bool alreadyFound(const std::vector<RankedPlan>& plans, const std::vector<Segment>& segments) {
    for (const RankedPlan& plan : plans) {
        if (plan.segments.size() != segments.size())
            continue;
        bool same = true;
        for (std::size_t i = 0; i < segments.size() && same; ++i)
            same = plan.segments[i].machine == segments[i].machine &&
                   plan.segments[i].begin == segments[i].begin &&
                   plan.segments[i].end == segments[i].end;
        if (same)
            return true;
    }
    return false;
}

} // namespace

std::vector<RankedPlan> planJointDnn(const InferenceCostModel& model, const InferenceQuery& query) {
    PlacementFilter filter(model, query);
    auto withNone = [](std::vector<int> machines) {
        if (machines.empty())
            machines.push_back(-1);
        return machines;
    };
    auto open = [&](Tier tier) {
        return query.tierUse[static_cast<std::size_t>(tierIndex(tier))] == TierUse::MustNot
                   ? std::vector<int>{}
                   : candidateMachines(model, query, tier);
    };
    const auto edges = withNone(open(Tier::Edge));
    const auto clouds = withNone(open(Tier::Cloud));
    std::vector<RankedPlan> plans;
    for (int device : candidateOrigins(model, query))
        for (int edge : edges)
            for (int cloud : clouds) {
                for (int a : {device, edge, cloud})
                    for (int b : {device, edge, cloud})
                        if (a >= 0 && b >= 0 && a != b && a == device)
                            model.requireLink(a, b);
                if (edge >= 0 && cloud >= 0)
                    model.requireLink(edge, cloud);
                JointDnnPathSearch search(model, query, filter, {device, edge, cloud});
                auto segments = search.run();
                if (!segments || alreadyFound(plans, *segments))
                    continue;
                RankedPlan plan;
                plan.evaluation = model.evaluate(*segments, device, query.returnResult);
                plan.segments = std::move(*segments);
                plans.push_back(std::move(plan));
            }
    keepBestPlans(plans, query.objective, query.top);
    return plans;
}

} // namespace cutlab::core
