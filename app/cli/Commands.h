#pragma once

#include <string>
#include <vector>

namespace cutlab::cli {

// Each runs one subcommand and returns the exit status (0 ok, 1 no answer, 2 bad input).
int runValidate(const std::vector<std::string>& arguments);
int runInfo(const std::vector<std::string>& arguments);
int runPlan(const std::vector<std::string>& arguments);

} // namespace cutlab::cli
