#pragma once

#include "core/pipeline/PipelineMemory.h"

#include <cstddef>
#include <vector>

namespace cutlab::core {

// What the memory of a training plan depends on beside its layers, and what each machine may
// hold (docs/cost-models.md §2.8): the optimizer (k copies of state per weight) and each
// machine's capacity in bytes, indexed like the profile's machines (0 or missing = no limit).
struct TrainingMemorySettings {
    OptimizerKind optimizer = OptimizerKind::Sgd;
    std::vector<double> capacityBytes;

    // 0 when the machine has no limit.
    double capacity(int machine) const {
        return machine >= 0 && static_cast<std::size_t>(machine) < capacityBytes.size()
                   ? capacityBytes[static_cast<std::size_t>(machine)]
                   : 0.0;
    }
    bool fits(int machine, double bytes) const {
        const double limit = capacity(machine);
        return limit <= 0 || bytes <= limit;
    }
    bool hasCapacity() const {
        for (double bytes : capacityBytes)
            if (bytes > 0)
                return true;
        return false;
    }
};

} // namespace cutlab::core
