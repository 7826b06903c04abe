#pragma once

#include "core/training/TrainingTimeline.h"

#include <QBrush>
#include <QColor>
#include <QString>

namespace cutlab::ui {

// The colours of the training views: forward and backward apart, transfers hatched,
// and each planner's colour (from the planner registry) in the strategy chart.
class TrainingPalette {
  public:
    static QColor forward();
    static QColor backward();
    static QColor update();
    static QColor transfer();
    static QBrush brushOf(core::TimelineWork work);
    static QBrush linkBrush(bool forwardPass); // hatched, in the pass colour
    static QColor plannerColor(const QString& planner);
};

} // namespace cutlab::ui
