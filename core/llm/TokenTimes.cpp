#include "core/llm/TokenTimes.h"

#include <algorithm>

namespace cutlab::core {
namespace {

// flops at 10^9/s and bytes at 10^9 B/s, in ms: both rates are per 10^6 ms.
double rooflineMs(double flops, double bytes, const TokenRates& rates) {
    const double computeMs = rates.gflops > 0 ? flops / (rates.gflops * 1e6) : 0;
    const double memoryMs = rates.gbps > 0 ? bytes / (rates.gbps * 1e6) : 0;
    return rates.overheadMs + std::max(computeMs, memoryMs);
}

} // namespace

double prefillMs(const LlmLayerCost& layer, const TokenRates& rates, int prompt) {
    const double tokens = prompt;
    const double computed = layer.lastTokenOnlyInPrefill ? 1 : tokens;
    const double flops = layer.flopsPerToken * computed +
                         layer.attentionFlopsPerContextToken * tokens * (tokens + 1) / 2;
    const double bytes =
        (layer.readsPerToken ? layer.stepReadBytes * tokens : layer.stepReadBytes) +
        layer.kvBytesPerToken * tokens; // the cache written
    return rooflineMs(flops, bytes, rates);
}

double decodeMs(const LlmLayerCost& layer, const TokenRates& rates, int prompt, int generate) {
    if (generate <= 0)
        return 0;
    double total = 0;
    for (int g = 0; g < generate; ++g) {
        const double context = static_cast<double>(prompt) + g + 1;
        const double flops = layer.flopsPerToken + layer.attentionFlopsPerContextToken * context;
        const double bytes = layer.stepReadBytes + layer.kvBytesPerToken * context;
        total += rooflineMs(flops, bytes, rates);
    }
    return total / generate;
}

} // namespace cutlab::core
