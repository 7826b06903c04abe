#pragma once

#include "core/training/HierTrainPlan.h"
#include "core/training/TrainingCostModel.h"
#include "core/training/TrainingPath.h"

#include <array>
#include <map>

namespace cutlab::core {

// The bytes one machine holds at its peak during a training iteration (docs/cost-models.md §2.8).
struct TrainingMemory {
    double weights = 0;
    double gradients = 0;
    double optimizerState = 0;
    double activations = 0;
    double total() const { return weights + gradients + optimizerState + activations; }
    TrainingMemory& operator+=(const TrainingMemory& other);
};

// The weights, gradients and optimizer state of layers [begin, end), and the activations of
// `samples` samples through them.
TrainingMemory layerRangeMemory(const TrainingCostModel& model, int begin, int end, double samples);

// Worker w (0 = o, 1 = s, 2 = l) of a HierTrain plan with cuts m_s <= m_l and split (b_o, b_s,
// b_l): O always holds every layer; S and L hold nothing when they have no samples.
TrainingMemory hierTrainWorkerMemory(const TrainingCostModel& model, int worker, int ms, int ml,
                                     const std::array<int, 3>& samples);

// Whether every worker of the plan fits its machine's capacity (model.memory()).
bool hierTrainFits(const TrainingCostModel& model, const std::array<int, 3>& workerMachine, int ms,
                   int ml, const std::array<int, 3>& samples);

// Per machine index, what a plan holds on it (machines that hold nothing are left out).
std::map<int, TrainingMemory> hierTrainMemory(const TrainingCostModel& model,
                                              const HierTrainPlan& plan);
std::map<int, TrainingMemory> pathMemory(const TrainingCostModel& model, const TrainingPath& path,
                                         int batch);

// Whether every machine of a plan's memory map fits its capacity.
bool memoryFits(const TrainingCostModel& model, const std::map<int, TrainingMemory>& memory);

} // namespace cutlab::core
