#include "app/cli/Commands.h"

#include "app/cli/CliError.h"

#include <filesystem>
#include <system_error>
#include <unistd.h>

namespace cutlab::cli {

int runChartRenderer(char** argv) {
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    const auto renderer =
        (error ? std::filesystem::path(argv[0]).parent_path() : self.parent_path()) /
        "cutlab-charts";
    execv(renderer.c_str(), argv);
    throw CliError("the chart renderer " + renderer.string() +
                   " cannot be started (is it installed next to cutlab-cli?)");
}

} // namespace cutlab::cli
