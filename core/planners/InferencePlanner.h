#pragma once

#include "core/inference/InferenceCostModel.h"
#include "core/inference/InferenceQuery.h"
#include "core/inference/RankedPlan.h"

#include <string>
#include <vector>

namespace cutlab::core {

// Runs the inference planner of that id (see PlannerRegistry); PlanError for an unknown id.
std::vector<RankedPlan> runInferencePlanner(const std::string& name,
                                            const InferenceCostModel& model,
                                            const InferenceQuery& query);

// When a query has no answer: a sentence naming the constraints that exclude everything (each
// one that alone leaves no plan, else the whole combination).
std::string explainNoPlan(const std::string& planner, const InferenceCostModel& model,
                          const InferenceQuery& query,
                          QueryWording wording = QueryWording::Options);

} // namespace cutlab::core
