#pragma once

#include "app/cli/PlanOptions.h"

namespace cutlab::cli {

// `cutlab-cli plan PROFILE --objective ttft|tpot|generate [--prompt N] [--generate N]
// [--memory ID=BYTES] [--top N] [--json]`: a language model's best splits by the token cost
// model (docs/cost-models.md, "Tokens"). Exit 0 with plans, 1 when none fits in memory (the
// message names the smallest capacity that gives one).
int runTokenPlan(const PlanOptions& options);

// `cutlab-cli plan PROFILE --planner token-pipeline --stages ID,ID,... [--sequences S]
// [--prompt N] [--generate N] [--memory ID=BYTES] [--json]`: S sequences decoded at once over the
// chain (docs/cost-models.md §7.5). Exit 0 with the plan, 1 when no split fits in memory.
int runTokenPipeline(const PlanOptions& options);

} // namespace cutlab::cli
