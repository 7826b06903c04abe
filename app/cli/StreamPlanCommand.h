#pragma once

#include "app/cli/PlanOptions.h"

namespace cutlab::cli {

// `cutlab-cli plan PROFILE --planner stream --stages ID,ID,... [--network NET] [--json]`: the
// latency/throughput front of a stream over the chain (docs/cost-models.md §1.10). Exit 0, or
// throws CliError (exit 2) for an option that does not apply, an unknown machine or a missing link.
int runStreamPlan(const PlanOptions& options);

} // namespace cutlab::cli
