#pragma once

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

class QThread;

namespace cutlab::ui {

// Runs heavy computations on worker threads so that the window never waits for them.
// Each slot keeps only its latest job: starting a job while another of the same slot runs makes
// the running one stale (its cancel flag is set and its result dropped) and queues the new one
// behind it, so at most one worker per slot computes and at most one waits. A job runs off the
// GUI thread, may poll its cancel flag to stop early, and returns what to apply; that runs on the
// GUI thread, only if no newer job of the slot was started since and the slot was not cancelled.
// The destructor cancels everything, drops every pending result and waits for the workers.
class JobRunner : public QObject {
    Q_OBJECT
  public:
    using Apply = std::function<void()>;
    using Job =
        std::function<Apply(const std::atomic<bool>& cancelled)>; // must own copies of all it reads

    explicit JobRunner(int slotCount, QObject* parent = nullptr);
    ~JobRunner() override;

    void start(int slot, Job job);
    // The running job is told to stop and its result will be dropped; a queued one never starts.
    void cancel(int slot);
    bool isRunning(int slot) const { return m_slots[static_cast<std::size_t>(slot)].wanted; }
    bool isBusy() const;
    // Jobs started since construction (computations done or under way).
    int startedCount() const { return m_started; }

  signals:
    void delivered(int slot);

  private:
    struct SlotState {
        QThread* worker = nullptr;               // the running worker, if any
        std::shared_ptr<std::atomic<bool>> stop; // the running worker's cancel flag
        Job queued;                              // waits for that worker to end
        int generation = 0;                      // bumped by every start and cancel
        bool wanted = false;                     // a result is awaited
    };

    void launch(int slot, Job job);
    void finish(int slot, int generation, const Apply& apply);
    SlotState& state(int slot) { return m_slots[static_cast<std::size_t>(slot)]; }

    std::vector<QThread*> m_threads;
    std::vector<SlotState> m_slots;
    int m_started = 0;
};

} // namespace cutlab::ui
