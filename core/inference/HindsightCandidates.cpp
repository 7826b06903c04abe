#include "core/inference/HindsightCandidates.h"

#include <map>
#include <utility>

namespace cutlab::core {
namespace {

// The servers a route visits, in order: compute steps as machine ids, transfers as −1 − server.
std::vector<int> routeShape(const FrameRoute& route) {
    std::vector<int> shape;
    shape.reserve(route.size());
    for (const RouteStep& step : route)
        shape.push_back(step.kind == RouteStep::Kind::Compute ? step.machine : -1 - step.server);
    return shape;
}

std::vector<double> routeDemand(const FrameRoute& route) {
    std::vector<double> demand;
    demand.reserve(route.size());
    for (const RouteStep& step : route)
        demand.push_back(step.kind == RouteStep::Kind::Compute ? step.computeMs : step.bytes);
    return demand;
}

bool asksNoMore(const std::vector<double>& a, const std::vector<double>& b) {
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] > b[i])
            return false;
    return true;
}

} // namespace

std::vector<RankedPlan> undominatedPlans(const FrameReplay& replay,
                                         const std::vector<RankedPlan>& plans) {
    std::map<std::vector<int>, std::vector<std::vector<double>>> keptByShape;
    std::vector<RankedPlan> kept;
    for (const RankedPlan& plan : plans) {
        const FrameRoute route = replay.route(plan.evaluation);
        auto& front = keptByShape[routeShape(route)];
        const std::vector<double> demand = routeDemand(route);
        bool dominated = false;
        for (const auto& other : front)
            if (asksNoMore(other, demand)) {
                dominated = true;
                break;
            }
        if (dominated)
            continue;
        front.push_back(demand);
        kept.push_back(plan);
    }
    return kept;
}

} // namespace cutlab::core
