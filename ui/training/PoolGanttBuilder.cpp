#include "ui/training/PoolGanttBuilder.h"

#include "ui/charts/Format.h"
#include "ui/training/TimeChartCanvas.h"
#include "ui/training/TrainingPalette.h"

#include <QGraphicsRectItem>
#include <QGraphicsScene>

#include <algorithm>

namespace cutlab::ui {
namespace {

std::size_t at(int index) {
    return static_cast<std::size_t>(index);
}

// At most kMostLanes lanes per stage: past that the last lane stands for the rest of its
// replicas, drawn as the slowest of them (a pool of hundreds of machines stays drawable).
constexpr int kMostLanes = 8;

int lanesOf(const core::PoolSimulation& simulation, int stage) {
    return std::min(kMostLanes, static_cast<int>(simulation.replicas[at(stage)].size()));
}

bool standsForTheRest(const core::PoolSimulation& simulation, int stage, int lane) {
    return lane == kMostLanes - 1 &&
           static_cast<int>(simulation.replicas[at(stage)].size()) > kMostLanes;
}

// The replica a lane draws.
int replicaOf(const core::PoolSimulation& simulation, int stage, int lane) {
    if (!standsForTheRest(simulation, stage, lane))
        return lane;
    const auto& replicas = simulation.replicas[at(stage)];
    int slowest = lane;
    for (int r = lane; r < static_cast<int>(replicas.size()); ++r)
        if (replicas[at(r)].forwardMs + replicas[at(r)].backwardMs >
            replicas[at(slowest)].forwardMs + replicas[at(slowest)].backwardMs)
            slowest = r;
    return slowest;
}

QString laneName(const core::PoolSimulation& simulation, int stage, int laneIndex) {
    const auto& replicas = simulation.replicas[at(stage)];
    if (standsForTheRest(simulation, stage, laneIndex))
        return QStringLiteral("stage %1: %2 more, %3 … %4 (the slowest drawn)")
            .arg(stage)
            .arg(replicas.size() - static_cast<std::size_t>(laneIndex))
            .arg(QString::fromStdString(replicas[at(laneIndex)].machine),
                 QString::fromStdString(replicas.back().machine));
    const core::PoolReplica& lane = replicas[at(laneIndex)];
    const QString name =
        QStringLiteral("stage %1: %2").arg(stage).arg(QString::fromStdString(lane.machine));
    return replicas.size() < 2
               ? name
               : QStringLiteral("%1 (%2%)").arg(name).arg(Format::number(100.0 * lane.share, 1));
}

// One stage task on every lane of its stage, each as long as that replica's own pass.
void addStageTask(TimeChartCanvas& canvas, const core::PoolSimulation& simulation,
                  const std::vector<int>& firstLane, std::size_t index, const QPen& pen) {
    const core::ScheduledTask& task = simulation.schedule.tasks[index];
    const bool forward = task.pass == core::Pass::Forward;
    const auto& replicas = simulation.replicas[at(task.index)];
    for (int r = 0; r < lanesOf(simulation, task.index); ++r) {
        const core::PoolReplica& replica = replicas[at(replicaOf(simulation, task.index, r))];
        const double ms = forward ? replica.forwardMs : replica.backwardMs;
        const QString tooltip =
            QStringLiteral("%1 of stage %2 on %3 (%4% of the micro-batch), micro-batch %5 of "
                           "%6\n%7 → %8 (%9)")
                .arg(forward ? QStringLiteral("forward") : QStringLiteral("backward"))
                .arg(task.index)
                .arg(QString::fromStdString(replica.machine))
                .arg(Format::number(100.0 * replica.share, 1))
                .arg(task.microBatch + 1)
                .arg(simulation.schedule.microBatches)
                .arg(Format::ms(task.startMs), Format::ms(task.startMs + ms), Format::ms(ms));
        auto* bar = canvas.addBar(
            firstLane[at(task.index)] + r, task.startMs, task.startMs + ms,
            QBrush(forward ? TrainingPalette::forward() : TrainingPalette::backward()), pen,
            QString::number(task.microBatch + 1), tooltip);
        bar->setData(TimeChartCanvas::IndexKey, static_cast<int>(index));
    }
}

void addLinkTask(TimeChartCanvas& canvas, const core::PoolSimulation& simulation, int row,
                 std::size_t index) {
    const core::ScheduledTask& task = simulation.schedule.tasks[index];
    const bool forward = task.pass == core::Pass::Forward;
    const QColor color = forward ? TrainingPalette::forward() : TrainingPalette::backward();
    const QString tooltip =
        QStringLiteral("%1 over link %2, micro-batch %3 of %4\n%5 → %6 (%7)")
            .arg(forward ? QStringLiteral("activations") : QStringLiteral("gradients"))
            .arg(task.index)
            .arg(task.microBatch + 1)
            .arg(simulation.schedule.microBatches)
            .arg(Format::ms(task.startMs), Format::ms(task.endMs),
                 Format::ms(task.endMs - task.startMs));
    auto* bar = canvas.addBar(row, task.startMs, task.endMs, TrainingPalette::linkBrush(forward),
                              QPen(color, 0.8), QString::number(task.microBatch + 1), tooltip,
                              forward ? 0.0 : 0.5, 0.5);
    bar->setData(TimeChartCanvas::IndexKey, static_cast<int>(index));
}

void addAllReduce(TimeChartCanvas& canvas, const core::PoolSimulation& simulation, int stage,
                  int firstLane, const QPen& pen) {
    const core::PoolStage& poolStage = simulation.plan.stages[at(stage)];
    if (poolStage.allReduceMs <= 0)
        return;
    const double start = simulation.allReduceStartMs[at(stage)];
    const QString tooltip =
        QStringLiteral("all-reduce of stage %1's weight gradients among its %2 replicas, once "
                       "per mini-batch\n%3 → %4 (%5)")
            .arg(stage)
            .arg(poolStage.machines.size())
            .arg(Format::ms(start), Format::ms(start + poolStage.allReduceMs),
                 Format::ms(poolStage.allReduceMs));
    for (int r = 0; r < lanesOf(simulation, stage); ++r) {
        auto* bar = canvas.addBar(firstLane + r, start, start + poolStage.allReduceMs,
                                  QBrush(TrainingPalette::update()), pen,
                                  QStringLiteral("all-reduce"), tooltip);
        bar->setData(TimeChartCanvas::IndexKey, -1);
    }
}

} // namespace

QStringList PoolGanttBuilder::laneNames(const core::PoolSimulation& simulation) {
    QStringList names;
    for (int s = 0; s < static_cast<int>(simulation.replicas.size()); ++s)
        for (int r = 0; r < lanesOf(simulation, s); ++r)
            names << laneName(simulation, s, r);
    return names;
}

QString PoolGanttBuilder::caption(const core::PoolSimulation& simulation, core::ScheduleKind kind) {
    QStringList idle;
    for (std::size_t s = 0; s < simulation.plan.stages.size(); ++s) {
        const double busy =
            (s < simulation.schedule.busyMs.size() ? simulation.schedule.busyMs[s] : 0.0) +
            simulation.plan.stages[s].allReduceMs;
        const double share = simulation.minibatchMs > 0 ? 1 - busy / simulation.minibatchMs : 0;
        idle << QStringLiteral("stage %1 %2%").arg(s).arg(Format::number(100.0 * share, 1));
    }
    return QStringLiteral("%1 schedule, %2 micro-batches of %3 samples: mini-batch %4 with the "
                          "all-reduces, bottleneck %5 per micro-batch. Idle (slowest replica): "
                          "%6.")
        .arg(QString::fromStdString(core::scheduleKindLabel(kind)))
        .arg(simulation.schedule.microBatches)
        .arg(simulation.plan.microBatch)
        .arg(Format::ms(simulation.minibatchMs), Format::ms(simulation.plan.bottleneckMs),
             idle.join(QStringLiteral(", ")));
}

void PoolGanttBuilder::build(QGraphicsScene* scene, const core::Profile& /*profile*/,
                             const core::PoolSimulation& simulation, double width,
                             const QString& title, const CanvasColors& colors) {
    scene->clear();
    const int stages = static_cast<int>(simulation.plan.stages.size());
    std::vector<TimeChartCanvas::Row> rows;
    std::vector<int> firstLane(at(stages)), linkRow(at(stages), -1);
    for (int s = 0; s < stages; ++s) {
        firstLane[at(s)] = static_cast<int>(rows.size());
        for (int r = 0; r < lanesOf(simulation, s); ++r)
            rows.push_back({laneName(simulation, s, r), 24});
        if (s + 1 < stages) {
            linkRow[at(s)] = static_cast<int>(rows.size());
            rows.push_back({QStringLiteral("link %1→%2 (act / grad)").arg(s).arg(s + 1), 20});
        }
    }
    TimeChartCanvas canvas(scene, width, title, rows, simulation.minibatchMs, 0, colors);
    const QPen pen(colors.outline, 0.6);
    for (std::size_t i = 0; i < simulation.schedule.tasks.size(); ++i) {
        const core::ScheduledTask& task = simulation.schedule.tasks[i];
        if (task.resource == core::Resource::Stage)
            addStageTask(canvas, simulation, firstLane, i, pen);
        else if (linkRow[at(task.index)] >= 0)
            addLinkTask(canvas, simulation, linkRow[at(task.index)], i);
    }
    for (int s = 0; s < stages; ++s)
        addAllReduce(canvas, simulation, s, firstLane[at(s)], pen);
    const std::vector<std::pair<QBrush, QString>> legend{
        {QBrush(TrainingPalette::forward()), QStringLiteral("forward")},
        {QBrush(TrainingPalette::backward()), QStringLiteral("backward")},
        {QBrush(TrainingPalette::update()), QStringLiteral("all-reduce")},
        {TrainingPalette::linkBrush(true), QStringLiteral("activation transfer")},
        {TrainingPalette::linkBrush(false), QStringLiteral("gradient transfer")},
        {QBrush(colors.idle), QStringLiteral("idle")}};
    canvas.finish(legend, caption(simulation, simulation.schedule.kind));
}

} // namespace cutlab::ui
