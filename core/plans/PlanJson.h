#pragma once

#include "core/inference/InferenceCostModel.h"
#include "core/inference/RankedPlan.h"
#include "core/io/JsonNumbers.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cutlab::core {

// The `cutlab-plan` document of docs/formats.md §3 for inference plans.
nlohmann::ordered_json inferencePlansToJson(const InferenceCostModel& model,
                                            const std::vector<RankedPlan>& plans,
                                            const std::string& planner);
nlohmann::ordered_json evaluationToJson(const InferenceCostModel& model,
                                        const Evaluation& evaluation, int rank);

} // namespace cutlab::core
