#include "ui/panels/EnergyController.h"

#include "ui/document/Document.h"
#include "ui/jobs/JobRunner.h"
#include "ui/jobs/WaitForSignal.h"

#include "core/model/PlanError.h"

namespace cutlab::ui {

EnergyController::EnergyController(Document* document, QObject* parent)
    : QObject(parent), m_document(document), m_jobs(new JobRunner(JobSlotCount, this)) {
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);
    connect(&m_debounce, &QTimer::timeout, this, &EnergyController::restart);
    connect(m_document, &Document::profileChanged, this, [this] {
        m_result.reset(); // the old plane is another model's
        restartNow();
    });
    connect(m_document, &Document::networkChanged, &m_debounce, qOverload<>(&QTimer::start));
    connect(m_document, &Document::inputBytesChanged, &m_debounce, qOverload<>(&QTimer::start));
}

EnergyController::~EnergyController() {
    delete m_jobs; // cancels a run and waits for it: no result arrives after this
    m_jobs = nullptr;
}

void EnergyController::restartNow() {
    m_debounce.stop();
    restart();
}

bool EnergyController::waitForResult(int timeoutMs) {
    return waitForSignal(
        this, &EnergyController::ready,
        [this] { return m_result.has_value() && !m_debounce.isActive(); }, timeoutMs);
}

void EnergyController::restart() {
    if (!m_document->hasProfile()) {
        m_jobs->cancel(EnergyJob);
        return;
    }
    m_jobs->start(EnergyJob,
                  [profile = m_document->sharedProfile(), network = m_document->network(),
                   inputBytes = m_document->inputBytes(),
                   this](const std::atomic<bool>&) -> JobRunner::Apply {
                      // On a worker thread: only the copies above are read.
                      core::LatencyEnergyPlans plans;
                      try {
                          const core::InferenceCostModel model(*profile, network, inputBytes);
                          plans = core::latencyEnergyPlans(model);
                      } catch (const core::PlanError&) { // no plane to show
                      }
                      return [this, plans = std::move(plans)]() mutable {
                          m_result = std::move(plans);
                          emit ready();
                      };
                  });
}

} // namespace cutlab::ui
