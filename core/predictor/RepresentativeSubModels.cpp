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
    std::vector<Costed> costed;
    for (const SubModel& subModel : contiguousSubModels(layers))
        costed.push_back({subModelMs(layerCost, subModel), subModel});
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
