#include "core/planners/PlannerRegistry.h"

#include "core/inference/JointDnnPlanner.h"
#include "core/inference/NeurosurgeonPlanner.h"
#include "core/inference/ScissionPlanner.h"
#include "core/model/PlanError.h"
#include "core/training/HierTrainPlanner.h"
#include "core/training/TrainingBaselines.h"

#include <algorithm>

namespace cutlab::core {
namespace {

TrainingResult hybrid(HierTrainPlan plan) {
    TrainingResult result;
    result.hybrid = std::move(plan);
    return result;
}

TrainingResult path(TrainingPath plan) {
    TrainingResult result;
    result.path = std::move(plan);
    return result;
}

PlannerInfo planner(std::string id, std::string label, PlannerKind kind, std::string summary) {
    PlannerInfo info;
    info.id = std::move(id);
    info.label = std::move(label);
    info.kind = kind;
    info.summary = std::move(summary);
    info.needsUpdateTimes = kind != PlannerKind::Inference;
    info.needsPipelineChain = kind == PlannerKind::Pipeline;
    return info;
}

PlannerInfo inference(std::string id, std::string label, std::string summary,
                      InferencePlannerFunction run) {
    PlannerInfo info =
        planner(std::move(id), std::move(label), PlannerKind::Inference, std::move(summary));
    info.runInference = run;
    return info;
}

PlannerInfo iteration(std::string id, std::string label, std::string summary, std::string colour,
                      IterationPlannerFunction run) {
    PlannerInfo info =
        planner(std::move(id), std::move(label), PlannerKind::Iteration, std::move(summary));
    info.colour = std::move(colour);
    info.runIteration = run;
    return info;
}

std::vector<PlannerInfo> makePlanners() {
    std::vector<PlannerInfo> list;
    list.push_back(inference("scission", "Scission",
                             "every device/edge/cloud placement ranked under the constraints",
                             rankScission));
    list.back().ranksPlans = true;
    list.back().colour = "#3b75af";
    list.push_back(inference("neurosurgeon", "Neurosurgeon",
                             "the best single device/cloud split point", planNeurosurgeon));
    list.back().colour = "#e67e22";
    list.push_back(inference("jointdnn", "JointDNN",
                             "the shortest path over (layer, device or cloud), moves anywhere",
                             planJointDnn));
    list.back().acceptsLimits = false;
    list.back().acceptsReturnResult = true;
    list.back().colour = "#7b1fa2";

    list.push_back(iteration(
        "hiertrain", "HierTrain", "hybrid data and model parallelism over device, edge and cloud",
        "#c01c28", [](const TrainingCostModel& m, int b) { return hybrid(planHierTrain(m, b)); }));
    list.push_back(iteration("all-device", "All on device", "the device trains alone", "#2e7d32",
                             [](const TrainingCostModel& m, int b) {
                                 return hybrid(planSingleTier(m, Tier::Device, b));
                             }));
    list.push_back(iteration("all-edge", "All on edge", "the edge trains alone", "#ef8a00",
                             [](const TrainingCostModel& m, int b) {
                                 return hybrid(planSingleTier(m, Tier::Edge, b));
                             }));
    list.push_back(iteration("all-cloud", "All on cloud", "the cloud trains alone", "#1565c0",
                             [](const TrainingCostModel& m, int b) {
                                 return hybrid(planSingleTier(m, Tier::Cloud, b));
                             }));
    list.push_back(
        iteration("jointdnn", "JointDNN", "each block on the device or the cloud", "#7b1fa2",
                  [](const TrainingCostModel& m, int b) {
                      return path(planJointDnnTraining(m, {Tier::Device, Tier::Cloud}, b));
                  }));
    list.push_back(iteration(
        "jointdnn+", "JointDNN+", "each block on the device, edge or cloud", "#6d4c41",
        [](const TrainingCostModel& m, int b) {
            return path(planJointDnnTraining(m, {Tier::Device, Tier::Edge, Tier::Cloud}, b));
        }));
    list.push_back(iteration(
        "jalad", "JALAD", "edge and cloud split at one cut, 8-bit activations and gradients",
        "#00897b", [](const TrainingCostModel& m, int b) { return path(planJalad(m, b)); }));

    list.push_back(planner("pipeline", "Pipeline", PlannerKind::Pipeline,
                           "pipeline-parallel stages over a chain of machines (FTPipeHD, "
                           "PipeDream)"));
    list.back().colour = "#444444";
    return list;
}

bool ofKind(const PlannerInfo& info, const std::vector<PlannerKind>& kinds) {
    return std::find(kinds.begin(), kinds.end(), info.kind) != kinds.end();
}

} // namespace

const std::vector<PlannerInfo>& allPlanners() {
    static const std::vector<PlannerInfo> planners = makePlanners();
    return planners;
}

const PlannerInfo* findPlanner(std::string_view id, const std::vector<PlannerKind>& kinds) {
    for (const auto& info : allPlanners())
        if (info.id == id && ofKind(info, kinds))
            return &info;
    return nullptr;
}

std::vector<const PlannerInfo*> plannersOfKind(PlannerKind kind) {
    std::vector<const PlannerInfo*> result;
    for (const auto& info : allPlanners())
        if (info.kind == kind)
            result.push_back(&info);
    return result;
}

std::string plannerChoices(const std::vector<PlannerKind>& kinds, const char* separator,
                           const char* lastSeparator) {
    std::vector<std::string> ids;
    for (const auto& info : allPlanners())
        if (ofKind(info, kinds))
            ids.push_back(info.id);
    std::string text;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (i > 0)
            text += i + 1 == ids.size() ? lastSeparator : separator;
        text += ids[i];
    }
    return text;
}

const PlannerInfo& requirePlanner(std::string_view id, const std::vector<PlannerKind>& kinds,
                                  const std::string& what) {
    const PlannerInfo* info = findPlanner(id, kinds);
    if (!info)
        throw PlanError("unknown " + what + " '" + std::string(id) + "' (expected " +
                        plannerChoices(kinds) + ")");
    return *info;
}

std::vector<IterationPlanner> iterationPlanners() {
    std::vector<IterationPlanner> result;
    for (const PlannerInfo* info : plannersOfKind(PlannerKind::Iteration))
        result.push_back({info->id, info->runIteration});
    return result;
}

} // namespace cutlab::core
