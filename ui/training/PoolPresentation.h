#pragma once

#include "ui/training/StageMemoryView.h"

#include "core/cluster/PoolRequest.h"
#include "core/cluster/PoolSchedule.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace cutlab::ui {

// What the Pipeline tab shows of a plan over a pool (besides the Gantt chart): the stage strip's
// labels, the memory bars and the sentences above, all true of the plan and its request.
class PoolPresentation {
  public:
    // "0: ×6 raspi3#0–3 nuc-i3-1core#0–1" for a stage on six machines, "1: gtx1080ti#0" for one.
    static QString stageLabel(const core::PoolStage& stage, int index);
    static QStringList stageLabels(const core::PoolPlan& plan);
    // One bar per stage and machine type it runs on: what one replica of that type holds,
    // against the type's memory ("0: raspi3 ×4 (each)").
    static std::vector<StageMemoryBar> memoryBars(const core::PoolPlan& plan,
                                                  const core::PoolRequest& request);
    // Stages with a replica over its type's memory.
    static std::vector<bool> overStages(const core::PoolPlan& plan,
                                        const core::PoolRequest& request);
    // The stages, machines used of the pool's, the bottleneck and where it is, the mini-batch
    // as simulated, and whether the plan is proven optimal.
    static QString summary(const core::PoolSimulation& simulation, const QString& pool);
    // Every replica over its type's memory and by how much; else the fullest against its limit;
    // never that a replica fits a type without a limit.
    static QString memory(const core::PoolPlan& plan, const core::PoolRequest& request);

  private:
    static QString bottleneckPlace(const core::PoolPlan& plan);
};

} // namespace cutlab::ui
