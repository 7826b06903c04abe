#pragma once

#include <vector>

namespace cutlab::core {

// The index of the coordinate nearest to `x` in an ascending list (ties go to the lower one);
// -1 when the list is empty. Used to snap a dragged cut handle to a valid cut point.
int nearestCutIndex(const std::vector<double>& ascendingCoordinates, double x);

} // namespace cutlab::core
