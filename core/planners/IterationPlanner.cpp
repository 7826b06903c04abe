#include "core/planners/IterationPlanner.h"

#include "core/model/PlanError.h"
#include "core/planners/PlannerRegistry.h"

namespace cutlab::core {

TrainingResult runIterationPlanner(const std::string& name, const TrainingCostModel& model,
                                   int batch) {
    const PlannerInfo& info = requirePlanner(name, {PlannerKind::Iteration}, "training planner");
    if (batch < 1)
        throw PlanError("the mini-batch must hold at least one sample");
    TrainingResult result = info.runIteration(model, batch);
    result.planner = name;
    result.batch = batch;
    return result;
}

} // namespace cutlab::core
