#pragma once

#include "core/model/MachinePreset.h"
#include "core/model/Profile.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace cutlab::core {

// One measured profile of a model and the same model imported from ONNX (one layer per
// operator, with flops, bytes and operator classes): what calibration learns from, and what a
// calibrated machine is checked against. The imported nodes are matched to the measured layers
// by module path (core/model/ModulePaths.h).
struct CalibrationSample {
    std::string name; // for messages: the profile's file
    Profile measured; // layer ids = module paths (cutlab-profile-torch)
    int machine = 0;  // the measured machine's position in `measured`
    Profile imported; // cutlab-cli import of the model's ONNX export
};

// Why a calibration or a check could not be made.
class CalibrationError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// One measured layer against its estimate (the sum of its nodes' estimated forward times).
struct LayerComparison {
    std::string sample;
    std::string layer;
    double measuredMs = 0;
    double estimatedMs = 0;
};

// How well a machine's estimates follow the measured layers.
struct CalibrationScore {
    std::vector<LayerComparison> layers; // every measured layer with a time > 0
    double medianError = 0;              // median of |estimated - measured| / measured
    double spearman = 0;                 // rank correlation of estimated and measured
};

struct CalibrationOptions {
    // How strongly each class's rate is pulled towards the all-class rate: one extra row per
    // class, weight x ln(rate / all-class rate). Small, so that measurements decide wherever
    // they can (a class 100 times slower costs 0.05 x 4.6 = 0.23, a fifth of one layer's
    // relative error), but classes the layers cannot tell apart stay near the all-class rate
    // instead of 0 or infinite. 0 fits the classes freely.
    double priorWeight = 0.05;
};

// The machine that best explains the measured forward times: for each operator class c found
// in the samples, forward(node) = overhead + max(flops x batch / GFLOP/s_c, bytes moved /
// GB/s_c) with GFLOP/s_c / GB/s_c the same ridge point for every class (docs/cost-models.md §3.2
// gives the fit). The result has `classRooflines` for those classes, the all-class fit as its
// machine-wide figures, and `id`, `label`, `source` left for the caller. Throws
// CalibrationError when a sample's nodes match none of its layers, or no layer was measured.
MachinePreset calibrateMachine(const std::vector<CalibrationSample>& samples,
                               const CalibrationOptions& options = {});

// The machine's estimates of every measured layer of the samples, and how they rank.
CalibrationScore scoreMachine(const std::vector<CalibrationSample>& samples,
                              const MachinePreset& machine);

// Spearman's rank correlation (average ranks for ties); 0 for fewer than two pairs.
double spearmanCorrelation(const std::vector<double>& a, const std::vector<double>& b);

} // namespace cutlab::core
