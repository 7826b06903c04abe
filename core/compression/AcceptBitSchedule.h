#pragma once

#include "core/compression/AcceptCodec.h"

namespace cutlab::core {

// AccEPT's adaptive bit widths over a training run: forward activations start at 2 bits and
// gain one at each learning-rate change up to 4; backward gradients start at 8 bits and drop to
// 4 at the first change.
class AcceptBitSchedule {
  public:
    int forwardBits() const;
    int backwardBits() const;
    int learningRateChanges() const { return m_changes; }

    // The optimiser changed the learning rate (e.g. a step of a multi-step decay).
    void learningRateChanged() { ++m_changes; }

    // The widths in force now, as the codec the pipeline planner charges.
    AcceptCodec codec() const { return AcceptCodec(forwardBits(), backwardBits()); }

  private:
    int m_changes = 0;
};

} // namespace cutlab::core
