#include "core/pipeline/DownsetLattice.h"

#include "core/model/ModelStructure.h"

#include <memory>
#include <unordered_set>

namespace cutlab::core {
namespace {

int wordsFor(int layers) {
    return (layers + 63) / 64;
}

// One breadth-first level: downsets of the same size, deduplicated.
class DownsetLevel {
  public:
    explicit DownsetLevel(int words)
        : m_words(static_cast<std::size_t>(words)), m_index(64, Hash{this}, Equal{this}) {}
    // The hash functors point at this object: it never moves.
    DownsetLevel(const DownsetLevel&) = delete;
    DownsetLevel& operator=(const DownsetLevel&) = delete;

    std::size_t size() const { return m_index.size(); }
    const std::uint64_t* at(std::size_t i) const { return m_bits.data() + i * m_words; }
    // Adds `bits` unless the level already holds it; returns its position in the level.
    std::size_t insert(const std::uint64_t* bits) {
        const std::size_t position = m_bits.size() / m_words;
        m_bits.insert(m_bits.end(), bits, bits + m_words);
        const auto [it, added] = m_index.insert(position);
        if (!added)
            m_bits.resize(position * m_words);
        return *it;
    }
    // Lower covers of each downset of this level, as indices into the whole lattice, and the
    // layer it adds to the first one.
    std::vector<std::vector<int>> covers;
    std::vector<int> added;
    // The layers each downset of this level can take next (not in it, every input in it).
    std::vector<std::vector<int>> ready;

  private:
    struct Hash {
        const DownsetLevel* level;
        std::size_t operator()(std::size_t i) const {
            std::uint64_t h = 0x9e3779b97f4a7c15ull;
            const std::uint64_t* bits = level->at(i);
            for (std::size_t w = 0; w < level->m_words; ++w) {
                h ^= bits[w] + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
                h *= 0xff51afd7ed558ccdull;
            }
            return static_cast<std::size_t>(h ^ (h >> 29));
        }
    };
    struct Equal {
        const DownsetLevel* level;
        bool operator()(std::size_t a, std::size_t b) const {
            const std::uint64_t *x = level->at(a), *y = level->at(b);
            for (std::size_t w = 0; w < level->m_words; ++w)
                if (x[w] != y[w])
                    return false;
            return true;
        }
    };

