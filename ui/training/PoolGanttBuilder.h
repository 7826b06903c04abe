#pragma once

#include "ui/charts/Theme.h"

#include "core/cluster/PoolSchedule.h"

#include <QString>
#include <QStringList>

class QGraphicsScene;

namespace cutlab::ui {

// Draws a pool plan's simulated schedule (core::PoolSimulation) as a Gantt chart: one lane per
// replica ("stage 0: raspi3#1 (25%)": a stage replicated r times has r lanes, each doing its
// share of every micro-batch for its own time; past 8 replicas the eighth lane stands for the
// rest, drawn as the slowest of them), a thin row per link between stages, and each
// replicated stage's all-reduce of its weights after its last backward pass. Bars carry the
// task's index in schedule.tasks (TimeChartCanvas::IndexKey); all-reduce bars carry -1.
class PoolGanttBuilder {
  public:
    static void build(QGraphicsScene* scene, const core::Profile& profile,
                      const core::PoolSimulation& simulation, double width, const QString& title,
                      const CanvasColors& colors = Theme::light().canvas);
    // The lanes' names, stage by stage (what the rows' labels say in full).
    static QStringList laneNames(const core::PoolSimulation& simulation);
    // The caption under the chart: schedule, micro-batches, mini-batch, bottleneck, idle time.
    static QString caption(const core::PoolSimulation& simulation, core::ScheduleKind kind);
};

} // namespace cutlab::ui
