#pragma once

#include "core/model/Profile.h"

namespace cutlab::core {

// The profile with each layer's forward time added to its backward time on every machine: the
// forward pass recomputed before the backward pass when only each stage's input is kept
// (--recompute, docs/cost-models.md §2.7).
Profile withRecomputation(Profile profile);

} // namespace cutlab::core
