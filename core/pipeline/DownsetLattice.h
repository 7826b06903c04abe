#pragma once

#include "core/model/PlanError.h"
#include "core/model/Profile.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cutlab::core {

// The cut states of a pipeline (docs/cost-models.md §2.3): downsets of the layer DAG, i.e. sets of
// layers closed under predecessors (PipeDream's antichains name the same states). A stage is
// the difference of two nested downsets. Downsets are numbered by size: 0 is the empty set, the
// last one holds every layer, and a downset's proper subsets all have smaller numbers.
class DownsetLattice {
  public:
    // Beyond this many downsets the `--cut-mode any` planner refuses. The DP visits every nested
    // pair of downsets, up to count²/2: at 5,000 its worst shape (two long parallel chains) takes
    // about 0.12 s (4 machines) to 0.18 s (8 machines) of CPU on the 2-core build machine, at
    // 10,000 already 0.5-0.6 s (tests/bench/bench_pipeline). The PipeDream profiles have 23 to
    // 431 downsets; Inception-v3 has 221,565 and NASNet far more.
    static constexpr std::size_t kDefaultLimit = 5000;
    // Counting for the refusal message stops here ("more than 2,000,000").
    static constexpr std::size_t kCountCap = 2000000;

    // Every downset, enumerated breadth-first by size (lazily: nothing past `limit` is stored).
    // Throws DownsetLimitExceeded (a PlanError) giving the count when there are more than `limit`.
    static DownsetLattice allDownsets(const Profile& profile, std::size_t limit = kDefaultLimit);
    // Only the empty set, the prefixes that end at a valid cut point (docs/formats.md §1) and all
    // layers: the states of `--cut-mode single`.
    static DownsetLattice validCutPrefixes(const Profile& profile);
    // The number of downsets of the layer DAG, or `cap` + 1 when there are more than `cap`.
    static std::size_t countDownsets(const Profile& profile, std::size_t cap = kCountCap);

    std::size_t size() const { return m_sizes.size(); }
    int layerCount() const { return m_layers; }
    int emptyDownset() const { return 0; }
    int fullDownset() const { return static_cast<int>(size()) - 1; }
    // Number of layers in a downset.
    int sizeOf(int downset) const { return m_sizes[static_cast<std::size_t>(downset)]; }
    bool contains(int downset, int layer) const {
        return (word(downset, layer / 64) >> (layer % 64)) & 1u;
    }
    bool isSubset(int inner, int outer) const {
        const std::uint64_t* a =
            m_bits.data() + static_cast<std::size_t>(inner) * static_cast<std::size_t>(m_words);
        const std::uint64_t* b =
            m_bits.data() + static_cast<std::size_t>(outer) * static_cast<std::size_t>(m_words);
        for (int w = 0; w < m_words; ++w)
            if (a[w] & ~b[w])
                return false;
        return true;
    }
    // Layer positions, ascending.
    std::vector<int> layersOf(int downset) const;

  private:
    DownsetLattice(int layers);
    std::uint64_t word(int downset, int index) const {
        return m_bits[static_cast<std::size_t>(downset) * static_cast<std::size_t>(m_words) +
                      static_cast<std::size_t>(index)];
    }
    void append(const std::uint64_t* bits, int count);

    int m_layers = 0;
    int m_words = 0;
    std::vector<std::uint64_t> m_bits; // m_words per downset
    std::vector<int> m_sizes;
};

// `--cut-mode any` on a graph with too many downsets.
class DownsetLimitExceeded : public PlanError {
  public:
    DownsetLimitExceeded(std::size_t count, std::size_t limit);
    std::size_t count() const { return m_count; } // kCountCap + 1 means "more than kCountCap"
    std::size_t limit() const { return m_limit; }

  private:
    std::size_t m_count;
    std::size_t m_limit;
};

// 221565 -> "221,565".
std::string withThousands(std::size_t value);

} // namespace cutlab::core
