#include "core/predictor/AdaptivePredictor.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace cutlab::core {
namespace {

constexpr int kFineTuneBatch = 16;

using StageKey = std::pair<int, int>; // first, last

// Σ |predicted - measured| / measured over the samples, each run of samples with one hardware
// vector (one machine's) predicted at once; +∞ when the network predicts a time that is not
// finite (a fine-tuning that diverged).
double relativeErrorSum(const LatencyPredictor& predictor,
                        const std::vector<TrainingSample>& samples) {
    double sum = 0;
    try {
        for (std::size_t start = 0, end = 0; start < samples.size(); start = end) {
            std::vector<SubModel> subModels;
            for (end = start;
                 end < samples.size() && samples[end].hardwareMs == samples[start].hardwareMs;
                 ++end)
                subModels.push_back(samples[end].subModel);
            const std::vector<double> predicted =
                predictor.predictMs(samples[start].hardwareMs, subModels);
            for (std::size_t i = start; i < end; ++i)
                sum +=
                    std::abs(predicted[i - start] - samples[i].ms) / std::max(samples[i].ms, 1e-12);
        }
    } catch (const std::invalid_argument&) {
        return std::numeric_limits<double>::infinity();
    }
    return sum;
}

double meanRelativeError(const LatencyPredictor& predictor,
                         const std::vector<TrainingSample>& samples) {
    return samples.empty()
               ? 0
               : relativeErrorSum(predictor, samples) / static_cast<double>(samples.size());
}

// Each measured stage once, with the mean of its measurements.
std::map<StageKey, double> meanStageMs(const std::vector<StageMeasurement>& stages) {
    std::map<StageKey, std::pair<double, int>> sums;
    for (const StageMeasurement& stage : stages) {
        auto& [sum, count] = sums[{stage.stage.first, stage.stage.last}];
        sum += stage.ms;
        ++count;
    }
    std::map<StageKey, double> means;
    for (const auto& [key, sum] : sums)
        means.emplace(key, sum.first / sum.second);
    return means;
}

// The runs one stage longer than `frontier`'s, each new sub-model added to `runs`.
std::vector<StageMeasurement> extendedRuns(const std::vector<StageMeasurement>& frontier,
                                           const std::map<StageKey, double>& stages,
                                           std::map<StageKey, double>& runs) {
    std::vector<StageMeasurement> longer;
    for (const StageMeasurement& run : frontier)
        for (auto next = stages.lower_bound({run.stage.last + 1, INT_MIN});
             next != stages.end() && next->first.first == run.stage.last + 1; ++next) {
            const StageMeasurement joined{{run.stage.first, next->first.second},
                                          run.ms + next->second};
            const StageKey key{joined.stage.first, joined.stage.last};
            if (runs.size() >= kMaxStageRuns || stages.count(key) || runs.count(key))
                continue;
            runs.emplace(key, joined.ms);
            longer.push_back(joined);
        }
    return longer;
}

} // namespace

std::vector<StageMeasurement> stageRuns(const std::vector<StageMeasurement>& stages) {
    const std::map<StageKey, double> measured = meanStageMs(stages);
    std::map<StageKey, double> runs;
    for (const auto& [key, ms] : measured)
        for (std::vector<StageMeasurement> frontier{{{key.first, key.second}, ms}};
             !frontier.empty();)
            frontier = extendedRuns(frontier, measured, runs);
    std::vector<StageMeasurement> ordered;
    for (const auto& [key, ms] : runs)
        ordered.push_back({{key.first, key.second}, ms});
    return ordered;
}

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

    fineTune(update);
    ++m_updates;
    return update;
}

std::vector<TrainingSample> AdaptivePredictor::collectedSamples() const {
    std::vector<TrainingSample> samples;
    for (const auto& [id, stages] : m_collected)
        for (const StageMeasurement& stage : stages)
            samples.push_back({m_hardware.at(id), stage.stage, stage.ms});
    return samples;
}

std::vector<TrainingSample> AdaptivePredictor::heldOutRuns() const {
    std::vector<TrainingSample> samples;
    for (const auto& [id, stages] : m_collected)
        for (const StageMeasurement& run : stageRuns(stages))
            samples.push_back({m_hardware.at(id), run.stage, run.ms});
    return samples;
}

void AdaptivePredictor::fineTune(AdaptiveUpdate& update) {
    const std::vector<TrainingSample> samples = collectedSamples();
    const std::vector<TrainingSample> runs = heldOutRuns();
    // What chooses the passes: the held-out runs, else the measurements themselves.
    const std::vector<TrainingSample>& check = runs.empty() ? samples : runs;
    update.heldOutRuns = static_cast<int>(runs.size());
    update.scaledError = update.error = meanRelativeError(m_predictor, samples);
    update.scaledHeldOutError = update.heldOutError = meanRelativeError(m_predictor, runs);
    double bestCheck = meanRelativeError(m_predictor, check);
    if (m_settings.fineTuneEpochs <= 0)
        return;
    AdamSettings adam;
    adam.learningRate = m_settings.learningRate;
    LatencyPredictor tuned = m_predictor;
    tuned.restartOptimizer();
    tuned.fit(samples, m_settings.fineTuneEpochs, kFineTuneBatch, adam,
              m_settings.seed + static_cast<std::uint64_t>(m_updates), [&](int epoch, double loss) {
                  const double error = meanRelativeError(tuned, samples);
                  const double checked = meanRelativeError(tuned, check);
                  // strictly better on the check, never worse on D̂ than the scaled network
                  if (!(checked < bestCheck && error <= update.scaledError))
                      return;
                  bestCheck = checked;
                  m_predictor = tuned;
                  update.fineTuneEpochs = epoch;
                  update.fineTuneLoss = loss;
                  update.error = error;
                  update.heldOutError = meanRelativeError(tuned, runs);
              });
}

} // namespace cutlab::core
