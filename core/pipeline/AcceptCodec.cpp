#include "core/pipeline/AcceptCodec.h"

#include "core/model/PlanError.h"

#include <cmath>
#include <string>

namespace cutlab::core {
namespace {

long long ceilDiv(long long value, long long divisor) {
    return (value + divisor - 1) / divisor;
}

} // namespace

AcceptCodec::AcceptCodec(int forwardBits, int backwardBits)
    : m_forwardBits(forwardBits), m_backwardBits(backwardBits) {
    if (forwardBits < 2 || forwardBits > 4)
        throw PlanError("AccEPT forward activations take 2, 3 or 4 bits, not " +
                        std::to_string(forwardBits));
    if (backwardBits != 8 && backwardBits != 4)
        throw PlanError("AccEPT backward gradients take 8 or 4 bits, not " +
                        std::to_string(backwardBits));
}

double AcceptCodec::forwardBytes(long long samples, long long elements) const {
    if (samples <= 0 || elements <= 0)
        return 0;
    const long long k = m_forwardBits;
    const long long bits = 32 * k + ceilDiv(samples, 8) * 8 * elements * k + 32;
    return static_cast<double>(bits / 8);
}

double AcceptCodec::backwardBytes(long long samples, long long elements) const {
    if (samples <= 0 || elements <= 0)
        return 0;
    const long long packedSamples = m_backwardBits == 8 ? samples : ceilDiv(samples, 2);
    const long long bits = 8 * packedSamples * elements + 32;
    return static_cast<double>(bits / 8);
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
