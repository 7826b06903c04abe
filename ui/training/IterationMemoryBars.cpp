#include "ui/training/IterationMemoryBars.h"

#include "core/model/Tier.h"
#include "core/training/TrainingMemory.h"

namespace cutlab::ui {

std::vector<StageMemoryBar> iterationMemoryBars(const core::TrainingCostModel& model,
                                                const core::TrainingResult& result) {
    const auto held = result.hybrid ? core::hierTrainMemory(model, *result.hybrid)
                                    : core::pathMemory(model, *result.path, result.batch);
    std::vector<StageMemoryBar> bars;
    for (const auto& [index, memory] : held) {
        const core::Machine& machine = model.profile().machines[static_cast<std::size_t>(index)];
        StageMemoryBar bar;
        bar.name = QStringLiteral("%1 %2").arg(QString::fromStdString(core::tierName(machine.tier)),
                                               QString::fromStdString(machine.id));
        bar.memory.weights = memory.weights;
        bar.memory.gradients = memory.gradients;
        bar.memory.optimizerState = memory.optimizerState;
        bar.memory.activations = memory.activations;
        bar.capacityBytes = model.memory().capacity(index);
        bars.push_back(std::move(bar));
    }
    return bars;
}

} // namespace cutlab::ui
