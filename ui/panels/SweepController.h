#pragma once

#include "core/inference/BandwidthSweep.h"

#include <QObject>
#include <QTimer>

#include <memory>
#include <optional>
#include <vector>

namespace cutlab::ui {

class Document;
class JobRunner;

// Keeps the bandwidth sweep of the open document: the best plan per uplink bandwidth runs off
// the GUI thread (a JobRunner slot: a newer sweep cancels the older one and its result is
// dropped); the current plan's curve is evaluated on the GUI thread in constant time per point,
// on every drag frame.
class SweepController : public QObject {
    Q_OBJECT
  public:
    explicit SweepController(Document* document, QObject* parent = nullptr);
    ~SweepController() override;

    static constexpr double kFromMbps = 0.1;
    static constexpr double kToMbps = 100;
    static constexpr int kSteps = 61;

    bool isReady() const { return m_result.has_value(); }
    const core::SweepResult& result() const { return *m_result; }
    std::vector<double> mbps() const;
    std::vector<double> currentTotals() const;
    // Starts now instead of after the debounce delay (tests, exports).
    void restartNow();
    // Waits (processing events) until the running sweep is done; false on timeout.
    bool waitForResult(int timeoutMs);

  signals:
    void started();
    void ready();

  private:
    void restart();
    void onProfileChanged();

    Document* m_document;
    QTimer m_debounce;
    std::shared_ptr<const core::Profile> m_profile;
    std::shared_ptr<core::UplinkSweep> m_sweep;
    std::optional<core::SweepResult> m_result;
    enum JobSlot { SweepJob, JobSlotCount };
    JobRunner* m_jobs;
};

} // namespace cutlab::ui
