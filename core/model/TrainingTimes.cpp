#include "core/model/TrainingTimes.h"

#include "core/model/PlanError.h"

#include <algorithm>
#include <string>

namespace cutlab::core {
namespace {

constexpr const char* kWhereFrom = "Profiles that have them: the samples in "
                                   "sample_profiles/hiertrain/ and sample_profiles/torch/, "
                                   "an imported ONNX model (estimated times), or a model measured "
                                   "with tools/cutlab-profile-torch.";

std::string lacking(const Profile& profile, std::vector<double> Layer::*times) {
    const auto missing =
        std::count_if(profile.layers.begin(), profile.layers.end(),
                      [times](const Layer& layer) { return (layer.*times).empty(); });
    return missing == static_cast<long>(profile.layers.size())
               ? std::string("no layer has")
               : std::to_string(missing) + " of " + std::to_string(profile.layers.size()) +
                     " layers have no";
}

} // namespace

void TrainingTimes::requireBackward(const Profile& profile) {
    if (!profile.hasBackward)
        throw PlanError("training needs backward times, and " +
                        lacking(profile, &Layer::backwardMs) + " backward_ms in this profile. " +
                        kWhereFrom);
}

void TrainingTimes::requireBackwardAndUpdate(const Profile& profile) {
    if (!profile.hasBackward)
        throw PlanError("training needs backward and update times, and " +
                        lacking(profile, &Layer::backwardMs) + " backward_ms in this profile. " +
                        kWhereFrom);
    if (!profile.hasUpdate)
        throw PlanError("HierTrain and its baselines need update times, and " +
                        lacking(profile, &Layer::updateMs) +
                        " update_ms in this profile; the pipeline planner needs only forward and "
                        "backward times (--planner pipeline, or Pipeline in the window). " +
                        kWhereFrom);
}

} // namespace cutlab::core
