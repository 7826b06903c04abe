#pragma once

#include "app/cli/ArgumentCursor.h"
#include "core/model/Profile.h"
#include "core/pipeline/PipelineMemory.h"

#include <string>
#include <utility>
#include <vector>

namespace cutlab::cli {

// --memory ID=BYTES[,ID=BYTES...] (repeatable), --optimizer sgd|momentum|adam, --recompute:
// what training plans hold and may hold (docs/cost-models.md §2.7).
struct MemoryOptions {
    std::vector<std::pair<std::string, double>> limits; // as given, later ones win
    core::OptimizerKind optimizer = core::OptimizerKind::Sgd;
    bool recompute = false;
};

// The ID=BYTES pairs of a --memory value, as given; throws CliError naming what is wrong.
std::vector<std::pair<std::string, double>> parseMemoryLimits(const std::string& text);

// Consumes `flag` (and its value) when it is one of the memory options; throws CliError for a
// bad value.
bool parseMemoryFlag(ArgumentCursor& cursor, const std::string& flag, MemoryOptions& options);

// Each machine's memory: the profile's `memory_bytes`, replaced by --memory; 0 = no limit.
// Throws CliError for a --memory id the profile does not have.
std::vector<double> machineCapacities(const core::Profile& profile, const MemoryOptions& options);

// The profile with each layer's forward time added to its backward time (recomputed before
// the backward pass), as --recompute plans.
core::Profile withRecomputation(core::Profile profile);

} // namespace cutlab::cli
