#pragma once

#include "ui/training/TrainingSettings.h"

#include "core/model/Network.h"
#include "core/model/Profile.h"
#include "core/plans/TrainingPlanFile.h"
#include "core/training/PipelineSimulation.h"
#include "core/training/TrainingResult.h"

#include <nlohmann/json.hpp>

#include <QString>

#include <optional>

namespace cutlab::ui {

// The Training mode's plan as a file: Export Plan writes the `cutlab-plan` training document of
// docs/formats.md §4.5/§4.6 (plus the window's "profile", "batch", "edited", "times"), and Open
// Plan turns one back into the settings that show the same plan.
class TrainingPlanDocument {
  public:
    // What is on screen: the settings, and the answer for the selected planner.
    struct Shown {
        const core::Profile& profile;
        const core::Network& network;
        const TrainingSettings& settings;
        const std::optional<core::TrainingResult>& iteration;
        const std::optional<core::PipelineSimulation>& pipeline;
    };

    // Nullopt with `error` set when the selected planner has no answer on screen.
    static std::optional<nlohmann::ordered_json> write(const Shown& shown, QString* error);
    // The settings a plan restores on `profile` (the planner ids the window offers are checked
    // by the caller); nullopt with `error` set when the plan does not fit the profile.
    static std::optional<TrainingSettings> settingsOf(const core::TrainingPlanFileContent& plan,
                                                      const core::Profile& profile, QString* error);
};

} // namespace cutlab::ui
