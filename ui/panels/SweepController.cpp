#include "ui/panels/SweepController.h"

#include "ui/charts/SweepChartBuilder.h"
#include "ui/document/Document.h"
#include "ui/jobs/JobRunner.h"
#include "ui/jobs/WaitForSignal.h"

#include "core/inference/ScissionPlanner.h"
#include "core/model/NetworkEdit.h"

#include <QTimer>

namespace cutlab::ui {

SweepController::SweepController(Document* document, QObject* parent)
    : QObject(parent), m_document(document), m_jobs(new JobRunner(JobSlotCount, this)) {
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);
    connect(&m_debounce, &QTimer::timeout, this, &SweepController::restart);
    connect(m_document, &Document::profileChanged, this, &SweepController::onProfileChanged);
    connect(m_document, &Document::networkChanged, &m_debounce, qOverload<>(&QTimer::start));
    connect(m_document, &Document::inputBytesChanged, &m_debounce, qOverload<>(&QTimer::start));
    connect(m_document, &Document::referencePlansChanged, &m_debounce, qOverload<>(&QTimer::start));
}

SweepController::~SweepController() {
    delete m_jobs; // cancels the sweep and waits for it: no result arrives after this
    m_jobs = nullptr;
}

std::vector<double> SweepController::mbps() const {
    return m_sweep ? m_sweep->mbps() : std::vector<double>{};
}

std::vector<double> SweepController::currentTotals() const {
    if (!m_sweep || !m_document->hasProfile() || m_profile != m_document->sharedProfile())
        return {};
    return m_sweep->totals(m_document->placement());
}

// A new model: the old curves no longer apply.
void SweepController::onProfileChanged() {
    m_jobs->cancel(SweepJob);
    m_result.reset();
    m_sweep.reset();
    m_profile.reset();
    restart();
}

void SweepController::restartNow() {
    m_debounce.stop();
    restart();
}

bool SweepController::waitForResult(int timeoutMs) {
    // Runs the window's events until ready() comes (after any pending debounce restarts the
    // sweep) or the time is up: no polling.
    return waitForSignal(
        this, &SweepController::ready,
        [this] { return m_result.has_value() && !m_debounce.isActive(); }, timeoutMs);
}

void SweepController::restart() {
    if (!m_document->hasProfile()) {
        m_jobs->cancel(SweepJob);
        return;
    }
    emit started();
    // Building the sweep's cost models (one per bandwidth) is itself heavy for a large model: it
    // happens on the worker too, and the sweep is adopted together with its result.
    m_jobs->start(SweepJob,
                  [this, profile = m_document->sharedProfile(), // the sweep refers to it
                   network = m_document->network(),
                   inputBytes = std::optional<double>(m_document->inputBytes()),
                   machines = m_document->state().machines](
                      const std::atomic<bool>& cancelled) -> JobRunner::Apply {
                      // On a worker thread: only the copies above are read.
                      // the reference uplink's bandwidth is one of the points: the curves there are
                      // the current network's numbers
                      const core::Tier reference = SweepChartBuilder::referenceTier(machines);
                      const auto uplink =
                          core::effectiveTierLink(network, *profile, core::Tier::Device, reference);
                      auto sweep = std::make_shared<core::UplinkSweep>(
                          *profile, network, inputBytes,
                          core::logSpaceThrough(kFromMbps, kToMbps, kSteps,
                                                uplink ? uplink->bandwidthMbps : 0.0),
                          reference);
                      auto result = std::make_shared<core::SweepResult>(
                          core::sweepBestPlans(*sweep, core::rankScission, core::InferenceQuery{},
                                               machines, &cancelled));
                      if (result->cancelled)
                          return {};
                      return [this, profile, sweep, result] {
                          m_profile = profile;
                          m_sweep = sweep;
                          m_result = *result;
                          emit ready();
                      };
                  });
}

} // namespace cutlab::ui
