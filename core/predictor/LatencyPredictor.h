#pragma once

#include "core/predictor/LatencyNetwork.h"
#include "core/predictor/PredictorSettings.h"
#include "core/predictor/RepresentativeSubModels.h"
#include "core/predictor/TrainingSample.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cutlab::core {

// AccEPT's latency predictor for ONE model (cost-models.md §2.5): the network, its
// normalisation, the model's layer ids and the representative sub-models that define the
// hardware vector. predictMs(h, s) is the forward time of sub-model s for one sample on a
// machine whose ms on the representative sub-models are h.
class LatencyPredictor {
  public:
    LatencyPredictor(std::string modelName, std::vector<std::string> layerIds,
                     RepresentativeSubModels representatives, PredictorScaling scaling,
                     LatencyNetwork network, PredictorProvenance provenance);

    const std::string& modelName() const { return m_modelName; }
    const std::vector<std::string>& layerIds() const { return m_layerIds; }
    int layers() const { return static_cast<int>(m_layerIds.size()); }
    const RepresentativeSubModels& representatives() const { return m_representatives; }
    const PredictorScaling& scaling() const { return m_scaling; }
    const LatencyNetwork& network() const { return m_network; }
    const PredictorProvenance& provenance() const { return m_provenance; }
    PredictorProvenance& provenance() { return m_provenance; }

    double predictMs(const std::vector<double>& hardwareMs, SubModel subModel) const;
    std::vector<double> predictMs(const std::vector<double>& hardwareMs,
                                  const std::vector<SubModel>& subModels) const;

    // Called after each pass of fit() with the pass (from 1) and its mean squared error.
    using EpochObserver = std::function<void(int epoch, double loss)>;

    // Adam on the samples for `epochs` passes in shuffled batches (seeded); returns the mean
    // squared error (normalised log-time) of the last pass. Pre-training and fine-tuning both.
    double fit(const std::vector<TrainingSample>& samples, int epochs, int batchSize,
               const AdamSettings& settings, std::uint64_t shuffleSeed,
               const EpochObserver& afterEpoch = {});
    // Adam starts afresh at the next fit() (LatencyNetwork::restartOptimizer).
    void restartOptimizer() { m_network.restartOptimizer(); }

  private:
    // The hardware vector's level: mean_k h_k, the machine's overall speed.
    double level(const std::vector<double>& hardwareMs) const;
    // log(ms / level + offsetFraction).
    double relativeLog(double ms, double level) const;

  public:
    // What the network sees and predicts (PredictorSettings.h, PredictorScaling).
    Eigen::VectorXd encodeHardware(const std::vector<double>& hardwareMs) const;
    double encodeTarget(double ms, double level) const;
    double decodeTarget(double value, double level) const;

  private:
    std::string m_modelName;
    std::vector<std::string> m_layerIds;
    RepresentativeSubModels m_representatives;
    PredictorScaling m_scaling;
    LatencyNetwork m_network;
    PredictorProvenance m_provenance;
};

} // namespace cutlab::core
