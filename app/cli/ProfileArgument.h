#pragma once

#include "core/model/Profile.h"

#include <string>

namespace cutlab::cli {

// Loads a profile or throws CliError with one "FILE: error: pointer: message" line per problem.
core::Profile loadProfileOrThrow(const std::string& path);

} // namespace cutlab::cli
