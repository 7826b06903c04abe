#include "core/predictor/LatencyPredictor.h"

#include "core/io/InputLimits.h"

#include "core/predictor/SeededRandom.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace cutlab::core {

LatencyPredictor::LatencyPredictor(std::string modelName, std::vector<std::string> layerIds,
                                   RepresentativeSubModels representatives,
                                   PredictorScaling scaling, LatencyNetwork network,
                                   PredictorProvenance provenance)
    : m_modelName(std::move(modelName)), m_layerIds(std::move(layerIds)),
      m_representatives(std::move(representatives)), m_scaling(std::move(scaling)),
      m_network(std::move(network)), m_provenance(std::move(provenance)) {}

double LatencyPredictor::level(const std::vector<double>& hardwareMs) const {
    return hardwareMeanMs(hardwareMs);
}

double LatencyPredictor::relativeLog(double ms, double level) const {
    return std::log(std::max(ms, 0.0) / level + m_scaling.offsetFraction);
}

Eigen::VectorXd LatencyPredictor::encodeHardware(const std::vector<double>& hardwareMs) const {
    const double machineLevel = level(hardwareMs);
    Eigen::VectorXd encoded(static_cast<Eigen::Index>(hardwareMs.size()));
    for (std::size_t k = 0; k < hardwareMs.size(); ++k)
        encoded(static_cast<Eigen::Index>(k)) =
            (relativeLog(hardwareMs[k], machineLevel) - m_scaling.hardwareLogMean[k]) /
            m_scaling.hardwareLogScale[k];
    return encoded;
}

double LatencyPredictor::encodeTarget(double ms, double level) const {
    return (relativeLog(ms, level) - m_scaling.targetLogMean) / m_scaling.targetLogScale;
}

double LatencyPredictor::decodeTarget(double value, double level) const {
    return std::max(0.0, (std::exp(value * m_scaling.targetLogScale + m_scaling.targetLogMean) -
                          m_scaling.offsetFraction) *
                             level);
}

double LatencyPredictor::predictMs(const std::vector<double>& hardwareMs, SubModel subModel) const {
    return predictMs(hardwareMs, std::vector<SubModel>{subModel}).front();
}

std::vector<double> LatencyPredictor::predictMs(const std::vector<double>& hardwareMs,
                                                const std::vector<SubModel>& subModels) const {
    const auto count = static_cast<Eigen::Index>(subModels.size());
    Eigen::MatrixXd masks = Eigen::MatrixXd::Zero(layers(), count);
    for (Eigen::Index i = 0; i < count; ++i)
        masks.col(i) = layerMask(subModels[static_cast<std::size_t>(i)], layers());
    const Eigen::MatrixXd hardware = encodeHardware(hardwareMs).replicate(1, count);
    const Eigen::RowVectorXd output = m_network.evaluate(masks, hardware);
    const double machineLevel = level(hardwareMs);
    std::vector<double> ms;
    for (Eigen::Index i = 0; i < count; ++i) {
        const double predicted =
            std::isfinite(output(i)) ? decodeTarget(output(i), machineLevel) : output(i);
        if (!std::isfinite(predicted) || predicted > kMaxMilliseconds)
            throw std::invalid_argument(
                "the latency predictor for '" + m_modelName +
                "' predicts a time that is not a finite number of ms (at most 1e9) on this "
                "machine: its weights or normalisation are out of range");
        ms.push_back(predicted);
    }
    return ms;
}

double LatencyPredictor::fit(const std::vector<TrainingSample>& samples, int epochs, int batchSize,
                             const AdamSettings& settings, std::uint64_t shuffleSeed,
                             const EpochObserver& afterEpoch) {
    if (samples.empty())
        return 0;
    // Encode once: masks, hardware and targets as columns.
    const auto count = static_cast<Eigen::Index>(samples.size());
    Eigen::MatrixXd masks(layers(), count);
    Eigen::MatrixXd hardware(m_network.shape().hardwareInputs, count);
    Eigen::RowVectorXd targets(count);
    for (Eigen::Index i = 0; i < count; ++i) {
        const TrainingSample& sample = samples[static_cast<std::size_t>(i)];
        masks.col(i) = layerMask(sample.subModel, layers());
        hardware.col(i) = encodeHardware(sample.hardwareMs);
        targets(i) = encodeTarget(sample.ms, level(sample.hardwareMs));
    }
    SeededRandom random(shuffleSeed);
    std::vector<Eigen::Index> order(static_cast<std::size_t>(count));
    std::iota(order.begin(), order.end(), Eigen::Index{0});
    double lastLoss = 0;
    for (int epoch = 0; epoch < epochs; ++epoch) {
        random.shuffle(order);
        double lossSum = 0;
        for (Eigen::Index start = 0; start < count; start += batchSize) {
            const Eigen::Index size = std::min<Eigen::Index>(batchSize, count - start);
            Eigen::MatrixXd batchMasks(masks.rows(), size), batchHardware(hardware.rows(), size);
            Eigen::RowVectorXd batchTargets(size);
            for (Eigen::Index j = 0; j < size; ++j) {
                const Eigen::Index i = order[static_cast<std::size_t>(start + j)];
                batchMasks.col(j) = masks.col(i);
                batchHardware.col(j) = hardware.col(i);
                batchTargets(j) = targets(i);
            }
            lossSum += m_network.trainStep(batchMasks, batchHardware, batchTargets, settings) *
                       static_cast<double>(size);
        }
        lastLoss = lossSum / static_cast<double>(count);
        if (afterEpoch)
            afterEpoch(epoch + 1, lastLoss);
    }
    return lastLoss;
}

} // namespace cutlab::core
