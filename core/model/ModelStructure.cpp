#include "core/model/ModelStructure.h"

#include <algorithm>

namespace cutlab::core {

bool ModelStructure::isValidCutAfter(int layer) const {
    return std::binary_search(cutAfter.begin(), cutAfter.end(), layer);
}

ModelStructure analyseStructure(const Profile& profile) {
    const int n = static_cast<int>(profile.layers.size());
    // An edge i -> j (i = -1 for the model input) makes every cut after k with i < k < j
    // invalid: the tensor of i would cross it although i is not the last layer before the cut.
    std::vector<int> coverage(static_cast<std::size_t>(n) + 1, 0);
    auto spanEdge = [&](int from, int to) {
        if (to - from < 2)
            return;
        coverage[static_cast<std::size_t>(from + 1)] += 1;
        coverage[static_cast<std::size_t>(to)] -= 1;
    };
    for (int j = 0; j < n; ++j) {
        const Layer& layer = profile.layers[static_cast<std::size_t>(j)];
        if (layer.readsModelInput)
            spanEdge(-1, j);
        for (int input : layer.inputs)
            spanEdge(input, j);
    }
    ModelStructure structure;
    structure.blockOfLayer.resize(static_cast<std::size_t>(n));
    int running = 0;
    int blockStart = 0;
    for (int k = 0; k < n; ++k) {
        running += coverage[static_cast<std::size_t>(k)];
        structure.blockOfLayer[static_cast<std::size_t>(k)] =
            static_cast<int>(structure.blocks.size());
        const bool valid = running == 0 && k < n - 1;
        if (valid)
            structure.cutAfter.push_back(k);
        if (valid || k == n - 1) {
            structure.blocks.push_back({blockStart, k});
            blockStart = k + 1;
        }
    }
    return structure;
}

} // namespace cutlab::core
