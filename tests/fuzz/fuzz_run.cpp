// libFuzzer target: the run file reader (cutlab-run JSON of tools/cutlab-run-split, as
// `cutlab-cli compare` and File > Open Run read it), then the comparison with a fixed plan.
#include "core/io/RunFile.h"
#include "core/plans/PlanRunComparison.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace {

// LeNet-5 cut after pool2 on two machines (tests/data/runs/lenet5-plan.json, shortened).
constexpr std::string_view kPlan = R"({"format": "cutlab-plan", "version": 1, "model": "lenet5",
  "planner": "manual", "network": {"name": "2 Mbps 5 ms", "links": []},
  "plans": [{"rank": 1, "total_ms": 11.5884,
    "stages": [{"tier": "device", "machine": "thisbox-1t", "first_layer": "conv1",
                "last_layer": "pool2", "compute_ms": 0.1063},
               {"tier": "edge", "machine": "thisbox-2t", "first_layer": "fc1",
                "last_layer": "fc3", "compute_ms": 0.0821}],
    "transfers": [{"from": "thisbox-1t", "to": "thisbox-2t", "after_layer": "pool2",
                   "bytes": 1600, "ms": 11.4, "latency_ms": 5}]}]})";

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto run = cutlab::core::parseRunFile(text);
        if (run.frames.empty())
            __builtin_trap(); // a run without frames must be refused
        const auto comparison = cutlab::core::comparePlanWithRun(kPlan, run);
        if (comparison.items.size() != 4)
            __builtin_trap();
    } catch (const cutlab::core::RunFileError&) {
    } catch (const cutlab::core::PlanRunMismatch&) {
    }
    return 0;
}
