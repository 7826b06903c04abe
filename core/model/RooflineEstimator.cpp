#include "core/model/RooflineEstimator.h"

#include <algorithm>
#include <cstdio>

namespace cutlab::core {
namespace {

constexpr double kMsPerSecond = 1e3;
constexpr double kBytesPerGB = 1e9;
constexpr double kFlopsPerGflop = 1e9;

std::string numberText(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

void checkSelection(const Profile& profile, const std::vector<MachineSelection>& machines,
                    bool replace) {
    using Kind = EstimateError::Kind;
    if (machines.empty())
        throw EstimateError(Kind::NoMachines, "no machines to estimate");
    if (!profileHasFlops(profile))
        throw EstimateError(Kind::NoFlops,
                            "the profile has no flops (every layer's flops is 0 or missing), so "
                            "there is nothing to estimate compute times from");
    for (std::size_t i = 0; i < machines.size(); ++i) {
        const std::string& id = machines[i].machineId;
        for (std::size_t j = 0; j < i; ++j)
            if (machines[j].machineId == id)
                throw EstimateError(Kind::RepeatedId, "machine id '" + id + "' is given twice");
        if (!replace && profile.machineIndex(id) >= 0)
            throw EstimateError(Kind::MachineExists,
                                "machine '" + id + "' is already in the profile");
    }
}

// Sets the times of the machines at `written` (positions, with their estimates) in one list of
// per-machine times. An empty list gets times only when every machine is being written.
void setTimes(std::vector<double>& times, std::size_t machineCount,
              const std::vector<std::pair<int, double>>& written) {
    if (times.empty() && written.size() != machineCount)
        return;
    times.resize(machineCount, 0.0);
    for (const auto& [machine, ms] : written)
        times[static_cast<std::size_t>(machine)] = ms;
}

} // namespace

Machine estimatedMachine(const MachineSelection& selection) {
    Machine machine;
    machine.id = selection.machineId;
    machine.tier = selection.tier;
    machine.label = selection.preset.label + " (roofline estimate)";
    machine.fields = {{"id", machine.id},
                      {"tier", tierName(machine.tier)},
                      {"label", machine.label},
                      {"estimated", true},
                      {"estimate", rooflineNote(selection.preset)},
                      {"preset", selection.preset.id}};
    if (selection.preset.memoryBytes > 0) {
        machine.memoryBytes = selection.preset.memoryBytes;
        machine.fields["memory_bytes"] = static_cast<std::uint64_t>(selection.preset.memoryBytes);
    }
    return machine;
}

double layerInputBytes(const Profile& profile, int layer) {
    const Layer& entry = profile.layers[static_cast<std::size_t>(layer)];
    if (entry.readsModelInput)
        return profile.model.inputBytes;
    double bytes = 0;
    for (int input : entry.inputs)
        bytes += profile.layers[static_cast<std::size_t>(input)].outputBytes;
    return bytes;
}

double layerBytesMoved(const Profile& profile, int layer) {
    const Layer& entry = profile.layers[static_cast<std::size_t>(layer)];
    return (layerInputBytes(profile, layer) + entry.outputBytes) * profile.model.batch +
           entry.paramBytes;
}

RooflineLayerTimes estimateLayerTimes(const Profile& profile, int layer,
                                      const MachinePreset& preset) {
    const Layer& entry = profile.layers[static_cast<std::size_t>(layer)];
    const ClassRoofline rate = preset.rooflineFor(operatorClassOf(entry));
    RooflineLayerTimes times;
    times.computeMs =
        entry.flops * profile.model.batch / (rate.gflops * kFlopsPerGflop) * kMsPerSecond;
    times.memoryMs = layerBytesMoved(profile, layer) / (rate.gbps * kBytesPerGB) * kMsPerSecond;
    times.forwardMs = preset.overheadMs + std::max(times.computeMs, times.memoryMs);
    times.backwardMs = 2 * times.forwardMs;
    times.updateMs = 3 * entry.paramBytes / (preset.memoryGBps * kBytesPerGB) * kMsPerSecond;
    return times;
}

bool profileHasFlops(const Profile& profile) {
    return std::any_of(profile.layers.begin(), profile.layers.end(),
                       [](const Layer& layer) { return layer.flops > 0; });
}

namespace {

// "; per operator class: convolution 31.2 GFLOP/s 4.1 GB/s, ..." for a calibrated machine.
std::string classRatesText(const MachinePreset& preset) {
    std::string text;
    for (const ClassRoofline& rate : preset.classRooflines)
        text += (text.empty() ? "; per operator class: " : ", ") +
                operatorClassName(rate.operatorClass) + " " + numberText(rate.gflops) +
                " GFLOP/s " + numberText(rate.gbps) + " GB/s";
    return text;
}

} // namespace

std::string rooflineNote(const MachinePreset& preset) {
    return "roofline: " + preset.id + " preset, " + numberText(preset.achievedGflops()) +
           " GFLOP/s fp32 (" + numberText(preset.achievedFraction) + " x " +
           numberText(preset.peakGflops) + " peak), " + numberText(preset.memoryGBps) + " GB/s, " +
           numberText(preset.overheadMs) + " ms per layer" + classRatesText(preset) +
           "; forward = overhead + max(flops / FLOP/s, bytes moved / bandwidth), "
           "backward = 2 x forward, update = 3 x param_bytes / bandwidth";
}

bool isEstimatedMachine(const Machine& machine) {
    if (!machine.fields.is_object())
        return false;
    const auto mark = machine.fields.find("estimated");
    return mark != machine.fields.end() && mark->is_boolean() && mark->get<bool>();
}

EstimateSummary addEstimatedMachines(Profile& profile,
                                     const std::vector<MachineSelection>& machines, bool replace) {
    checkSelection(profile, machines, replace);
    EstimateSummary summary;
    std::vector<int> positions;
    for (const MachineSelection& selection : machines) {
        int position = profile.machineIndex(selection.machineId);
        if (position >= 0) {
            profile.machines[static_cast<std::size_t>(position)] = estimatedMachine(selection);
            summary.replaced.push_back(selection.machineId);
        } else {
            profile.machines.push_back(estimatedMachine(selection));
            position = static_cast<int>(profile.machines.size()) - 1;
            summary.added.push_back(selection.machineId);
        }
        positions.push_back(position);
    }
    const std::size_t machineCount = profile.machines.size();
    std::vector<std::pair<int, double>> forward, backward, update;
    for (std::size_t l = 0; l < profile.layers.size(); ++l) {
        forward.clear();
        backward.clear();
        update.clear();
        for (std::size_t m = 0; m < machines.size(); ++m) {
            const RooflineLayerTimes times =
                estimateLayerTimes(profile, static_cast<int>(l), machines[m].preset);
            forward.emplace_back(positions[m], times.forwardMs);
            backward.emplace_back(positions[m], times.backwardMs);
            update.emplace_back(positions[m], times.updateMs);
        }
        Layer& layer = profile.layers[l];
        layer.forwardMs.resize(machineCount, 0.0);
        setTimes(layer.forwardMs, machineCount, forward);
        setTimes(layer.backwardMs, machineCount, backward);
        setTimes(layer.updateMs, machineCount, update);
    }
    const auto everyLayer = [&](std::vector<double> Layer::*times) {
        return std::all_of(profile.layers.begin(), profile.layers.end(),
                           [times](const Layer& layer) { return !(layer.*times).empty(); });
    };
    profile.hasBackward = everyLayer(&Layer::backwardMs);
    profile.hasUpdate = everyLayer(&Layer::updateMs);
    const bool allEstimated =
        std::all_of(profile.machines.begin(), profile.machines.end(), isEstimatedMachine);
    if (!profile.model.fields.is_object())
        profile.model.fields = nlohmann::ordered_json::object();
    profile.model.fields["times"] = allEstimated ? "estimated" : "partly estimated";
    return summary;
}

} // namespace cutlab::core
