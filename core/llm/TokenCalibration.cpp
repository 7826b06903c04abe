#include "core/llm/TokenCalibration.h"

#include "core/llm/LlmArchitecture.h"
#include "core/llm/LlmProfile.h"

#include <cstdio>
#include <functional>

namespace cutlab::core {
namespace {

constexpr int kBenchPrompt = 512;
constexpr int kBenchGenerated = 128;
constexpr double kMaxShare = 4;

// The share in (0, kMaxShare] at which `rate(share)` (increasing) equals `target`.
double shareFor(const std::function<double(double)>& rate, double target, const char* what) {
    double low = 1e-6, high = kMaxShare;
    if (rate(high) < target || rate(low) > target) {
        char text[160];
        std::snprintf(text, sizeof text,
                      "no share of the machine's %s between 0 and %.0f gives %.2f tokens/s", what,
                      kMaxShare, target);
        throw LlmModelError(text);
    }
    for (int step = 0; step < 100; ++step) {
        const double middle = (low + high) / 2;
        (rate(middle) < target ? low : high) = middle;
    }
    return (low + high) / 2;
}

} // namespace

LlamaBenchRates predictLlamaBench(const std::vector<LlmLayerCost>& layers,
                                  const TokenRates& rates) {
    double prefill = 0, decode = 0;
    for (const LlmLayerCost& layer : layers) {
        prefill += prefillMs(layer, rates, kBenchPrompt);
        decode += decodeMs(layer, rates, 0, kBenchGenerated); // the mean over the 128 tokens
    }
    return {kBenchPrompt * 1000.0 / prefill, 1000.0 / decode};
}

MachinePreset calibrateTokenShares(MachinePreset preset, const std::vector<LlmLayerCost>& layers,
                                   const LlamaBenchRates& measured) {
    if (measured.tg128 > 0)
        preset.tokenBandwidthShare = shareFor(
            [&](double share) {
                MachinePreset trial = preset;
                trial.tokenBandwidthShare = share;
                return predictLlamaBench(layers, tokenRatesOf(trial)).tg128;
            },
            measured.tg128, "memory bandwidth");
    if (measured.pp512 > 0)
        preset.tokenComputeShare = shareFor(
            [&](double share) {
                MachinePreset trial = preset;
                trial.tokenComputeShare = share;
                return predictLlamaBench(layers, tokenRatesOf(trial)).pp512;
            },
            measured.pp512, "compute");
    return preset;
}

} // namespace cutlab::core
