#pragma once

#include "core/model/MachinePreset.h"
#include "core/model/MachineSelection.h"
#include "core/model/Profile.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace cutlab::core {

// Roofline estimates of layer times on machines that were never measured, from the layer's
// flops and bytes (cost-models.md §3). For one layer on one preset, at model.batch
// samples b (the batch profile times are given at):
//   compute  = flops x b / (peak x achieved fraction)
//   memory   = bytes moved / memory bandwidth, bytes moved = (input + output bytes) x b +
//              param_bytes, input bytes = the producers' output_bytes (model.input_bytes for a
//              layer that reads the model input); the weights are read once per batch
//   forward  = per-layer overhead + max(compute, memory); a layer without flops (0 or absent)
//              is memory-bound only
//   backward = 2 x forward (gradients of the input and of the weights each cost about one
//              forward pass: an approximation, not a measurement)
//   update   = 3 x param_bytes / memory bandwidth (read the weight, read its gradient, write
//              the weight), once per iteration
// flops are per sample, as output_bytes are.

struct RooflineLayerTimes {
    double computeMs = 0;
    double memoryMs = 0;
    double forwardMs = 0;
    double backwardMs = 0;
    double updateMs = 0;
    bool computeBound() const { return computeMs > memoryMs; }
};

// Bytes one sample of the layer reads: the sum of its producers' output_bytes, or
// model.input_bytes when it reads the model input.
double layerInputBytes(const Profile& profile, int layer);
// Bytes the layer moves at model.batch samples: (input + output) x batch + param_bytes.
double layerBytesMoved(const Profile& profile, int layer);
RooflineLayerTimes estimateLayerTimes(const Profile& profile, int layer,
                                      const MachinePreset& preset);

// The profile entry of an estimated machine: its id, tier, label ("... (roofline estimate)"),
// "estimated": true, the estimate note, the preset and its memory_bytes.
Machine estimatedMachine(const MachineSelection& selection);

// True when at least one layer has flops (a profile without any cannot be estimated).
bool profileHasFlops(const Profile& profile);

// The "estimate" note an estimated machine carries: "roofline: pi4 preset, 16.8 GFLOP/s fp32
// (0.35 x 48 peak), 4 GB/s, 0.05 ms per layer; ...".
std::string rooflineNote(const MachinePreset& preset);

// Why estimated machines were not added; nothing in the profile has changed.
class EstimateError : public std::runtime_error {
  public:
    enum class Kind {
        NoMachines,    // the selection is empty
        NoFlops,       // no layer has flops
        RepeatedId,    // the selection names one machine id twice
        MachineExists, // a machine id is already in the profile and replacing was not asked
    };
    EstimateError(Kind kind, const std::string& message)
        : std::runtime_error(message), m_kind(kind) {}
    Kind kind() const { return m_kind; }

  private:
    Kind m_kind;
};

struct EstimateSummary {
    std::vector<std::string> added;    // machine ids appended to the profile
    std::vector<std::string> replaced; // machine ids whose entry and times were rewritten
};

// Adds one machine per selection (id, tier, label "<preset label> (roofline estimate)") with
// the estimated times of every layer; with `replace`, a machine whose id is already in the
// profile is rewritten in place instead. Each such machine is marked in Machine::fields:
// "estimated": true, "estimate": rooflineNote(preset), "preset": the preset id. The model is
// marked in ModelInfo::fields: "times": "estimated" when every machine of the profile is
// estimated, else "partly estimated". A layer gets estimated backward_ms (update_ms) only when
// it has them for every machine not being written, as the format wants them for all machines
// or none. Times are not checked against the format's limits: validate what you write.
// Throws EstimateError before changing anything.
EstimateSummary addEstimatedMachines(Profile& profile,
                                     const std::vector<MachineSelection>& machines,
                                     bool replace = false);

// True when the machine's fields carry "estimated": true.
bool isEstimatedMachine(const Machine& machine);

} // namespace cutlab::core
