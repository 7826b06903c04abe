#include "ui/training/HierTrainTimelineBuilder.h"

#include "ui/charts/Format.h"
#include "ui/training/TimeChartCanvas.h"
#include "ui/training/TrainingPalette.h"

#include <QGraphicsScene>

namespace cutlab::ui {

void HierTrainTimelineBuilder::build(QGraphicsScene* scene, const core::TrainingTimeline& timeline,
                                     double width, const CanvasColors& colors) {
    scene->clear();
    std::vector<TimeChartCanvas::Row> rows;
    for (const auto& name : timeline.rows)
        rows.push_back({QString::fromStdString(name), 34});
    TimeChartCanvas canvas(scene, width, QString::fromStdString(timeline.title), rows,
                           timeline.totalMs, 2, colors);
    const QPen outline(colors.outline, 0.6);
    for (const auto& bar : timeline.bars)
        canvas.addBar(bar.row, bar.startMs, bar.endMs, TrainingPalette::brushOf(bar.work), outline,
                      QString::fromStdString(bar.label), QString::fromStdString(bar.detail));
    QStringList lengths;
    for (std::size_t i = 0; i < timeline.phases.size(); ++i) {
        const auto& phase = timeline.phases[i];
        const QString name = QString::fromStdString(phase.name);
        if (i > 0)
            canvas.addBoundary(phase.startMs);
        canvas.addBoundaryLabel(phase.startMs, phase.endMs, name);
        lengths << QStringLiteral("%1 %2").arg(name, Format::ms(phase.endMs - phase.startMs));
    }
    canvas.addBoundary(timeline.totalMs);
    const std::vector<std::pair<QBrush, QString>> legend{
        {TrainingPalette::brushOf(core::TimelineWork::Forward), QStringLiteral("forward")},
        {TrainingPalette::brushOf(core::TimelineWork::Backward), QStringLiteral("backward")},
        {TrainingPalette::brushOf(core::TimelineWork::Update), QStringLiteral("weight update")},
        {TrainingPalette::brushOf(core::TimelineWork::Transfer),
         QStringLiteral("transfer (in, out, grad, wg)")},
        {QBrush(colors.idle), QStringLiteral("idle")}};
    const bool hybrid = !timeline.rows.empty() && timeline.rows.front().rfind("TASK O", 0) == 0;
    canvas.finish(legend,
                  (hybrid ? QStringLiteral("HierTrain's task types: TASK O trains every layer on "
                                           "its samples; TASK S and TASK L train layers 1..m on "
                                           "theirs and hand them to TASK O. ")
                          : QString()) +
                      QStringLiteral("Phases: ") + lengths.join(QStringLiteral(" · ")) +
                      QStringLiteral(". Each phase lasts as long as its slowest worker."));
}

} // namespace cutlab::ui
