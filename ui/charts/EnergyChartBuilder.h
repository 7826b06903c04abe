#pragma once

#include "core/inference/LatencyEnergyPlans.h"

#include <QString>

#include <optional>

class QChart;

namespace cutlab::ui {

// The device's energy per frame against total latency: Scission's placements as dots, their
// Pareto front as a line through its points, and the plan on screen. Log axes when every value
// is above 0. Without power figures the chart says how to give them.
class EnergyChartBuilder {
  public:
    // At most this many dots off the front are drawn (every k-th by latency); the front is
    // always drawn whole.
    static constexpr int kMaxDots = 4000;

    static QChart* build(const core::LatencyEnergyPlans& plans,
                         std::optional<std::pair<double, double>> current, const QString& title);
    // Moves the current plan's point (none: hidden).
    static void updateCurrent(QChart* chart, std::optional<std::pair<double, double>> current);
    // "12 plans on the front of 1,234 placements" and how the dots were chosen.
    static QString caption(const core::LatencyEnergyPlans& plans);
};

} // namespace cutlab::ui
