#include "core/pipeline/DownsetLattice.h"

#include "core/model/ModelStructure.h"

#include <algorithm>
#include <bit>
#include <memory>
#include <unordered_set>

namespace cutlab::core {
namespace {

int wordsFor(int layers) {
    return (layers + 63) / 64;
}

// A downset as a window (DownsetLattice): `first` full words, then `words`, then nothing.
struct Window {
    int first = 0;
    std::vector<std::uint64_t> words;

    bool has(int layers, int layer) const {
        return (windowWord(layers, first, words.data(), words.size(), layer / 64) >> (layer % 64)) &
               1u;
    }
    // Adds a layer that is not in yet, keeping the window as short as it can be.
    void add(int layers, int layer) {
        const auto offset = static_cast<std::size_t>(layer / 64 - first);
        if (offset >= words.size())
            words.resize(offset + 1, 0);
        words[offset] |= std::uint64_t(1) << (layer % 64);
        std::size_t full = 0;
        while (full < words.size() &&
               words[full] == fullLayerWord(layers, first + static_cast<int>(full)))
            ++full;
        words.erase(words.begin(), words.begin() + static_cast<std::ptrdiff_t>(full));
        first += static_cast<int>(full);
    }
};

// One breadth-first level: downsets of the same size, deduplicated.
class DownsetLevel {
  public:
    DownsetLevel() : m_index(64, Hash{this}, Equal{this}) {}
    // The hash functors point at this object: it never moves.
    DownsetLevel(const DownsetLevel&) = delete;
    DownsetLevel& operator=(const DownsetLevel&) = delete;

    std::size_t size() const { return m_index.size(); }
    int first(std::size_t i) const { return m_first[i]; }
    const std::uint64_t* words(std::size_t i) const { return m_words.data() + m_start[i]; }
    std::size_t wordCount(std::size_t i) const { return m_start[i + 1] - m_start[i]; }
    // Adds `window` unless the level already holds it; returns its position in the level.
    std::size_t insert(const Window& window) {
        const std::size_t position = m_first.size();
        m_first.push_back(window.first);
        m_words.insert(m_words.end(), window.words.begin(), window.words.end());
        m_start.push_back(m_words.size());
        const auto [it, added] = m_index.insert(position);
        if (!added) {
            m_first.pop_back();
            m_start.pop_back();
            m_words.resize(m_start.back());
        }
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
            std::uint64_t h = 0x9e3779b97f4a7c15ull ^ static_cast<std::uint64_t>(level->first(i));
            const std::uint64_t* bits = level->words(i);
            for (std::size_t w = 0; w < level->wordCount(i); ++w) {
                h ^= bits[w] + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
                h *= 0xff51afd7ed558ccdull;
            }
            return static_cast<std::size_t>(h ^ (h >> 29));
        }
    };
    struct Equal {
        const DownsetLevel* level;
        bool operator()(std::size_t a, std::size_t b) const {
            return level->first(a) == level->first(b) &&
                   std::equal(level->words(a), level->words(a) + level->wordCount(a),
                              level->words(b), level->words(b) + level->wordCount(b));
        }
    };

