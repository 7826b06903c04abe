#pragma once

#include "core/predictor/SubModel.h"

#include <vector>

namespace cutlab::core {

// FTPipeHD's estimate, the baseline the predictor must beat: one speed ratio per machine
// (its ms on the representative sub-models summed / the reference machine's), times the
// reference machine's per-layer ms summed over the sub-model.
class SpeedRatioEstimator {
  public:
    SpeedRatioEstimator(std::vector<double> referenceLayerMs,
                        std::vector<SubModel> representatives);

    // The ratio of a machine whose ms on the representative sub-models are `hardwareMs`
    // (1 when the reference takes no time on them).
    double ratio(const std::vector<double>& hardwareMs) const;
    double estimateMs(double ratio, SubModel subModel) const;

  private:
    std::vector<double> m_referenceLayerMs;
    double m_referenceRepresentativeMs = 0;
};

} // namespace cutlab::core
