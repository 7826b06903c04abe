#include "ui/training/PipelineSettings.h"

#include "core/cluster/PoolSpec.h"

#include <algorithm>
#include <stdexcept>

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

core::PoolRequest PipelineSettings::poolRequest(const core::Profile& profile,
                                                QString* error) const {
    core::PoolRequest request;
    try {
        request.pool = core::parsePoolSpec(pool.toStdString());
    } catch (const std::invalid_argument& invalid) {
        if (error)
            *error = QStringLiteral("The pool: %1.").arg(QString::fromUtf8(invalid.what()));
        return {};
    }
    for (const core::PoolGroup& group : request.pool.groups) {
        if (profile.machineIndex(group.machineId) < 0) {
            if (error)
                *error = QStringLiteral("The pool names '%1', which is not a machine of this "
                                        "profile.")
                             .arg(QString::fromStdString(group.machineId));
            return {};
        }
        request.capacityBytes.push_back(
            poolCapacityBytes.value(QString::fromStdString(group.machineId), 0.0));
    }
    request.microBatch = microBatch;
    request.microBatches =
        microBatches > 0 ? microBatches : std::min(4096, 4 * request.pool.totalMachines());
    request.optimizer = optimizer;
    request.recompute = recompute;
    return request;
}

} // namespace cutlab::ui
