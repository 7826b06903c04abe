#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace cutlab::core {

// The opening of every `cutlab-plan` document (docs/formats.md §3): format, version 1, kind
// ("inference" or "training"), the model's name and the planner; the caller adds the rest.
nlohmann::ordered_json planHeader(const std::string& kind, const std::string& model,
                                  const std::string& planner);

} // namespace cutlab::core
