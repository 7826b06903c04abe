#include "core/planners/IterationMemoryShortfall.h"

#include "core/planners/IterationPlanner.h"
#include "core/training/TrainingMemory.h"
#include "core/training/TrainingMemoryError.h"

#include <cmath>

namespace cutlab::core {
namespace {

// The planner's answer with `machine` given `capacity` bytes (0 = no limit), or none.
std::optional<TrainingResult> planWith(const std::string& planner, TrainingCostModel model,
                                       int batch, int machine, double capacity) {
    TrainingMemorySettings settings = model.memory();
    settings.capacityBytes.resize(model.profile().machines.size(), 0.0);
    settings.capacityBytes[static_cast<std::size_t>(machine)] = capacity;
    model.setMemory(settings);
    try {
        return runIterationPlanner(planner, model, batch);
    } catch (const TrainingMemoryError&) {
        return std::nullopt;
    }
}

double bytesOn(const TrainingCostModel& model, const TrainingResult& result, int machine) {
    const auto memory = result.hybrid ? hierTrainMemory(model, *result.hybrid)
                                      : pathMemory(model, *result.path, result.batch);
    const auto found = memory.find(machine);
    return found == memory.end() ? 0.0 : found->second.total();
}

// The smallest whole number of bytes for one machine with which a plan fits, when one does.
std::optional<double> smallestMachineCapacity(const std::string& planner,
                                              const TrainingCostModel& model, int batch,
                                              int machine) {
    const auto unlimited = planWith(planner, model, batch, machine, 0);
    if (!unlimited)
        return std::nullopt;
    double low = std::floor(model.memory().capacity(machine)); // no plan fits with `low`
    double high = std::ceil(bytesOn(model, *unlimited, machine));
    while (high - low > 1) {
        const double middle = std::floor((low + high) / 2);
        (planWith(planner, model, batch, machine, middle) ? high : low) = middle;
    }
    return high;
}

} // namespace

IterationMemoryShortfall iterationMemoryShortfall(const std::string& planner,
                                                  const TrainingCostModel& model, int batch) {
    IterationMemoryShortfall result;
    const auto& capacities = model.memory().capacityBytes;
    for (std::size_t m = 0; m < capacities.size(); ++m) {
        if (capacities[m] <= 0)
            continue;
        const int machine = static_cast<int>(m);
        const auto bytes = smallestMachineCapacity(planner, model, batch, machine);
        if (bytes &&
            (result.machine < 0 ||
             *bytes - capacities[m] < result.bytes - model.memory().capacity(result.machine))) {
            result.machine = machine;
            result.bytes = *bytes;
        }
    }
    if (result.machine >= 0)
        result.plan = planWith(planner, model, batch, result.machine, result.bytes);
    return result;
}

} // namespace cutlab::core
