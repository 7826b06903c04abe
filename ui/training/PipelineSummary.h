#pragma once

#include "core/training/PipelineSimulation.h"

#include <QString>

#include <optional>
#include <vector>

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
    // Each stage's memory against its machine's (`capacities` by chain position, 0 = unknown):
    // every stage over its limit and by how much, else that they fit; never that a stage fits
    // a machine whose memory is unknown.
    static QString memory(const core::Profile& profile, const core::PipelinePlan& plan,
                          const std::vector<double>& capacities);

  private:
    static QString stageName(const core::Profile& profile, const core::PipelineStage& stage,
                             int index);
    static QString shape(const core::PipelineSimulation& shown);
    static QString comparison(double mineMs, const std::optional<PipelineOptimum>& optimum);
};

} // namespace cutlab::ui
