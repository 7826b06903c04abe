#pragma once

#include "core/model/Profile.h"
#include "core/pipeline/PipelinePlanner.h"
#include "core/pipeline/PipelineSchedule.h"

#include <vector>

namespace cutlab::core {

// A pipeline plan and its simulated schedule (Qt-free): planned by core::planPipeline, or, for a
// partition the user chose, costed by core::evaluatePipeline; then core::simulateSchedule.
struct PipelineSimulation {
    core::PipelinePlan plan;
    core::PipelineSchedule schedule;
    std::vector<int> stageOfLayer;

    // microBatches 0 = 4 × stages. Throws core::PlanError.
    static PipelineSimulation planned(const core::Profile& profile, const core::Network& network,
                                      const core::PipelineRequest& request, int microBatches,
                                      core::ScheduleKind kind);
    static PipelineSimulation evaluated(const core::Profile& profile, const core::Network& network,
                                        const core::PipelineRequest& request,
                                        const std::vector<int>& stageOfLayer, int microBatches,
                                        core::ScheduleKind kind);
    static std::vector<int> stageOfLayerOf(const core::PipelinePlan& plan, int layerCount);
    // Positions 1..N-1 where a stage boundary may go: after valid cut points (single) or anywhere.
    static std::vector<int> allowedBoundaries(const core::Profile& profile,
                                              core::PipelineCutMode mode);
};

} // namespace cutlab::core
