#pragma once

#include "core/model/Profile.h"
#include "core/predictor/LatencyPredictor.h"

#include <optional>
#include <string>

namespace cutlab::core {

// Where the pipeline planner takes each machine's layer times from (cost-models.md §2.5).
enum class TimeSource {
    Profile,    // the profile's measured times
    SpeedRatio, // FTPipeHD: the reference machine's times × each machine's speed ratio
    Predictor,  // AccEPT: the latency predictor's forecast per layer
};

std::string timeSourceName(TimeSource source); // "profile" | "ratio" | "predictor"
std::optional<TimeSource> timeSourceFromName(const std::string& name);

// A copy of `profile` whose other machines' forward and backward times are estimated as the peers
// do after profiling the model once on the reference machine and timing only the ten
// representative sub-models on each other machine: the hardware vector comes from the machine's
// measured times on those sub-models, the rest from the estimate. Per layer i on machine m:
//   ratio:      forward  = ref_forward_i × ratio_m       (ratio_m = Σ h_m / Σ h_ref)
//   predictor:  forward  = predictor(h_m, layer i) × model.batch   (forward ms per sample)
//   backward    = forward × ref_backward_i / ref_forward_i   (the reference's proportion; the
//                 ratio alone when the reference's forward is 0)
// The reference machine keeps its measured times; Profile returns the profile unchanged.
// Throws std::invalid_argument for an unknown reference, a missing predictor, or a predictor of
// another model (layer ids differ).
Profile profileWithEstimatedTimes(const Profile& profile, TimeSource source,
                                  const std::string& referenceMachine,
                                  const LatencyPredictor* predictor);

} // namespace cutlab::core
