#pragma once

#include "core/inference/BandwidthSweep.h"

#include <QString>

#include <array>
#include <vector>

class QChart;

namespace cutlab::ui {

// Total latency against the uplink bandwidth (log axes): the best plan, the native plans and
// the current plan; the bandwidths where the best plan changes are marked as points.
class SweepChartBuilder {
  public:
    static QChart* build(const core::SweepResult& sweep, const std::vector<double>& currentTotals,
                         const QString& bestLabel, double currentUplinkMbps, const QString& title);
    static void updateCurrent(QChart* chart, const std::vector<double>& mbps,
                              const std::vector<double>& currentTotals);
};

} // namespace cutlab::ui
