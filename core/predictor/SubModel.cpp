#include "core/predictor/SubModel.h"

namespace cutlab::core {

std::vector<SubModel> contiguousSubModels(int layers) {
    std::vector<SubModel> all;
    all.reserve(static_cast<std::size_t>(layers) * static_cast<std::size_t>(layers + 1) / 2);
    for (int first = 0; first < layers; ++first)
        for (int last = first; last < layers; ++last)
            all.push_back({first, last});
    return all;
}

Eigen::VectorXd layerMask(SubModel subModel, int layers) {
    Eigen::VectorXd mask = Eigen::VectorXd::Zero(layers);
    mask.segment(subModel.first, subModel.size()).setOnes();
    return mask;
}

double subModelMs(const std::vector<double>& layerMs, SubModel subModel) {
    double sum = 0;
    for (int layer = subModel.first; layer <= subModel.last; ++layer)
        sum += layerMs[static_cast<std::size_t>(layer)];
    return sum;
}

} // namespace cutlab::core
