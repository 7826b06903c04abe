#pragma once

#include "core/inference/BandwidthSweep.h"

#include <QString>

#include <array>
#include <vector>

class QChart;

namespace cutlab::ui {

// Total latency against the uplink bandwidth (log axes): the best plan, the native plans and
// the current plan; the bandwidths where the best plan changes are marked as points. The x axis
// is the reference uplink's bandwidth (device→edge when an edge machine is chosen, else
// device→cloud); the sweep scales the device's other uplink with it (core::UplinkSweep with a
// reference), so at the marker every curve reads the current network's numbers.
class SweepChartBuilder {
  public:
    static QChart* build(const core::SweepResult& sweep, const std::vector<double>& currentTotals,
                         const QString& bestLabel, double currentUplinkMbps, const QString& title,
                         core::Tier reference = core::Tier::Cloud);
    // The uplink the x axis measures for the chosen machines (machine per tier, -1 = none).
    static core::Tier referenceTier(const std::array<int, 3>& machines);
    static QString uplinkName(core::Tier reference); // "device→edge"
    static void updateCurrent(QChart* chart, const std::vector<double>& mbps,
                              const std::vector<double>& currentTotals);
};

} // namespace cutlab::ui
