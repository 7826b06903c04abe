// Replay benchmark (not a test: prints figures, asserts nothing about time).
//   cmake --build build/dev --target bench_replay && build/dev/tests/bench/bench_replay
// 10^5 frames over a 900 s trace (the first 900 s of sample_profiles/traces/ATT-LTE-driving.up
// on the device → cloud direction of 4g) on a generated 1,000-layer chain over a device and a
// cloud machine, Scission re-planning with --adapt window:2 (docs/cost-models.md §6.3).
#include "../core/GeneratedProfiles.h"
#include "BenchTiming.h"

#include "core/inference/HindsightCandidates.h"
#include "core/inference/ReplayRun.h"
#include "core/inference/ReplaySummary.h"
#include "core/inference/ScissionPlanner.h"
#include "core/io/ProfileWriter.h"
#include "core/io/TraceFile.h"
#include "core/model/LinkDirection.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>

using namespace cutlab::core;

// The same replay as a person runs it: `cutlab-cli replay … --adapt window:2` (text output),
// which also replays the static and hindsight plans.
void timeTheCommand(const Profile& profile, const NetworkTrace& trace) {
    const auto folder = std::filesystem::temp_directory_path() / "cutlab-bench-replay";
    std::filesystem::create_directories(folder);
    {
        std::ofstream out(folder / "model.json");
        out << profileToJson(profile).dump();
        std::ofstream lines(folder / "uplink.trace");
        for (double t : trace.opportunitiesMs)
            lines << t << "\n";
    }
    // appended piece by piece: GCC 12 at -O2 warns (-Warray-bounds) on the chained operator+
    std::string command = CUTLAB_CLI_PATH;
    command += " replay " + (folder / "model.json").string();
    command +=
        " --network 4g --skip edge --trace device-cloud=" + (folder / "uplink.trace").string();
    command += " --frames 100000 --interval 1000 --adapt window:2 > /dev/null";
    int status = 0;
    const double ms = medianMs(3, [&] { status = std::system(command.c_str()); });
    std::printf("cutlab-cli replay, the same frames, with the static and hindsight runs: median "
                "%.0f ms (exit %d)\n",
                ms, status);
    std::filesystem::remove_all(folder);
}

int main() {
    auto loaded = loadTraceFile(CUTLAB_SOURCE_DIR "/sample_profiles/traces/ATT-LTE-driving.up");
    if (!loaded.trace) {
        std::fprintf(stderr, "%s\n", loaded.error.c_str());
        return 1;
    }
    NetworkTrace trace = *loaded.trace;
    std::erase_if(trace.opportunitiesMs, [](double t) { return t > 900000; });
    trace.periodMs = 900000;
    const auto shared = std::make_shared<const NetworkTrace>(trace);

    // Layers of 0–1 ms on the device (a quarter of that on the cloud) and outputs of 1 kB to
    // 316 kB, so that the best cut moves with the uplink's bandwidth.
    Profile profile = generatedProfile(1000, 1, 3);
    std::mt19937 random(17);
    std::uniform_real_distribution<double> logBytes(3, 5.5);
    for (Layer& layer : profile.layers) {
        for (double& ms : layer.forwardMs)
            ms *= 0.1;
        layer.outputBytes = std::floor(std::pow(10.0, logBytes(random)));
    }
    const Network network = *networkPreset("4g");
    const InferenceCostModel model(profile, network);
    const std::vector<TracedDirection> traces = {
        {*linkDirectionOf(network, "device", "cloud"), shared, 0}};
    InferenceQuery query;
    query.top = 1;
    query.tierUse = {TierUse::Any, TierUse::MustNot, TierUse::Any}; // device and cloud
    int chooserCalls = 0;
    const PlanChooser choose = [&](const Network& estimated) {
        ++chooserCalls;
        const InferenceCostModel at(profile, estimated);
        auto plans = rankScission(at, query);
        return plans.empty() ? std::nullopt : std::optional<RankedPlan>(plans.front());
    };
    const ReplaySettings settings{100000, 1000.0};
    std::printf("trace: %zu opportunities over 900 s, mean %.3f Mbit/s\n",
                trace.opportunitiesMs.size(), trace.meanMbps());

    ReplayRun adaptive;
    const double adaptiveMs = medianMs(3, [&] {
        chooserCalls = 0;
        adaptive = replayAdaptive(model, traces, choose, settings, 2000.0);
    });
    const ReplaySummary summary = summarizeReplay(adaptive, std::nullopt);
    std::printf("adaptive, window 2 s, 10^5 frames every 1 s, 1,000 layers: median %.0f ms "
                "(target < 2000 ms); %d planner runs, %zu plans used, p50 %.0f ms\n",
                adaptiveMs, chooserCalls, adaptive.plans.size(), summary.p50Ms);

    const auto staticPlan = choose(networkWithBandwidths(network, traces, traceMeansMbps(traces)));
    const double staticMs =
        medianMs(3, [&] { (void)replayStatic(model, traces, *staticPlan, settings); });
    std::printf("static plan, same frames: median %.0f ms\n", staticMs);

    InferenceQuery all = query;
    all.top = 100000;
    const auto start = std::chrono::steady_clock::now();
    const auto candidates = undominatedPlans(FrameReplay(model, traces), rankScission(model, all));
    const ReplayRun hindsight = replayHindsight(model, traces, candidates, settings);
    const double hindsightMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf("hindsight, same frames: %.0f ms (%zu undominated placements tried per frame, "
                "%zu used)\n",
                hindsightMs, candidates.size(), hindsight.plans.size());
    timeTheCommand(profile, trace);
    return 0;
}
