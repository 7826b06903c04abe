#include "app/cli/ProfileArgument.h"

#include "app/cli/CliError.h"

#include "core/io/ProfileLoader.h"

namespace cutlab::cli {

core::Profile loadProfileOrThrow(const std::string& path) {
    auto loaded = core::loadProfileFile(path);
    if (loaded.ok())
        return std::move(*loaded.profile);
    std::string message;
    for (const auto& issue : loaded.issues)
        message += (message.empty() ? "" : "\n") + path + ": error: " + issue.text();
    throw CliError(message);
}

std::vector<int> resolveChain(const core::Profile& profile, const std::vector<std::string>& ids) {
    std::vector<int> chain;
    for (const auto& id : ids) {
        const int machine = profile.machineIndex(id);
        if (machine < 0) {
            std::string known;
            for (const auto& m : profile.machines)
                known += (known.empty() ? "" : ", ") + m.id;
            throw CliError("--stages: unknown machine '" + id + "' (the profile has " + known +
                           ")");
        }
        chain.push_back(machine);
    }
    return chain;
}

} // namespace cutlab::cli
