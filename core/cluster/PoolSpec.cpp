#include "core/cluster/PoolSpec.h"

#include "core/cluster/SpecText.h"

#include <cmath>
#include <stdexcept>

namespace cutlab::core {

namespace {

int machinesOf(const std::string& count, const std::string& whole) {
    const double machines = specNumber(count);
    if (std::isnan(machines) || machines != std::floor(machines) || machines < 1)
        throw std::invalid_argument("'" + count + "' in '" + whole +
                                    "' is not a number of machines (a whole number, at least 1)");
    if (machines > PoolSpec::kMaxMachines)
        throw std::invalid_argument("'" + whole + "' has " + count + " machines in one group; at " +
                                    "most " + std::to_string(PoolSpec::kMaxMachines) + " in all");
    return static_cast<int>(machines);
}

PoolGroup groupOf(const std::string& part, const std::string& whole) {
    const std::size_t colon = part.find(':');
    if (colon == std::string::npos || colon == 0)
        throw std::invalid_argument(
            "'" + part + "' in '" + whole +
            "' is not ID:N[@MBPS] (levels N@MBPS without a machine id are PipeDream's hierarchy: "
            "--cost-model pipedream)");
    PoolGroup group;
    group.machineId = part.substr(0, colon);
    const std::string rest = part.substr(colon + 1);
    const std::size_t at = rest.find('@');
    group.machines = machinesOf(rest.substr(0, at), whole);
    if (at != std::string::npos) {
        const std::string rate = rest.substr(at + 1);
        const double mbps = specNumber(rate);
        if (std::isnan(mbps) || mbps <= 0 || mbps > 1e9)
            throw std::invalid_argument("'" + rate + "' in '" + whole +
                                        "' is not a bandwidth in Mbit/s (above 0, at most 1e9)");
        group.mbps = mbps;
    }
    return group;
}

} // namespace

int PoolSpec::totalMachines() const {
    int total = 0;
    for (const PoolGroup& group : groups)
        total += group.machines;
    return total;
}

PoolSpec parsePoolSpec(const std::string& text) {
    PoolSpec spec;
    for (const std::string& part : splitSpecText(text, ',')) {
        PoolGroup group = groupOf(part, text);
        for (const PoolGroup& earlier : spec.groups)
            if (earlier.machineId == group.machineId)
                throw std::invalid_argument("'" + text + "' lists " + group.machineId +
                                            " twice; give each machine type once with its count");
        spec.groups.push_back(std::move(group));
        if (spec.totalMachines() > PoolSpec::kMaxMachines)
            throw std::invalid_argument("'" + text + "' has more than " +
                                        std::to_string(PoolSpec::kMaxMachines) +
                                        " machines in all");
    }
    if (spec.groups.size() > PoolSpec::kMaxGroups)
        throw std::invalid_argument("'" + text + "' lists " + std::to_string(spec.groups.size()) +
                                    " machine types; at most " +
                                    std::to_string(PoolSpec::kMaxGroups));
    return spec;
}

} // namespace cutlab::core
