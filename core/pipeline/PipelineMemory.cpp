#include "core/pipeline/PipelineMemory.h"

#include <algorithm>

namespace cutlab::core {

std::string optimizerName(OptimizerKind kind) {
    switch (kind) {
    case OptimizerKind::Sgd:
        return "sgd";
    case OptimizerKind::Momentum:
        return "momentum";
    case OptimizerKind::Adam:
        return "adam";
    }
    return "sgd";
}

bool optimizerFromName(const std::string& name, OptimizerKind* kind) {
    for (OptimizerKind candidate :
         {OptimizerKind::Sgd, OptimizerKind::Momentum, OptimizerKind::Adam})
        if (optimizerName(candidate) == name) {
            *kind = candidate;
            return true;
        }
    return false;
}

int optimizerStateCopies(OptimizerKind kind) {
    return kind == OptimizerKind::Adam ? 2 : kind == OptimizerKind::Momentum ? 1 : 0;
}

StageMemory stageMemory(const PipelineMemorySettings& settings, int position, int stages,
                        double parameterBytes, double outputBytes, double inputBytes) {
    StageMemory memory;
    const int microBatches = std::max(1, settings.microBatches);
    memory.inFlight =
        settings.allInFlight ? microBatches : std::min(stages - position, microBatches);
    memory.weights = parameterBytes;
    memory.gradients = parameterBytes;
    memory.optimizerState = optimizerStateCopies(settings.optimizer) * parameterBytes;
    if (settings.weightStashing && !settings.allInFlight)
        memory.stashedWeights = (memory.inFlight - 1) * parameterBytes;
    memory.activations = settings.recompute ? inputBytes * memory.inFlight + outputBytes
                                            : outputBytes * memory.inFlight;
    return memory;
}

} // namespace cutlab::core
