#pragma once

#include "core/model/Placement.h"

#include <vector>

namespace cutlab::core {

// A training plan where every layer lives on one machine (JointDNN, JointDNN+, JALAD): the
// mini-batch goes forward through the segments and back, activations and gradients crossing at
// every change of machine. Times for the whole mini-batch of one iteration.
struct TrainingPath {
    std::vector<Segment> segments;
    double forwardMs = 0;
    double backwardMs = 0;
    double updateMs = 0;   // every layer's update where its weights live, one after another
    double transferMs = 0; // the input, then activations forward and gradients backward
    double transferBytes = 0;
    // The bytes of every activation and gradient crossing between machines, as a share of
    // float32 (JALAD's 8-bit values: 0.25); the input always crosses whole.
    double crossingBytesFactor = 1.0;
    double iterationMs() const { return forwardMs + backwardMs + updateMs + transferMs; }
};

} // namespace cutlab::core
