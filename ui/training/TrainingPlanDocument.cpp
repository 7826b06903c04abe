#include "ui/training/TrainingPlanDocument.h"

#include "core/plans/PipelineJson.h"
#include "core/plans/TrainingJson.h"
#include "core/training/TrainingCostModel.h"
#include "ui/training/TrainingDocument.h"

namespace cutlab::ui {
namespace {

std::string compressText(const PipelineSettings& settings) {
    if (settings.forwardBits <= 0)
        return "none";
    return "accept:" + std::to_string(settings.forwardBits) + "," +
           std::to_string(settings.backwardBits);
}

nlohmann::ordered_json pipelineDocument(const TrainingPlanDocument::Shown& shown) {
    const PipelineSettings& settings = shown.settings.pipeline;
    const core::PipelineSimulation& simulation = *shown.pipeline;
    core::PipelineJsonRequest request;
    for (const QString& id : settings.chain)
        request.chain.push_back(id.toStdString());
    request.cutMode = settings.cutMode;
    request.compressText = compressText(settings);
    request.memory = settings.memorySettings(static_cast<int>(simulation.plan.stages.size()));
    request.capacityBytes = settings.capacities(shown.profile);
    auto doc = core::pipelinePlanToJson(shown.profile, shown.network, request, &simulation.plan,
                                        &simulation.schedule, simulation.plan.microBatch,
                                        simulation.schedule.microBatches);
    doc["batch"] = shown.settings.batch;
    doc["times"] = core::timeSourceName(settings.times);
    if (settings.times == core::TimeSource::Predictor)
        doc["predictor_file"] = settings.predictorPath.toStdString();
    doc["edited"] = !shown.settings.stageBoundaries.empty();
    return doc;
}

// A plan over a pool: the pool and its types' memory; the chain is the profile's, for when the
// pool is cleared. The pool planner's stages are planned again.
std::optional<TrainingSettings> poolSettings(const core::TrainingPlanFileContent& plan,
                                             const core::Profile& profile,
                                             TrainingSettings settings, QString* error) {
    PipelineSettings& pipeline = settings.pipeline;
    pipeline.chain = TrainingDocument::defaultChain(profile);
    pipeline.pool = QString::fromStdString(plan.pool);
    for (const auto& [id, bytes] : plan.poolCapacityBytes)
        pipeline.poolCapacityBytes.insert(QString::fromStdString(id), bytes);
    if (pipeline.poolRequest(profile, error).pool.groups.empty())
        return std::nullopt;
    return settings;
}

} // namespace

std::optional<nlohmann::ordered_json> TrainingPlanDocument::write(const Shown& shown,
                                                                  QString* error) {
    const bool pipeline = shown.settings.planner == QLatin1String("pipeline");
    if (pipeline ? !shown.pipeline : !shown.iteration) {
        *error = QStringLiteral("The %1 planner has no plan on screen to export.")
                     .arg(shown.settings.planner);
        return std::nullopt;
    }
    if (pipeline)
        return pipelineDocument(shown);
    const core::TrainingCostModel model(shown.profile, shown.network,
                                        core::trainingMachines(shown.profile));
    return core::trainingResultToJson(model, *shown.iteration);
}

std::optional<TrainingSettings>
TrainingPlanDocument::settingsOf(const core::TrainingPlanFileContent& plan,
                                 const core::Profile& profile, QString* error) {
    TrainingSettings settings;
    settings.planner = QString::fromStdString(plan.planner);
    settings.batch = plan.batch.value_or(static_cast<int>(profile.model.batch));
    if (plan.planner != "pipeline")
        return settings;
    PipelineSettings& pipeline = settings.pipeline;
    pipeline.optimizer = plan.optimizer;
    pipeline.recompute = plan.recompute;
    pipeline.microBatch = plan.microBatch;
    pipeline.microBatches = plan.microBatches;
    if (!plan.pool.empty())
        return poolSettings(plan, profile, settings, error);
    for (const std::string& id : plan.chain)
        pipeline.chain << QString::fromStdString(id);
    if (pipeline.machineChain(profile, error).empty())
        return std::nullopt;
    pipeline.cutMode = plan.cutMode;
    pipeline.scheduleKind = plan.schedule;
    pipeline.forwardBits = plan.forwardBits;
    pipeline.backwardBits = plan.backwardBits;
    pipeline.times = plan.times == "ratio"       ? core::TimeSource::SpeedRatio
                     : plan.times == "predictor" ? core::TimeSource::Predictor
                                                 : core::TimeSource::Profile;
    pipeline.predictorPath = QString::fromStdString(plan.predictorFile);
    if (!plan.edited)
        return settings; // the planner's stages: planned again
    std::string why;
    const auto boundaries = core::stageBoundariesFromPlan(plan, profile, why);
    if (!boundaries) {
        *error = QString::fromStdString(why);
        return std::nullopt;
    }
    settings.stageBoundaries = *boundaries;
    return settings;
}

} // namespace cutlab::ui
