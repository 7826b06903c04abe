#pragma once

#include "core/predictor/SubModel.h"

#include <string>
#include <vector>

namespace cutlab::core {

inline constexpr int kRepresentativeCount = 10;

// AccEPT's ten representative sub-models (cost-models.md §2.5): the M = L(L+1)/2 contiguous
// sub-models sorted by a cost (FLOPs when every layer has them, else time on the reference
// machine; ties by first, then last layer), those at sorted positions k(M-1)/9, k = 0..9
// (integer division). Small models repeat sub-models (L = 1 gives the one sub-model ten times).
struct RepresentativeSubModels {
    std::vector<SubModel> subModels;
    std::string sortedBy; // "flops" or "reference_ms"
};

// The sorted positions k(M-1)/9 for k = 0..9.
std::vector<long long> representativePositions(long long subModelCount);

// `layerCost` is per layer (flops, or the reference machine's ms); a sub-model costs their sum.
RepresentativeSubModels chooseRepresentativeSubModels(const std::vector<double>& layerCost,
                                                      const std::string& sortedBy);

// A machine's hardware vector: its ms on each representative sub-model (forward, one sample).
std::vector<double> hardwareVector(const std::vector<double>& layerMs,
                                   const std::vector<SubModel>& representatives);

// mean_k h_k: a machine's overall speed (the predictor's level λ(h)); tiny but positive when
// every entry is 0.
double hardwareMeanMs(const std::vector<double>& hardwareMs);

} // namespace cutlab::core
