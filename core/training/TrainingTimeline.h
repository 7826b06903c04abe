#pragma once

#include <string>
#include <vector>

namespace cutlab::core {

// What one bar of a training timeline stands for.
enum class TimelineWork { Forward, Backward, Update, Transfer };

// A Qt-free description of one training iteration over time: one row per worker (or machine),
// the bars each row is busy with, and the phases the iteration goes through. Times in ms from
// the start of the iteration.
struct TimelineBar {
    int row = 0;
    double startMs = 0;
    double endMs = 0;
    TimelineWork work = TimelineWork::Forward;
    std::string
        label; // short, drawn on the bar when it fits: "F", "B", "U", "in", "out", "grad", "wg"
    std::string
        detail; // the whole story, for the tooltip: "forward conv1..pool2, 40 samples, 812.3 ms"
};

struct TimelinePhase {
    std::string name; // "Tf1" … "Tup", or "forward" / "backward" / "update"
    double startMs = 0;
    double endMs = 0;
};

struct TrainingTimeline {
    std::string title;
    std::vector<std::string> rows; // "o: raspi3 (device), 40 samples"
    std::vector<TimelineBar> bars;
    std::vector<TimelinePhase> phases;
    double totalMs = 0;
};

} // namespace cutlab::core
