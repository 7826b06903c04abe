#include "core/model/CutSnapping.h"

#include <algorithm>
#include <cmath>

namespace cutlab::core {

int nearestCutIndex(const std::vector<double>& ascendingCoordinates, double x) {
    if (ascendingCoordinates.empty())
        return -1;
    if (std::isnan(x))
        return 0;
    const auto upper =
        std::lower_bound(ascendingCoordinates.begin(), ascendingCoordinates.end(), x);
    if (upper == ascendingCoordinates.begin())
        return 0;
    if (upper == ascendingCoordinates.end())
        return static_cast<int>(ascendingCoordinates.size()) - 1;
    const auto lower = upper - 1;
    const int index = static_cast<int>(upper - ascendingCoordinates.begin());
    return (x - *lower) <= (*upper - x) ? index - 1 : index;
}

} // namespace cutlab::core
