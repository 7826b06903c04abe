#pragma once

#include "InferenceCostModel.h"
#include "RankedPlan.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cutlab::core {

// Writes a JSON number: an integer when the value is whole (byte counts), else the double.
nlohmann::ordered_json jsonNumber(double value);

// The `cutlab-plan` document of formats.md §3 for inference plans.
nlohmann::ordered_json inferencePlansToJson(const InferenceCostModel& model, const std::vector<RankedPlan>& plans,
                                            const std::string& planner);
nlohmann::ordered_json evaluationToJson(const InferenceCostModel& model, const Evaluation& evaluation, int rank);

} // namespace cutlab::core
