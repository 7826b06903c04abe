// libFuzzer target: the profile reader and everything a loaded profile feeds (structure, cut
// points, a Scission ranking whose totals must be finite). Any crash, sanitizer report or uncaught
// exception is a finding.
#include "core/inference/InferenceCostModel.h"
#include "core/inference/ScissionPlanner.h"
#include "core/io/ProfileLoader.h"
#include "core/model/ModelStructure.h"
#include "core/model/Network.h"
#include "core/model/PlanError.h"

#include <cmath>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto result = cutlab::core::parseProfile(text);
    if (!result.ok()) {
        if (result.issues.empty())
            __builtin_trap(); // refused without a message
        return 0;
    }
    const auto network = cutlab::core::networkPreset("4g");
    const cutlab::core::InferenceCostModel model(*result.profile, *network);
    cutlab::core::InferenceQuery query;
    query.top = 3;
    try {
        for (const auto& plan : cutlab::core::rankScission(model, query))
            if (!std::isfinite(plan.evaluation.totalMs))
                __builtin_trap(); // a silent wrong answer
    } catch (const cutlab::core::PlanError&) {
        // no plan for this profile: a valid answer
    }
    return 0;
}
