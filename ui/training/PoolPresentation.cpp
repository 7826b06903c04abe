#include "ui/training/PoolPresentation.h"

#include "ui/charts/Format.h"

namespace cutlab::ui {
namespace {

std::size_t cellAt(int index) {
    return static_cast<std::size_t>(index);
}

double capacityOf(const core::PoolRequest& request, std::size_t group) {
    return group < request.capacityBytes.size() ? request.capacityBytes[group] : 0.0;
}

// A stage's machines of each type as "raspi3#0–3" (a type's machines in a stage are numbered
// consecutively).
QStringList machineRuns(const core::PoolStage& stage) {
    QStringList runs;
    QString type, first, last;
    auto flush = [&] {
        if (!type.isEmpty())
            runs << (first == last ? type + QLatin1Char('#') + first
                                   : QStringLiteral("%1#%2–%3").arg(type, first, last));
    };
    for (const std::string& machine : stage.machines) {
        const QString id = QString::fromStdString(machine);
        const QString machineType = id.section(QLatin1Char('#'), 0, 0);
        const QString number = id.section(QLatin1Char('#'), 1);
        if (machineType != type) {
            flush();
            type = machineType;
            first = number;
        }
        last = number;
    }
    flush();
    return runs;
}

} // namespace

QString PoolPresentation::stageLabel(const core::PoolStage& stage, int index) {
    const QString machines = machineRuns(stage).join(QLatin1Char(' '));
    return stage.machines.size() > 1
               ? QStringLiteral("%1: ×%2 %3").arg(index).arg(stage.machines.size()).arg(machines)
               : QStringLiteral("%1: %2").arg(index).arg(machines);
}

QStringList PoolPresentation::stageLabels(const core::PoolPlan& plan) {
    QStringList labels;
    for (int s = 0; s < static_cast<int>(plan.stages.size()); ++s)
        labels << stageLabel(plan.stages[cellAt(s)], s);
    return labels;
}

std::vector<StageMemoryBar> PoolPresentation::memoryBars(const core::PoolPlan& plan,
                                                         const core::PoolRequest& request) {
    std::vector<StageMemoryBar> bars;
    for (int s = 0; s < static_cast<int>(plan.stages.size()); ++s) {
        const core::PoolStage& stage = plan.stages[cellAt(s)];
        for (std::size_t g = 0; g < stage.replicas.size(); ++g) {
            if (stage.replicas[g] <= 0)
                continue;
            const QString type = QString::fromStdString(request.pool.groups[g].machineId);
            const QString name =
                stage.replicas[g] > 1
                    ? QStringLiteral("%1: %2 ×%3 (each)").arg(s).arg(type).arg(stage.replicas[g])
                    : QStringLiteral("%1: %2").arg(s).arg(type);
            bars.push_back({name, stage.memory[g], capacityOf(request, g)});
        }
    }
    return bars;
}

std::vector<bool> PoolPresentation::overStages(const core::PoolPlan& plan,
                                               const core::PoolRequest& request) {
    std::vector<bool> over;
    for (const core::PoolStage& stage : plan.stages) {
        bool any = false;
        for (std::size_t g = 0; g < stage.replicas.size(); ++g) {
            const double capacity = capacityOf(request, g);
            any = any ||
                  (stage.replicas[g] > 0 && capacity > 0 && stage.memory[g].total() > capacity);
        }
        over.push_back(any);
    }
    return over;
}

QString PoolPresentation::bottleneckPlace(const core::PoolPlan& plan) {
    QString place;
    double worst = -1;
    for (int s = 0; s < static_cast<int>(plan.stages.size()); ++s) {
        const core::PoolStage& stage = plan.stages[cellAt(s)];
        if (stage.stageMs > worst) {
            worst = stage.stageMs;
            place = QStringLiteral("stage %1").arg(s);
        }
        if (stage.linkMs > worst) {
            worst = stage.linkMs;
            place = QStringLiteral("link %1→%2").arg(s).arg(s + 1);
        }
    }
    return place;
}

QString PoolPresentation::summary(const core::PoolSimulation& simulation, const QString& pool) {
    const core::PoolPlan& plan = simulation.plan;
    QStringList replicated;
    for (int s = 0; s < static_cast<int>(plan.stages.size()); ++s)
        if (plan.stages[cellAt(s)].machines.size() > 1)
            replicated << QStringLiteral("stage %1 ×%2")
                              .arg(s)
                              .arg(plan.stages[cellAt(s)].machines.size());
    const QString replicas = replicated.isEmpty()
                                 ? QStringLiteral("no stage replicated")
                                 : replicated.join(QStringLiteral(", ")) +
                                       QStringLiteral(" (replicas share each micro-batch)");
    const QString verdict =
        plan.exact ? QStringLiteral(" Optimal.")
                   : QStringLiteral(" Best plan found, not proven optimal: lower bound %1 (%2).")
                         .arg(Format::ms(plan.lowerBoundMs), QString::fromStdString(plan.note));
    return QStringLiteral("Pool %1: %2 stages on %3 of %4 machines, %5; bottleneck %6 per "
                          "micro-batch of %7 (%8), mini-batch of %9 micro-batches %10 with the "
                          "all-reduces.")
               .arg(pool)
               .arg(plan.stages.size())
               .arg(plan.machinesUsed)
               .arg(plan.machinesTotal)
               .arg(replicas, Format::ms(plan.bottleneckMs))
               .arg(plan.microBatch)
               .arg(bottleneckPlace(plan))
               .arg(simulation.schedule.microBatches)
               .arg(Format::ms(simulation.minibatchMs)) +
           verdict;
}

QString PoolPresentation::memory(const core::PoolPlan& plan, const core::PoolRequest& request) {
    QStringList over;
    const std::vector<StageMemoryBar> bars = memoryBars(plan, request);
    int fullest = -1, largest = -1;
    for (int b = 0; b < static_cast<int>(bars.size()); ++b) {
        const StageMemoryBar& bar = bars[cellAt(b)];
        if (largest < 0 || bar.memory.total() > bars[cellAt(largest)].memory.total())
            largest = b;
        if (bar.isOver())
            over << QStringLiteral("stage %1 needs %2, %3 over its %4.")
                        .arg(bar.name, Format::binaryBytes(bar.memory.total()),
                             Format::binaryBytes(bar.memory.total() - bar.capacityBytes),
                             Format::binaryBytes(bar.capacityBytes));
        else if (bar.capacityBytes > 0 &&
                 (fullest < 0 ||
                  bar.memory.total() / bar.capacityBytes >
                      bars[cellAt(fullest)].memory.total() / bars[cellAt(fullest)].capacityBytes))
            fullest = b;
    }
    if (bars.empty())
        return {};
    if (!over.isEmpty())
        return QStringLiteral("Memory: ") + over.join(QLatin1Char(' '));
    if (fullest < 0)
        return QStringLiteral("Memory per replica: stage %1 needs the most, %2; no machine type "
                              "running a stage has a memory limit, so whether they fit is not "
                              "known.")
            .arg(bars[cellAt(largest)].name,
                 Format::binaryBytes(bars[cellAt(largest)].memory.total()));
    const StageMemoryBar& bar = bars[cellAt(fullest)];
    return QStringLiteral("Memory per replica: every replica on a type with a limit fits (the "
                          "fullest, stage %1, needs %2 of %3).")
        .arg(bar.name, Format::binaryBytes(bar.memory.total()),
             Format::binaryBytes(bar.capacityBytes));
}

} // namespace cutlab::ui
