#include "core/model/BlockScopes.h"

#include <cmath>
#include <string_view>

namespace cutlab::core {
namespace {

// "/encoder/layers/encoder_layer_3/self_attention/MatMul" -> its scope
// "/encoder/layers/encoder_layer_3/self_attention/" (the operator's own name dropped); empty for
// a name that is not scoped.
std::string_view scopeOf(std::string_view id) {
    if (id.size() < 2 || id.front() != '/')
        return {};
    const auto last = id.rfind('/');
    return id.substr(0, last + 1);
}

// The longest common prefix of two scopes that ends at a '/'.
std::string_view commonScope(std::string_view a, std::string_view b) {
    std::size_t n = 0;
    while (n < a.size() && n < b.size() && a[n] == b[n])
        ++n;
    const auto slash = a.substr(0, n).rfind('/');
    return slash == std::string_view::npos ? std::string_view{} : a.substr(0, slash + 1);
}

std::string_view blockScope(const Profile& profile, const Block& block) {
    std::string_view common = scopeOf(profile.layers[static_cast<std::size_t>(block.first)].id);
    for (int k = block.first + 1; k <= block.last && common.size() > 1; ++k)
        common = commonScope(common, scopeOf(profile.layers[static_cast<std::size_t>(k)].id));
    return common.size() > 1 ? common : std::string_view{};
}

std::string lastPart(std::string_view scope) {
    scope.remove_suffix(1); // the trailing '/'
    return std::string(scope.substr(scope.rfind('/') + 1));
}

// At most `boxes` runs of consecutive ranges, each ending where its share of the layers ends
// (every range kept whole).
std::vector<std::pair<int, int>> mergedEvenly(const std::vector<std::pair<int, int>>& ranges,
                                              const ModelStructure& structure, int boxes) {
    const int count = static_cast<int>(ranges.size());
    if (count <= boxes || boxes < 1)
        return ranges;
    const auto layersTo = [&](int range) { // layers up to the end of a range
        return structure
                   .blocks[static_cast<std::size_t>(ranges[static_cast<std::size_t>(range)].second)]
                   .last +
               1;
    };
    const double layers = layersTo(count - 1);
    std::vector<std::pair<int, int>> merged;
    int start = 0;
    for (int g = 0; g < boxes && start < count; ++g) {
        const double target = layers * (g + 1) / boxes;
        int end = start;
        while (end + 1 < count && layersTo(end) < std::lround(target))
            ++end;
        end = g == boxes - 1 ? count - 1 : std::max(start, std::min(end, count - (boxes - g)));
        merged.emplace_back(ranges[static_cast<std::size_t>(start)].first,
                            ranges[static_cast<std::size_t>(end)].second);
        start = end + 1;
    }
    return merged;
}

} // namespace

std::vector<ScopedBlock> scopedBlocks(const Profile& profile, const ModelStructure& structure) {
    std::vector<ScopedBlock> runs;
    const int blocks = static_cast<int>(structure.blocks.size());
    int start = 0;
    while (start < blocks) {
        const std::string_view scope =
            blockScope(profile, structure.blocks[static_cast<std::size_t>(start)]);
        int end = start;
        while (!scope.empty() && end + 1 < blocks &&
               blockScope(profile, structure.blocks[static_cast<std::size_t>(end + 1)]) == scope)
            ++end;
        if (end > start)
            runs.push_back({start, end, lastPart(scope)});
        start = end + 1;
    }
    return runs;
}

std::vector<std::pair<int, int>> scopedBoxes(const Profile& profile,
                                             const ModelStructure& structure, int boxes) {
    const auto runs = scopedBlocks(profile, structure);
    if (runs.empty())
        return {};
    std::vector<std::pair<int, int>> ranges;
    const auto stretch = [&](int first, int last) {
        const Block& block = structure.blocks[static_cast<std::size_t>(first)];
        if (first < last || block.last > block.first)
            ranges.emplace_back(first, last);
    };
    int next = 0;
    for (const ScopedBlock& run : runs) {
        if (run.firstBlock > next)
            stretch(next, run.firstBlock - 1);
        ranges.emplace_back(run.firstBlock, run.lastBlock);
        next = run.lastBlock + 1;
    }
    if (next < static_cast<int>(structure.blocks.size()))
        stretch(next, static_cast<int>(structure.blocks.size()) - 1);
    return mergedEvenly(ranges, structure, boxes);
}

} // namespace cutlab::core
