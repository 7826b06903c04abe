#include "core/predictor/SpeedRatioEstimator.h"

#include <numeric>

namespace cutlab::core {

SpeedRatioEstimator::SpeedRatioEstimator(std::vector<double> referenceLayerMs,
                                         std::vector<SubModel> representatives)
    : m_referenceLayerMs(std::move(referenceLayerMs)) {
    for (const SubModel& subModel : representatives)
        m_referenceRepresentativeMs += subModelMs(m_referenceLayerMs, subModel);
}

double SpeedRatioEstimator::ratio(const std::vector<double>& hardwareMs) const {
    const double total = std::accumulate(hardwareMs.begin(), hardwareMs.end(), 0.0);
    return m_referenceRepresentativeMs > 0 ? total / m_referenceRepresentativeMs : 1.0;
}

double SpeedRatioEstimator::estimateMs(double ratio, SubModel subModel) const {
    return ratio * subModelMs(m_referenceLayerMs, subModel);
}

} // namespace cutlab::core
