#pragma once

#include "ui/trace/TraceReplayResult.h"

#include <QString>

class QChart;

namespace cutlab::ui {

// The Trace view's two charts over the replay's time (seconds from its start): the traced
// direction's bandwidth in 1 s bins with the trace's mean, p10 and p90; and each frame's
// latency on the static, adaptive and hindsight plans (and the deadline). Both carry a
// "cursor" line that playing moves.
class TraceChartBuilder {
  public:
    static QChart* bandwidthChart(const TraceReplayResult& result);
    static QChart* latencyChart(const TraceReplayResult& result);
    // Moves the vertical "cursor" line of a chart to `seconds` (hidden below 0).
    static void moveCursor(QChart* chart, double seconds);
    // "static: p50 … ms, p95 … ms, 3 misses · adaptive: … · hindsight: …"
    static QString summary(const TraceReplayResult& result);
};

} // namespace cutlab::ui
