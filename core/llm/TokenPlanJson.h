#pragma once

#include "core/llm/TokenPlanner.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cutlab::core {

// One plan as `plan --objective ttft|tpot|generate --json` writes it (docs/formats.md,
// "Language-model plans"): each tier's machine and layers, ttft_ms, tpot_ms, generate_ms,
// tokens_per_second, every hop with its latency and transfer apart, and each machine's memory
// as weights_bytes and kv_cache_bytes.
nlohmann::ordered_json tokenPlanJson(const TokenCostModel& model, const TokenPlan& plan,
                                     const TokenEvaluation& evaluation);

// The document: the model, objective, prompt and generated tokens, network, and the plans.
nlohmann::ordered_json tokenPlansJson(const TokenCostModel& model,
                                      const std::vector<RankedTokenPlan>& plans,
                                      const std::string& objective, const std::string& network);

// "device phone (embed … block.5) | edge orin (block.6 … output)": where the layers run.
std::string tokenPlacementText(const TokenCostModel& model, const TokenPlan& plan);

} // namespace cutlab::core
