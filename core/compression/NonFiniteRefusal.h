#pragma once

#include <span>

namespace cutlab::core {

// Throws CodecError naming the first NaN or infinity of a tensor with `elements` values per
// sample ("activations: sample 3, element 17 is NaN"); returns when every value is finite.
// The encoders call it only once their fast pass has seen a non-finite value.
void refuseNonFinite(std::span<const float> values, long long elements, const char* what);

} // namespace cutlab::core
