#include "core/predictor/AdamParameter.h"

#include <cmath>

namespace cutlab::core {

void AdamParameter::update(Eigen::MatrixXd& parameter, const Eigen::MatrixXd& gradient,
                           const AdamSettings& settings, long step) {
    m_first = settings.beta1 * m_first + (1 - settings.beta1) * gradient;
    m_second = settings.beta2 * m_second + (1 - settings.beta2) * gradient.cwiseAbs2();
    const double firstCorrection = 1 - std::pow(settings.beta1, static_cast<double>(step));
    const double secondCorrection = 1 - std::pow(settings.beta2, static_cast<double>(step));
    parameter.array() -= settings.learningRate * (m_first.array() / firstCorrection) /
                         ((m_second.array() / secondCorrection).sqrt() + settings.epsilon);
}

} // namespace cutlab::core
