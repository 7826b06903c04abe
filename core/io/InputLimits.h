#pragma once

#include <cstddef>
#include <cstdint>

namespace cutlab::core {

// The documented ranges of everything CutLab reads (docs: docs/formats.md, "Limits"). They are far
// beyond any real model or network, and small enough that no sum or product a planner forms
// (times × samples × layers, bytes × 8 ÷ bandwidth) can overflow to infinity or NaN.
inline constexpr double kMaxMilliseconds = 1e9;   // a layer's time, a link's latency (11.6 days)
inline constexpr double kMaxBytes = 1e15;         // output, parameter and input sizes (1 PB)
inline constexpr double kMaxFlops = 1e21;         // a layer's floating-point operations
inline constexpr double kMaxBatch = 1e6;          // samples in a mini-batch
inline constexpr double kMinBandwidthMbps = 1e-6; // 1 bit/s
inline constexpr double kMaxBandwidthMbps = 1e9;  // 1 Pbit/s
inline constexpr double kMaxFactor = 1e6;         // speed factors of estimated machines

// A largest value with the words a message shows it in ("at most 1e9 ms").
struct NumberRange {
    double max;
    const char* text;
};
inline constexpr NumberRange kTimeRange{kMaxMilliseconds, "1e9 ms"};
inline constexpr NumberRange kBytesRange{kMaxBytes, "1e15 bytes"};
inline constexpr NumberRange kFlopsRange{kMaxFlops, "1e21"};
inline constexpr NumberRange kBatchRange{kMaxBatch, "1e6 samples"};
inline constexpr NumberRange kBandwidthRange{kMaxBandwidthMbps, "1e9 Mbps"};

// Files are refused before they are read when larger than this, or when they are not regular
// files (directories, devices such as /dev/zero, FIFOs, sockets).
inline constexpr std::uintmax_t kMaxFileBytes = 128ull * 1024 * 1024;
// Ids, names, labels, types: at most this many bytes; free text (model.source) more.
inline constexpr std::size_t kMaxNameBytes = 1024;
inline constexpr std::size_t kMaxTextBytes = 64 * 1024;

// ONNX models (checked by core/onnx/OnnxValidation before the ONNX library sees them). The most
// operators a model may have: more would make a profile larger than the 128 MiB every reader
// accepts (a layer takes about 500 bytes), so such a model is refused before its shapes are
// inferred. Subgraphs count too (kMaxOnnxNodesInAll), as their inference takes time.
inline constexpr int kMaxOnnxLayers = 200000;
inline constexpr int kMaxOnnxNodesInAll = 1000000;
// Dimensions and element counts of any tensor, far beyond real models (2^40 elements = 4 TB of
// floats) and small enough that no size the ONNX library forms from them overflows.
inline constexpr std::int64_t kMaxOnnxDimension = std::int64_t{1} << 40;
inline constexpr double kMaxOnnxElements = 1099511627776.0; // 2^40
// Subgraphs (If, Loop, Scan bodies) nested deeper than this are refused.
inline constexpr int kMaxOnnxSubgraphDepth = 16;

} // namespace cutlab::core
