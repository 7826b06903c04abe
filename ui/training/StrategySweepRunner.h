#pragma once

#include "core/training/StrategySweep.h"
#include "core/training/TrainingResult.h"

#include "core/model/Network.h"
#include "core/model/Profile.h"

#include <QObject>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

class QThread;

namespace cutlab::ui {

// Runs core::StrategySweepComputer on a worker thread so the window never freezes. Starting a new
// sweep cancels the previous one; only the latest sweep's result is reported (finished() on the
// GUI thread). The destructor cancels and waits.
class StrategySweepRunner : public QObject {
    Q_OBJECT
  public:
    explicit StrategySweepRunner(QObject* parent = nullptr);
    ~StrategySweepRunner() override;

    // The profile is shared, not copied: copying a large model would hold the GUI thread.
    void start(std::shared_ptr<const core::Profile> profile, const core::Network& network,
               const std::string& links, int batch, const std::vector<double>& mbps,
               const std::vector<core::IterationPlanner>& planners);
    void cancel();
    bool isRunning() const { return m_running; }
    const core::StrategySweep& result() const { return m_result; }

  signals:
    void started();
    void finished();

  private:
    void deliver(int generation, const core::StrategySweep& sweep);

    std::vector<QThread*> m_threads;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    int m_generation = 0;
    bool m_running = false;
    core::StrategySweep m_result;
};

} // namespace cutlab::ui
