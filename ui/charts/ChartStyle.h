#pragma once

class QChart;

namespace cutlab::ui {

// Light (white, as exported) or dark chart colours, without touching the series colours.
class ChartStyle {
  public:
    static void apply(QChart* chart, bool dark);
};

} // namespace cutlab::ui
