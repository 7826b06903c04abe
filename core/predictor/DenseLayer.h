#pragma once

#include "core/predictor/AdamParameter.h"

#include <Eigen/Core>

namespace cutlab::core {

class SeededRandom;

// A fully connected layer y = W x + b, optionally followed by ReLU, over a batch (one sample per
// column), with its own backward pass and Adam state.
class DenseLayer {
  public:
    // He-uniform weights (±sqrt(6 / inputs)), zero bias.
    DenseLayer(int inputs, int outputs, bool relu, SeededRandom& random);
    DenseLayer(Eigen::MatrixXd weights, Eigen::VectorXd bias, bool relu);

    int inputs() const { return static_cast<int>(m_weights.cols()); }
    int outputs() const { return static_cast<int>(m_weights.rows()); }
    bool relu() const { return m_relu; }
    const Eigen::MatrixXd& weights() const { return m_weights; }
    const Eigen::VectorXd& bias() const { return m_bias; }

    // Inference: no state kept.
    Eigen::MatrixXd evaluate(const Eigen::MatrixXd& input) const;
    // Training: keeps the input and the output for backward().
    const Eigen::MatrixXd& forward(const Eigen::MatrixXd& input);
    // Takes dLoss/dOutput of the last forward(), stores the parameter gradients and returns
    // dLoss/dInput.
    Eigen::MatrixXd backward(const Eigen::MatrixXd& outputGradient);
    void applyAdam(const AdamSettings& settings, long step);

  private:
    Eigen::MatrixXd m_weights;
    Eigen::VectorXd m_bias;
    bool m_relu = true;
    Eigen::MatrixXd m_input, m_output;
    Eigen::MatrixXd m_weightGradient;
    Eigen::MatrixXd m_biasGradient;
    AdamParameter m_weightMoments, m_biasMoments;
};

} // namespace cutlab::core
