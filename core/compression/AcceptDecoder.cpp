#include "core/compression/AcceptDecoder.h"

namespace cutlab::core {

AcceptDecoder::AcceptDecoder(Direction direction, int bits) : m_bits(bits), m_direction(direction) {
    if (direction == Direction::Forward)
        AcceptStreamLayout::checkForwardBits(bits);
    else
        AcceptStreamLayout::checkBackwardBits(bits);
}

std::vector<float> AcceptDecoder::decode(std::span<const std::uint8_t> stream, long long samples,
                                         long long elements) const {
    AcceptStreamLayout::checkShape(samples, elements);
    std::vector<float> values(static_cast<std::size_t>(samples) *
                              static_cast<std::size_t>(elements));
    decodeInto(stream, samples, elements, values);
    return values;
}

AcceptStreamLayout AcceptDecoder::checkedLayout(std::span<const std::uint8_t> stream,
                                                long long samples, long long elements,
                                                std::size_t values) const {
    const bool forward = m_direction == Direction::Forward;
    const AcceptStreamLayout layout = forward
                                          ? AcceptStreamLayout::forward(m_bits, samples, elements)
                                          : AcceptStreamLayout::backward(m_bits, samples, elements);
    AcceptStreamLayout::checkTensor(values, samples, elements);
    layout.checkStreamBytes(stream.size(), forward ? "forward" : "backward",
                            forward ? "activations" : "gradients", m_bits, samples, elements);
    return layout;
}

} // namespace cutlab::core
