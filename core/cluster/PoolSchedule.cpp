#include "core/cluster/PoolSchedule.h"

#include <algorithm>

namespace cutlab::core {

namespace {

std::size_t slotAt(int index) {
    return static_cast<std::size_t>(index);
}

// The replicas of a stage in the order of its machines (groups in pool order).
std::vector<PoolReplica> scheduleReplicasOf(const Profile& profile, const PoolRequest& request,
                                            const PoolStage& stage, double scale) {
    std::vector<PoolReplica> replicas;
    std::size_t next = 0;
    for (int g = 0; g < static_cast<int>(stage.replicas.size()); ++g) {
        const int machine = profile.machineIndex(request.pool.groups[slotAt(g)].machineId);
        double forward = 0, backward = 0;
        for (int l = stage.firstLayer; l <= stage.lastLayer; ++l) {
            forward += profile.layers[slotAt(l)].forwardMs[slotAt(machine)];
            backward += profile.layers[slotAt(l)].backwardMs[slotAt(machine)];
        }
        const double share = stage.shares[slotAt(g)];
        for (int r = 0; r < stage.replicas[slotAt(g)]; ++r)
            replicas.push_back({stage.machines[next++], g, share, share * scale * forward,
                                share * scale * backward});
    }
    return replicas;
}

} // namespace

PoolSimulation PoolSimulation::of(const Profile& profile, const PoolRequest& request, PoolPlan plan,
                                  ScheduleKind kind) {
    PoolSimulation simulation;
    const double scale = plan.microBatch / profile.model.batch;
    std::vector<StageTiming> timings;
    simulation.stageOfLayer.assign(profile.layers.size(), 0);
    for (std::size_t s = 0; s < plan.stages.size(); ++s) {
        const PoolStage& stage = plan.stages[s];
        simulation.replicas.push_back(scheduleReplicasOf(profile, request, stage, scale));
        StageTiming timing;
        for (const PoolReplica& replica : simulation.replicas.back()) {
            timing.forwardMs = std::max(timing.forwardMs, replica.forwardMs);
            timing.backwardMs = std::max(timing.backwardMs, replica.backwardMs);
        }
        timing.linkForwardMs = timing.linkBackwardMs = stage.linkMs / 2;
        timings.push_back(timing);
        for (int l = stage.firstLayer; l <= stage.lastLayer; ++l)
            simulation.stageOfLayer[slotAt(l)] = static_cast<int>(s);
    }
    simulation.schedule = simulateSchedule(timings, request.microBatches, kind);
    simulation.allReduceStartMs.assign(plan.stages.size(), 0.0);
    simulation.minibatchMs = simulation.schedule.minibatchMs;
    for (const ScheduledTask& task : simulation.schedule.tasks)
        if (task.resource == Resource::Stage && task.pass == Pass::Backward)
            simulation.allReduceStartMs[slotAt(task.index)] =
                std::max(simulation.allReduceStartMs[slotAt(task.index)], task.endMs);
    for (std::size_t s = 0; s < plan.stages.size(); ++s)
        simulation.minibatchMs = std::max(simulation.minibatchMs, simulation.allReduceStartMs[s] +
                                                                      plan.stages[s].allReduceMs);
    simulation.plan = std::move(plan);
    return simulation;
}

} // namespace cutlab::core