    std::size_t m_words;
    std::vector<std::uint64_t> m_bits;
    std::unordered_set<std::size_t, Hash, Equal> m_index;
};

bool has(const std::uint64_t* bits, int layer) {
    return (bits[layer / 64] >> (layer % 64)) & 1u;
}

// Each layer's readers, once each.
std::vector<std::vector<int>> readersOf(const Profile& profile) {
    std::vector<std::vector<int>> readers(profile.layers.size());
    for (std::size_t v = 0; v < profile.layers.size(); ++v)
        for (int input : profile.layers[v].inputs) {
            auto& list = readers[static_cast<std::size_t>(input)];
            if (list.empty() || list.back() != static_cast<int>(v))
                list.push_back(static_cast<int>(v));
        }
    return readers;
}

// The level of the empty set: it can take every layer without inputs.
std::unique_ptr<DownsetLevel> emptyLevel(const Profile& profile, int words) {
    auto level = std::make_unique<DownsetLevel>(words);
    const std::vector<std::uint64_t> empty(static_cast<std::size_t>(words), 0);
    level->insert(empty.data());
    level->covers.emplace_back();
    level->added.push_back(-1);
    level->ready.emplace_back();
    for (std::size_t v = 0; v < profile.layers.size(); ++v)
        if (profile.layers[v].inputs.empty())
            level->ready.back().push_back(static_cast<int>(v));
    return level;
}

// The next level: every downset of the current one plus one layer it can take. The current
// level's downsets are numbered from `base` in the lattice. A new downset's ready layers are its
// parent's, less the one taken, plus the readers of that one whose inputs are now all in: the
// work per downset follows the graph's width, not its length.
std::unique_ptr<DownsetLevel> grow(const Profile& profile,
                                   const std::vector<std::vector<int>>& readers,
                                   const DownsetLevel& level, int words, int base,
                                   const std::function<bool()>& stop) {
    auto next = std::make_unique<DownsetLevel>(words);
    std::vector<std::uint64_t> candidate(static_cast<std::size_t>(words));
    for (std::size_t d = 0; d < level.size(); ++d) {
        if (stop && d % 1024 == 0 && stop())
            throw EnumerationStopped();
        const std::uint64_t* bits = level.at(d);
        const std::vector<int>& ready = level.ready[d];
        for (int v : ready) {
            candidate.assign(bits, bits + words);
            candidate[static_cast<std::size_t>(v / 64)] |= std::uint64_t(1) << (v % 64);
            const std::size_t child = next->insert(candidate.data());
            if (child == next->covers.size()) {
                next->covers.emplace_back();
                next->added.push_back(v);
                std::vector<int> childReady;
                childReady.reserve(ready.size() + readers[static_cast<std::size_t>(v)].size());
                for (int w : ready)
                    if (w != v)
                        childReady.push_back(w);
                for (int w : readers[static_cast<std::size_t>(v)]) {
                    bool inputsIn = true;
                    for (int input : profile.layers[static_cast<std::size_t>(w)].inputs)
                        if (!has(candidate.data(), input)) {
                            inputsIn = false;
                            break;
                        }
                    if (inputsIn)
                        childReady.push_back(w);
                }
                next->ready.push_back(std::move(childReady));
            }
            next->covers[child].push_back(base + static_cast<int>(d));
        }
    }
    return next;
}

} // namespace

DownsetLattice::DownsetLattice(int layers) : m_layers(layers), m_words(wordsFor(layers)) {}

void DownsetLattice::append(const std::uint64_t* bits, int count, const std::vector<int>& covers,
                            int added) {
    m_bits.insert(m_bits.end(), bits, bits + m_words);
    m_added.push_back(added);
    m_sizes.push_back(count);
    m_covers.insert(m_covers.end(), covers.begin(), covers.end());
    m_coverStart.push_back(m_covers.size());
}

std::size_t DownsetLattice::memoryBytes() const {
    return m_bits.capacity() * sizeof(std::uint64_t) +
           (m_sizes.capacity() + m_added.capacity()) * sizeof(int) +
           m_coverStart.capacity() * sizeof(std::size_t) + m_covers.capacity() * sizeof(int);
}

DownsetLattice DownsetLattice::allDownsets(const Profile& profile, std::size_t limit,
                                           const std::function<bool()>& stop,
                                           const std::function<void(double)>& progress) {
    const int n = static_cast<int>(profile.layers.size());
    DownsetLattice lattice(n);
    const auto readers = readersOf(profile);
    auto level = emptyLevel(profile, lattice.m_words);
    for (int count = 0;; ++count) {
        if (lattice.size() + level->size() > limit)
            throw DownsetLimitExceeded(countDownsets(profile), limit);
        const int base = static_cast<int>(lattice.size());
        for (std::size_t d = 0; d < level->size(); ++d)
            lattice.append(level->at(d), count, level->covers[d], level->added[d]);
        if (count == n)
            break;
        if (progress)
            progress(static_cast<double>(count) / n);
        level = grow(profile, readers, *level, lattice.m_words, base, stop);
    }
    return lattice;
}

std::size_t DownsetLattice::countDownsets(const Profile& profile, std::size_t cap) {
    const int n = static_cast<int>(profile.layers.size());
    const int words = wordsFor(n);
    const auto readers = readersOf(profile);
    auto level = emptyLevel(profile, words);
    std::size_t total = 1;
    for (int count = 1; count <= n && total <= cap; ++count) {
        level = grow(profile, readers, *level, words, 0, {});
        total += level->size();
    }
    return total > cap ? cap + 1 : total;
}

DownsetLattice DownsetLattice::validCutPrefixes(const Profile& profile) {
    const int n = static_cast<int>(profile.layers.size());
    DownsetLattice lattice(n);
    std::vector<std::uint64_t> bits(static_cast<std::size_t>(lattice.m_words), 0);
    lattice.append(bits.data(), 0, {}, -1);
    std::vector<int> ends = analyseStructure(profile).cutAfter;
    ends.push_back(n - 1);
    int filled = 0;
    for (int last : ends) {
        for (; filled <= last; ++filled)
            bits[static_cast<std::size_t>(filled / 64)] |= std::uint64_t(1) << (filled % 64);
        lattice.append(bits.data(), last + 1, {static_cast<int>(lattice.size()) - 1}, -1);
    }
    return lattice;
}

std::vector<int> DownsetLattice::layersOf(int downset) const {
    std::vector<int> layers;
    for (int v = 0; v < m_layers; ++v)
        if (contains(downset, v))
            layers.push_back(v);
    return layers;
}

std::string withThousands(std::size_t value) {
    std::string digits = std::to_string(value);
    for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3)
        digits.insert(static_cast<std::size_t>(i), ",");
    return digits;
}

static std::string limitMessage(std::size_t count, std::size_t limit) {
    const std::string counted = count > DownsetLattice::kCountCap
                                    ? "more than " + withThousands(DownsetLattice::kCountCap)
                                    : withThousands(count);
    return "the layer graph has " + counted +
           " downsets (cut states of --cut-mode any), more than the limit of " +
           withThousands(limit) + " that the pipeline planner enumerates";
}

DownsetLimitExceeded::DownsetLimitExceeded(std::size_t count, std::size_t limit)
    : PlanError(limitMessage(count, limit)), m_count(count), m_limit(limit) {}

} // namespace cutlab::core
