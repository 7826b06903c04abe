#include "TrainingJobRunner.h"

#include <QPointer>
#include <QThread>

#include <algorithm>

namespace cutlab::ui {

TrainingJobRunner::TrainingJobRunner(QObject* parent) : QObject(parent) {}

TrainingJobRunner::~TrainingJobRunner() {
    for (int slot = 0; slot < SlotCount; ++slot) {
        m_queued[static_cast<std::size_t>(slot)] = nullptr;
        ++m_generation[static_cast<std::size_t>(slot)];
    }
    for (QThread* thread : m_threads) {
        thread->disconnect(this);
        thread->wait();
        delete thread;
    }
}

bool TrainingJobRunner::isBusy() const {
    return std::any_of(m_wanted.begin(), m_wanted.end(), [](bool wanted) { return wanted; });
}

void TrainingJobRunner::start(Slot slot, Job job) {
    ++m_generation[slot];
    m_wanted[slot] = true;
    ++m_started;
    if (m_worker[slot]) {
        m_queued[slot] = std::move(job); // replaces an older queued job, which never runs
        return;
    }
    launch(slot, std::move(job));
}

void TrainingJobRunner::cancel(Slot slot) {
    ++m_generation[slot];
    m_queued[slot] = nullptr;
    m_wanted[slot] = false;
}

void TrainingJobRunner::launch(Slot slot, Job job) {
    const int generation = m_generation[slot];
    QPointer<TrainingJobRunner> self(this);
    QThread* thread = QThread::create([self, slot, generation, job = std::move(job)] {
        Apply apply = job();
        if (!self)
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
    m_worker[slot] = thread;
    connect(thread, &QThread::finished, this, [this, slot, thread] {
        m_threads.erase(std::remove(m_threads.begin(), m_threads.end(), thread), m_threads.end());
        thread->deleteLater();
        if (m_worker[slot] != thread)
            return;
        m_worker[slot] = nullptr;
        if (m_queued[slot]) {
            Job next = std::move(m_queued[slot]);
            m_queued[slot] = nullptr;
            launch(slot, std::move(next));
        }
    });
    thread->start(QThread::LowPriority);
}

void TrainingJobRunner::finish(Slot slot, int generation, const Apply& apply) {
    if (generation != m_generation[slot])
        return; // a newer job replaced this one, or it was cancelled
    m_wanted[slot] = false;
    if (apply)
        apply();
    emit delivered(slot);
}

} // namespace cutlab::ui
