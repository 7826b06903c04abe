#pragma once

#include "core/model/Network.h"
#include "core/model/Profile.h"
#include "core/pipeline/PipelinePlanner.h"
#include "core/predictor/AdaptivePredictor.h"

#include <string>
#include <vector>

namespace cutlab::core {

// AccEPT's loop of dynamic prediction and adaptive update around the pipeline planner
// (cost-models.md §2.5): the plan is made on the latency predictor's per-layer forecasts for
// every machine but the reference (which keeps its profiled times); when a stage's measured time
// differs from the forecast by more than ε, the machine's hardware vector is rescaled, the
// network fine-tuned on the measurements, and the pipeline planned again on the new forecasts.
class AdaptivePipelinePlanner {
  public:
    // Every machine of the profile joins with the hardware vector of its profiled times; throws
    // std::invalid_argument like profileWithEstimatedTimes.
    AdaptivePipelinePlanner(Profile profile, std::string reference, LatencyPredictor predictor,
                            AdaptivePredictor::Settings settings, Network network,
                            PipelineRequest request);

    const PipelinePlan& plan() const { return m_plan; }
    // The profile the current plan was made on (forecast times).
    const Profile& forecastProfile() const { return m_forecast; }
    // A stage's forecast forward time per sample, as the planner saw it.
    double forecastStageMs(const PipelineStage& stage) const;

    // Stage times a machine reported while training (forward ms per sample of each stage it runs
    // in the current plan); returns what the predictor did. A re-plan follows an update.
    AdaptiveUpdate report(const std::string& machine, const std::vector<double>& stageMs);

  private:
    void replan();

    Profile m_profile;
    std::string m_reference;
    AdaptivePredictor m_adaptive;
    Network m_network;
    PipelineRequest m_request;
    Profile m_forecast;
    PipelinePlan m_plan;
};

} // namespace cutlab::core
