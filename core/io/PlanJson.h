#pragma once

#include "core/inference/InferenceCostModel.h"
#include "core/inference/RankedPlan.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cutlab::core {

// Writes a JSON number: an integer when the value is whole (byte counts), else the double.
// The document as indented JSON text, after checking that every number in it is finite: a NaN
// or an infinity would print as null where a number is promised. Throws std::logic_error naming
// the JSON pointer of the first one. Strings that are not UTF-8 are written with U+FFFD.
std::string finiteJsonText(const nlohmann::ordered_json& document);

nlohmann::ordered_json jsonNumber(double value);

// The `cutlab-plan` document of docs/formats.md §3 for inference plans.
nlohmann::ordered_json inferencePlansToJson(const InferenceCostModel& model,
                                            const std::vector<RankedPlan>& plans,
                                            const std::string& planner);
nlohmann::ordered_json evaluationToJson(const InferenceCostModel& model,
                                        const Evaluation& evaluation, int rank);

} // namespace cutlab::core