    std::vector<int> m_first;
    std::vector<std::size_t> m_start{0};
    std::vector<std::uint64_t> m_words;
    std::unordered_set<std::size_t, Hash, Equal> m_index;
};

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
std::unique_ptr<DownsetLevel> emptyLevel(const Profile& profile) {
    auto level = std::make_unique<DownsetLevel>();
    level->insert(Window{});
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
// work per downset follows the graph's width and the window, not the model's length.
std::unique_ptr<DownsetLevel> grow(const Profile& profile,
                                   const std::vector<std::vector<int>>& readers,
                                   const DownsetLevel& level, int base,
                                   const std::function<bool()>& stop) {
    const int layers = static_cast<int>(profile.layers.size());
    auto next = std::make_unique<DownsetLevel>();
    Window candidate;
    for (std::size_t d = 0; d < level.size(); ++d) {
        if (stop && d % 1024 == 0 && stop())
            throw EnumerationStopped();
        const std::vector<int>& ready = level.ready[d];
        for (int v : ready) {
            candidate.first = level.first(d);
            candidate.words.assign(level.words(d), level.words(d) + level.wordCount(d));
            candidate.add(layers, v);
            const std::size_t child = next->insert(candidate);
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
                        if (!candidate.has(layers, input)) {
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

void DownsetLattice::append(int first, const std::uint64_t* window, std::size_t words, int count,
                            const std::vector<int>& covers, int added) {
    m_first.push_back(first);
    m_windows.insert(m_windows.end(), window, window + words);
    m_windowStart.push_back(m_windows.size());
    m_added.push_back(added);
    m_sizes.push_back(count);
    m_covers.insert(m_covers.end(), covers.begin(), covers.end());
    m_coverStart.push_back(m_covers.size());
}

std::size_t DownsetLattice::memoryBytes() const {
    return m_windows.capacity() * sizeof(std::uint64_t) +
           (m_first.capacity() + m_sizes.capacity() + m_added.capacity() + m_covers.capacity()) *
               sizeof(int) +
           (m_windowStart.capacity() + m_coverStart.capacity()) * sizeof(std::size_t);
}

DownsetLattice DownsetLattice::allDownsets(const Profile& profile, std::size_t limit,
                                           const std::function<bool()>& stop,
                                           const std::function<void(double)>& progress) {
    const int n = static_cast<int>(profile.layers.size());
    DownsetLattice lattice(n);
    const auto readers = readersOf(profile);
    auto level = emptyLevel(profile);
    for (int count = 0;; ++count) {
        if (lattice.size() + level->size() > limit)
            throw DownsetLimitExceeded(countDownsets(profile), limit);
        const int base = static_cast<int>(lattice.size());
        for (std::size_t d = 0; d < level->size(); ++d)
            lattice.append(level->first(d), level->words(d), level->wordCount(d), count,
                           level->covers[d], level->added[d]);
        if (count == n)
            break;
        if (progress)
            progress(static_cast<double>(count) / n);
        level = grow(profile, readers, *level, base, stop);
    }
    lattice.shrink();
    return lattice;
}

std::size_t DownsetLattice::countDownsets(const Profile& profile, std::size_t cap) {
    const int n = static_cast<int>(profile.layers.size());
    const auto readers = readersOf(profile);
    auto level = emptyLevel(profile);
    std::size_t total = 1;
    for (int count = 1; count <= n && total <= cap; ++count) {
        level = grow(profile, readers, *level, 0, {});
        total += level->size();
    }
    return total > cap ? cap + 1 : total;
}

DownsetLattice DownsetLattice::validCutPrefixes(const Profile& profile) {
    const int n = static_cast<int>(profile.layers.size());
    DownsetLattice lattice(n);
    lattice.append(0, nullptr, 0, 0, {}, -1);
    std::vector<int> ends = analyseStructure(profile).cutAfter;
    ends.push_back(n - 1);
    for (int last : ends) {
        // layers 0..last: full words, then the part of the last word, if any
        const int count = last + 1;
        const std::uint64_t tail = count % 64 == 0 ? 0 : (std::uint64_t(1) << (count % 64)) - 1;
        const bool partial = tail != 0 && tail != fullLayerWord(n, count / 64);
        lattice.append(partial ? count / 64 : wordsFor(count), &tail, partial ? 1 : 0, count,
                       {static_cast<int>(lattice.size()) - 1}, -1);
    }
    lattice.shrink();
    return lattice;
}

void DownsetLattice::shrink() {
    m_first.shrink_to_fit();
    m_windowStart.shrink_to_fit();
    m_windows.shrink_to_fit();
    m_sizes.shrink_to_fit();
    m_coverStart.shrink_to_fit();
    m_covers.shrink_to_fit();
    m_added.shrink_to_fit();
}

bool DownsetLattice::isSubset(int inner, int outer) const {
    const auto i = static_cast<std::size_t>(inner);
    const int first = m_first[i];
    if (m_first[static_cast<std::size_t>(outer)] < first)
        return false; // a word full in inner is not full in outer
    const auto words = static_cast<int>(m_windowStart[i + 1] - m_windowStart[i]);
    for (int w = first; w < first + words; ++w)
        if (word(inner, w) & ~word(outer, w))
            return false;
    return true;
}

std::vector<int> DownsetLattice::layersOf(int downset) const {
    return layersBetween(emptyDownset(), downset);
}

std::vector<int> DownsetLattice::layersBetween(int inner, int outer) const {
    const auto o = static_cast<std::size_t>(outer);
    const int end =
        std::min(m_words, m_first[o] + static_cast<int>(m_windowStart[o + 1] - m_windowStart[o]));
    std::vector<int> layers;
    for (int w = m_first[static_cast<std::size_t>(inner)]; w < end; ++w)
        for (std::uint64_t bits = word(outer, w) & ~word(inner, w); bits != 0; bits &= bits - 1)
            layers.push_back(64 * w + std::countr_zero(bits));
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
