#include "ui/SweepController.h"

#include "ui/Document.h"

#include "core/inference/ScissionPlanner.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QPointer>
#include <QThread>

namespace cutlab::ui {

SweepController::SweepController(Document* document, QObject* parent)
    : QObject(parent), m_document(document) {
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);
    connect(&m_debounce, &QTimer::timeout, this, &SweepController::restart);
    auto schedule = [this] { m_debounce.start(); };
    connect(m_document, &Document::profileChanged, this, [this] {
        // a new model: the old curves no longer apply
        cancelRunning();
        m_result.reset();
        m_sweep.reset();
        m_profile.reset();
        restart();
    });
    connect(m_document, &Document::networkChanged, this, schedule);
    connect(m_document, &Document::inputBytesChanged, this, schedule);
    connect(m_document, &Document::referencePlansChanged, this, schedule);
}

SweepController::~SweepController() {
    cancelRunning();
    for (QThread* thread : m_threads) {
        thread->wait();
        delete thread;
    }
}

std::vector<double> SweepController::mbps() const {
    return m_sweep ? m_sweep->mbps() : std::vector<double>{};
}

std::vector<double> SweepController::currentTotals() const {
    if (!m_sweep || !m_document->hasProfile() || m_profile != m_document->sharedProfile())
        return {};
    return m_sweep->totals(m_document->placement());
}

void SweepController::cancelRunning() {
    if (m_cancel)
        m_cancel->store(true);
}

void SweepController::restartNow() {
    m_debounce.stop();
    restart();
}

bool SweepController::waitForResult(int timeoutMs) {
    QElapsedTimer timer;
    timer.start();
    while ((m_debounce.isActive() || !m_result) && timer.elapsed() < timeoutMs) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(2);
    }
    return m_result.has_value() && !m_debounce.isActive();
}

void SweepController::restart() {
    cancelRunning();
    if (!m_document->hasProfile())
        return;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const int generation = ++m_generation;
    const auto machines = m_document->state().machines;
    std::shared_ptr<const core::Profile> keepProfile =
        m_document->sharedProfile(); // the sweep refers to it
    auto cancel = m_cancel;
    QPointer<SweepController> self(this);
    emit started();
    // Building the sweep's cost models (one per bandwidth) is itself heavy for a large model: it
    // happens on the worker too, and the sweep is adopted together with its result.
    QThread* thread = QThread::create([keepProfile, network = m_document->network(),
                                       inputBytes = std::optional<double>(m_document->inputBytes()),
                                       cancel, machines, generation, self] {
        auto sweep = std::make_shared<core::UplinkSweep>(
            *keepProfile, network, inputBytes, core::logSpace(kFromMbps, kToMbps, kSteps));
        core::InferenceQuery query;
        auto result = std::make_shared<core::SweepResult>(
            core::sweepBestPlans(*sweep, core::rankScission, query, machines, cancel.get()));
        if (result->cancelled || !self)
            return;
        QMetaObject::invokeMethod(
            self.data(),
            [self, keepProfile, sweep, result, generation] {
                if (!self || generation != self->m_generation)
                    return;
                self->m_profile = keepProfile;
                self->m_sweep = sweep;
                self->m_result = *result;
                emit self->ready();
            },
            Qt::QueuedConnection);
    });
    m_threads.push_back(thread);
    connect(thread, &QThread::finished, this, [this, thread] {
        m_threads.erase(std::remove(m_threads.begin(), m_threads.end(), thread), m_threads.end());
        thread->deleteLater();
    });
    thread->start(QThread::LowPriority);
}

} // namespace cutlab::ui
