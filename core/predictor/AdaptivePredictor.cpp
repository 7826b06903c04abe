#include "core/predictor/AdaptivePredictor.h"

#include <algorithm>
#include <cmath>

namespace cutlab::core {

AdaptivePredictor::AdaptivePredictor(LatencyPredictor predictor, Settings settings)
    : m_predictor(std::move(predictor)), m_settings(settings) {}

void AdaptivePredictor::setHardware(const std::string& machine, std::vector<double> hardwareMs) {
    m_hardware[machine] = std::move(hardwareMs);
}

const std::vector<double>& AdaptivePredictor::hardware(const std::string& machine) const {
    return m_hardware.at(machine);
}

double AdaptivePredictor::predictMs(const std::string& machine, SubModel stage) const {
    return m_predictor.predictMs(hardware(machine), stage);
}

AdaptiveUpdate AdaptivePredictor::observe(const std::string& machine,
                                          const std::vector<StageMeasurement>& measurements) {
    AdaptiveUpdate update;
    if (measurements.empty())
        return update;
    double measuredSum = 0, predictedSum = 0;
    for (const StageMeasurement& measurement : measurements) {
        const double predicted = predictMs(machine, measurement.stage);
        measuredSum += measurement.ms;
        predictedSum += predicted;
        const double error = std::abs(measurement.ms - predicted) / std::max(predicted, 1e-12);
        update.largestRelativeError = std::max(update.largestRelativeError, error);
    }
    auto& collected = m_collected[machine];
    // A machine whose resources changed: its earlier measurements describe the old machine.
    update.replanNeeded = update.largestRelativeError > m_settings.epsilon;
    if (update.replanNeeded) {
        collected.clear();
        update.hardwareScale = predictedSum > 0 ? measuredSum / predictedSum : 1.0;
        for (double& value : m_hardware.at(machine))
            value *= update.hardwareScale;
    }
    collected.insert(collected.end(), measurements.begin(), measurements.end());
    if (!update.replanNeeded)
        return update;

    std::vector<TrainingSample> samples;
    for (const auto& [id, stages] : m_collected)
        for (const StageMeasurement& stage : stages)
            samples.push_back({m_hardware.at(id), stage.stage, stage.ms});
    AdamSettings adam;
    adam.learningRate = m_settings.learningRate;
    update.fineTuneLoss =
        m_predictor.fit(samples, m_settings.fineTuneEpochs, 16, adam, m_settings.seed + m_updates);
    ++m_updates;
    return update;
}

} // namespace cutlab::core
