#include "core/compression/NonFiniteRefusal.h"

#include "core/compression/CodecError.h"

#include <cmath>
#include <string>

namespace cutlab::core {

void refuseNonFinite(std::span<const float> values, long long elements, const char* what) {
    for (std::size_t i = 0; i < values.size(); ++i) {
        const float v = values[i];
        if (std::isfinite(v))
            continue;
        const long long index = static_cast<long long>(i);
        throw CodecError(std::string(what) + ": sample " + std::to_string(index / elements) +
                         ", element " + std::to_string(index % elements) + " is " +
                         (std::isnan(v) ? "NaN"
                          : v > 0       ? "+inf"
                                        : "-inf") +
                         "; the AccEPT codec encodes finite values only");
    }
}

} // namespace cutlab::core
