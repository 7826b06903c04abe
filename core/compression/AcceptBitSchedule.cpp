#include "core/compression/AcceptBitSchedule.h"

#include <algorithm>

namespace cutlab::core {

int AcceptBitSchedule::forwardBits() const {
    return 2 + std::min(m_changes, 2);
}

int AcceptBitSchedule::backwardBits() const {
    return m_changes == 0 ? 8 : 4;
}

} // namespace cutlab::core
