#pragma once

#include "core/llm/TokenCostModel.h"

#include <optional>
#include <string>
#include <vector>

namespace cutlab::core {

// What a language-model plan minimises: time to first token, time per output token, or the
// whole generation (ttft + (G - 1) x tpot).
enum class TokenObjective { Ttft, Tpot, Generate };

// "ttft", "tpot", "generate"; nullopt for any other name.
std::optional<TokenObjective> tokenObjectiveNamed(const std::string& name);
double objectiveValue(const TokenEvaluation& evaluation, TokenObjective objective);

struct RankedTokenPlan {
    TokenPlan plan;
    TokenEvaluation evaluation;
};

// Every split and machine choice (one device machine, which holds the conversation even when it
// runs no layer; one edge and one cloud machine where their tier runs layers), best first by
// the objective, those that do not fit in memory left out: the exact optimum first.
std::vector<RankedTokenPlan> planTokens(const TokenCostModel& model, TokenObjective objective);

// Why planTokens found nothing: the machine whose memory is least short of a plan and the
// smallest capacity that gives one ("phone (device) would need 3.21 GB for one (--memory
// phone=3210000000), it has 2.00 GB"), or that no device machine exists.
std::string explainNoTokenPlan(const TokenCostModel& model);

} // namespace cutlab::core
