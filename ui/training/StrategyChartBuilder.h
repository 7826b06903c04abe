#pragma once

#include "core/training/StrategySweep.h"

#include <QString>

#include <cstddef>

class QChart;

namespace cutlab::ui {

// The strategy comparison chart, as HierTrain's figures 7–10: iteration time of every planner
// against the swept bandwidth, one line series per planner (objectName = planner name), linear
// or log x axis. Times in seconds when any exceeds 10 s, else ms; the chart's "msPerUnit"
// property says which (1000 or 1), so a point's y × msPerUnit is the planner's ms.
class StrategyChartBuilder {
  public:
    static QChart* build(const core::StrategySweep& sweep, bool logX, const QString& title);
    static QString defaultTitle(const core::StrategySweep& sweep);
    // The planner's name in the legend, "a (= b)" when its line lies entirely under b's.
    static QString legendName(const core::StrategySweep& sweep, std::size_t planner);
};

} // namespace cutlab::ui
