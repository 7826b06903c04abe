#include "core/plans/TrainingJson.h"

#include "core/io/NetworkFile.h"
#include "core/plans/PlanJson.h"

namespace cutlab::core {
namespace {

nlohmann::ordered_json layerOrNull(const Profile& profile, int position) {
    return position > 0
               ? nlohmann::ordered_json(profile.layers[static_cast<std::size_t>(position - 1)].id)
               : nullptr;
}

void writeHybrid(const TrainingCostModel& model, const HierTrainPlan& plan,
                 nlohmann::ordered_json& doc) {
    const Profile& profile = model.profile();
    const char* names[3] = {"o", "s", "l"};
    nlohmann::ordered_json mapping, machines, samples;
    for (std::size_t w = 0; w < 3; ++w) {
        const int machine = plan.workerMachine[w];
        mapping[names[w]] =
            machine >= 0 ? nlohmann::ordered_json(
                               tierName(profile.machines[static_cast<std::size_t>(machine)].tier))
                         : nullptr;
        machines[names[w]] =
            machine >= 0
                ? nlohmann::ordered_json(profile.machines[static_cast<std::size_t>(machine)].id)
                : nullptr;
        samples[names[w]] = plan.samples[w];
    }
    doc["mapping"] = mapping;
    doc["machines"] = machines;
    doc["samples"] = samples;
    doc["m_s"] = plan.ms;
    doc["m_l"] = plan.ml;
    doc["m_s_layer"] = layerOrNull(profile, plan.ms);
    doc["m_l_layer"] = layerOrNull(profile, plan.ml);
    const auto& p = plan.phases;
    doc["phases_ms"] = {{"tf1", p.tf1}, {"tf2", p.tf2}, {"tf3", p.tf3}, {"tb3", p.tb3},
                        {"tb2", p.tb2}, {"tb1", p.tb1}, {"tup", p.tup}};
}

void writePath(const TrainingCostModel& model, const TrainingPath& path,
               nlohmann::ordered_json& doc) {
    const Profile& profile = model.profile();
    nlohmann::ordered_json placement = nlohmann::ordered_json::array();
    for (const Segment& segment : path.segments) {
        const Machine& machine = profile.machines[static_cast<std::size_t>(segment.machine)];
        nlohmann::ordered_json layers = nlohmann::ordered_json::array();
        for (int i = segment.begin; i < segment.end; ++i)
            layers.push_back(profile.layers[static_cast<std::size_t>(i)].id);
        placement.push_back(
            {{"tier", tierName(machine.tier)},
             {"machine", machine.id},
             {"first_layer", profile.layers[static_cast<std::size_t>(segment.begin)].id},
             {"last_layer", profile.layers[static_cast<std::size_t>(segment.end - 1)].id},
             {"layers", layers}});
    }
    doc["placement"] = placement;
    doc["forward_ms"] = path.forwardMs;
    doc["backward_ms"] = path.backwardMs;
    doc["update_ms"] = path.updateMs;
    doc["transfer_ms"] = path.transferMs;
    doc["transfer_bytes"] = jsonNumber(path.transferBytes);
}

} // namespace

nlohmann::ordered_json trainingResultToJson(const TrainingCostModel& model,
                                            const TrainingResult& result) {
    nlohmann::ordered_json doc;
    doc["format"] = "cutlab-plan";
    doc["version"] = 1;
    doc["kind"] = "training";
    doc["model"] = model.profile().model.name;
    doc["planner"] = result.planner;
    nlohmann::ordered_json network = networkToJson(model.network());
    network.erase("format");
    network.erase("version");
    doc["network"] = network;
    doc["batch"] = result.batch;
    doc["iteration_ms"] = result.iterationMs();
    if (result.hybrid)
        writeHybrid(model, *result.hybrid, doc);
    if (result.path)
        writePath(model, *result.path, doc);
    return doc;
}

} // namespace cutlab::core
