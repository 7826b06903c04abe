#pragma once

#include "core/training/HierTrainEvaluator.h"
#include "core/training/HierTrainSampleLine.h"
#include "core/training/TrainingCostModel.h"

#include <array>

namespace cutlab::core {

// The machines' capacities as constraints on the sample split of one HierTrain mapping and one
// pair of cuts (docs/cost-models.md §2.8). Each worker's memory is affine in (b_s, b_l) where it
// has samples, so along a line of splits the plans that fit form one interval.
class HierTrainMemoryLimits {
  public:
    HierTrainMemoryLimits(const TrainingCostModel& model, const std::array<int, 3>& workers, int ms,
                          int ml, int batch);

    bool active() const { return m_active; }
    bool fits(int bs, int bl) const;
    // The part of the line (whose workers with samples are `present`) where every worker fits:
    // t0 > t1 when none does.
    SampleLine restrict(const SampleLine& line, const std::array<bool, 3>& present) const;

  private:
    bool fitsAt(const SampleLine& line, int t) const { return fits(line.bs(t), line.bl(t)); }

    const TrainingCostModel& m_model;
    std::array<int, 3> m_workers;
    int m_ms, m_ml, m_batch;
    bool m_active;
    std::array<SampleAffine, 3> m_bytes; // each worker's memory where it has samples
};

// Whether a box of cut pairs with m_l in [mlLow, mlHigh] may hold a plan that fits where L has
// samples: L with one sample at the lowest m_l > 0 and O's weights plus every sample's
// activations after the highest m_l are lower bounds of their memory.
bool hierTrainBoxMayFit(const TrainingCostModel& model, const std::array<int, 3>& workers,
                        int mlLow, int mlHigh, int batch);

} // namespace cutlab::core
