// Pipeline planner benchmark (not a test: prints figures, asserts nothing about time).
//   cmake --build build/dev --target bench_pipeline && build/dev/tests/bench/bench_pipeline
//   [CUTLAB-CLI]
// For each PipeDream profile: the planner alone (4 machines, --cut-mode any, network ideal), and
// import + load + plan in-process, against PipeDream's optimizer (whole Python process, the
// peer's figures in tests/data/pipedream/README.md). With a cutlab-cli path that knows `train`,
// also the whole `cutlab-cli train` process on the sample profile. Then Inception-v3.
#include "core/io/PipeDreamImporter.h"
#include "core/io/ProfileLoader.h"
#include "core/pipeline/DownsetLattice.h"
#include "core/pipeline/PipelinePlanner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

using namespace cutlab::core;
using Clock = std::chrono::steady_clock;

static double medianMs(int runs, const std::function<void()>& work) {
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        work();
        times.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

static std::string readText(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

static Profile importProfile(const std::string& text) {
    return *parseProfile(importPipeDreamGraph(text, {}).dump()).profile;
}

static PipelineRequest request(int machines, PipelineCutMode mode) {
    PipelineRequest r;
    r.chain.assign(static_cast<std::size_t>(machines), 0);
    r.cutMode = mode;
    r.microBatch = 128;
    return r;
}

int main(int argc, char** argv) {
    const std::string source = CUTLAB_SOURCE_DIR;
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // figures appear as they are measured
    const std::string cli = argc > 1 ? argv[1] : "";
    const Network ideal = *networkPreset("ideal");
    struct Model {
        const char* name;
        double peerSeconds; // PipeDream's optimizer, whole process, 4 machines (0 = not published)
    };
    const Model models[] = {{"alexnet", 0.14},       {"vgg16", 0.11},    {"resnet18", 0.14},
                            {"squeezenet1_0", 0.13}, {"resnet50", 0.31}, {"densenet121", 0}};
    std::printf("PipeDream profiles, 4 machines, --cut-mode any, network ideal (medians)\n");
    std::printf("load average: %s", readText("/proc/loadavg").c_str());
    std::printf("%-14s %6s %8s %10s %10s %11s %11s %6s %8s %8s\n", "model", "layers", "downsets",
                "bottleneck", "planner ms", "import+plan", "cli process", "peer s", "x (in)",
                "x (cli)");
    for (const Model& model : models) {
        const std::string text = readText(source + "/tests/data/pipedream/" + model.name + ".txt");
        const Profile profile = importProfile(text);
        PipelinePlan plan;
        const double planMs = medianMs(
            21, [&] { plan = planPipeline(profile, ideal, request(4, PipelineCutMode::Any)); });
        const double wholeMs = medianMs(21, [&] {
            plan = planPipeline(importProfile(text), ideal, request(4, PipelineCutMode::Any));
        });
        double processMs = -1;
        if (!cli.empty()) {
            const std::string command =
                "'" + cli + "' train '" + source + "/sample_profiles/pipedream/" + model.name +
                ".json' --planner pipeline --cut-mode any --network ideal --stages gpu,gpu,gpu,gpu "
                "--micro-batch 128 --json > /dev/null 2>&1";
            processMs = medianMs(11, [&] {
                if (std::system(command.c_str()) != 0)
                    std::fprintf(stderr, "failed: %s\n", command.c_str());
            });
        }
        char peer[32] = "-", inProcess[32] = "-", wholeProcess[32] = "-", process[32] = "-";
        if (processMs > 0)
            std::snprintf(process, sizeof process, "%.1f ms", processMs);
        if (model.peerSeconds > 0) {
            std::snprintf(peer, sizeof peer, "%.2f", model.peerSeconds);
            std::snprintf(inProcess, sizeof inProcess, "%.0f", model.peerSeconds * 1000 / wholeMs);
            if (processMs > 0)
                std::snprintf(wholeProcess, sizeof wholeProcess, "%.0f",
                              model.peerSeconds * 1000 / processMs);
        }
        std::printf("%-14s %6zu %8zu %10.3f %10.3f %8.2f ms %11s %6s %8s %8s\n", model.name,
                    profile.layers.size(), plan.states, plan.bottleneckMs, planMs, wholeMs, process,
                    peer, inProcess, wholeProcess);
    }
    std::printf(
        "(x = the peer's whole process / ours: import + load + plan in-process, and the whole "
        "cutlab-cli\n"
        " train process through std::system, shell included, when a cutlab-cli was given)\n\n");

    const Profile inception =
        importProfile(readText(source + "/tests/data/pipedream/inception_v3.txt"));
    std::size_t count = 0;
    const double countMs = medianMs(3, [&] { count = DownsetLattice::countDownsets(inception); });
    std::printf("inception_v3 (%zu layers): %zu downsets, counted in %.1f ms\n",
                inception.layers.size(), count, countMs);
    for (int machines : {2, 4, 8}) {
        PipelinePlan any, single;
        const double anyMs = medianMs(3, [&] {
            any = planPipeline(inception, ideal, request(machines, PipelineCutMode::Any));
        });
        const double singleMs = medianMs(5, [&] {
            single = planPipeline(inception, ideal, request(machines, PipelineCutMode::Single));
        });
        std::printf("  %d machines: --cut-mode any %s bottleneck %.3f ms in %.0f ms (%d bounds "
                    "tried, %.0f MB of states and costs); single %.3f ms in %.1f ms\n",
                    machines, any.exact ? "exact" : "NOT exact", any.bottleneckMs, anyMs,
                    any.feasibilityTests, any.memoryBytes / 1048576.0, single.bottleneckMs,
                    singleMs);
    }

    // Generated graphs of 10^3 to 10^6 downsets: k parallel chains of length L joined by a last
    // layer have (L+1)^k + 1 downsets (one chain of 99,999 or 999,999 layers: long models). The
    // search against the pairwise DP it replaced, in the same run, on identical machines and an
    // ideal network (PipeDream's setting) and on a 4g chain of different machines. The pairwise DP
    // runs only where its count²/2 pairs stay below 1e9.
    auto parallelChains = [](int chains, int length) {
        Profile wide;
        wide.machines = {{"gpu", Tier::Cloud, ""}, {"edge", Tier::Edge, ""}};
        const int n = chains * length;
        for (int i = 0; i < n + 1; ++i) {
            Layer layer;
            layer.id = "w" + std::to_string(i);
            if (i == n)
                for (int c = 1; c <= chains; ++c)
                    layer.inputs.push_back(c * length - 1);
            else if (i % length != 0)
                layer.inputs = {i - 1};
            layer.readsModelInput = layer.inputs.empty();
            layer.outputBytes = 1000 + 37 * (i % 11);
            layer.forwardMs = {1.0 + i % 7, 2.5 + i % 3};
            layer.backwardMs = {2.0 + i % 5, 3.0 + i % 4};
            wide.layers.push_back(layer);
        }
        wide.hasBackward = true;
        return wide;
    };
    const Network fourG = *networkPreset("4g");
    std::printf("\ngenerated DAGs (k chains of L layers), 4 machines; time (median of 3) and the "
                "planner's memory\n");
    std::printf("%-8s %10s %-26s %12s %10s %9s %12s %10s\n", "k x L", "downsets", "setting",
                "search ms", "search MB", "exact", "pair DP ms", "pair MB");
    struct Shape {
        int chains, length;
    };
    for (const Shape shape :
         {Shape{2, 31}, Shape{4, 5}, Shape{2, 99}, Shape{4, 9}, Shape{2, 315}, Shape{4, 17},
          Shape{2, 999}, Shape{4, 31}, Shape{1, 99999}, Shape{1, 999999}}) {
        const Profile wide = parallelChains(shape.chains, shape.length);
        for (int setting = 0; setting < 2; ++setting) {
            PipelineRequest r = request(4, PipelineCutMode::Any);
            r.timeLimitMs = 600000; // the time to the exact answer, whatever it is
            if (setting == 1)
                r.chain = {1, 0, 1, 0};
            const Network& network = setting == 0 ? ideal : fourG;
            PipelinePlan searched, paired;
            const double searchMs = medianMs(3, [&] { searched = planPipeline(wide, network, r); });
            const double pairs =
                0.5 * static_cast<double>(searched.states) * static_cast<double>(searched.states);
            char pairMs[32] = "-", pairMb[32] = "-";
            if (pairs <= 1e9) {
                r.method = PipelineMethod::PairDp;
                const double ms =
                    medianMs(pairs > 1e8 ? 1 : 3, [&] { paired = planPipeline(wide, network, r); });
                std::snprintf(pairMs, sizeof pairMs, "%.1f", ms);
                std::snprintf(pairMb, sizeof pairMb, "%.1f", paired.memoryBytes / 1048576.0);
                if (std::abs(paired.bottleneckMs - searched.bottleneckMs) >
                    1e-9 * paired.bottleneckMs)
                    std::printf("DIFFERENT ANSWERS: search %.17g, pairwise DP %.17g\n",
                                searched.bottleneckMs, paired.bottleneckMs);
            }
            char label[16];
            std::snprintf(label, sizeof label, "%dx%d", shape.chains, shape.length);
            std::printf("%-8s %10zu %-26s %12.1f %10.1f %9s %12s %10s\n", label, searched.states,
                        setting == 0 ? "identical, ideal" : "gpu/edge alternating, 4g", searchMs,
                        searched.memoryBytes / 1048576.0, searched.exact ? "yes" : "NO", pairMs,
                        pairMb);
        }
    }
    return 0;
}
