#pragma once

#include "ui/charts/Theme.h"

#include "core/model/Profile.h"
#include "core/pipeline/PipelineSchedule.h"

#include <QString>

class QGraphicsScene;

namespace cutlab::ui {

// Draws a simulated pipeline schedule as a Gantt chart: one row per stage and a thin row per
// link between stages; one bar per scheduled task at its start and end (forward and backward
// coloured apart, transfers hatched), the micro-batch number on the bar (1-based), idle time as
// the grey background; the caption gives the mini-batch time and every stage's idle fraction.
// Bar items carry the task's index in schedule.tasks (TimeChartCanvas::IndexKey). In the light
// canvas colours unless others are given (the window's dark theme); exports use the light ones.
class PipelineGanttBuilder {
  public:
    static void build(QGraphicsScene* scene, const core::Profile& profile,
                      const core::PipelinePlan& plan, const core::PipelineSchedule& schedule,
                      double width, const QString& title,
                      const CanvasColors& colors = Theme::light().canvas);
    // "stage 2: gpu, layers conv3..fc8"
    static QString stageName(const core::Profile& profile, const core::PipelineStage& stage,
                             int index);
};

} // namespace cutlab::ui
