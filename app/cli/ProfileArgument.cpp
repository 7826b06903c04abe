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

} // namespace cutlab::cli
