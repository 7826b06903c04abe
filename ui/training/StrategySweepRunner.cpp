#include "ui/training/StrategySweepRunner.h"

#include "core/training/StrategySweepComputer.h"

#include <QPointer>
#include <QThread>

#include <algorithm>

namespace cutlab::ui {

StrategySweepRunner::StrategySweepRunner(QObject* parent) : QObject(parent) {}

StrategySweepRunner::~StrategySweepRunner() {
    cancel();
    for (QThread* thread : m_threads) {
        thread->wait();
        delete thread;
    }
}

void StrategySweepRunner::cancel() {
    if (m_cancel)
        m_cancel->store(true);
    ++m_generation;
    m_running = false;
}

void StrategySweepRunner::start(std::shared_ptr<const core::Profile> profile,
                                const core::Network& network, const std::string& links, int batch,
                                const std::vector<double>& mbps,
                                const std::vector<core::IterationPlanner>& planners) {
    cancel();
    auto flag = std::make_shared<std::atomic<bool>>(false);
    m_cancel = flag;
    const int generation = m_generation;
    m_running = true;
    QPointer<StrategySweepRunner> self(this);
    // The worker owns copies of everything it reads.
    QThread* thread = QThread::create([self, flag, generation, profile = std::move(profile),
                                       network, links, batch, mbps, planners] {
        core::StrategySweep sweep = core::StrategySweepComputer::compute(
            *profile, network, links, batch, mbps, planners, flag.get());
        if (flag->load())
            return;
        if (self) // queued onto the GUI thread; dropped if the runner is gone by then
            QMetaObject::invokeMethod(
                self.data(),
                [self, generation, sweep] {
                    if (self)
                        self->deliver(generation, sweep);
                },
                Qt::QueuedConnection);
    });
    m_threads.push_back(thread);
    connect(thread, &QThread::finished, this, [this, thread] {
        m_threads.erase(std::remove(m_threads.begin(), m_threads.end(), thread), m_threads.end());
        thread->deleteLater();
    });
    emit started();
    thread->start();
}

void StrategySweepRunner::deliver(int generation, const core::StrategySweep& sweep) {
    if (generation != m_generation)
        return; // a newer sweep replaced this one
    m_running = false;
    m_result = sweep;
    emit finished();
}

} // namespace cutlab::ui
