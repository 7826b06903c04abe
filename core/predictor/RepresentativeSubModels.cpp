#include "core/predictor/RepresentativeSubModels.h"

#include <algorithm>
#include <cmath>

namespace cutlab::core {

std::vector<long long> representativePositions(long long subModelCount) {
    std::vector<long long> positions;
    for (long long k = 0; k < kRepresentativeCount; ++k)
        positions.push_back(k * (subModelCount - 1) / (kRepresentativeCount - 1));
    return positions;
}

RepresentativeSubModels chooseRepresentativeSubModels(const std::vector<double>& layerCost,
                                                      const std::string& sortedBy) {
    const int layers = static_cast<int>(layerCost.size());
    struct Costed {
        double cost;
        SubModel subModel;
    };
    std::vector<double> prefix(static_cast<std::size_t>(layers) + 1, 0.0);
    for (int l = 0; l < layers; ++l)
        prefix[static_cast<std::size_t>(l) + 1] =
            prefix[static_cast<std::size_t>(l)] + layerCost[static_cast<std::size_t>(l)];
    std::vector<Costed> costed;
    costed.reserve(static_cast<std::size_t>(layers) * static_cast<std::size_t>(layers + 1) / 2);
    for (int first = 0; first < layers; ++first)
        for (int last = first; last < layers; ++last)
            costed.push_back({prefix[static_cast<std::size_t>(last) + 1] -
                                  prefix[static_cast<std::size_t>(first)],
                              {first, last}});
    std::stable_sort(costed.begin(), costed.end(),
                     [](const Costed& a, const Costed& b) { return a.cost < b.cost; });
    RepresentativeSubModels chosen{{}, sortedBy};
    for (long long position : representativePositions(static_cast<long long>(costed.size())))
        chosen.subModels.push_back(costed[static_cast<std::size_t>(position)].subModel);
    return chosen;
}

std::vector<double> hardwareVector(const std::vector<double>& layerMs,
                                   const std::vector<SubModel>& representatives) {
    std::vector<double> times;
    for (const SubModel& subModel : representatives)
        times.push_back(subModelMs(layerMs, subModel));
    return times;
}

double hardwareMeanMs(const std::vector<double>& hardwareMs) {
    double sum = 0;
    for (double value : hardwareMs)
        sum += std::max(value, 0.0);
    return hardwareMs.empty() ? 1.0 : std::max(sum / static_cast<double>(hardwareMs.size()), 1e-9);
}

} // namespace cutlab::core
