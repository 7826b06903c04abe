#include "core/pipeline/PipelineSchedule.h"

#include "core/model/PlanError.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cutlab::core {
namespace {

constexpr double kPending = std::numeric_limits<double>::quiet_NaN();

bool done(double end) {
    return !std::isnan(end);
}

// A resource's queue: which (pass, micro-batch) it serves next, and when it is free.
struct Queue {
    std::vector<StageStep> steps;
    std::size_t next = 0;
    double freeAt = 0;
};

class ScheduleSimulation {
  public:
    ScheduleSimulation(const std::vector<StageTiming>& stages, int microBatches,
                       const std::vector<std::vector<StageStep>>& orders)
        : m_timing(stages), m_stages(static_cast<int>(stages.size())), m_micro(microBatches) {
        const auto cells = static_cast<std::size_t>(m_stages) * static_cast<std::size_t>(m_micro);
        m_forwardEnd.assign(cells, kPending);
        m_backwardEnd.assign(cells, kPending);
        m_linkForwardEnd.assign(cells, kPending);
        m_linkBackwardEnd.assign(cells, kPending);
        for (int n = 0; n < m_stages; ++n)
            m_stageQueues.push_back({orders[static_cast<std::size_t>(n)], 0, 0});
        // A link direction serves micro-batches in the order its producing stage emits them.
        for (int n = 0; n + 1 < m_stages; ++n) {
            Queue forward, backward;
            for (const StageStep& step : orders[static_cast<std::size_t>(n)])
                if (step.pass == Pass::Forward)
                    forward.steps.push_back(step);
            for (const StageStep& step : orders[static_cast<std::size_t>(n + 1)])
                if (step.pass == Pass::Backward)
                    backward.steps.push_back(step);
            m_linkForwardQueues.push_back(forward);
            m_linkBackwardQueues.push_back(backward);
        }
    }

    std::vector<ScheduledTask> run() {
        for (bool progress = true; progress;) {
            progress = false;
            for (int n = 0; n < m_stages; ++n)
                progress |= advanceStage(n);
            for (int n = 0; n + 1 < m_stages; ++n)
                progress |= advanceLinks(n);
        }
        for (const Queue& queue : m_stageQueues)
            if (queue.next < queue.steps.size()) {
                const StageStep& stuck = queue.steps[queue.next];
                throw PlanError("impossible schedule: stage " +
                                std::to_string(&queue - m_stageQueues.data() + 1) +
                                " waits for its " +
                                (stuck.pass == Pass::Forward ? "forward" : "backward") +
                                " of micro-batch " + std::to_string(stuck.microBatch + 1) +
                                ", which can only come after work the stage has not reached");
            }
        return m_tasks;
    }

  private:
    std::size_t cell(int n, int m) const {
        return static_cast<std::size_t>(n) * static_cast<std::size_t>(m_micro) +
               static_cast<std::size_t>(m);
    }

    bool advanceStage(int n) {
        Queue& queue = m_stageQueues[static_cast<std::size_t>(n)];
        bool progress = false;
        while (queue.next < queue.steps.size()) {
            const StageStep step = queue.steps[queue.next];
            double ready = 0;
            if (step.pass == Pass::Forward) {
                if (n > 0)
                    ready = m_linkForwardEnd[cell(n - 1, step.microBatch)];
            } else {
                ready = m_forwardEnd[cell(n, step.microBatch)];
                if (n + 1 < m_stages && done(ready)) {
                    const double gradient = m_linkBackwardEnd[cell(n, step.microBatch)];
                    ready = done(gradient) ? std::max(ready, gradient)
                                           : kPending; // (std::max drops a NaN)
                }
            }
            if (!done(ready))
                break;
            const auto& timing = m_timing[static_cast<std::size_t>(n)];
            const double duration =
                step.pass == Pass::Forward ? timing.forwardMs : timing.backwardMs;
            const double end = place(queue, Resource::Stage, n, step, ready, duration);
            (step.pass == Pass::Forward ? m_forwardEnd : m_backwardEnd)[cell(n, step.microBatch)] =
                end;
            progress = true;
        }
        return progress;
    }

