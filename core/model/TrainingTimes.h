#pragma once

#include "core/model/Profile.h"

namespace cutlab::core {

// What a training planner needs of a profile's times. Each throws PlanError naming what is
// missing (how many layers lack it) and where profiles that have it come from.
class TrainingTimes {
  public:
    // backward_ms on every layer (the pipeline planner, and every iteration planner).
    static void requireBackward(const Profile& profile);
    // backward_ms and update_ms on every layer (HierTrain and its baselines).
    static void requireBackwardAndUpdate(const Profile& profile);
};

} // namespace cutlab::core
