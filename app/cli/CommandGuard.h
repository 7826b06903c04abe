#pragma once

#include <functional>
#include <string>

namespace cutlab::cli {

// Runs one subcommand and turns what it throws into the contract's exit status: CliError is
// bad input (2, "cutlab-cli COMMAND: message" on stderr), anything else an internal error (2).
int runGuarded(const std::string& command, const std::function<int()>& run);

} // namespace cutlab::cli
