#pragma once

namespace cutlab::core {

// Exact encoded sizes of AccEPT's bit-level codec (docs/cost-models.md §2.4) for one tensor of
// `samples` samples × `elements` float32 values per sample.
//  - forward activations, k ∈ {2, 3, 4} bits, multi-bit binary quantisation: 32k bits of α,
//    the sign bits packed 8 per byte along the batch (⌈n/8⌉·8·E·k bits) and 32 bits of mean error;
//  - backward gradients, k ∈ {8, 4} bits, stochastic rounding with one 32-bit scale:
//    8·n·E + 32 bits for k = 8, 8·⌈n/2⌉·E + 32 bits for k = 4 (two values per byte).
// Every size is a whole number of bytes. The sizes are those of the real codec's streams
// (AcceptStreamLayout, shared with AcceptForwardEncoder and AcceptBackwardEncoder).
class AcceptCodec {
  public:
    // Throws CodecError (a PlanError) unless forwardBits ∈ {2,3,4} and backwardBits ∈ {8,4}.
    AcceptCodec(int forwardBits = 2, int backwardBits = 8);

    int forwardBits() const { return m_forwardBits; }
    int backwardBits() const { return m_backwardBits; }

    double forwardBytes(long long samples, long long elements) const;
    double backwardBytes(long long samples, long long elements) const;

    // Float32 values per sample of a tensor of `bytesPerSample` bytes (rounded up).
    static long long elementsOf(double bytesPerSample);
    // The same tensor sent as plain float32: 32·n·E bits.
    static double uncompressedBytes(long long samples, long long elements);

  private:
    int m_forwardBits;
    int m_backwardBits;
};

} // namespace cutlab::core
