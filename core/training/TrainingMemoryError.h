#pragma once

#include "core/model/PlanError.h"

namespace cutlab::core {

// Plans exist, but none fits the machines' memory (docs/cost-models.md §2.8): the command line
// answers it with exit status 1 and the smallest capacity that would give a plan.
class TrainingMemoryError : public PlanError {
  public:
    using PlanError::PlanError;
};

} // namespace cutlab::core
