#include "core/compression/AcceptStreamLayout.h"

#include "core/compression/CodecError.h"

#include <string>

namespace cutlab::core {
namespace {

std::size_t ceilDiv(long long value, long long divisor) {
    return static_cast<std::size_t>((value + divisor - 1) / divisor);
}

} // namespace

void AcceptStreamLayout::checkShape(long long samples, long long elements) {
    if (samples < 1 || elements < 1)
        throw CodecError("An AccEPT tensor needs at least one sample and one element, not " +
                         std::to_string(samples) + " samples × " + std::to_string(elements) +
                         " elements");
}

void AcceptStreamLayout::checkForwardBits(int bits) {
    if (bits < 2 || bits > 4)
        throw CodecError("AccEPT forward activations take 2, 3 or 4 bits, not " +
                         std::to_string(bits));
}

void AcceptStreamLayout::checkBackwardBits(int bits) {
    if (bits != 8 && bits != 4)
        throw CodecError("AccEPT backward gradients take 8 or 4 bits, not " + std::to_string(bits));
}

void AcceptStreamLayout::checkTensor(std::size_t values, long long samples, long long elements) {
    checkShape(samples, elements);
    const auto expected = static_cast<std::size_t>(samples) * static_cast<std::size_t>(elements);
    if (values != expected)
        throw CodecError("The tensor holds " + std::to_string(values) + " values, not " +
                         std::to_string(samples) + " samples × " + std::to_string(elements) +
                         " elements = " + std::to_string(expected));
}

AcceptStreamLayout AcceptStreamLayout::forward(int bits, long long samples, long long elements) {
    checkForwardBits(bits);
    checkShape(samples, elements);
    AcceptStreamLayout layout;
    layout.headerBytes = 4 * static_cast<std::size_t>(bits);
    layout.payloadBytes =
        ceilDiv(samples, 8) * static_cast<std::size_t>(elements) * static_cast<std::size_t>(bits);
    layout.trailerBytes = 4;
    return layout;
}

AcceptStreamLayout AcceptStreamLayout::backward(int bits, long long samples, long long elements) {
    checkBackwardBits(bits);
    checkShape(samples, elements);
    AcceptStreamLayout layout;
    layout.headerBytes = 4;
    const std::size_t rows = bits == 8 ? static_cast<std::size_t>(samples) : ceilDiv(samples, 2);
    layout.payloadBytes = rows * static_cast<std::size_t>(elements);
    return layout;
}

void AcceptStreamLayout::checkStreamBytes(std::size_t streamBytes, const char* direction,
                                          const char* content, int bits, long long samples,
                                          long long elements) const {
    if (streamBytes == totalBytes())
        return;
    throw CodecError(std::string("The ") + direction + " stream has " +
                     std::to_string(streamBytes) + " bytes; " + std::to_string(bits) + "-bit " +
                     content + " of " + std::to_string(samples) + " × " + std::to_string(elements) +
                     " take " + std::to_string(totalBytes()) +
                     (streamBytes < totalBytes() ? " (truncated)" : ""));
}

} // namespace cutlab::core