    bool advanceLinks(int n) {
        bool progress = false;
        const auto& timing = m_timing[static_cast<std::size_t>(n)];
        Queue& forward = m_linkForwardQueues[static_cast<std::size_t>(n)];
        while (forward.next < forward.steps.size()) {
            const StageStep step = forward.steps[forward.next];
            const double ready = m_forwardEnd[cell(n, step.microBatch)];
            if (!done(ready))
                break;
            m_linkForwardEnd[cell(n, step.microBatch)] =
                place(forward, Resource::Link, n, step, ready, timing.linkForwardMs);
            progress = true;
        }
        Queue& backward = m_linkBackwardQueues[static_cast<std::size_t>(n)];
        while (backward.next < backward.steps.size()) {
            const StageStep step = backward.steps[backward.next];
            const double ready = m_backwardEnd[cell(n + 1, step.microBatch)];
            if (!done(ready))
                break;
            m_linkBackwardEnd[cell(n, step.microBatch)] =
                place(backward, Resource::Link, n, step, ready, timing.linkBackwardMs);
            progress = true;
        }
        return progress;
    }

    double place(Queue& queue, Resource resource, int index, const StageStep& step, double ready,
                 double duration) {
        const double start = std::max(queue.freeAt, ready);
        const double end = start + duration;
        queue.freeAt = end;
        ++queue.next;
        m_tasks.push_back({resource, index, step.pass, step.microBatch, start, end});
        return end;
    }

    const std::vector<StageTiming>& m_timing;
    int m_stages;
    int m_micro;
    std::vector<double> m_forwardEnd, m_backwardEnd, m_linkForwardEnd, m_linkBackwardEnd; // [n][m]
    std::vector<Queue> m_stageQueues, m_linkForwardQueues, m_linkBackwardQueues;
    std::vector<ScheduledTask> m_tasks;
};

void checkOrders(const std::vector<std::vector<StageStep>>& orders, int stages, int microBatches) {
    if (static_cast<int>(orders.size()) != stages)
        throw PlanError("a schedule needs one step order per stage (" + std::to_string(stages) +
                        ")");
    for (int n = 0; n < stages; ++n) {
        std::vector<int> forwards(static_cast<std::size_t>(microBatches), 0), backwards(forwards);
        for (const StageStep& step : orders[static_cast<std::size_t>(n)]) {
            if (step.microBatch < 0 || step.microBatch >= microBatches)
                throw PlanError("stage " + std::to_string(n + 1) + " names micro-batch " +
                                std::to_string(step.microBatch + 1) + " of " +
                                std::to_string(microBatches));
            ++(step.pass == Pass::Forward ? forwards
                                          : backwards)[static_cast<std::size_t>(step.microBatch)];
        }
        for (int m = 0; m < microBatches; ++m)
            if (forwards[static_cast<std::size_t>(m)] != 1 ||
                backwards[static_cast<std::size_t>(m)] != 1)
                throw PlanError("stage " + std::to_string(n + 1) +
                                " must run the forward and the backward of micro-batch " +
                                std::to_string(m + 1) + " exactly once");
    }
}

} // namespace

std::string scheduleKindName(ScheduleKind kind) {
    switch (kind) {
    case ScheduleKind::GPipe:
        return "gpipe";
    case ScheduleKind::OneForwardOneBackwardFlush:
        return "1f1b-flush";
    case ScheduleKind::OneForwardOneBackward:
        break;
    }
    return "1f1b";
}

std::string scheduleKindLabel(ScheduleKind kind) {
    switch (kind) {
    case ScheduleKind::GPipe:
        return "GPipe";
    case ScheduleKind::OneForwardOneBackwardFlush:
        return "1F1B-flush";
    case ScheduleKind::OneForwardOneBackward:
        break;
    }
    return "1F1B with stashing";
}

std::optional<ScheduleKind> scheduleKindFromName(const std::string& name) {
    for (ScheduleKind kind : allScheduleKinds())
        if (scheduleKindName(kind) == name)
            return kind;
    return std::nullopt;
}

std::vector<ScheduleKind> allScheduleKinds() {
    return {ScheduleKind::OneForwardOneBackward, ScheduleKind::OneForwardOneBackwardFlush,
            ScheduleKind::GPipe};
}

void useScheduleMemory(PipelineMemorySettings& memory, ScheduleKind kind) {
    memory.weightStashing = kind == ScheduleKind::OneForwardOneBackward;
    memory.allInFlight = kind == ScheduleKind::GPipe;
}

