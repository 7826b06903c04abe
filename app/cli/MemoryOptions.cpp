#include "app/cli/MemoryOptions.h"

#include "app/cli/CliError.h"
#include "core/cluster/ClusterSpec.h"
#include "core/pipeline/Recomputation.h"

#include <sstream>
#include <stdexcept>
#include <utility>

namespace cutlab::cli {

std::vector<std::pair<std::string, double>> parseMemoryLimits(const std::string& text) {
    std::vector<std::pair<std::string, double>> limits;
    std::stringstream stream(text);
    for (std::string part; std::getline(stream, part, ',');) {
        const std::size_t equals = part.find('=');
        if (equals == std::string::npos || equals == 0)
            throw CliError("--memory must be ID=BYTES[,ID=BYTES...] (for example pi4=4GiB), not '" +
                           text + "'");
        try {
            limits.emplace_back(part.substr(0, equals),
                                core::parseByteSize(part.substr(equals + 1)));
        } catch (const std::invalid_argument& error) {
            throw CliError(std::string("--memory: ") + error.what());
        }
    }
    return limits;
}

bool parseMemoryFlag(ArgumentCursor& cursor, const std::string& flag, MemoryOptions& options) {
    if (flag == "--memory") {
        const auto limits = parseMemoryLimits(cursor.valueOf(flag));
        options.limits.insert(options.limits.end(), limits.begin(), limits.end());
    } else if (flag == "--optimizer") {
        const std::string name = cursor.valueOf(flag);
        if (!core::optimizerFromName(name, &options.optimizer))
            throw CliError("--optimizer must be sgd, momentum or adam, not '" + name + "'");
    } else if (flag == "--recompute")
        options.recompute = true;
    else
        return false;
    return true;
}

std::vector<double> machineCapacities(const core::Profile& profile, const MemoryOptions& options) {
    std::vector<double> capacities;
    for (const core::Machine& machine : profile.machines)
        capacities.push_back(machine.memoryBytes.value_or(0));
    for (const auto& [id, bytes] : options.limits) {
        const int machine = profile.machineIndex(id);
        if (machine < 0) {
            std::string known;
            for (const core::Machine& m : profile.machines)
                known += (known.empty() ? "" : ", ") + m.id;
            throw CliError("--memory: unknown machine '" + id + "' (the profile has " + known +
                           ")");
        }
        capacities[static_cast<std::size_t>(machine)] = bytes;
    }
    return capacities;
}

core::Profile withRecomputation(core::Profile profile) {
    return core::withRecomputation(std::move(profile));
}

} // namespace cutlab::cli
