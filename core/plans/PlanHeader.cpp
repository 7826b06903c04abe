#include "core/plans/PlanHeader.h"

namespace cutlab::core {

nlohmann::ordered_json planHeader(const std::string& kind, const std::string& model,
                                  const std::string& planner) {
    nlohmann::ordered_json doc;
    doc["format"] = "cutlab-plan";
    doc["version"] = 1;
    doc["kind"] = kind;
    doc["model"] = model;
    doc["planner"] = planner;
    return doc;
}

} // namespace cutlab::core
