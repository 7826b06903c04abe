#include "core/inference/StreamPlanner.h"

#include "core/inference/StreamFront.h"
#include "core/model/PlanError.h"
#include "core/pipeline/PipelinePlanner.h"
#include "core/pipeline/PipelineSetup.h"
#include "core/pipeline/PipelineStateCosts.h"

#include <string>

namespace cutlab::core {
namespace {

// A machine twice in the chain would run two stages at once: refused.
void requireDistinctMachines(const Profile& profile, const std::vector<int>& chain) {
    for (std::size_t i = 0; i < chain.size(); ++i)
        for (std::size_t j = i + 1; j < chain.size(); ++j)
            if (chain[i] == chain[j] && chain[i] >= 0 &&
                chain[i] < static_cast<int>(profile.machines.size()))
                throw PlanError("machine '" +
                                profile.machines[static_cast<std::size_t>(chain[i])].id +
                                "' appears twice in the chain; each stage needs its own machine");
}

PipelineRequest pipelineRequest(const std::vector<int>& chain, double timeLimitMs) {
    PipelineRequest request;
    request.chain = chain;
    request.microBatch = 1; // one frame
    request.cutMode = PipelineCutMode::Single;
    request.forwardOnly = true;
    request.timeLimitMs = timeLimitMs;
    return request;
}

std::vector<double> linkLatencies(const PipelineSetup& setup) {
    std::vector<double> latencies;
    for (const Link& link : setup.forwardLinks)
        latencies.push_back(link.latencyMs);
    return latencies;
}

StreamPlan streamPlanOf(const PipelinePlan& pipeline, const PipelineSetup& setup) {
    StreamPlan plan;
    for (std::size_t s = 0; s < pipeline.stages.size(); ++s) {
        const PipelineStage& from = pipeline.stages[s];
        StreamStage stage;
        stage.machine = from.machine;
        stage.firstLayer = from.layers.front();
        stage.lastLayer = from.layers.back();
        stage.computeMs = from.forwardMs;
        if (s + 1 < pipeline.stages.size()) {
            stage.sentBytes = from.linkForwardBytes;
            stage.linkBusyMs = from.linkForwardMs;
            stage.linkLatencyMs = stage.sentBytes > 0 ? setup.forwardLinks[s].latencyMs : 0.0;
        }
        plan.periodMs = std::max({plan.periodMs, stage.computeMs, stage.linkBusyMs});
        plan.latencyMs += stage.computeMs + stage.linkBusyMs + stage.linkLatencyMs;
        plan.stages.push_back(stage);
    }
    return plan;
}

std::vector<int> stageOfLayer(const PipelinePlan& plan, int layers) {
    std::vector<int> stages(static_cast<std::size_t>(layers), 0);
    for (std::size_t s = 0; s < plan.stages.size(); ++s)
        for (int layer : plan.stages[s].layers)
            stages[static_cast<std::size_t>(layer)] = static_cast<int>(s);
    return stages;
}

std::vector<int> stageOfLayer(const DownsetLattice& lattice, const std::vector<int>& ends) {
    std::vector<int> stages(static_cast<std::size_t>(lattice.layerCount()), 0);
    int start = lattice.emptyDownset();
    for (std::size_t s = 0; s < ends.size(); ++s) {
        for (int layer : lattice.layersBetween(start, ends[s]))
            stages[static_cast<std::size_t>(layer)] = static_cast<int>(s);
        start = ends[s];
    }
    return stages;
}

} // namespace

StreamPlan evaluateStream(const Profile& profile, const Network& network,
                          const std::vector<int>& chain, const std::vector<int>& stageOfLayer) {
    requireDistinctMachines(profile, chain);
    const PipelineRequest request = pipelineRequest(chain, 0);
    const PipelineSetup setup = setUpPipeline(profile, network, request);
    return streamPlanOf(evaluatePartition(profile, request, setup, stageOfLayer), setup);
}

StreamResult planStream(const Profile& profile, const Network& network,
                        const StreamRequest& request) {
    requireDistinctMachines(profile, request.chain);
    const PipelineRequest pipeline = pipelineRequest(request.chain, request.timeLimitMs);
    const PipelineSetup setup = setUpPipeline(profile, network, pipeline);
    const PipelinePlan fastest = planPipeline(profile, network, pipeline);
    StreamResult result;
    const int layers = static_cast<int>(profile.layers.size());
    result.fastest = streamPlanOf(
        evaluatePartition(profile, pipeline, setup, stageOfLayer(fastest, layers)), setup);
    result.exact = fastest.exact;
    result.note = fastest.note;
    const DownsetLattice lattice = DownsetLattice::validCutPrefixes(profile);
    if (lattice.size() > kStreamFrontCutLimit + 2) {
        result.note = "the latency/throughput front is computed for models with at most " +
                      std::to_string(kStreamFrontCutLimit) + " valid cut points; this one has more";
        return result;
    }
    const PipelineStateCosts costs(profile, pipeline, setup, lattice, {});
    for (const auto& point : StreamFront(lattice, costs, linkLatencies(setup)).solve())
        result.front.push_back(streamPlanOf(
            evaluatePartition(profile, pipeline, setup, stageOfLayer(lattice, point.ends)), setup));
    return result;
}

} // namespace cutlab::core
