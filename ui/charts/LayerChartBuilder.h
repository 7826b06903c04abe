#pragma once

#include "core/model/Profile.h"

#include <QString>

#include <array>

class QChart;

namespace cutlab::ui {

// Per-layer execution time on each machine and per-layer output size, both on log axes, in
// graph order, with the two current cuts drawn as vertical lines.
class LayerChartBuilder {
  public:
    // cutPositions: layer positions of the device|edge and edge|cloud cuts (0..N).
    static QChart* build(const core::Profile& profile, std::array<int, 2> cutPositions,
                         const QString& title);
    static void updateCuts(QChart* chart, std::array<int, 2> cutPositions);
    // Zero-time layers are drawn on a floor a decade below the smallest measured time (the
    // axis title says where); kTimeFloorMs when no layer takes any time.
    static double timeFloor(const core::Profile& profile);
    static constexpr double kTimeFloorMs = 1e-3;
};

} // namespace cutlab::ui
