#include "core/predictor/DenseLayer.h"

#include "core/predictor/SeededRandom.h"

#include <cmath>

namespace cutlab::core {

DenseLayer::DenseLayer(int inputs, int outputs, bool relu, SeededRandom& random)
    : m_weights(outputs, inputs), m_bias(Eigen::VectorXd::Zero(outputs)), m_relu(relu),
      m_weightMoments(outputs, inputs), m_biasMoments(outputs, 1) {
    const double limit = std::sqrt(6.0 / inputs);
    for (int column = 0; column < inputs; ++column)
        for (int row = 0; row < outputs; ++row)
            m_weights(row, column) = random.uniform(-limit, limit);
}

DenseLayer::DenseLayer(Eigen::MatrixXd weights, Eigen::VectorXd bias, bool relu)
    : m_weights(std::move(weights)), m_bias(std::move(bias)), m_relu(relu),
      m_weightMoments(m_weights.rows(), m_weights.cols()), m_biasMoments(m_bias.size(), 1) {}

Eigen::MatrixXd DenseLayer::evaluate(const Eigen::MatrixXd& input) const {
    Eigen::MatrixXd output = m_weights * input;
    output.colwise() += m_bias;
    if (m_relu)
        output = output.cwiseMax(0.0);
    return output;
}

const Eigen::MatrixXd& DenseLayer::forward(const Eigen::MatrixXd& input) {
    m_input = input;
    m_output = evaluate(input);
    return m_output;
}

Eigen::MatrixXd DenseLayer::backward(const Eigen::MatrixXd& outputGradient) {
    Eigen::MatrixXd preActivation = outputGradient;
    if (m_relu)
        preActivation = (m_output.array() > 0).select(outputGradient, 0.0);
    m_weightGradient = preActivation * m_input.transpose();
    m_biasGradient = preActivation.rowwise().sum();
    return m_weights.transpose() * preActivation;
}

void DenseLayer::applyAdam(const AdamSettings& settings, long step) {
    m_weightMoments.update(m_weights, m_weightGradient, settings, step);
    Eigen::MatrixXd bias = m_bias;
    m_biasMoments.update(bias, m_biasGradient, settings, step);
    m_bias = bias;
}

} // namespace cutlab::core
