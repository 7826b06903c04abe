#pragma once

#include "core/predictor/SubModel.h"

#include <vector>

namespace cutlab::core {

// One measurement the predictor learns from: a machine (its hardware vector, ms on the ten
// representative sub-models), a sub-model, and the sub-model's measured ms on that machine.
struct TrainingSample {
    std::vector<double> hardwareMs;
    SubModel subModel;
    double ms = 0;
};

} // namespace cutlab::core
