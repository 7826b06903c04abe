#pragma once

#include "core/model/Profile.h"
#include "core/model/ProfileIssue.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cutlab::core {

// Either a whole valid profile or every problem found; never half a profile.
struct ProfileLoadResult {
    std::optional<Profile> profile;
    std::vector<ProfileIssue> issues;
    bool ok() const { return profile.has_value(); }
};

ProfileLoadResult parseProfile(std::string_view text);
// parseProfile's checks on a layer graph already in memory, which they consume (its layers
// move into the profile): a profile before its machines are added, with "machines": [] and
// no times (what the ONNX import helper sends).
ProfileLoadResult validateLayerGraphJson(nlohmann::ordered_json& document);
ProfileLoadResult loadProfileFile(const std::string& path);

} // namespace cutlab::core
