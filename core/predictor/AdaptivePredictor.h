#pragma once

#include "core/predictor/LatencyPredictor.h"

#include <map>
#include <string>
#include <vector>

namespace cutlab::core {

// A stage time a worker reported: the sub-model it runs and the ms it took (one sample).
struct StageMeasurement {
    SubModel stage;
    double ms = 0;
};

// What one round of feedback did.
struct AdaptiveUpdate {
    double largestRelativeError = 0; // max |measured - predicted| / predicted, before the update
    bool replanNeeded = false;       // that error exceeded ε: the machine's resources changed
    double hardwareScale = 1;        // Σ measured / Σ predicted, applied to its hardware vector
    double fineTuneLoss = 0;         // last pass of the fine-tuning (normalised log-time MSE)
};

// AccEPT's dynamic prediction and adaptive update (cost-models.md §2.5) around one predictor.
// Each machine has a hardware vector (set when the machine joins). When the stage times a
// machine reports differ from the predictions by more than ε (relative), its hardware vector is
// scaled by Σ measured / Σ predicted (the representative sub-models are not re-run during
// training: the observed slow-down stands for them), a re-plan is reported, and the network is
// fine-tuned with a few Adam passes over every measurement collected so far (the dataset D̂),
// each paired with its machine's current hardware vector.
class AdaptivePredictor {
  public:
    struct Settings {
        double epsilon = 0.1; // relative difference that triggers the update
        int fineTuneEpochs = 30;
        double learningRate = 1e-3;
        std::uint64_t seed = 7;
    };

    AdaptivePredictor(LatencyPredictor predictor, Settings settings);

    void setHardware(const std::string& machine, std::vector<double> hardwareMs);
    const std::vector<double>& hardware(const std::string& machine) const; // throws out_of_range
    const LatencyPredictor& predictor() const { return m_predictor; }

    double predictMs(const std::string& machine, SubModel stage) const;
    AdaptiveUpdate observe(const std::string& machine,
                           const std::vector<StageMeasurement>& measurements);

  private:
    LatencyPredictor m_predictor;
    Settings m_settings;
    std::map<std::string, std::vector<double>> m_hardware;
    std::map<std::string, std::vector<StageMeasurement>> m_collected;
    int m_updates = 0;
};

} // namespace cutlab::core
