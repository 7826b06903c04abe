#pragma once

#include "core/training/StrategySweep.h"
#include "core/training/TrainingResult.h"

#include "core/model/Network.h"
#include "core/model/Profile.h"
#include "core/pipeline/PipelinePlanner.h"
#include "core/pipeline/PipelineSchedule.h"

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace cutlab::core {

// Computes a strategy comparison (Qt-free, safe on any thread): for every bandwidth, a copy of
// the network with the selected links set to it (core::setLinkBetween, latencies kept),
// one training cost model, and every planner's iteration time.
// With a pipeline: also the series "pipeline", the mini-batch time of `microBatches`
// micro-batches through the pipeline planned at that bandwidth (the same samples as the
// iteration when microBatches × micro-batch = batch).
struct PipelineStrategy {
    PipelineRequest request;
    int microBatches = 1;
    ScheduleKind kind = ScheduleKind::OneForwardOneBackward;
};

class StrategySweepComputer {
  public:
    // 1, 1.5, 2, … 10 Mbps (HierTrain's figures 7–10 vary the bandwidth from 1 to 10 Mbps).
    static std::vector<double> defaultBandwidths();
    // Edge–cloud and device–cloud together: HierTrain's lab relays device traffic via the edge.
    static std::string defaultLinks();
    static StrategySweep compute(const core::Profile& profile, const core::Network& network,
                                 const std::string& links, int batch,
                                 const std::vector<double>& mbps,
                                 const std::vector<IterationPlanner>& planners,
                                 const std::atomic<bool>* cancel = nullptr,
                                 const std::optional<PipelineStrategy>& pipeline = std::nullopt);
};

} // namespace cutlab::core
