#pragma once

#include "core/predictor/AdamParameter.h"
#include "core/predictor/DenseLayer.h"

#include <Eigen/Core>

#include <cstdint>
#include <vector>

namespace cutlab::core {

// Layer sizes of the two-stream network.
struct NetworkShape {
    int maskInputs = 0;   // L, the model's layers
    int maskHidden1 = 64; // first mask layer
    int maskHidden2 = 32; // second mask layer
    int hardwareInputs = 10;
    int jointHidden = 32; // after the concatenation
    bool operator==(const NetworkShape&) const = default;
};

// AccEPT's four fully connected layers (cost-models.md §2.5): the 0/1 layer mask through two
// ReLU layers, concatenated with the (normalised) hardware vector, one more ReLU layer and a
// linear output. Inputs and outputs are one sample per column; what they mean (normalisation)
// is LatencyPredictor's business.
class LatencyNetwork {
  public:
    LatencyNetwork(const NetworkShape& shape, std::uint64_t seed);
    // From saved layers, in the order mask1, mask2, joint, output (sizes checked by the caller).
    LatencyNetwork(const NetworkShape& shape, std::vector<DenseLayer> layers);

    const NetworkShape& shape() const { return m_shape; }
    const std::vector<DenseLayer>& layers() const { return m_layers; }

    Eigen::RowVectorXd evaluate(const Eigen::MatrixXd& masks,
                                const Eigen::MatrixXd& hardware) const;
    // One Adam step on the mean squared error of a batch; returns that error (before the step).
    double trainStep(const Eigen::MatrixXd& masks, const Eigen::MatrixXd& hardware,
                     const Eigen::RowVectorXd& targets, const AdamSettings& settings);
    // Forgets Adam's moments and step count (the weights stay): the next trainStep is Adam's
    // first, with its full bias correction, whatever trained the weights before.
    void restartOptimizer();

  private:
    NetworkShape m_shape;
    std::vector<DenseLayer> m_layers;
    long m_step = 0;
};

} // namespace cutlab::core
