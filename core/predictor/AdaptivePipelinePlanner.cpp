#include "core/predictor/AdaptivePipelinePlanner.h"

#include "core/predictor/ModelTimes.h"
#include "core/predictor/RepresentativeSubModels.h"

#include <stdexcept>

namespace cutlab::core {

AdaptivePipelinePlanner::AdaptivePipelinePlanner(Profile profile, std::string reference,
                                                 LatencyPredictor predictor,
                                                 AdaptivePredictor::Settings settings,
                                                 Network network, PipelineRequest request)
    : m_profile(std::move(profile)), m_reference(std::move(reference)),
      m_adaptive(std::move(predictor), settings), m_network(std::move(network)),
      m_request(std::move(request)) {
    if (m_profile.machineIndex(m_reference) < 0)
        throw std::invalid_argument("the reference machine '" + m_reference +
                                    "' is not in the profile");
    const ModelTimes times = modelTimesOf(m_profile);
    if (m_adaptive.predictor().layerIds() != times.layerIds)
        throw std::invalid_argument("the latency predictor is for model '" +
                                    m_adaptive.predictor().modelName() +
                                    "', whose layers differ from '" + m_profile.model.name + "'");
    for (const MachineTimes& machine : times.machines)
        m_adaptive.setHardware(
            machine.id,
            hardwareVector(machine.layerMs, m_adaptive.predictor().representatives().subModels));
    replan();
}

void AdaptivePipelinePlanner::replan() {
    // the forecast profile: the predictor's per-layer times for every machine but the reference
    const int reference = m_profile.machineIndex(m_reference);
    m_forecast = m_profile;
    for (std::size_t m = 0; m < m_profile.machines.size(); ++m) {
        if (static_cast<int>(m) == reference)
            continue;
        for (std::size_t i = 0; i < m_profile.layers.size(); ++i) {
            const Layer& measured = m_profile.layers[i];
            Layer& layer = m_forecast.layers[i];
            const double refForward = measured.forwardMs[static_cast<std::size_t>(reference)];
            const double forward =
                m_adaptive.predictMs(m_profile.machines[m].id,
                                     SubModel{static_cast<int>(i), static_cast<int>(i)}) *
                m_profile.model.batch;
            layer.forwardMs[m] = forward;
            if (m_profile.hasBackward)
                layer.backwardMs[m] =
                    refForward > 0
                        ? forward * measured.backwardMs[static_cast<std::size_t>(reference)] /
                              refForward
                        : measured.backwardMs[static_cast<std::size_t>(reference)];
        }
    }
    m_plan = planPipeline(m_forecast, m_network, m_request);
}

double AdaptivePipelinePlanner::forecastStageMs(const PipelineStage& stage) const {
    double sum = 0;
    for (int layer : stage.layers)
        sum += m_forecast.forwardPerSample(layer, stage.machine);
    return sum;
}

AdaptiveUpdate AdaptivePipelinePlanner::report(const std::string& machine,
                                               const std::vector<double>& stageMs) {
    const int index = m_profile.machineIndex(machine);
    std::vector<StageMeasurement> measurements;
    std::size_t next = 0;
    for (const PipelineStage& stage : m_plan.stages) {
        if (stage.machine != index)
            continue;
        if (next >= stageMs.size())
            break;
        // a stage of a straight pipeline over one machine's positions is a contiguous run when
        // cut at valid cut points; its sub-model spans its first to its last layer
        measurements.push_back(
            {SubModel{stage.layers.front(), stage.layers.back()}, stageMs[next++]});
    }
    if (measurements.empty())
        throw std::invalid_argument("machine '" + machine + "' runs no stage of the plan");
    const AdaptiveUpdate update = m_adaptive.observe(machine, measurements);
    if (update.replanNeeded)
        replan();
    return update;
}

} // namespace cutlab::core
