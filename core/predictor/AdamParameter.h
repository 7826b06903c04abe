#pragma once

#include <Eigen/Core>

namespace cutlab::core {

struct AdamSettings {
    double learningRate = 2e-3;
    double beta1 = 0.9;
    double beta2 = 0.999;
    double epsilon = 1e-8;
};

// Adam's first and second moments for one parameter matrix (Kingma & Ba, 2015).
class AdamParameter {
  public:
    AdamParameter() = default;
    AdamParameter(Eigen::Index rows, Eigen::Index cols)
        : m_first(Eigen::MatrixXd::Zero(rows, cols)), m_second(Eigen::MatrixXd::Zero(rows, cols)) {}

    // One step (`step` counts from 1) of `parameter` against `gradient`.
    void update(Eigen::MatrixXd& parameter, const Eigen::MatrixXd& gradient,
                const AdamSettings& settings, long step);

  private:
    Eigen::MatrixXd m_first;
    Eigen::MatrixXd m_second;
};

} // namespace cutlab::core
