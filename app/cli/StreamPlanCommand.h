#pragma once

#include "app/cli/PlanOptions.h"

#include "core/inference/StreamPlanner.h"

namespace cutlab::cli {

// `cutlab-cli plan PROFILE --planner stream --stages ID,ID,... [--network NET] [--json]`: the
// latency/throughput front of a stream over the chain (docs/cost-models.md §1.10). Exit 0, or
// throws CliError (exit 2) for an option that does not apply, an unknown machine or a missing link.
int runStreamPlan(const PlanOptions& options);

// What `--stages` plans: the profile, the network and the stream's result. `subject` names the
// request in refusals ("--planner stream", "--kind stream"): every plan option but --network,
// --planner, --stages and --json is refused, as is a missing --stages.
struct StreamSetting {
    core::Profile profile;
    core::Network network;
    core::StreamResult result;
};
StreamSetting planStreamOf(const PlanOptions& options, const std::string& subject);

} // namespace cutlab::cli
