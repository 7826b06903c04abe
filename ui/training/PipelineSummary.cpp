#include "ui/training/PipelineSummary.h"

#include "ui/charts/Format.h"

#include <QStringList>

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

QString PipelineSummary::stageName(const core::Profile& profile, const core::PipelineStage& stage,
                                   int index) {
    return QStringLiteral("stage %1 on %2")
        .arg(index)
        .arg(QString::fromStdString(profile.machines[static_cast<std::size_t>(stage.machine)].id));
}

QString PipelineSummary::memory(const core::Profile& profile, const core::PipelinePlan& plan,
                                const std::vector<double>& capacities) {
    QStringList over, unknown;
    int fullest = -1, largest = 0;
    double fullestShare = 0;
    for (int s = 0; s < static_cast<int>(plan.stages.size()); ++s) {
        const core::PipelineStage& stage = plan.stages[static_cast<std::size_t>(s)];
        const auto position = static_cast<std::size_t>(stage.chainPosition);
        const double capacity = position < capacities.size() ? capacities[position] : 0;
        const double need = stage.memory.total();
        if (need > plan.stages[static_cast<std::size_t>(largest)].memory.total())
            largest = s;
        QString name = stageName(profile, stage, s);
        if (capacity <= 0) {
            unknown << name;
        } else if (need > capacity) {
            name[0] = name[0].toUpper();
            over << QStringLiteral("%1 needs %2, %3 over its %4.")
                        .arg(name, Format::binaryBytes(need), Format::binaryBytes(need - capacity),
                             Format::binaryBytes(capacity));
        } else if (need / capacity >= fullestShare) {
            fullestShare = need / capacity;
            fullest = s;
        }
    }
    if (plan.stages.empty())
        return {};
    const QString unknownText =
        unknown.isEmpty() ? QString()
                          : QStringLiteral(" The machine of %1 has no memory_bytes: whether "
                                           "it fits is not known.")
                                .arg(unknown.join(QStringLiteral(", ")));
    if (unknown.size() == static_cast<int>(plan.stages.size()))
        return QStringLiteral("Memory: %1 needs the most, %2; the machines' capacities are "
                              "unknown (no memory_bytes), so whether the stages fit is not known.")
            .arg(
                stageName(profile, plan.stages[static_cast<std::size_t>(largest)], largest),
                Format::binaryBytes(plan.stages[static_cast<std::size_t>(largest)].memory.total()));
    if (!over.isEmpty())
        return QStringLiteral("Memory: ") + over.join(QLatin1Char(' ')) + unknownText;
    const core::PipelineStage& stage = plan.stages[static_cast<std::size_t>(fullest)];
    const double capacity = capacities[static_cast<std::size_t>(stage.chainPosition)];
    const QString fits = unknown.isEmpty()
                             ? QStringLiteral("every stage fits its machine's memory")
                             : QStringLiteral("the stages whose machine's memory is known fit");
    return QStringLiteral("Memory: %1 (the fullest, %2, needs %3 of %4).")
               .arg(fits, stageName(profile, stage, fullest),
                    Format::binaryBytes(stage.memory.total()), Format::binaryBytes(capacity)) +
           unknownText;
}

} // namespace cutlab::ui
