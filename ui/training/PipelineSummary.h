#pragma once

#include "core/training/PipelineSimulation.h"

#include <QString>

#include <optional>

namespace cutlab::ui {

// What the planner answered for the current pipeline settings, kept to compare a partition the
// user dragged by hand against it.
struct PipelineOptimum {
    double bottleneckMs = 0; // on the measured times (of the planned partition)
    bool proven = true;      // exact, and planned on the measured times
};

// The sentence under the Pipeline views, true of exactly what is shown: the planner's plan
// (optimal, or the best found with its gap), or the user's partition against the planner's
// answer. `timesNote` is said of a planned partition only.
class PipelineSummary {
  public:
    static QString planned(const core::PipelineSimulation& shown, const QString& timesNote);
    static QString userPartition(const core::PipelineSimulation& shown,
                                 const std::optional<PipelineOptimum>& optimum);

  private:
    static QString shape(const core::PipelineSimulation& shown);
    static QString comparison(double mineMs, const std::optional<PipelineOptimum>& optimum);
};

} // namespace cutlab::ui
