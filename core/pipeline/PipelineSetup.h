#pragma once

#include "core/model/Network.h"
#include "core/model/Profile.h"
#include "core/pipeline/PipelinePlanner.h"

#include <vector>

namespace cutlab::core {

// The request checked against the profile and network, with what every evaluation needs.
struct PipelineSetup {
    int samples = 1;
    bool forwardOnly = false;        // the request's: forward times, busy links, no gradients
    std::vector<Link> forwardLinks;  // d_n -> d_{n+1}
    std::vector<Link> backwardLinks; // d_{n+1} -> d_n
    std::vector<std::vector<int>> consumers; // per layer
    std::vector<int> inputReaders;
};

// Checks the request (backward times, chain, links, micro-batch) and gathers what every
// evaluation needs; throws PlanError naming what is wrong.
PipelineSetup setUpPipeline(const Profile& profile, const Network& network,
                            const PipelineRequest& request);

// Bytes of one crossing tensor for the micro-batch: forward activations, backward gradients.
struct TensorBytes {
    double forward = 0;
    double backward = 0;
};

TensorBytes tensorBytes(const Profile& profile, const PipelineRequest& request, int samples,
                        int producer);

// C of `bytes` on link `link` of the chain: forward there, backward back.
double linkMs(const PipelineSetup& setup, int link, const TensorBytes& bytes);

// Costs of the partition stageOfLayer (chain position per layer); throws PlanError when it is not
// a valid pipeline.
PipelinePlan evaluatePartition(const Profile& profile, const PipelineRequest& request,
                               const PipelineSetup& setup, const std::vector<int>& stageOfLayer);

} // namespace cutlab::core
