#pragma once

#include "core/model/PlanError.h"
#include "core/model/Profile.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cutlab::core {

// Word `index` of the bit set that holds all of `layers` layers.
inline std::uint64_t fullLayerWord(int layers, int index) {
    return index < (layers - 1) / 64 || layers % 64 == 0 ? ~std::uint64_t(0)
                                                         : (std::uint64_t(1) << (layers % 64)) - 1;
}

// Word `index` of a downset kept as a window (see DownsetLattice): `first` full words, then
// `count` words from `words`, then empty ones.
inline std::uint64_t windowWord(int layers, int first, const std::uint64_t* words,
                                std::size_t count, int index) {
    const int offset = index - first;
    if (offset < 0)
        return fullLayerWord(layers, index);
    return static_cast<std::size_t>(offset) < count ? words[offset] : 0;
}

// The cut states of a pipeline (docs/cost-models.md §2.3): downsets of the layer DAG, i.e. sets of
// layers closed under predecessors (PipeDream's antichains name the same states). A stage is
// the difference of two nested downsets. Downsets are numbered by size: 0 is the empty set, the
// last one holds every layer, and a downset's proper subsets all have smaller numbers. Each
// downset knows its lower covers (itself minus one of its maximal layers), which is all the
// pipeline search needs to reach every subset of a downset.
//
// A downset is kept as a window of 64-layer words (the layers in file order): every word before
// the window is full, every word after it is empty. A long model's downsets differ only near
// their frontier, so a 50,000-layer chain takes a few bytes per downset, not 6 KB.
class DownsetLattice {
  public:
    // The most downsets `allDownsets` enumerates by default: the planner's arrays for an 8-machine
    // chain stay under 1 GB. Inception-v3 has 221,565; NASNet far more.
    static constexpr std::size_t kDefaultLimit = 2000000;
    // Counting for messages stops here ("more than 2,000,000").
    static constexpr std::size_t kCountCap = 2000000;

    // Every downset, enumerated breadth-first by size (lazily: nothing past `limit` is stored).
    // Throws DownsetLimitExceeded (a PlanError) when there are more than `limit`, and
    // EnumerationStopped when `stop` (polled now and then; may be empty) says so.
    // `progress` hears the share of layer counts listed so far (0..1).
    static DownsetLattice allDownsets(const Profile& profile, std::size_t limit = kDefaultLimit,
                                      const std::function<bool()>& stop = {},
                                      const std::function<void(double)>& progress = {});
    // Only the empty set, the prefixes that end at a valid cut point (docs/formats.md §1) and all
    // layers: the states of `--cut-mode single` (each one's lower cover is the prefix before it).
    static DownsetLattice validCutPrefixes(const Profile& profile);
    // The number of downsets of the layer DAG, or `cap` + 1 when there are more than `cap`.
    static std::size_t countDownsets(const Profile& profile, std::size_t cap = kCountCap);

    // The downsets this one covers, i.e. its proper subsets with one step less (ascending).
    const int* lowerCoversBegin(int downset) const {
        return m_covers.data() + m_coverStart[static_cast<std::size_t>(downset)];
    }
    const int* lowerCoversEnd(int downset) const {
        return m_covers.data() + m_coverStart[static_cast<std::size_t>(downset) + 1];
    }
    // The layer this downset adds to its first lower cover, or -1 when it adds several (valid cut
    // prefixes) or has no cover (the empty set).
    int addedLayer(int downset) const { return m_added[static_cast<std::size_t>(downset)]; }
    // Bytes the lattice holds (windows, sizes and covers).
    std::size_t memoryBytes() const;

    std::size_t size() const { return m_sizes.size(); }
    int layerCount() const { return m_layers; }
    int emptyDownset() const { return 0; }
    int fullDownset() const { return static_cast<int>(size()) - 1; }
    // Number of layers in a downset.
    int sizeOf(int downset) const { return m_sizes[static_cast<std::size_t>(downset)]; }
    bool contains(int downset, int layer) const {
        return (word(downset, layer / 64) >> (layer % 64)) & 1u;
    }
    bool isSubset(int inner, int outer) const;
    // Layer positions, ascending.
    std::vector<int> layersOf(int downset) const;
    // The layers of `outer` that `inner` (a subset of it) lacks, ascending; the work follows the
    // span between the two frontiers, not the model's length.
    std::vector<int> layersBetween(int inner, int outer) const;

  private:
    DownsetLattice(int layers);
    // Word `index` of a downset's bit set.
    std::uint64_t word(int downset, int index) const {
        const auto d = static_cast<std::size_t>(downset);
        return windowWord(m_layers, m_first[d], m_windows.data() + m_windowStart[d],
                          m_windowStart[d + 1] - m_windowStart[d], index);
    }
    // Gives back the room the vectors grew into.
    void shrink();
    // Adds a downset of `count` layers, given by its window (first full-word count and the words
    // after), whose lower covers are `covers` (indices already added).
    void append(int first, const std::uint64_t* window, std::size_t words, int count,
                const std::vector<int>& covers, int added);

    int m_layers = 0;
    int m_words = 0;
    std::vector<int> m_first;                  // the words before a downset's window are full
    std::vector<std::size_t> m_windowStart{0}; // m_windows[m_windowStart[d] .. m_windowStart[d+1])
    std::vector<std::uint64_t> m_windows;
    std::vector<int> m_sizes;
    std::vector<std::size_t> m_coverStart{0}; // m_covers[m_coverStart[d] .. m_coverStart[d+1])
    std::vector<int> m_covers;
    std::vector<int> m_added;
};

// allDownsets was told to stop (a deadline or a cancel).
class EnumerationStopped : public PlanError {
  public:
    EnumerationStopped() : PlanError("the enumeration of downsets was stopped") {}
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
