#include "core/training/StrategySweepComputer.h"

#include "core/model/NetworkEdit.h"
#include "core/model/PlanError.h"
#include "core/training/PipelineSimulation.h"
#include "core/training/TrainingResult.h"

#include <cmath>
#include <limits>

namespace cutlab::core {

namespace {

double pipelineMs(const Profile& profile, const Network& network, const PipelineStrategy& pipeline,
                  const std::atomic<bool>* cancel) {
    PipelineRequest request = pipeline.request;
    request.cancel = cancel;
    return PipelineSimulation::planned(profile, network, request, pipeline.microBatches,
                                       pipeline.kind)
        .schedule.minibatchMs;
}

} // namespace

std::vector<double> StrategySweepComputer::defaultBandwidths() {
    std::vector<double> mbps;
    for (int i = 2; i <= 20; ++i)
        mbps.push_back(i / 2.0);
    return mbps;
}

std::string StrategySweepComputer::defaultLinks() {
    return "edge-cloud,device-cloud";
}

StrategySweep StrategySweepComputer::compute(const core::Profile& profile,
                                             const core::Network& network, const std::string& links,
                                             int batch, const std::vector<double>& mbps,
                                             const std::vector<IterationPlanner>& planners,
                                             const std::atomic<bool>* cancel,
                                             const std::optional<PipelineStrategy>& pipeline) {
    StrategySweep sweep;
    sweep.model = profile.model.name;
    sweep.links = links;
    sweep.batch = batch;
    sweep.mbps = mbps;
    for (const auto& planner : planners)
        sweep.planners.push_back(planner.id);
    if (pipeline) {
        sweep.planners.push_back("pipeline");
        sweep.pipelineShape = std::to_string(pipeline->microBatches) + " × " +
                              std::to_string(pipeline->request.microBatch);
    }
    sweep.ms.assign(sweep.planners.size(),
                    std::vector<double>(mbps.size(), std::numeric_limits<double>::quiet_NaN()));
    std::vector<core::TierPair> pairs;
    try {
        pairs = core::parseLinkSelection(links);
    } catch (const core::PlanError& error) {
        sweep.error = error.what();
        return sweep;
    }
    auto note = [&](const std::string& message) {
        if (sweep.error.empty())
            sweep.error = message;
    };
    for (std::size_t i = 0; i < mbps.size(); ++i) {
        if (cancel && cancel->load()) {
            sweep.cancelled = true;
            return sweep;
        }
        core::Network varied = network;
        bool linksSet = false;
        try {
            for (const auto& pair : pairs)
                core::setLinkBetween(varied, profile, pair, mbps[i]);
            linksSet = true;
            const core::TrainingCostModel model(profile, varied, core::trainingMachines(profile));
            for (std::size_t p = 0; p < planners.size(); ++p) {
                try {
                    if (batch < 1)
                        throw core::PlanError("the mini-batch must hold at least one sample");
                    sweep.ms[p][i] = planners[p].run(model, batch).iterationMs();
                } catch (const core::PlanError& error) {
                    note(planners[p].id + ": " + error.what());
                }
            }
        } catch (const core::PlanError& error) {
            note(error.what());
        }
        if (pipeline && linksSet) {
            try {
                sweep.ms.back()[i] = pipelineMs(profile, varied, *pipeline, cancel);
            } catch (const core::PlanError& error) {
                note(std::string("pipeline: ") + error.what());
            }
        }
    }
    return sweep;
}

} // namespace cutlab::core
