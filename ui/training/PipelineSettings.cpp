#include "ui/training/PipelineSettings.h"

#include <algorithm>

namespace cutlab::ui {

std::vector<int> PipelineSettings::machineChain(const core::Profile& profile,
                                                QString* error) const {
    std::vector<int> machines;
    for (const QString& id : chain) {
        const int machine = profile.machineIndex(id.toStdString());
        if (machine < 0) {
            if (error)
                *error =
                    QStringLiteral(
                        "The pipeline chain names '%1', which is not a machine of this profile.")
                        .arg(id);
            return {};
        }
        machines.push_back(machine);
    }
    if (machines.empty() && error)
        *error = QStringLiteral("The pipeline chain is empty: append at least one machine.");
    return machines;
}

core::PipelineMemorySettings PipelineSettings::memorySettings(int stages) const {
    core::PipelineMemorySettings memory;
    memory.optimizer = optimizer;
    memory.recompute = recompute;
    memory.microBatches = microBatches > 0 ? microBatches : 4 * std::max(1, stages);
    memory.allInFlight = scheduleKind == core::ScheduleKind::GPipe;
    memory.weightStashing = scheduleKind == core::ScheduleKind::OneForwardOneBackward;
    return memory;
}

std::vector<double> PipelineSettings::capacities(const core::Profile& profile) const {
    std::vector<double> bytes;
    for (const QString& id : chain) {
        const int machine = profile.machineIndex(id.toStdString());
        bytes.push_back(
            machine < 0
                ? 0.0
                : profile.machines[static_cast<std::size_t>(machine)].memoryBytes.value_or(0.0));
    }
    return bytes;
}

} // namespace cutlab::ui
