#include "core/predictor/LatencyNetwork.h"

#include "core/predictor/SeededRandom.h"

namespace cutlab::core {
namespace {

Eigen::MatrixXd stacked(const Eigen::MatrixXd& top, const Eigen::MatrixXd& bottom) {
    Eigen::MatrixXd both(top.rows() + bottom.rows(), top.cols());
    both << top, bottom;
    return both;
}

} // namespace

LatencyNetwork::LatencyNetwork(const NetworkShape& shape, std::uint64_t seed) : m_shape(shape) {
    SeededRandom random(seed);
    m_layers.emplace_back(shape.maskInputs, shape.maskHidden1, true, random);
    m_layers.emplace_back(shape.maskHidden1, shape.maskHidden2, true, random);
    m_layers.emplace_back(shape.maskHidden2 + shape.hardwareInputs, shape.jointHidden, true,
                          random);
    m_layers.emplace_back(shape.jointHidden, 1, false, random);
}

LatencyNetwork::LatencyNetwork(const NetworkShape& shape, std::vector<DenseLayer> layers)
    : m_shape(shape), m_layers(std::move(layers)) {}

Eigen::RowVectorXd LatencyNetwork::evaluate(const Eigen::MatrixXd& masks,
                                            const Eigen::MatrixXd& hardware) const {
    const Eigen::MatrixXd mask = m_layers[1].evaluate(m_layers[0].evaluate(masks));
    return m_layers[3].evaluate(m_layers[2].evaluate(stacked(mask, hardware))).row(0);
}

double LatencyNetwork::trainStep(const Eigen::MatrixXd& masks, const Eigen::MatrixXd& hardware,
                                 const Eigen::RowVectorXd& targets, const AdamSettings& settings) {
    const Eigen::MatrixXd& mask = m_layers[1].forward(m_layers[0].forward(masks));
    const Eigen::MatrixXd& output =
        m_layers[3].forward(m_layers[2].forward(stacked(mask, hardware)));
    const Eigen::RowVectorXd error = output.row(0) - targets;
    const double count = static_cast<double>(targets.size());
    // d(mean squared error)/d(output)
    const Eigen::MatrixXd outputGradient = (2.0 / count) * error;
    const Eigen::MatrixXd jointGradient =
        m_layers[2].backward(m_layers[3].backward(outputGradient));
    m_layers[0].backward(m_layers[1].backward(jointGradient.topRows(m_shape.maskHidden2)));
    ++m_step;
    for (DenseLayer& layer : m_layers)
        layer.applyAdam(settings, m_step);
    return error.squaredNorm() / count;
}

void LatencyNetwork::restartOptimizer() {
    for (DenseLayer& layer : m_layers)
        layer = DenseLayer(layer.weights(), layer.bias(), layer.relu());
    m_step = 0;
}

} // namespace cutlab::core
