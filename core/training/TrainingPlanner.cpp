#include "core/training/TrainingPlanner.h"

#include "core/model/PlanError.h"
#include "core/training/HierTrainPlanner.h"
#include "core/training/TrainingBaselines.h"

#include <algorithm>

namespace cutlab::core {

const std::vector<std::string>& iterationPlannerNames() {
    static const std::vector<std::string> names{"hiertrain", "all-device", "all-edge", "all-cloud",
                                                "jointdnn",  "jointdnn+",  "jalad"};
    return names;
}

bool isIterationPlannerName(const std::string& name) {
    const auto& names = iterationPlannerNames();
    return std::find(names.begin(), names.end(), name) != names.end();
}

TrainingResult runIterationPlanner(const std::string& name, const TrainingCostModel& model,
                                   int batch) {
    if (batch < 1)
        throw PlanError("the mini-batch must hold at least one sample");
    TrainingResult result;
    result.planner = name;
    result.batch = batch;
    if (name == "hiertrain")
        result.hybrid = planHierTrain(model, batch);
    else if (name == "all-device")
        result.hybrid = planSingleTier(model, Tier::Device, batch);
    else if (name == "all-edge")
        result.hybrid = planSingleTier(model, Tier::Edge, batch);
    else if (name == "all-cloud")
        result.hybrid = planSingleTier(model, Tier::Cloud, batch);
    else if (name == "jointdnn")
        result.path = planJointDnnTraining(model, {Tier::Device, Tier::Cloud}, batch);
    else if (name == "jointdnn+")
        result.path = planJointDnnTraining(model, {Tier::Device, Tier::Edge, Tier::Cloud}, batch);
    else if (name == "jalad")
        result.path = planJalad(model, batch);
    else
        throw PlanError("unknown training planner '" + name + "'");
    return result;
}

} // namespace cutlab::core
