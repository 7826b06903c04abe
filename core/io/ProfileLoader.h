#pragma once

#include "core/model/Profile.h"
#include "core/model/ProfileIssue.h"

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
ProfileLoadResult loadProfileFile(const std::string& path);

} // namespace cutlab::core
