#pragma once

#include "core/model/Profile.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace cutlab::core {

// One machine's forward time per layer, for ONE sample (forward_ms / model.batch).
struct MachineTimes {
    std::string id;
    std::vector<double> layerMs;
};

// What the latency predictor learns from: one model's layers and every machine's per-layer
// forward times. Forward only: every sample profile has forward_ms, the Scission ones nothing
// else (docs/formats.md §4.14).
struct ModelTimes {
    std::string modelName;
    std::vector<std::string> layerIds;
    std::vector<double> flops; // per layer; empty unless every layer has flops > 0
    std::vector<MachineTimes> machines;

    int layers() const { return static_cast<int>(layerIds.size()); }
    // Position in `machines`, or -1.
    int machineIndex(const std::string& id) const;
    const MachineTimes& machine(const std::string& id) const; // throws std::invalid_argument
};

// A mismatch between profiles of one model, as a sentence.
class ModelTimesError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

ModelTimes modelTimesOf(const Profile& profile);

// Adds `more`'s machines to `times`: the same layer ids in the same order, no machine twice;
// else throws ModelTimesError naming the first difference.
void appendMachines(ModelTimes& times, const ModelTimes& more);

} // namespace cutlab::core
