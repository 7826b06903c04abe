#pragma once

#include "core/llm/LlmLayers.h"
#include "core/llm/TokenTimes.h"
#include "core/model/MachinePreset.h"

#include <vector>

namespace cutlab::core {

// llama.cpp's llama-bench figures: pp512 (a 512-token prompt processed at once) and tg128 (128
// tokens generated after an empty prompt), in tokens per second; 0 when not measured.
struct LlamaBenchRates {
    double pp512 = 0;
    double tg128 = 0;
};

// What the token cost model predicts llama-bench measures for the whole model on one machine:
// pp512 = 512 / sum of prefill_ms(512), tg128 = 128 / sum over the 128 tokens of decode_ms.
LlamaBenchRates predictLlamaBench(const std::vector<LlmLayerCost>& layers, const TokenRates& rates);

// The preset with the shares of its compute and bandwidth that make the prediction equal a
// measurement (`calibrate`, docs/cost-models.md "Tokens"): the compute share from pp512, the
// bandwidth share from tg128, each found by bisection in (0, 4]; an unmeasured figure keeps its
// share. Throws LlmModelError when no share in range reproduces the figure.
MachinePreset calibrateTokenShares(MachinePreset preset, const std::vector<LlmLayerCost>& layers,
                                   const LlamaBenchRates& measured);

} // namespace cutlab::core
