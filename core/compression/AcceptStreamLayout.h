#pragma once

#include <cstddef>

namespace cutlab::core {

// Where each part of one encoded AccEPT tensor sits in its byte stream (docs/cost-models.md
// §2.4.1): the one definition of the stream layout, used by the encoders and decoders to size
// and read their buffers and by AcceptCodec for the sizes the pipeline planner charges.
//   forward,  k ∈ {2,3,4}: α_1..α_k (4k bytes) | sign bits (⌈n/8⌉·E·k bytes) | mean error (4)
//   backward, k = 8:       scale (4 bytes) | n·E signed bytes
//   backward, k = 4:       scale (4 bytes) | ⌈n/2⌉·E bytes of two 4-bit values
struct AcceptStreamLayout {
    std::size_t headerBytes = 0;  // α (forward) or the scale (backward)
    std::size_t payloadBytes = 0; // packed sign bits or quantised gradients
    std::size_t trailerBytes = 0; // the mean quantisation error (forward only)

    std::size_t payloadOffset() const { return headerBytes; }
    std::size_t trailerOffset() const { return headerBytes + payloadBytes; }
    std::size_t totalBytes() const { return headerBytes + payloadBytes + trailerBytes; }

    // Throw CodecError unless bits ∈ {2,3,4} (forward) or {8,4} (backward) and both the sample
    // count n and the elements per sample E are at least 1.
    static AcceptStreamLayout forward(int bits, long long samples, long long elements);
    static AcceptStreamLayout backward(int bits, long long samples, long long elements);

    static void checkForwardBits(int bits);
    // Throws CodecError unless n ≥ 1 and E ≥ 1.
    static void checkShape(long long samples, long long elements);
    static void checkBackwardBits(int bits);
    // Throw CodecError unless n ≥ 1, E ≥ 1 and a tensor of `values` floats holds n·E of them.
    static void checkTensor(std::size_t values, long long samples, long long elements);
    // Throws CodecError unless a stream of `streamBytes` has this layout's length, naming the
    // stream ("forward"), its content ("activations") and shape, and "(truncated)" when short.
    void checkStreamBytes(std::size_t streamBytes, const char* direction, const char* content,
                          int bits, long long samples, long long elements) const;
};

} // namespace cutlab::core
