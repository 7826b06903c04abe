#include "ui/training/PipelineSummary.h"

#include "ui/charts/Format.h"

namespace cutlab::ui {

QString PipelineSummary::shape(const core::PipelineSimulation& shown) {
    return QStringLiteral("%1 stages, bottleneck %2 per micro-batch of %3, mini-batch of %4 "
                          "micro-batches %5.")
        .arg(shown.plan.stages.size())
        .arg(Format::ms(shown.plan.bottleneckMs))
        .arg(shown.plan.microBatch)
        .arg(shown.schedule.microBatches)
        .arg(Format::ms(shown.schedule.minibatchMs));
}

QString PipelineSummary::planned(const core::PipelineSimulation& shown, const QString& timesNote) {
    const QString verdict =
        shown.plan.exact
            ? QStringLiteral(" Optimal.")
            : QStringLiteral(" Best plan found, not proven optimal: lower bound %1, gap %2% (%3).")
                  .arg(Format::ms(shown.plan.lowerBoundMs))
                  .arg(100.0 * shown.plan.gap(), 0, 'f', 1)
                  .arg(QString::fromStdString(shown.plan.note));
    return QStringLiteral("Pipeline: ") + shape(shown) + timesNote + verdict;
}

QString PipelineSummary::userPartition(const core::PipelineSimulation& shown,
                                       const std::optional<PipelineOptimum>& optimum) {
    return QStringLiteral("Your partition: ") + shape(shown) +
           comparison(shown.plan.bottleneckMs, optimum);
}

QString PipelineSummary::comparison(double mineMs, const std::optional<PipelineOptimum>& optimum) {
    if (!optimum)
        return QStringLiteral(" Run Planner (Ctrl+R) plans the stages to compare.");
    const QString answer = optimum->proven ? QStringLiteral("the planner's optimum")
                                           : QStringLiteral("the planner's plan");
    const double tolerance = 1e-9 * std::max(1.0, optimum->bottleneckMs);
    if (mineMs < optimum->bottleneckMs - tolerance)
        return QStringLiteral(" It is faster than %1 (%2 per micro-batch).")
            .arg(answer, Format::ms(optimum->bottleneckMs));
    if (mineMs <= optimum->bottleneckMs + tolerance)
        return QStringLiteral(" It is as fast as %1.").arg(answer);
    return QStringLiteral(" %1 is %2 per micro-batch (yours is %3× slower); Run Planner (Ctrl+R) "
                          "restores it.")
        .arg(answer.left(1).toUpper() + answer.mid(1), Format::ms(optimum->bottleneckMs))
        .arg(mineMs / optimum->bottleneckMs, 0, 'f', 2);
}

} // namespace cutlab::ui
