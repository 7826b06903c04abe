#include "ui/jobs/JobRunner.h"

#include <QPointer>
#include <QThread>

#include <algorithm>

namespace cutlab::ui {

JobRunner::JobRunner(int slotCount, QObject* parent)
    : QObject(parent), m_slots(static_cast<std::size_t>(std::max(1, slotCount))) {}

JobRunner::~JobRunner() {
    for (std::size_t slot = 0; slot < m_slots.size(); ++slot)
        cancel(static_cast<int>(slot));
    for (QThread* thread : m_threads) {
        thread->disconnect(this);
        thread->wait();
        delete thread;
    }
}

bool JobRunner::isBusy() const {
    return std::any_of(m_slots.begin(), m_slots.end(),
                       [](const SlotState& slot) { return slot.wanted; });
}

void JobRunner::start(int slot, Job job) {
    SlotState& s = state(slot);
    ++s.generation;
    s.wanted = true;
    ++m_started;
    if (s.worker) {
        if (s.stop)
            s.stop->store(true);
        s.queued = std::move(job); // replaces an older queued job, which never runs
        return;
    }
    launch(slot, std::move(job));
}

void JobRunner::cancel(int slot) {
    SlotState& s = state(slot);
    ++s.generation;
    s.queued = nullptr;
    s.wanted = false;
    if (s.stop)
        s.stop->store(true);
}

void JobRunner::launch(int slot, Job job) {
    SlotState& s = state(slot);
    const int generation = s.generation;
    auto stop = std::make_shared<std::atomic<bool>>(false);
    s.stop = stop;
    QPointer<JobRunner> self(this);
    QThread* thread = QThread::create([self, slot, generation, stop, job = std::move(job)] {
        Apply apply = job(*stop);
        if (!self || stop->load())
            return;
        // Queued onto the GUI thread; dropped if the runner is gone by then.
        QMetaObject::invokeMethod(
            self.data(),
            [self, slot, generation, apply] {
                if (self)
                    self->finish(slot, generation, apply);
            },
            Qt::QueuedConnection);
    });
    m_threads.push_back(thread);
    s.worker = thread;
    connect(thread, &QThread::finished, this, [this, slot, thread] {
        m_threads.erase(std::remove(m_threads.begin(), m_threads.end(), thread), m_threads.end());
        thread->deleteLater();
        SlotState& finished = state(slot);
        if (finished.worker != thread)
            return;
        finished.worker = nullptr;
        finished.stop.reset();
        if (finished.queued) {
            Job next = std::move(finished.queued);
            finished.queued = nullptr;
            launch(slot, std::move(next));
        }
    });
    thread->start(QThread::LowPriority);
}

void JobRunner::finish(int slot, int generation, const Apply& apply) {
    SlotState& s = state(slot);
    if (generation != s.generation)
        return; // a newer job replaced this one, or it was cancelled
    s.wanted = false;
    if (apply)
        apply();
    emit delivered(slot);
}

} // namespace cutlab::ui
