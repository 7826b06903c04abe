#pragma once

#include "core/model/OperatorClass.h"
#include "core/model/Tier.h"

#include <string>
#include <string_view>
#include <vector>

namespace cutlab::core {

// The rate one class of operators reaches on a machine: compute-bound work at `gflops`
// (10^9 flop/s), memory-bound work at `gbps` (10^9 B/s).
struct ClassRoofline {
    OperatorClass operatorClass = OperatorClass::Convolution;
    double gflops = 0;
    double gbps = 0;
};

// A machine described by a roofline: what its layers would take is estimated from the layer's
// flops and bytes (core/model/RooflineEstimator.h) instead of measured. Figures are fp32.
struct MachinePreset {
    std::string id;    // "pi4": the machine id a profile gets by default
    std::string label; // "Raspberry Pi 4 B (4 x Cortex-A72 1.5 GHz)"
    // fp32 peak from the datasheet or cores x clock x flops per cycle (the marketing figure).
    double peakGflops = 0;
    // The share of that peak a framework reaches on dense convolutions (see `fractionReason`).
    double achievedFraction = 0;
    // Memory bandwidth for memory-bound layers: what a streaming kernel reaches (GB/s, 10^9 B/s).
    double memoryGBps = 0;
    // Fixed cost of every layer: operator dispatch, and the kernel launch on GPUs.
    double overheadMs = 0;
    Tier defaultTier = Tier::Device;
    std::string source;         // where the figures come from (datasheet, published measurement)
    std::string fractionReason; // why `achievedFraction` has its value

    // Calibrated machines (cutlab-cli calibrate, a `cutlab-machine` file): the rate of each
    // class that was fitted; every other class runs at the machine-wide figures above.
    std::vector<ClassRoofline> classRooflines;

    // The bytes the machine can hold (the vendor's figure, the source says which variant), 0
    // when it is not the machine's own (a PC's memory is whatever was fitted). An estimated
    // machine gets it as its `memory_bytes`.
    double memoryBytes = 0;

    // Language models (docs/cost-models.md, "Tokens"): the matrix rate prompt processing can
    // reach (the dense fp16 tensor-core peak on GPUs, the SIMD peak on CPUs; 0: the fp32 peak),
    // and the shares of it and of the memory bandwidth llama.cpp-like runtimes reach, which
    // `calibrate` learns from a measured tokens-per-second figure.
    double tokenGflops = 0;
    double tokenComputeShare = 0.5;
    double tokenBandwidthShare = 0.7;

    // The fp32 GFLOP/s the estimates use: peak x achieved fraction.
    double achievedGflops() const { return peakGflops * achievedFraction; }
    // The rates one class of operators runs at: its own when calibrated, else the machine's.
    ClassRoofline rooflineFor(OperatorClass operatorClass) const;
};

// The built-in presets, in the order `cutlab-cli estimate --list` shows them: pi3, pi4,
// jetson-nano, nuc-i3, i7-6700k, gtx1080ti, v100, then today's: phone-sd8g3, pi5, orin-nano,
// agx-orin, laptop-gpu, rtx4090, a100, h100.
const std::vector<MachinePreset>& machinePresets();

// The preset with that id, or nullptr.
const MachinePreset* findMachinePreset(std::string_view id);

// "pi3, pi4, jetson-nano, ...": the ids for a message naming the known presets.
std::string machinePresetIds();

} // namespace cutlab::core
