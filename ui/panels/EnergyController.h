#pragma once

#include "core/inference/LatencyEnergyPlans.h"

#include <QObject>
#include <QTimer>

#include <optional>

namespace cutlab::ui {

class Document;
class JobRunner;

// Keeps the latency–energy plane of the open document (every placement's latency and device
// energy, and their Pareto front) up to date off the GUI thread: a new profile, network or
// input size starts it again after a short pause; a newer run drops an older one's result.
class EnergyController : public QObject {
    Q_OBJECT
  public:
    explicit EnergyController(Document* document, QObject* parent = nullptr);
    ~EnergyController() override;

    bool isReady() const { return m_result.has_value(); }
    const core::LatencyEnergyPlans& result() const { return *m_result; }
    // Starts now instead of after the pause (tests, exports).
    void restartNow();
    // Waits (processing events) until the running computation is done; false on timeout.
    bool waitForResult(int timeoutMs);

  signals:
    void ready();

  private:
    void restart();

    Document* m_document;
    QTimer m_debounce;
    std::optional<core::LatencyEnergyPlans> m_result;
    enum JobSlot { EnergyJob, JobSlotCount };
    JobRunner* m_jobs;
};

} // namespace cutlab::ui
