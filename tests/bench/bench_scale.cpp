// Inference planning at scale (not a test: prints figures, asserts nothing about time).
//   cmake --build build/dev --target bench_scale && build/dev/tests/bench/bench_scale
// Generated chains of 200,000 and 50,000 layers (one machine per tier), written to a file and
// given to cutlab-cli as a person would: the time to read and check the profile (`validate`)
// beside `plan --top 5` and a 61-step uplink sweep (docs/cost-models.md §1.4, §1.7).
#include "../core/GeneratedProfiles.h"
#include "BenchTiming.h"

#include "core/io/ProfileWriter.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

using namespace cutlab::core;

namespace {

double commandMs(const std::string& arguments) {
    const std::string command = std::string(CUTLAB_CLI_PATH) + " " + arguments + " > /dev/null";
    int status = 0;
    const double ms = medianMs(3, [&] { status = std::system(command.c_str()); });
    if (status != 0)
        std::printf("  (exit status %d from: %s)\n", status, command.c_str());
    return ms;
}

// `cutlab-cli COMMAND PROFILE OPTIONS` against `cutlab-cli validate PROFILE`.
void measure(int layers, const std::string& command, const std::string& options) {
    const auto folder = std::filesystem::temp_directory_path() / "cutlab-bench-scale";
    std::filesystem::create_directories(folder);
    const std::string path = (folder / ("chain" + std::to_string(layers) + ".json")).string();
    {
        std::ofstream out(path);
        out << profileToJson(generatedProfile(layers, 1, 7)).dump();
    }
    const double readMs = commandMs("validate " + path);
    const double workMs = commandMs(command + " " + path + " " + options);
    std::printf("%d layers: validate %.0f ms, %s %s: %.0f ms (%.2f× reading)\n", layers, readMs,
                command.c_str(), options.c_str(), workMs, workMs / readMs);
    std::filesystem::remove_all(folder);
}

} // namespace

int main() {
    measure(200000, "plan", "--network 4g --top 5");
    measure(50000, "sweep",
            "--vary uplink --from 0.1 --to 100 --steps 61 --planners scission --network 4g");
    return 0;
}
