#pragma once

#include "core/model/Network.h"
#include "core/model/Profile.h"
#include "core/model/ProfileIssue.h"
#include "core/pipeline/PipelineMemory.h"
#include "core/pipeline/PipelinePlanner.h"
#include "core/pipeline/PipelineSchedule.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cutlab::core {

// What restores a training plan (`"kind": "training"`, docs/formats.md §4.5, §4.6) in the
// window: the planner and its settings, and for a pipeline the stages when the user set them.
struct TrainingPlanFileContent {
    std::string model;
    std::string planner; // an iteration planner's id or "pipeline"
    Network network;
    std::optional<int> batch;
    std::string profilePath; // optional "profile" field
    // pipeline only
    std::vector<std::string> chain;
    int microBatch = 0;
    int microBatches = 0;
    PipelineCutMode cutMode = PipelineCutMode::Single;
    ScheduleKind schedule = ScheduleKind::OneForwardOneBackward;
    int forwardBits = 0; // 0: no compression
    int backwardBits = 8;
    std::string times = "profile"; // profile | ratio | predictor
    std::string predictorFile;
    bool edited = false; // the stages were set by hand: restore them, not the planner's
    std::vector<std::vector<std::string>> stageLayers;
    OptimizerKind optimizer = OptimizerKind::Sgd;
    bool recompute = false;
    // over a pool (a "cluster" planned with CutLab's cost model, formats.md §4.6.2): its
    // `--cluster` text and each type's memory; empty: the chain
    std::string pool;
    std::map<std::string, double> poolCapacityBytes;
};

struct TrainingPlanFileResult {
    std::optional<TrainingPlanFileContent> plan;
    std::vector<ProfileIssue> issues;
    bool ok() const { return plan.has_value(); }
};

// True when the text is a `cutlab-plan` document of kind "training" (whatever else it holds).
bool isTrainingPlanText(std::string_view text);
TrainingPlanFileResult parseTrainingPlanFile(std::string_view text);

// The stage boundaries (positions: a boundary at p has layers [0, p) before it) of an edited
// pipeline plan on a profile; nullopt with `error` set when a layer is unknown or a stage is not
// the run of layers after the one before it.
std::optional<std::vector<int>> stageBoundariesFromPlan(const TrainingPlanFileContent& plan,
                                                        const Profile& profile, std::string& error);

} // namespace cutlab::core
