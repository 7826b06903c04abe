#include "core/pipeline/Recomputation.h"

namespace cutlab::core {

Profile withRecomputation(Profile profile) {
    for (Layer& layer : profile.layers)
        for (std::size_t m = 0; m < layer.backwardMs.size() && m < layer.forwardMs.size(); ++m)
            layer.backwardMs[m] += layer.forwardMs[m];
    return profile;
}

} // namespace cutlab::core
