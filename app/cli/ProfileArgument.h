#pragma once

#include "core/model/Profile.h"

#include <string>
#include <vector>

namespace cutlab::cli {

// Loads a profile or throws CliError with one "FILE: error: pointer: message" line per problem.
core::Profile loadProfileOrThrow(const std::string& path);
// The machine positions of `--stages ID,ID,...`; throws CliError naming an unknown id and the
// profile's machines.
std::vector<int> resolveChain(const core::Profile& profile, const std::vector<std::string>& ids);

} // namespace cutlab::cli
