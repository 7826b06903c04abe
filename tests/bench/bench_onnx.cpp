// ONNX import on generated models, through the sandboxed worker as `cutlab-cli import` runs it:
// 10^5 unnamed operators without outputs (their ids were numbered in quadratic time), chains of
// 10^5 and 2 x 10^5 operators, and a 10^6-operator chain (refused before inference). Prints the
// median wall time of 3 runs and the peak memory of this process so far.
//   bench_onnx [WORKER]   (default: $CUTLAB_IMPORT_WORKER, else cutlab-cli beside this program)
#include "../OnnxTestModels.h"
#include "BenchTiming.h"

#include "core/onnx/ModelFileImport.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <sys/resource.h>

namespace {

// This process's peak (the worker's own is not readable here: a spawned child's peak starts
// from its parent's; run the worker under /usr/bin/time for it).
double peakMegabytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

void measure(const char* name, const std::string& bytes) {
    const auto path = std::filesystem::temp_directory_path() / "cutlab-bench-onnx.onnx";
    std::ofstream(path, std::ios::binary) << bytes;
    std::string outcome = "imported";
    double profileMb = 0;
    const double ms = medianMs(3, [&] {
        try {
            profileMb =
                static_cast<double>(cutlab::core::importModel(path.string(), {}).text.size()) /
                1048576.0;
        } catch (const cutlab::core::ModelImportError& error) {
            outcome = std::string("refused: ") + error.detail();
        }
    });
    std::printf("%-36s %6.2f MB  %8.0f ms  %6.0f MB  profile %6.1f MB  %s\n", name,
                static_cast<double>(bytes.size()) / 1048576.0, ms, peakMegabytes(), profileMb,
                outcome.substr(0, 60).c_str());
    std::filesystem::remove(path);
}

} // namespace

int main(int argc, char** argv) {
    if (argc > 1)
        setenv("CUTLAB_IMPORT_WORKER", argv[1], 1);
    std::printf("%-36s %9s  %11s  %9s\n", "model", "file", "median of 3", "peak");
    measure("10^5 unnamed operators, no outputs", onnx_test::unnamedWithoutOutputs(100000));
    measure("chain of 10^5 Relu", onnx_test::reluChain(100000));
    measure("chain of 2 x 10^5 Relu", onnx_test::reluChain(200000));
    measure("chain of 10^6 Relu", onnx_test::reluChain(1000000));
    return 0;
}
