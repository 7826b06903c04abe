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
    const double countMs = medianMs(5, [&] { count = DownsetLattice::countDownsets(inception); });
    std::string refusal;
    const double refuseMs = medianMs(5, [&] {
        try {
            planPipeline(inception, ideal, request(4, PipelineCutMode::Any));
        } catch (const DownsetLimitExceeded& error) {
            refusal = error.what();
        }
    });
    PipelinePlan single;
    const double singleMs = medianMs(
        21, [&] { single = planPipeline(inception, ideal, request(4, PipelineCutMode::Single)); });
    std::printf("inception_v3 (%zu layers): %zu downsets, counted in %.1f ms\n",
                inception.layers.size(), count, countMs);
    std::printf("  --cut-mode any refuses in %.1f ms: %s\n", refuseMs, refusal.c_str());
    std::printf(
        "  --cut-mode single, 4 machines: bottleneck %.3f ms over %zu cut states in %.3f ms\n",
        single.bottleneckMs, single.states, singleMs);

    // Near the limit: two parallel chains joined by a last layer, (length+1)² + 1 downsets, every
    // nested pair of them visited by the DP (the worst shape for its pair loop).
    auto parallelChains = [](int length) {
        Profile wide;
        wide.machines = {{"gpu", Tier::Cloud, ""}};
        for (int i = 0; i < 2 * length + 1; ++i) {
            Layer layer;
            layer.id = "w" + std::to_string(i);
            if (i == 2 * length)
                layer.inputs = {length - 1, 2 * length - 1};
            else if (i % length != 0)
                layer.inputs = {i - 1};
            layer.readsModelInput = layer.inputs.empty();
            layer.outputBytes = 1000;
            layer.forwardMs = {1.0 + i % 7};
            layer.backwardMs = {2.0 + i % 5};
            wide.layers.push_back(layer);
        }
        wide.hasBackward = true;
        return wide;
    };
    for (int length : {49, 69, 98})
        for (int machines : {4, 8}) {
            const Profile wide = parallelChains(length);
            PipelinePlan plan;
            PipelineRequest r = request(machines, PipelineCutMode::Any);
            r.downsetLimit = 20000;
            const auto cpuStart = std::clock();
            const double ms = medianMs(3, [&] { plan = planPipeline(wide, ideal, r); });
            const double cpuMs =
                1000.0 * static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC / 3;
            std::printf("two parallel chains of %d (%zu downsets), %d machines, --cut-mode any: "
                        "%.1f ms (cpu %.1f ms)\n",
                        length, plan.states, machines, ms, cpuMs);
        }
    return 0;
}
