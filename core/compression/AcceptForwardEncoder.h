#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace cutlab::core {

// AccEPT's forward codec, encoding side (docs/cost-models.md §2.4.1): multi-bit binary
// quantisation of float32 activations, x ≈ Σ_j α_j·B_j − m with B_j ∈ {−1,+1} and k ∈ {2,3,4}.
// Stateful, as in the paper: the first batch (and the first after reset() or a change of k) is
// initialised by residue (α_1 = mean|x|, B_1 = sign x, r = x − α_1·B_1, α_2 = mean|r|, …); each
// later batch takes the nearest level of the previous batch's level set {Σ_j ±α_j} and then the
// least-squares α for those signs (BᵀB α = Bᵀx). m is the mean quantisation error, sent so that
// the decoder removes the bias. The stream is exactly AcceptStreamLayout::forward's size.
class AcceptForwardEncoder {
  public:
    // Throws CodecError unless bits ∈ {2,3,4}.
    explicit AcceptForwardEncoder(int bits = 2);

    int bits() const { return m_bits; }
    // A new width (the adaptive schedule); the next batch starts from the residue again.
    void setBits(int bits);
    // Forget α: the next batch starts from the residue (AccEPT does so at each epoch's batch 0).
    void reset();

    // α and mean error sent with the last batch encoded (α empty before the first).
    const std::vector<float>& alpha() const { return m_alpha; }
    float meanError() const { return m_meanError; }

    // `x` holds `samples` rows of `elements` float32 values (row-major). Throws CodecError for an
    // empty or mismatched tensor, a NaN or an infinity (the encoder's state is then unchanged).
    std::vector<std::uint8_t> encode(std::span<const float> x, long long samples,
                                     long long elements);
    // The same into `stream`, which must be exactly the layout's size.
    void encodeInto(std::span<const float> x, long long samples, long long elements,
                    std::span<std::uint8_t> stream);

  private:
    int m_bits;
    std::vector<float> m_alpha;
    float m_meanError = 0;
};

} // namespace cutlab::core
