#pragma once

class QChart;
class QChartView;

namespace cutlab::ui {
struct SeriesColors;
}

namespace cutlab::ui {

// Light (white, as exported) or dark chart colours, without touching the series colours.
class ChartStyle {
  public:
    static void apply(QChart* chart, bool dark);
    // The theme's colours for series and bar sets that name their role (property "role").
    static void applySeriesRoles(QChart* chart, const SeriesColors& colors);
    // Styles `chart`, shows it in `view` (which takes it) and deletes the chart it replaces.
    static void show(QChartView* view, QChart* chart, bool dark);
};

} // namespace cutlab::ui
