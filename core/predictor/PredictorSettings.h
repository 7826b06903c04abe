#pragma once

#include "core/predictor/LatencyNetwork.h"

#include <cstdint>
#include <string>
#include <vector>

namespace cutlab::core {

// The most training CutLab does at once: epochs x sample budget (the defaults are 100 x 8000).
// A predictor file's own settings are retrained by `predictor eval`, so they must stay bounded.
inline constexpr double kMaxTrainingWork = 1e8;

// How a predictor is trained; saved with it, so that `predictor eval` retrains alike.
struct TrainingOptions {
    int epochs = 100;
    std::uint64_t seed = 1;
    int batchSize = 64;
    double learningRate = 2e-3;
    int maskHidden1 = 64;
    int maskHidden2 = 32;
    int jointHidden = 32;
    // Sub-models per training machine: all L(L+1)/2 up to this many, else a seeded sample.
    int maxSubModelsPerMachine = 1000;
    // Extra training machines mixed from pairs of real ones (per-layer times a convex
    // combination of the two machines' times, each scaled to total 1): a handful of machines
    // cannot teach the hardware stream anything else. 0 = none.
    int mixedMachines = 40;
    // At most this many samples in all: each machine's share is cut (to 50 at least) to fit.
    int sampleBudget = 8000;
};

// The constants that turn times into the network's inputs and outputs. Everything is a log-time
// relative to the machine's level λ(h) = mean_k h_k (its overall speed), with an offset
// o = offsetFraction (so that a 0 ms reading stays finite):
//   input k  = (log(h_k / λ(h) + o) - hardwareLogMean[k]) / hardwareLogScale[k]
//              (the trainer gives every component the same, pooled, scale)
//   output   = (log(ms / λ(h) + o) - targetLogMean) / targetLogScale
// So the network learns the shape of a machine (which sub-models are relatively slow on it),
// and a machine uniformly k times slower is predicted exactly k times slower, as FTPipeHD's
// ratio is. Plain log-ms trained worse: with four or five training machines the network must
// extrapolate a held-out machine's speed, and does that badly (leave-one-machine-out errors of
// 45-175 % on Scission's ResNet-50 v2 against 10-100 % relative).
struct PredictorScaling {
    double offsetFraction = 0.01;
    std::vector<double> hardwareLogMean;
    std::vector<double> hardwareLogScale;
    double targetLogMean = 0;
    double targetLogScale = 1;
};

// Where a predictor came from.
struct PredictorProvenance {
    std::vector<std::string> trainingMachines;
    std::string referenceMachine; // the first training machine (its times sort the sub-models
                                  // when the profile has no flops; FTPipeHD's reference)
    TrainingOptions options;
    long long samples = 0;
    double finalLoss = 0; // mean squared error of the last epoch, in normalised log-time
};

} // namespace cutlab::core
