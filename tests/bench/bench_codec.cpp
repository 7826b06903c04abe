// AccEPT codec benchmark (not a test: prints figures, asserts nothing about time).
//   cmake --build build/h --target bench_codec && build/h/tests/bench/bench_codec
// One core, one float32 tensor of n = 32 samples × E = 2^18 elements (32 MiB): encode and decode
// throughput in GB/s (10^9 bytes of float32 tensor per second, input for the encoders, output for
// the decoders) for the forward codec at k = 2, 3, 4 and the backward codec at k = 8, 4, next to
// memcpy of the same buffer in the same run; the relative error ‖x − x̂‖/‖x‖ on normal and on
// ReLU-shaped (max(0, normal)) data; then the paper's 4 MB MobileNetV2 activation over a link.
#include "BenchTiming.h"

#include "core/compression/AcceptBackwardDecoder.h"
#include "core/compression/AcceptBackwardEncoder.h"
#include "core/compression/AcceptCodec.h"
#include "core/compression/AcceptForwardDecoder.h"
#include "core/compression/AcceptForwardEncoder.h"
#include "core/compression/AcceptStreamLayout.h"
#include "core/model/Network.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

using namespace cutlab::core;

namespace {

constexpr long long kSamples = 32;
constexpr long long kElements = 1 << 18;
constexpr int kRuns = 7;

std::vector<float> normalData(std::size_t count, unsigned seed, bool relu) {
    std::mt19937 generator(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::vector<float> values(count);
    for (float& v : values)
        v = relu ? std::max(0.0f, normal(generator)) : normal(generator);
    return values;
}

double relativeError(const std::vector<float>& x, const std::vector<float>& decoded) {
    double error = 0, norm = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        error += (double(x[i]) - decoded[i]) * (double(x[i]) - decoded[i]);
        norm += double(x[i]) * x[i];
    }
    return std::sqrt(error / norm);
}

double gbPerSecond(std::size_t bytes, double ms) {
    return static_cast<double>(bytes) / (ms * 1e-3) / 1e9;
}

// Steady-state forward codec at k bits on x (a first batch sets α up, untimed) and its error
// after that batch and one more (the stateful update).
void benchForward(int k, const std::vector<float>& x, const std::vector<float>& relu) {
    const std::size_t bytes = x.size() * sizeof(float);
    AcceptForwardEncoder encoder(k);
    const AcceptForwardDecoder decoder(k);
    std::vector<std::uint8_t> stream(
        AcceptStreamLayout::forward(k, kSamples, kElements).totalBytes());
    std::vector<float> decoded(x.size());
    encoder.encodeInto(x, kSamples, kElements, stream);
    const double encodeMs =
        medianMs(kRuns, [&] { encoder.encodeInto(x, kSamples, kElements, stream); });
    const double firstMs = medianMs(kRuns, [&] {
        encoder.reset();
        encoder.encodeInto(x, kSamples, kElements, stream);
    });
    const double decodeMs =
        medianMs(kRuns, [&] { decoder.decodeInto(stream, kSamples, kElements, decoded); });
    double errors[2][2];
    for (int shape = 0; shape < 2; ++shape) {
        const std::vector<float>& data = shape == 0 ? x : relu;
        encoder.reset();
        for (int batch = 0; batch < 2; ++batch) {
            encoder.encodeInto(data, kSamples, kElements, stream);
            decoder.decodeInto(stream, kSamples, kElements, decoded);
            errors[shape][batch] = relativeError(data, decoded);
        }
    }
    std::printf(
        "forward  k=%d  encode %6.2f GB/s (%6.1f ms; first batch, residue start: %6.2f GB/s)"
        "  decode %6.2f GB/s (%6.1f ms)  ratio %5.1fx\n",
        k, gbPerSecond(bytes, encodeMs), encodeMs, gbPerSecond(bytes, firstMs),
        gbPerSecond(bytes, decodeMs), decodeMs, double(bytes) / double(stream.size()));
    std::printf("         relative error: normal %.4f (first batch) %.4f (second); "
                "ReLU %.4f (first) %.4f (second)\n",
                errors[0][0], errors[0][1], errors[1][0], errors[1][1]);
}

void benchBackward(int k, const std::vector<float>& g, const std::vector<float>& relu) {
    const std::size_t bytes = g.size() * sizeof(float);
    const AcceptBackwardEncoder encoder(k);
    const AcceptBackwardDecoder decoder(k);
    std::vector<std::uint8_t> stream(
        AcceptStreamLayout::backward(k, kSamples, kElements).totalBytes());
    std::vector<float> decoded(g.size());
    std::uint64_t seed = 1;
    encoder.encodeInto(g, kSamples, kElements, seed, stream);
    const double encodeMs =
        medianMs(kRuns, [&] { encoder.encodeInto(g, kSamples, kElements, ++seed, stream); });
    const double decodeMs =
        medianMs(kRuns, [&] { decoder.decodeInto(stream, kSamples, kElements, decoded); });
    encoder.encodeInto(g, kSamples, kElements, 7, stream);
    decoder.decodeInto(stream, kSamples, kElements, decoded);
    const double normalError = relativeError(g, decoded);
    encoder.encodeInto(relu, kSamples, kElements, 7, stream);
    decoder.decodeInto(stream, kSamples, kElements, decoded);
    const double reluError = relativeError(relu, decoded);
    std::printf("backward k=%d  encode %6.2f GB/s (%6.1f ms)  decode %6.2f GB/s (%6.1f ms)  ratio "
                "%5.1fx\n",
                k, gbPerSecond(bytes, encodeMs), encodeMs, gbPerSecond(bytes, decodeMs), decodeMs,
                double(bytes) / double(stream.size()));
    std::printf("         relative error: normal %.4f; ReLU %.4f\n", normalError, reluError);
}

// The paper's example (§2.2): MobileNetV2's largest output, "about 4MB", over a 50 Mbps link
// ("about 655 ms"), and the same over CutLab's 4g preset, before and after forward compression.
void paperExample() {
    const long long n = 32, E = 1 << 15; // n·E = 2^20 float32 = 4 MiB
    const double plain = AcceptCodec::uncompressedBytes(n, E);
    const Link paperLink{"device", "edge", 50, 0};
    const Link fourG = *networkPreset("4g")->linkBetweenTiers(Tier::Device, Tier::Edge);
    std::printf("\nPaper example: a 4 MiB MobileNetV2 activation, n = %lld samples x E = %lld "
                "float32 (2^20 values, %.0f bytes)\n",
                n, E, plain);
    std::printf("  50 Mbps (50e6 bit/s, no latency): bytes*8/50e6; 4g preset device-edge: %.1f "
                "Mbps + %.0f ms latency\n",
                fourG.bandwidthMbps, fourG.latencyMs);
    std::printf("  %-12s %10s %12s %12s %16s\n", "", "bytes", "50 Mbps ms", "4g ms",
                "encode+decode ms");
    std::printf("  %-12s %10.0f %12.1f %12.1f %16s\n", "float32", plain,
                paperLink.transferMs(plain), fourG.transferMs(plain), "-");
    const std::vector<float> x = normalData(std::size_t(n * E), 9, true);
    std::vector<float> decoded(x.size());
    for (int k : {2, 3, 4}) {
        const double bytes = AcceptCodec(k, 8).forwardBytes(n, E);
        AcceptForwardEncoder encoder(k);
        const AcceptForwardDecoder decoder(k);
        std::vector<std::uint8_t> stream(static_cast<std::size_t>(bytes));
        encoder.encodeInto(x, n, E, stream);
        const double codecMs = medianMs(kRuns, [&] {
            encoder.encodeInto(x, n, E, stream);
            decoder.decodeInto(stream, n, E, decoded);
        });
        std::printf("  forward k=%d %10.0f %12.1f %12.1f %16.2f\n", k, bytes,
                    paperLink.transferMs(bytes), fourG.transferMs(bytes), codecMs);
    }
}

} // namespace

int main() {
    const std::vector<float> x = normalData(std::size_t(kSamples * kElements), 1, false);
    const std::vector<float> relu = normalData(std::size_t(kSamples * kElements), 2, true);
    const std::size_t bytes = x.size() * sizeof(float);
    std::vector<float> copy(x.size(), 1.0f);
    const double copyMs = medianMs(kRuns, [&] { std::memcpy(copy.data(), x.data(), bytes); });
    std::printf("AccEPT codec, one core: n = %lld samples x E = %lld float32 = %.0f MiB; median of "
                "%d runs; GB = 1e9 bytes of float32 tensor\n",
                kSamples, kElements, double(bytes) / (1 << 20), kRuns);
    std::printf("memcpy          %6.2f GB/s (%6.1f ms)\n", gbPerSecond(bytes, copyMs), copyMs);
    for (int k : {2, 3, 4})
        benchForward(k, x, relu);
    for (int k : {8, 4})
        benchBackward(k, x, relu);
    paperExample();
    return 0;
}