double steadyPeriodMs(const std::vector<StageTiming>& stages) {
    double period = 0;
    for (const StageTiming& stage : stages)
        period = std::max({period, stage.forwardMs + stage.backwardMs, stage.linkForwardMs,
                           stage.linkBackwardMs});
    return period;
}

std::vector<std::vector<StageStep>> scheduleOrder(ScheduleKind kind, int stages, int microBatches) {
    std::vector<std::vector<StageStep>> orders(static_cast<std::size_t>(std::max(0, stages)));
    for (int n = 0; n < stages; ++n) {
        auto& order = orders[static_cast<std::size_t>(n)];
        if (kind == ScheduleKind::GPipe) {
            for (int m = 0; m < microBatches; ++m)
                order.push_back({Pass::Forward, m});
            for (int m = microBatches - 1; m >= 0; --m)
                order.push_back({Pass::Backward, m});
            continue;
        }
        const int warmup = std::min(stages - n, microBatches);
        int forward = 0, backward = 0;
        for (; forward < warmup; ++forward)
            order.push_back({Pass::Forward, forward});
        while (backward < microBatches) {
            order.push_back({Pass::Backward, backward++});
            if (forward < microBatches)
                order.push_back({Pass::Forward, forward++});
        }
    }
    return orders;
}

PipelineSchedule simulateSchedule(const std::vector<StageTiming>& stages, int microBatches,
                                  const std::vector<std::vector<StageStep>>& orders,
                                  ScheduleKind kind) {
    if (stages.empty())
        throw PlanError("a schedule needs at least one stage");
    if (microBatches < 1)
        throw PlanError("a schedule needs at least one micro-batch");
    const int count = static_cast<int>(stages.size());
    checkOrders(orders, count, microBatches);
    PipelineSchedule schedule;
    schedule.kind = kind;
    schedule.microBatches = microBatches;
    schedule.tasks = ScheduleSimulation(stages, microBatches, orders).run();
    std::stable_sort(schedule.tasks.begin(), schedule.tasks.end(),
                     [](const ScheduledTask& a, const ScheduledTask& b) {
                         if (a.startMs != b.startMs)
                             return a.startMs < b.startMs;
                         if (a.resource != b.resource)
                             return a.resource == Resource::Stage;
                         return a.index < b.index;
                     });
    schedule.busyMs.assign(stages.size(), 0);
    for (const ScheduledTask& task : schedule.tasks) {
        schedule.minibatchMs = std::max(schedule.minibatchMs, task.endMs);
        if (task.resource == Resource::Stage)
            schedule.busyMs[static_cast<std::size_t>(task.index)] += task.endMs - task.startMs;
    }
    for (int n = 0; n < count; ++n) {
        const double busy = schedule.busyMs[static_cast<std::size_t>(n)];
        schedule.idleFraction.push_back(schedule.minibatchMs > 0 ? 1.0 - busy / schedule.minibatchMs
                                                                 : 0.0);
        int inFlight = 0, most = 0;
        for (const StageStep& step : orders[static_cast<std::size_t>(n)]) {
            inFlight += step.pass == Pass::Forward ? 1 : -1;
            most = std::max(most, inFlight);
        }
        schedule.stashedVersions.push_back(most);
    }
    schedule.periodMs = steadyPeriodMs(stages);
    schedule.timePerMinibatchMs = kind == ScheduleKind::OneForwardOneBackward
                                      ? microBatches * schedule.periodMs
                                      : schedule.minibatchMs;
    return schedule;
}

PipelineSchedule simulateSchedule(const std::vector<StageTiming>& stages, int microBatches,
                                  ScheduleKind kind) {
    return simulateSchedule(stages, microBatches,
                            scheduleOrder(kind, static_cast<int>(stages.size()), microBatches),
                            kind);
}

std::vector<StageTiming> stageTimings(const PipelinePlan& plan) {
    std::vector<StageTiming> timings;
    for (const PipelineStage& stage : plan.stages)
        timings.push_back(
            {stage.forwardMs, stage.backwardMs, stage.linkForwardMs, stage.linkBackwardMs});
    return timings;
}

} // namespace cutlab::core
