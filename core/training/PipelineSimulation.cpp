#include "core/training/PipelineSimulation.h"

#include "core/model/ModelStructure.h"

namespace cutlab::core {
namespace {

core::PipelineSchedule simulate(const core::PipelinePlan& plan, int microBatches,
                                core::ScheduleKind kind) {
    const int m = microBatches > 0 ? microBatches : 4 * static_cast<int>(plan.stages.size());
    return core::simulateSchedule(core::stageTimings(plan), m, kind);
}

} // namespace

PipelineSimulation PipelineSimulation::planned(const core::Profile& profile,
                                               const core::Network& network,
                                               const core::PipelineRequest& request,
                                               int microBatches, core::ScheduleKind kind) {
    PipelineSimulation result;
    result.plan = core::planPipeline(profile, network, request);
    result.schedule = simulate(result.plan, microBatches, kind);
    result.stageOfLayer = stageOfLayerOf(result.plan, static_cast<int>(profile.layers.size()));
    return result;
}

PipelineSimulation PipelineSimulation::evaluated(const core::Profile& profile,
                                                 const core::Network& network,
                                                 const core::PipelineRequest& request,
                                                 const std::vector<int>& stageOfLayer,
                                                 int microBatches, core::ScheduleKind kind) {
    PipelineSimulation result;
    result.plan = core::evaluatePipeline(profile, network, request, stageOfLayer);
    result.schedule = simulate(result.plan, microBatches, kind);
    result.stageOfLayer = stageOfLayer;
    return result;
}

std::vector<int> PipelineSimulation::stageOfLayerOf(const core::PipelinePlan& plan,
                                                    int layerCount) {
    std::vector<int> stages(static_cast<std::size_t>(layerCount), 0);
    for (std::size_t s = 0; s < plan.stages.size(); ++s)
        for (int layer : plan.stages[s].layers)
            stages[static_cast<std::size_t>(layer)] = static_cast<int>(s);
    return stages;
}

std::vector<int> PipelineSimulation::allowedBoundaries(const core::Profile& profile,
                                                       core::PipelineCutMode mode) {
    std::vector<int> positions;
    const int n = static_cast<int>(profile.layers.size());
    if (mode == core::PipelineCutMode::Any) {
        for (int p = 1; p < n; ++p)
            positions.push_back(p);
        return positions;
    }
    for (int k : core::analyseStructure(profile).cutAfter)
        if (k + 1 < n)
            positions.push_back(k + 1);
    return positions;
}

} // namespace cutlab::core
