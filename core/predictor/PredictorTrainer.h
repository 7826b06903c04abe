#pragma once

#include "core/predictor/LatencyPredictor.h"
#include "core/predictor/ModelTimes.h"

#include <string>
#include <vector>

namespace cutlab::core {

// The largest model a predictor is trained for: 2,000 layers are 2,001,000 sub-models to sort.
inline constexpr int kMaxPredictorLayers = 2000;

// Pre-training (AccEPT's first step): on the given machines of `times` (all when empty; the
// first is the reference machine), the ten representative sub-models, every machine's hardware
// vector, and samples (machine, contiguous sub-model, its summed per-layer forward ms); then
// Adam from a seeded initialisation. Deterministic for one seed. Throws std::invalid_argument
// (a sentence) for an unknown machine, a model without layers or with more than
// kMaxPredictorLayers.
LatencyPredictor trainLatencyPredictor(const ModelTimes& times,
                                       const std::vector<std::string>& machines,
                                       const TrainingOptions& options);

// The sub-models a machine contributes: all contiguous ones up to `limit`, else `limit` of them
// drawn without replacement with `seed` (in contiguousSubModels order).
std::vector<SubModel> sampledSubModels(int layers, int limit, std::uint64_t seed);

} // namespace cutlab::core
