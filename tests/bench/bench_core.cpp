// Core benchmarks (not a test: prints figures, asserts nothing about time).
//   cmake --build build/dev --target bench_core && build/dev/tests/bench/bench_core
#include "../core/GeneratedProfiles.h"
#include "BenchTiming.h"

#include "core/inference/InferenceCostModel.h"
#include "core/inference/ScissionPlanner.h"
#include "core/io/ProfileLoader.h"
#include "core/model/ModelStructure.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <vector>

using namespace cutlab::core;

static std::string profileJson(const Profile& p) {
    nlohmann::ordered_json doc;
    doc["format"] = "cutlab-profile";
    doc["version"] = 1;
    doc["model"] = {{"name", "generated"}, {"input_bytes", p.model.inputBytes}};
    for (const auto& m : p.machines)
        doc["machines"].push_back({{"id", m.id}, {"tier", tierName(m.tier)}});
    for (const auto& layer : p.layers) {
        nlohmann::ordered_json entry;
        entry["id"] = layer.id;
        entry["type"] = "Conv2D";
        entry["inputs"] = nlohmann::ordered_json::array();
        for (int i : layer.inputs)
            entry["inputs"].push_back(p.layers[static_cast<std::size_t>(i)].id);
        entry["output_bytes"] = layer.outputBytes;
        for (std::size_t m = 0; m < p.machines.size(); ++m)
            entry["forward_ms"][p.machines[m].id] = layer.forwardMs[m];
        doc["layers"].push_back(entry);
    }
    return doc.dump();
}

int main() {
    // (50,000 layers: the reader once spent seconds there, in the JSON parser's callback mode)
    for (const int layers : {10000, 50000}) {
        const auto path = std::filesystem::temp_directory_path() /
                          ("cutlab-bench-" + std::to_string(layers) + ".json");
        {
            std::ofstream out(path);
            out << profileJson(generatedProfile(layers, 1, 7, 0.05));
        }
        std::size_t cuts = 0;
        const double load = medianMs(layers > 10000 ? 3 : 9, [&] {
            auto result = loadProfileFile(path.string());
            cuts = analyseStructure(*result.profile).cutAfter.size();
        });
        std::printf("load + validate + analyse, %d layers (%.1f MB, %zu cuts): median %.1f ms%s\n",
                    layers, static_cast<double>(std::filesystem::file_size(path)) / 1e6, cuts, load,
                    layers == 10000 ? " (target < 200 ms)" : "");
        std::filesystem::remove(path);
    }

    const Profile big = generatedProfile(2000, 3, 11);
    const Network network = *networkPreset("4g");
    const InferenceCostModel model(big, network);
    InferenceQuery query;
    double best = 0;
    const double rank =
        medianMs(7, [&] { best = rankScission(model, query).front().evaluation.totalMs; });
    const double configurations = 3.0 * (2001.0 * 2002.0 / 2.0) * 9.0;
    std::printf("rank all configurations, 2,000 layers x 3 machines per tier (~%.0f M "
                "configurations): median %.1f ms "
                "(target < 200 ms; best %.1f ms)\n",
                configurations / 1e6, rank, best);

    const Profile thousand = generatedProfile(1000, 1, 3);
    const InferenceCostModel small(thousand, network);
    const TierPlacement placement = small.placementFromCuts(300, 700, {0, 1, 2});
    double sink = 0;
    const int calls = 200000;
    const double evaluate = medianMs(9, [&] {
        for (int i = 0; i < calls; ++i)
            sink += small.evaluate(placement).totalMs;
    });
    std::printf("evaluate one plan (1,000 layers, 3 stages, 2 transfers): median %.3f us per call "
                "(target < 1 us) [%g]\n",
                evaluate * 1000.0 / calls, sink > 0 ? 1.0 : 0.0);
    return 0;
}
