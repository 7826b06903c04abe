#pragma once

#include "core/predictor/LatencyPredictor.h"
#include "core/predictor/ModelTimes.h"

#include <string>
#include <vector>

namespace cutlab::core {

// One row of the evaluation table: the predictor and FTPipeHD's speed ratio on a machine the
// predictor was not trained on, as mean absolute percentage error over its sub-models.
struct MachineEvaluation {
    std::string machine;
    std::string referenceMachine;
    bool retrained = false;   // leave-one-machine-out: a predictor trained without this machine
    int subModels = 0;        // evaluated (those with a measured time > 0)
    double predictorMape = 0; // percent
    double ratioMape = 0;     // percent
};

// The evaluation sub-models: every contiguous one up to 2000, else a fixed sample (seed 2026).
std::vector<SubModel> evaluationSubModels(int layers);

// `predictor` on `machine` of `times` (the hardware vector from its measured per-layer times),
// against the speed ratio from the predictor's reference machine, which `times` must have
// (throws std::invalid_argument otherwise).
MachineEvaluation evaluateOnMachine(const LatencyPredictor& predictor, const ModelTimes& times,
                                    const std::string& machine);

// Leave-one-machine-out: for each machine of `times`, a predictor trained on all the others
// with `options`, evaluated on it. Needs two machines at least.
std::vector<MachineEvaluation> leaveOneMachineOut(const ModelTimes& times,
                                                  const TrainingOptions& options);

} // namespace cutlab::core
