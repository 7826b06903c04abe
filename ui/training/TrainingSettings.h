#pragma once

#include "ui/training/PipelineSettings.h"

#include <QString>

#include <vector>

namespace cutlab::ui {

// The user's choices in the Training mode, as one value (what an undo command restores).
struct TrainingSettings {
    QString planner = QStringLiteral("hiertrain"); // an iteration planner's id or "pipeline"
    int batch = 1;                                 // samples in the mini-batch
    PipelineSettings pipeline;
    // Positions of the pipeline's stage boundaries (a boundary at p has layers [0, p) before
    // it), ascending; empty: the pipeline planner chooses them.
    std::vector<int> stageBoundaries;

    bool operator==(const TrainingSettings&) const = default;
};

} // namespace cutlab::ui
