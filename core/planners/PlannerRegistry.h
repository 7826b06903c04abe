#pragma once

#include "core/inference/InferencePlannerFunction.h"
#include "core/training/TrainingResult.h"

#include <string>
#include <string_view>
#include <vector>

namespace cutlab::core {

// What a planner plans: an inference partition, one whole training iteration, or a training
// pipeline (stages over a chain of machines).
enum class PlannerKind { Inference, Iteration, Pipeline };

// One planner as every face shows it. Adding a planner means one entry in PlannerRegistry.cpp
// (plus the planner's own files): the command line's dispatch, --help and errors, the planner
// panel, the training panel and the charts' colours all read this list.
struct PlannerInfo {
    std::string id;    // on the command line and in files: "scission"
    std::string label; // in the window: "Scission"
    PlannerKind kind = PlannerKind::Inference;
    std::string summary; // one line for --help and tooltips
    std::string colour;  // "#rrggbb" in comparison charts
    // What it needs from the profile and accepts in a query.
    bool needsUpdateTimes = false;   // the layers' update_ms (training planners)
    bool needsPipelineChain = false; // a chain of machines (pipeline planner)
    bool ranksPlans = false;         // returns the top N plans (--top), not only the best
    bool acceptsLimits = true;       // --max-upload / --max-time
    bool acceptsReturnResult = false;
    // The entry point of its kind (null for the pipeline planner, which has its own request).
    InferencePlannerFunction runInference = nullptr;
    IterationPlannerFunction runIteration = nullptr;
};

const std::vector<PlannerInfo>& allPlanners();
// An id names one planner of each kind ("jointdnn" is an inference and a training planner).
const PlannerInfo* findPlanner(std::string_view id, const std::vector<PlannerKind>& kinds);
std::vector<const PlannerInfo*> plannersOfKind(PlannerKind kind);
// "scission, neurosurgeon or jointdnn": the ids of the kinds given, for messages and help.
std::string plannerChoices(const std::vector<PlannerKind>& kinds, const char* separator = ", ",
                           const char* lastSeparator = " or ");
// The planner of that id if it is of one of the kinds; otherwise PlanError "unknown <what>
// 'x' (expected a, b or c)".
const PlannerInfo& requirePlanner(std::string_view id, const std::vector<PlannerKind>& kinds,
                                  const std::string& what = "planner");
// Every whole-iteration planner with its entry point, in the list's order.
std::vector<IterationPlanner> iterationPlanners();

} // namespace cutlab::core
