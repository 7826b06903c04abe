#pragma once

#include <string>

namespace cutlab::core {

// Optimizer state kept per weight (docs/cost-models.md §2.7): none (SGD), one moment
// (momentum), two (Adam).
enum class OptimizerKind { Sgd, Momentum, Adam };

std::string optimizerName(OptimizerKind kind); // "sgd" | "momentum" | "adam"
bool optimizerFromName(const std::string& name, OptimizerKind* kind);
int optimizerStateCopies(OptimizerKind kind); // k = 0, 1, 2

// What the memory of a pipeline stage depends on beside its layers.
struct PipelineMemorySettings {
    OptimizerKind optimizer = OptimizerKind::Sgd;
    bool recompute = false;     // activation checkpointing: keep only the stage's input
    bool weightStashing = true; // 1F1B (PipeDream): one weight version per micro-batch in flight
    bool allInFlight = false;   // GPipe: every micro-batch of the mini-batch in flight
    int microBatches = 1;       // M
};

// The bytes one machine of a stage holds at its peak (docs/cost-models.md §2.7).
struct StageMemory {
    double weights = 0;
    double gradients = 0;
    double optimizerState = 0;
    double stashedWeights = 0;
    double activations = 0;
    int inFlight = 1; // micro-batches whose activations the stage keeps
    double total() const {
        return weights + gradients + optimizerState + stashedWeights + activations;
    }
};

// Memory of stage `position` (0-based) of a pipeline of `stages` stages whose layers hold
// `parameterBytes` of weights and `outputBytes` of activations per micro-batch, and that
// receives `inputBytes` per micro-batch.
StageMemory stageMemory(const PipelineMemorySettings& settings, int position, int stages,
                        double parameterBytes, double outputBytes, double inputBytes);

} // namespace cutlab::core
