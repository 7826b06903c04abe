#pragma once

#include "core/model/Evaluation.h"
#include "core/model/Profile.h"
#include "ui/charts/BreakdownEntries.h"

#include <QString>

#include <array>
#include <vector>

class QChart;

namespace cutlab::ui {

// Latency breakdown as horizontal stacked bars: compute per tier, bytes/bandwidth per link
// and the links' latency apart.
class BreakdownChartBuilder {
  public:
    static constexpr int kSegments = 7;
    // device, edge, cloud compute; device↔edge, device↔cloud, edge↔cloud bytes time; latency.
    static std::array<double, kSegments> segments(const core::Profile& profile,
                                                  const core::Evaluation& evaluation);
    static QString segmentName(int segment);
    // The largest total the value axis shows: the largest total, unless one plan is more than
    // kOffScaleFactor times the next, when it is a little past the largest of the others (the
    // longer bars run off the axis and their labels end with "off scale").
    static double axisExtent(const std::vector<BreakdownEntry>& entries);
    static constexpr double kOffScaleFactor = 4;

    static QChart* build(const core::Profile& profile, const std::vector<BreakdownEntry>& entries,
                         const QString& title);
    // Same number of entries as built: replaces the values in place (cheap, for live dragging).
    static void update(QChart* chart, const core::Profile& profile,
                       const std::vector<BreakdownEntry>& entries);
};

} // namespace cutlab::ui
