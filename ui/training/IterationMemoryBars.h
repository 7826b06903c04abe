#pragma once

#include "ui/training/StageMemoryView.h"

#include "core/training/TrainingCostModel.h"
#include "core/training/TrainingResult.h"

#include <vector>

namespace cutlab::ui {

// What each machine of an iteration plan (HierTrain, a baseline) holds at its peak, one bar per
// machine in profile order, named "tier id", against its capacity (docs/cost-models.md §2.8).
std::vector<StageMemoryBar> iterationMemoryBars(const core::TrainingCostModel& model,
                                                const core::TrainingResult& result);

} // namespace cutlab::ui
