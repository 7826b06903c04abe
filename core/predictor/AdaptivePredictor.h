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

// What one round of feedback did. Errors are mean relative errors |predicted - measured| /
// measured, in the machines' new hardware vectors.
struct AdaptiveUpdate {
    double largestRelativeError = 0; // max |measured - predicted| / predicted, before the update
    bool replanNeeded = false;       // that error exceeded ε: the machine's resources changed
    double hardwareScale = 1;        // Σ measured / Σ predicted, applied to its hardware vector
    int fineTuneEpochs = 0;          // passes of fine-tuning kept (0: the scaled network kept)
    double fineTuneLoss = 0;         // the last of them (normalised log-time MSE); 0 when none
    double scaledError = 0;          // on the collected stages (D̂), the scaled network
    double error = 0;                // on D̂, the network kept: never above scaledError
    int heldOutRuns = 0;             // runs of adjacent stages that check the fine-tuning
    double scaledHeldOutError = 0;   // on those runs, the scaled network
    double heldOutError = 0;         // on those runs, the network kept
};

// AccEPT's dynamic prediction and adaptive update (cost-models.md §2.5) around one predictor.
// Each machine has a hardware vector (set when the machine joins). When the stage times a
// machine reports differ from the predictions by more than ε (relative), its hardware vector is
// scaled by Σ measured / Σ predicted (the representative sub-models are not re-run during
// training: the observed slow-down stands for them), a re-plan is reported, and the network is
// fine-tuned with Adam, started afresh, on every measurement collected so far (the dataset D̂),
// each paired with its machine's current hardware vector. Early stopping: of the networks after
// 0, 1, …, fineTuneEpochs passes, the one kept predicts best the held-out runs of adjacent
// stages of one machine (timed by the sum of their stages, never trained on; D̂ itself when there
// are none), among those no worse than the scaled network (0 passes) on D̂. Deterministic.
class AdaptivePredictor {
  public:
    struct Settings {
        double epsilon = 0.1;    // relative difference that triggers the update
        int fineTuneEpochs = 30; // the most passes of fine-tuning (early stopping picks)
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
    // D̂: every collected measurement with its machine's current hardware vector, machines in
    // name order, each machine's in the order reported.
    std::vector<TrainingSample> collectedSamples() const;
    // The held-out check: each machine's runs of adjacent collected stages (stageRuns).
    std::vector<TrainingSample> heldOutRuns() const;
    void fineTune(AdaptiveUpdate& update);

    LatencyPredictor m_predictor;
    Settings m_settings;
    std::map<std::string, std::vector<double>> m_hardware;
    std::map<std::string, std::vector<StageMeasurement>> m_collected;
    int m_updates = 0;
};

// The sub-models that runs of two or more adjacent stages make (each starting at the layer after
// the previous one's last), timed by the sum of the stages' times; a stage measured more than
// once counts with its mean. Each sub-model once (the first run that makes it, runs followed in
// order of stages), none that was itself measured, at most kMaxStageRuns, ordered by first then
// last layer.
inline constexpr std::size_t kMaxStageRuns = 500;
std::vector<StageMeasurement> stageRuns(const std::vector<StageMeasurement>& stages);

} // namespace cutlab::core
