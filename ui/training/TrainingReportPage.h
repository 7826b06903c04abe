#pragma once

#include <QSizeF>

#include <functional>

class QPainter;

namespace cutlab::ui {

class TrainingPanel;

// The report's page for the Training mode: the selected planner's summary and its chart (the
// HierTrain timeline or the pipeline's Gantt chart), drawn light on a landscape page.
class TrainingReportPage {
  public:
    using Page = std::function<void(QPainter&, const QSizeF&)>;
    // Null when the Training mode has no plan to show (no profile, or a profile it cannot plan).
    static Page pageOf(const TrainingPanel& panel);
};

} // namespace cutlab::ui
