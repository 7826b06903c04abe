#include "ui/training/PipelineGanttBuilder.h"

#include "ui/charts/Format.h"
#include "ui/training/TimeChartCanvas.h"
#include "ui/training/TrainingPalette.h"

#include <QGraphicsRectItem>
#include <QGraphicsScene>

namespace cutlab::ui {

QString PipelineGanttBuilder::stageName(const core::Profile& profile,
                                        const core::PipelineStage& stage, int index) {
    const QString machine =
        QString::fromStdString(profile.machines[static_cast<std::size_t>(stage.machine)].id);
    QString layers;
    if (!stage.layers.empty()) {
        const auto& first = profile.layers[static_cast<std::size_t>(stage.layers.front())].id;
        const auto& last = profile.layers[static_cast<std::size_t>(stage.layers.back())].id;
        layers = QString::fromStdString(first == last ? first : first + ".." + last);
    }
    return QStringLiteral("stage %1: %2, %3").arg(index).arg(machine, layers);
}

void PipelineGanttBuilder::build(QGraphicsScene* scene, const core::Profile& profile,
                                 const core::PipelinePlan& plan,
                                 const core::PipelineSchedule& schedule, double width,
                                 const QString& title, const CanvasColors& colors) {
    scene->clear();
    const int stages = static_cast<int>(plan.stages.size());
    std::vector<TimeChartCanvas::Row> rows;
    std::vector<int> stageRow(static_cast<std::size_t>(stages)),
        linkRow(static_cast<std::size_t>(stages), -1);
    for (int n = 0; n < stages; ++n) {
        stageRow[static_cast<std::size_t>(n)] = static_cast<int>(rows.size());
        rows.push_back({stageName(profile, plan.stages[static_cast<std::size_t>(n)], n), 30});
        if (n + 1 < stages) {
            linkRow[static_cast<std::size_t>(n)] = static_cast<int>(rows.size());
            rows.push_back({QStringLiteral("link %1→%2 (act / grad)").arg(n).arg(n + 1), 24});
        }
    }
    TimeChartCanvas canvas(scene, width, title, rows, schedule.minibatchMs, 0, colors);
    const QPen stagePen(colors.outline, 0.6);
    for (std::size_t i = 0; i < schedule.tasks.size(); ++i) {
        const auto& task = schedule.tasks[i];
        const bool forward = task.pass == core::Pass::Forward;
        const bool link = task.resource == core::Resource::Link;
        const int row = link ? linkRow[static_cast<std::size_t>(task.index)]
                             : stageRow[static_cast<std::size_t>(task.index)];
        if (row < 0)
            continue;
        const QColor color = forward ? TrainingPalette::forward() : TrainingPalette::backward();
        const QString what = link ? (forward ? QStringLiteral("activations over link %1")
                                             : QStringLiteral("gradients over link %1"))
                                        .arg(task.index)
                                  : (forward ? QStringLiteral("forward on stage %1")
                                             : QStringLiteral("backward on stage %1"))
                                        .arg(task.index);
        const QString tooltip = QStringLiteral("%1, micro-batch %2 of %3\n%4 → %5 (%6)")
                                    .arg(what)
                                    .arg(task.microBatch + 1)
                                    .arg(schedule.microBatches)
                                    .arg(Format::ms(task.startMs), Format::ms(task.endMs),
                                         Format::ms(task.endMs - task.startMs));
        auto* bar =
            canvas.addBar(row, task.startMs, task.endMs,
                          link ? TrainingPalette::linkBrush(forward) : QBrush(color),
                          link ? QPen(color, 0.8) : stagePen, QString::number(task.microBatch + 1),
                          tooltip, link && !forward ? 0.5 : 0.0, link ? 0.5 : 1.0);
        bar->setData(TimeChartCanvas::IndexKey, static_cast<int>(i));
    }
    QStringList idle;
    for (std::size_t n = 0; n < schedule.idleFraction.size(); ++n)
        idle << QStringLiteral("stage %1 %2%")
                    .arg(n)
                    .arg(Format::number(100.0 * schedule.idleFraction[n], 1));
    const QString kind = QString::fromStdString(core::scheduleKindLabel(schedule.kind));
    const QString caption =
        QStringLiteral("%1 schedule, %2 micro-batches of %3 samples: mini-batch %4, bottleneck %5 "
                       "per micro-batch. "
                       "Idle: %6.")
            .arg(kind)
            .arg(schedule.microBatches)
            .arg(plan.microBatch)
            .arg(Format::ms(schedule.minibatchMs), Format::ms(plan.bottleneckMs),
                 idle.join(QStringLiteral(", ")));
    const std::vector<std::pair<QBrush, QString>> legend{
        {QBrush(TrainingPalette::forward()), QStringLiteral("forward")},
        {QBrush(TrainingPalette::backward()), QStringLiteral("backward")},
        {TrainingPalette::linkBrush(true), QStringLiteral("activation transfer")},
        {TrainingPalette::linkBrush(false), QStringLiteral("gradient transfer")},
        {QBrush(colors.idle), QStringLiteral("idle")}};
    canvas.finish(legend, caption);
}

} // namespace cutlab::ui
