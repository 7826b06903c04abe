#include "core/compression/AcceptCodec.h"

#include "core/compression/AcceptStreamLayout.h"

#include <cmath>

namespace cutlab::core {

AcceptCodec::AcceptCodec(int forwardBits, int backwardBits)
    : m_forwardBits(forwardBits), m_backwardBits(backwardBits) {
    AcceptStreamLayout::checkForwardBits(forwardBits);
    AcceptStreamLayout::checkBackwardBits(backwardBits);
}

double AcceptCodec::forwardBytes(long long samples, long long elements) const {
    if (samples <= 0 || elements <= 0)
        return 0;
    return static_cast<double>(
        AcceptStreamLayout::forward(m_forwardBits, samples, elements).totalBytes());
}

double AcceptCodec::backwardBytes(long long samples, long long elements) const {
    if (samples <= 0 || elements <= 0)
        return 0;
    return static_cast<double>(
        AcceptStreamLayout::backward(m_backwardBits, samples, elements).totalBytes());
}

long long AcceptCodec::elementsOf(double bytesPerSample) {
    if (bytesPerSample <= 0)
        return 0;
    return static_cast<long long>(std::ceil(bytesPerSample / 4.0));
}

double AcceptCodec::uncompressedBytes(long long samples, long long elements) {
    if (samples <= 0 || elements <= 0)
        return 0;
    return static_cast<double>(4 * samples * elements);
}

} // namespace cutlab::core
