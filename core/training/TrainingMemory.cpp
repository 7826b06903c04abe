#include "core/training/TrainingMemory.h"

namespace cutlab::core {

TrainingMemory& TrainingMemory::operator+=(const TrainingMemory& other) {
    weights += other.weights;
    gradients += other.gradients;
    optimizerState += other.optimizerState;
    activations += other.activations;
    return *this;
}

TrainingMemory layerRangeMemory(const TrainingCostModel& model, int begin, int end,
                                double samples) {
    TrainingMemory memory;
    if (end <= begin)
        return memory;
    const double weights = model.paramBytes(begin, end);
    memory.weights = weights;
    memory.gradients = weights;
    memory.optimizerState = optimizerStateCopies(model.memory().optimizer) * weights;
    memory.activations = samples * model.outputBytes(begin, end);
    return memory;
}

TrainingMemory hierTrainWorkerMemory(const TrainingCostModel& model, int worker, int ms, int ml,
                                     const std::array<int, 3>& samples) {
    const int bo = samples[0], bs = samples[1], bl = samples[2];
    const int batch = bo + bs + bl;
    if (worker == 1)
        return bs > 0 ? layerRangeMemory(model, 0, ms, bs) : TrainingMemory{};
    if (worker == 2)
        return bl > 0 ? layerRangeMemory(model, 0, ml, bl) : TrainingMemory{};
    // O: every layer's weights (it updates them all); activations of b_o samples through
    // [0, m_s), of b_o + b_s through [m_s, m_l) and of all B through [m_l, N).
    TrainingMemory memory = layerRangeMemory(model, 0, model.layerCount(), 0);
    memory.activations = bo * model.outputBytes(0, ms) + (bo + bs) * model.outputBytes(ms, ml) +
                         batch * model.outputBytes(ml, model.layerCount());
    return memory;
}

bool hierTrainFits(const TrainingCostModel& model, const std::array<int, 3>& workerMachine, int ms,
                   int ml, const std::array<int, 3>& samples) {
    const TrainingMemorySettings& settings = model.memory();
    for (int w = 0; w < 3; ++w) {
        const int machine = workerMachine[static_cast<std::size_t>(w)];
        if (settings.capacity(machine) > 0 &&
            !settings.fits(machine, hierTrainWorkerMemory(model, w, ms, ml, samples).total()))
            return false;
    }
    return true;
}

std::map<int, TrainingMemory> hierTrainMemory(const TrainingCostModel& model,
                                              const HierTrainPlan& plan) {
    std::map<int, TrainingMemory> result;
    for (int w = 0; w < 3; ++w) {
        const int machine = plan.workerMachine[static_cast<std::size_t>(w)];
        if (machine >= 0 && (w == 0 || plan.samples[static_cast<std::size_t>(w)] > 0))
            result[machine] = hierTrainWorkerMemory(model, w, plan.ms, plan.ml, plan.samples);
    }
    return result;
}

std::map<int, TrainingMemory> pathMemory(const TrainingCostModel& model, const TrainingPath& path,
                                         int batch) {
    std::map<int, TrainingMemory> result;
    for (const Segment& segment : path.segments)
        result[segment.machine] += layerRangeMemory(model, segment.begin, segment.end, batch);
    return result;
}

bool memoryFits(const TrainingCostModel& model, const std::map<int, TrainingMemory>& memory) {
    for (const auto& [machine, bytes] : memory)
        if (!model.memory().fits(machine, bytes.total()))
            return false;
    return true;
}

} // namespace cutlab::core
