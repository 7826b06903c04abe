#pragma once

#include "HierTrainPlan.h"
#include "TrainingCostModel.h"

namespace cutlab::core {

// The exact integer optimum of HierTrain's iteration time (cost-models.md §2.1) over the six
// mappings of workers o, s, l onto device, edge and cloud, the cuts m_s <= m_l (at valid cut
// positions) and the sample split b_o + b_s + b_l = B. Throws PlanError when no plan exists.
HierTrainPlan planHierTrain(const TrainingCostModel& model, int batch);

// One given plan evaluated (phases filled in). Workers are machine indices (o, s, l).
HierTrainPlan evaluateHierTrain(const TrainingCostModel& model, std::array<int, 3> workers, int ms, int ml,
                                std::array<int, 3> samples);

} // namespace cutlab::core
