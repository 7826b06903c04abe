#pragma once

#include "core/training/HierTrainPlan.h"
#include "core/training/TrainingCostModel.h"

namespace cutlab::core {

// The exact integer optimum of HierTrain's iteration time (docs/cost-models.md §2.1) over the six
// mappings of workers o, s, l onto device, edge and cloud, the cuts m_s <= m_l (at valid cut
// positions) and the sample split b_o + b_s + b_l = B. Throws PlanError when no plan exists.
// Fast in the number of cut positions: whole ranges of cut pairs are dropped by lower bounds.
HierTrainPlan planHierTrain(const TrainingCostModel& model, int batch);

// The same optimum by searching every pair of cuts (quadratic in the cut positions): the
// reference the tests and benchmarks compare planHierTrain against. Not for production use.
HierTrainPlan planHierTrainEveryPair(const TrainingCostModel& model, int batch);

// One given plan evaluated (phases filled in). Workers are machine indices (o, s, l).
HierTrainPlan evaluateHierTrain(const TrainingCostModel& model, std::array<int, 3> workers, int ms,
                                int ml, std::array<int, 3> samples);

} // namespace cutlab::core
