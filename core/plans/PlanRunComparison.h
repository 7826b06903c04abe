#pragma once

#include "core/io/RunFile.h"

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace cutlab::core {

// One segment, transfer or the whole frame: the plan's prediction against what a run measured
// (docs/cost-models.md §4).
struct ComparedItem {
    enum class Kind { Segment, Transfer, EndToEnd };
    Kind kind = Kind::Segment;
    std::string name;       // "segment 1 on raspi4: conv1 .. layer2.1", "transfer ...", ...
    double predictedMs = 0; // the plan's compute_ms, transfer ms or total_ms
    double measuredMs = 0;  // the median over the run's frames
    double fastestMs = 0;   // the fastest and slowest frame
    double slowestMs = 0;
    double error = 0;        // predicted / measured - 1 (0 when both are 0)
    std::string explanation; // what most likely explains the difference
};

struct PlanRunComparison {
    std::string model;
    std::string planner;
    std::string network;
    int rank = 1;
    int frames = 0;
    std::string setup;               // "20 frames, 1 thread, AMD EPYC, load average 0.37 -> 0.26"
    std::vector<ComparedItem> items; // segments and transfers in execution order, then the frame
};

class PlanRunMismatch : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Compares plans[run.rank - 1] of a `cutlab-plan` document (JSON text) with the run. Throws
// PlanRunMismatch when the text is not an inference plan, has no plan of that rank, or the run's
// segments and transfers are not that plan's (a sentence naming the first difference).
PlanRunComparison comparePlanWithRun(std::string_view planText, const RunRecord& run);

} // namespace cutlab::core
