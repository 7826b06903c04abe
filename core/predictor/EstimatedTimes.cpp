#include "core/predictor/EstimatedTimes.h"

#include "core/predictor/ModelTimes.h"
#include "core/predictor/RepresentativeSubModels.h"
#include "core/predictor/SpeedRatioEstimator.h"

#include <numeric>
#include <stdexcept>

namespace cutlab::core {

std::string timeSourceName(TimeSource source) {
    switch (source) {
    case TimeSource::SpeedRatio:
        return "ratio";
    case TimeSource::Predictor:
        return "predictor";
    case TimeSource::Profile:
        break;
    }
    return "profile";
}

std::optional<TimeSource> timeSourceFromName(const std::string& name) {
    if (name == "profile")
        return TimeSource::Profile;
    if (name == "ratio")
        return TimeSource::SpeedRatio;
    if (name == "predictor")
        return TimeSource::Predictor;
    return std::nullopt;
}

Profile profileWithEstimatedTimes(const Profile& profile, TimeSource source,
                                  const std::string& referenceMachine,
                                  const LatencyPredictor* predictor) {
    if (source == TimeSource::Profile)
        return profile;
    const int reference = profile.machineIndex(referenceMachine);
    if (reference < 0)
        throw std::invalid_argument("the reference machine '" + referenceMachine +
                                    "' is not in the profile");
    const ModelTimes times = modelTimesOf(profile); // forward ms per sample
    const auto layers = static_cast<std::size_t>(times.layers());
    const std::vector<double>& referenceMs = times.machine(referenceMachine).layerMs;
    RepresentativeSubModels representatives;
    if (source == TimeSource::Predictor) {
        if (!predictor)
            throw std::invalid_argument("no latency predictor was given");
        if (predictor->layerIds() != times.layerIds)
            throw std::invalid_argument("the latency predictor is for model '" +
                                        predictor->modelName() + "', whose layers differ from '" +
                                        profile.model.name + "'");
        representatives = predictor->representatives();
    } else {
        representatives = times.flops.empty()
                              ? chooseRepresentativeSubModels(referenceMs, "reference_ms")
                              : chooseRepresentativeSubModels(times.flops, "flops");
    }
    const SpeedRatioEstimator ratio(referenceMs, representatives.subModels);
    Profile estimated = profile;
    for (std::size_t m = 0; m < profile.machines.size(); ++m) {
        if (static_cast<int>(m) == reference)
            continue;
        const std::vector<double> hardware =
            hardwareVector(times.machines[m].layerMs, representatives.subModels);
        const double speed = ratio.ratio(hardware);
        for (std::size_t i = 0; i < layers; ++i) {
            Layer& layer = estimated.layers[i];
            const Layer& measured = profile.layers[i];
            const double refForward = measured.forwardMs[static_cast<std::size_t>(reference)];
            const double forward =
                source == TimeSource::SpeedRatio
                    ? refForward * speed
                    : predictor->predictMs(hardware,
                                           SubModel{static_cast<int>(i), static_cast<int>(i)}) *
                          profile.model.batch;
            layer.forwardMs[m] = forward;
            if (profile.hasBackward) {
                const double refBackward = measured.backwardMs[static_cast<std::size_t>(reference)];
                layer.backwardMs[m] =
                    refForward > 0 ? forward * refBackward / refForward : refBackward * speed;
            }
        }
    }
    return estimated;
}

} // namespace cutlab::core
