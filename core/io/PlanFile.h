#pragma once

#include "core/model/Evaluation.h"
#include "core/model/Network.h"
#include "core/model/Placement.h"
#include "core/model/Profile.h"
#include "core/model/ProfileIssue.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cutlab::core {

// The parts of a `cutlab-plan` inference document (docs/formats.md §3) that restore a plan.
struct PlanFileStage {
    Tier tier = Tier::Device;
    std::string machine;
    std::string firstLayer;
    std::string lastLayer;
};

struct PlanFileContent {
    std::string model;
    std::string planner;
    Network network;
    std::optional<double> inputBytes;
    std::optional<std::string> origin; // the machine that holds the input
    std::vector<PlanFileStage> stages; // of the first plan
    std::string profilePath;           // optional "profile" field: where the profile was read from
};

struct PlanFileResult {
    std::optional<PlanFileContent> plan;
    std::vector<ProfileIssue> issues;
    bool ok() const { return plan.has_value(); }
};

PlanFileResult parsePlanFile(std::string_view text);
PlanFileResult loadPlanFile(const std::string& path);

// The placement of a plan file's first plan on a profile; nullopt with `error` set to a sentence
// when the plan names layers or machines the profile lacks or is not device → edge → cloud.
std::optional<TierPlacement> placementFromPlanFile(const PlanFileContent& plan,
                                                   const Profile& profile, std::string& error);

} // namespace cutlab::core
