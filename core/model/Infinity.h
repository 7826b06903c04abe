#pragma once

#include <limits>

namespace cutlab::core {

// The cost of what cannot be done (no plan, no machine, no fit), for the searches' minima.
inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

} // namespace cutlab::core
