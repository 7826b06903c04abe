#pragma once

#include "core/training/HierTrainPlan.h"
#include "core/training/TrainingCostModel.h"
#include "core/training/TrainingPath.h"

#include <vector>

namespace cutlab::core {

// The baselines of docs/cost-models.md §2.2 on the same iteration and mini-batch B.
// All-Device / All-Edge / All-Cloud: one machine trains alone (the device sends B·Q first);
// as HierTrain plans with only worker o.
HierTrainPlan planSingleTier(const TrainingCostModel& model, Tier tier, int batch);

// JointDNN (tiers {device, cloud}) and JointDNN+ (all three): each block on one machine, a
// shortest path over (block, machine) paying the activation forward and the gradient backward
// at every move, and the input from the device to the first machine.
TrainingPath planJointDnnTraining(const TrainingCostModel& model, const std::vector<Tier>& tiers,
                                  int batch);

// JALAD: the device sends the data to the edge; edge and cloud split at one cut, the activation
// and its gradient crossing at 8 bits per value (a quarter of float32).
TrainingPath planJalad(const TrainingCostModel& model, int batch);

// The cost of one given path (used by the planners above and by tests).
TrainingPath evaluateTrainingPath(const TrainingCostModel& model, std::vector<Segment> segments,
                                  int batch, double crossingBytesFactor = 1.0);

} // namespace cutlab::core
