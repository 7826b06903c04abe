#include "core/model/MachinePreset.h"

namespace cutlab::core {
namespace {

// Peaks are fp32 and arithmetic (cores x clock x flops per cycle, or the datasheet's figure);
// the achieved fraction turns them into what a framework reaches on dense convolutions. Memory
// figures are what a streaming kernel reaches: measured STREAM for the Raspberry Pis (their
// SoC reaches well below the LPDDR figure on paper), the datasheet peak for the others.
// Per-layer overheads are an inference runtime's operator dispatch, plus a kernel launch
// (5-10 us) on GPUs.
constexpr double kGiB = 1073741824.0;

std::vector<MachinePreset> makePresets() {
    return {
        {"pi3",
         "Raspberry Pi 3 B (4 x Cortex-A53 1.2 GHz)",
         38.4,
         0.25,
         2.0,
         0.1,
         Tier::Device,
         "Raspberry Pi 3 B product brief: BCM2837, 4 x Cortex-A53 at 1.2 GHz, LPDDR2-900 on a "
         "32-bit bus, 1 GB; peak = 4 cores x 1.2 GHz x 8 fp32 flops per cycle (4-wide NEON FMA) = "
         "38.4 GFLOP/s; memory 3.6 GB/s on paper, 2 GB/s used: an assumption (a little over half "
         "the paper figure, as for the Pi 4's measured 4.8-5.6 of 12.8 GB/s), not a Pi 3 "
         "measurement",
         "0.25: the in-order, dual-issue A53 keeps its NEON unit busy less often than the "
         "Pi 4's A72, whose measured share is 0.31-0.38",
         {},
         kGiB},
        {"pi4",
         "Raspberry Pi 4 B (4 x Cortex-A72 1.5 GHz)",
         48,
         0.35,
         4.0,
         0.05,
         Tier::Device,
         "Raspberry Pi 4 B product brief: BCM2711, 4 x Cortex-A72 at 1.5 GHz, LPDDR4-3200, 4 GB "
         "assumed (1, 2, 4 and 8 GB variants are sold); "
         "peak = 4 cores x 1.5 GHz x 8 fp32 flops per cycle (4-wide NEON FMA) = 48 GFLOP/s; "
         "STREAM measured 4.8 (triad) to 5.6 (copy) GB/s (sci-pi.org.uk/bench/stream.html), "
         "4 GB/s used since framework kernels stream less cleanly (Scission's VGG16 fully "
         "connected layers move 1.7-1.9 GB/s on a Pi 4)",
         "0.35: Scission's measured Keras times on a Pi 4 (sample_profiles/scission/vgg16.json) "
         "give 15-18 GFLOP/s on VGG16's 3x3 convolutions, 0.31-0.38 of the peak",
         {},
         4 * kGiB},
        {"jetson-nano",
         "NVIDIA Jetson Nano (128-core Maxwell GPU)",
         236,
         0.5,
         25.6,
         0.05,
         Tier::Device,
         "NVIDIA Jetson Nano datasheet: 472 GFLOP/s fp16, so 236 GFLOP/s fp32 (128 CUDA cores x "
         "921.6 MHz x 2), 4 GB 64-bit LPDDR4 at 25.6 GB/s shared with the CPU (datasheet peak)",
         "0.5: the low end of what cuDNN reaches on large convolutions (0.5-0.7 of the fp32 "
         "peak), as the GPU shares its memory with the CPU and is fed by a 1.43 GHz Cortex-A57",
         {},
         4 * kGiB},
        {"nuc-i3",
         "Intel NUC, one core of a Core i3-7100U (2.4 GHz, AVX2)",
         76.8,
         0.6,
         15,
         0.02,
         Tier::Edge,
         "Intel ARK, Core i3-7100U: 2.4 GHz (no turbo), AVX2 with two FMA units: 2.4 GHz x 32 "
         "fp32 flops per cycle = 76.8 GFLOP/s for one core; dual-channel DDR4-2133 gives 34.1 "
         "GB/s, of which one core streams about 15 GB/s (a single core's outstanding cache "
         "misses limit it)",
         "0.6: as for the i7-6700K, whose core is the same microarchitecture; one thread has no "
         "threading losses",
         {},
         0},
        {"i7-6700k",
         "Intel Core i7-6700K (4 cores 4.0 GHz, AVX2)",
         512,
         0.6,
         34.1,
         0.02,
         Tier::Edge,
         "Intel ARK, Core i7-6700K: 4 cores at 4.0 GHz, AVX2 with two FMA units: 4 x 4.0 GHz x "
         "32 fp32 flops per cycle = 512 GFLOP/s; dual-channel DDR4-2133 at 34.1 GB/s (datasheet "
         "peak)",
         "0.6: Scission's measured Keras times on the 6700K without GPU "
         "(sample_profiles/scission/vgg16.json) give 320-430 GFLOP/s on VGG16's 3x3 "
         "convolutions, 0.62-0.84 of the peak; 0.6 leaves room for smaller layers",
         {},
         0},
        {"gtx1080ti",
         "NVIDIA GeForce GTX 1080 Ti",
         11340,
         0.6,
         484,
         0.01,
         Tier::Cloud,
         "NVIDIA GeForce GTX 1080 Ti specifications: 3584 CUDA cores at 1582 MHz boost x 2 = "
         "11.3 TFLOP/s fp32, 11 GB GDDR5X at 484 GB/s (datasheet peak)",
         "0.6: the middle of what cuDNN reaches on large fp32 convolutions (0.5-0.7 of the "
         "peak)",
         {},
         11 * kGiB},
        {"v100",
         "NVIDIA Tesla V100 SXM2 (fp32, no tensor cores)",
         15700,
         0.6,
         900,
         0.01,
         Tier::Cloud,
         "NVIDIA Tesla V100 datasheet (SXM2): 15.7 TFLOP/s fp32, 16 GB HBM2 (the 32 GB variant "
         "not assumed) at 900 GB/s (datasheet peak); the 125 TFLOP/s tensor-core figure is for "
         "fp16 and not used",
         "0.6: the middle of what cuDNN reaches on large fp32 convolutions (0.5-0.7 of the "
         "peak)",
         {},
         16 * kGiB},
        // Today's hardware for language models (docs/cost-models.md, "Tokens"): the token
        // figures are the dense matrix peak prompt processing can use and the memory bandwidth
        // token generation streams the weights at; the shares are calibrated from llama.cpp's
        // published llama-bench rates (docs/validation.md, "Language models").
        {"phone-sd8g3",
         "Snapdragon 8 Gen 3 phone (1 x X4 3.3 GHz, 5 x A720, 2 x A520; CPU)",
         388,
         0.3,
         76.8,
         0.02,
         Tier::Device,
         "Qualcomm Snapdragon 8 Gen 3 product brief: 1 x Cortex-X4 at 3.3 GHz, 3 x A720 at "
         "3.15 GHz, 2 x A720 at 2.96 GHz, 2 x A520 at 2.27 GHz, LPDDR5X-4800 on a 64-bit bus "
         "(76.8 GB/s); fp32 peak = 3.3 x 32 + (3 x 3.15 + 2 x 2.96) x 16 + 2 x 2.27 x 8 flops "
         "per cycle = 388 GFLOP/s; 12 GB as in the Galaxy S24 Ultra (8 and 16 GB phones exist)",
         "0.3: a phone CPU throttles under sustained load",
         {},
         12 * kGiB,
         1552,
         0.5,
         0.5},
        {"pi5",
         "Raspberry Pi 5 (4 x Cortex-A76 2.4 GHz)",
         153.6,
         0.35,
         17.1,
         0.03,
         Tier::Device,
         "Raspberry Pi 5 product brief: BCM2712, 4 x Cortex-A76 at 2.4 GHz, LPDDR4X-4267 on a "
         "32-bit bus (17.1 GB/s), 8 GB (2, 4 and 16 GB variants are sold); fp32 peak = 4 cores x "
         "2.4 GHz x 16 flops per cycle (two 128-bit NEON FMA pipes) = 153.6 GFLOP/s; the token "
         "figure is the int8 dot-product peak (4 x the fp32 lanes) llama.cpp's quantized "
         "kernels use",
         "0.35: as the Pi 4's measured share",
         {},
         8 * kGiB,
         614,
         0.5,
         0.5},
        {"orin-nano",
         "NVIDIA Jetson Orin Nano Super 8 GB (1024-core Ampere GPU at 1020 MHz)",
         2089,
         0.5,
         102,
         0.02,
         Tier::Edge,
         "NVIDIA Jetson Orin Nano Super Developer Kit datasheet (MAXN_SUPER): 1024 CUDA cores and "
         "32 tensor cores at 1020 MHz (2.09 TFLOP/s fp32), 67 sparse int8 TOPS (so 16.75 dense "
         "fp16 TFLOP/s on the tensor cores: half the dense int8 rate, itself half the sparse), "
         "8 GB 128-bit LPDDR5 at 102 GB/s shared with the CPU",
         "0.5: as the Jetson Nano",
         {},
         8 * kGiB,
         16750,
         0.5,
         0.7},
        {"agx-orin",
         "NVIDIA Jetson AGX Orin 64 GB (2048-core Ampere GPU)",
         5300,
         0.5,
         204.8,
         0.02,
         Tier::Edge,
         "NVIDIA Jetson AGX Orin 64 GB datasheet: 2048 CUDA cores and 64 tensor cores at 1.3 GHz "
         "(5.3 TFLOP/s fp32), 170 sparse int8 TOPS on the GPU (so 42.5 dense fp16 TFLOP/s), "
         "64 GB 256-bit LPDDR5 at 204.8 GB/s shared with the CPU",
         "0.5: as the Jetson Nano",
         {},
         64 * kGiB,
         42500,
         0.5,
         0.7},
        {"laptop-gpu",
         "Apple M3 Max laptop GPU (40-core, 64 GB unified memory)",
         16400,
         0.6,
         400,
         0.01,
         Tier::Edge,
         "Apple MacBook Pro 16-inch (Nov 2023) technical specifications: M3 Max with a 40-core "
         "GPU, "
         "64 GB unified memory at 400 GB/s; fp32 = 40 cores x 128 ALUs x 2 x 1.6 GHz = 16.4 "
         "TFLOP/s (Apple publishes no figure; its GPU runs fp16 at the fp32 rate)",
         "0.6: as the desktop GPUs",
         {},
         64 * kGiB,
         16400,
         0.5,
         0.7},
        {"rtx4090",
         "NVIDIA GeForce RTX 4090 (24 GB)",
         82600,
         0.6,
         1008,
         0.01,
         Tier::Cloud,
         "NVIDIA Ada Lovelace architecture whitepaper: RTX 4090 82.6 TFLOP/s fp32, 165.2 dense "
         "fp16 tensor TFLOP/s with fp32 accumulation, 24 GB GDDR6X at 1008 GB/s",
         "0.6: the middle of what cuDNN reaches on large fp32 convolutions",
         {},
         24 * kGiB,
         165200,
         0.5,
         0.7},
        {"a100",
         "NVIDIA A100 80 GB SXM",
         19500,
         0.6,
         2039,
         0.01,
         Tier::Cloud,
         "NVIDIA A100 datasheet (80 GB SXM): 19.5 TFLOP/s fp32, 312 dense fp16 tensor TFLOP/s, "
         "80 GB HBM2e at 2039 GB/s",
         "0.6: the middle of what cuDNN reaches on large fp32 convolutions",
         {},
         80 * kGiB,
         312000,
         0.5,
         0.7},
        {"h100",
         "NVIDIA H100 80 GB PCIe",
         51000,
         0.6,
         2000,
         0.01,
         Tier::Cloud,
         "NVIDIA H100 Tensor Core GPU datasheet (PCIe column): 51 TFLOP/s fp32, 756 dense fp16 "
         "tensor TFLOP/s (1,513 with sparsity), 80 GB HBM2e at 2 TB/s",
         "0.6: the middle of what cuDNN reaches on large fp32 convolutions",
         {},
         80 * kGiB,
         756000,
         0.5,
         0.7},
    };
}

} // namespace

ClassRoofline MachinePreset::rooflineFor(OperatorClass operatorClass) const {
    for (const ClassRoofline& roofline : classRooflines)
        if (roofline.operatorClass == operatorClass)
            return roofline;
    return {operatorClass, achievedGflops(), memoryGBps};
}

const std::vector<MachinePreset>& machinePresets() {
    static const std::vector<MachinePreset> presets = makePresets();
    return presets;
}

const MachinePreset* findMachinePreset(std::string_view id) {
    for (const MachinePreset& preset : machinePresets())
        if (preset.id == id)
            return &preset;
    return nullptr;
}

std::string machinePresetIds() {
    std::string ids;
    for (const MachinePreset& preset : machinePresets())
        ids += (ids.empty() ? "" : ", ") + preset.id;
    return ids;
}

} // namespace cutlab::core
