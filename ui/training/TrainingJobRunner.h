#pragma once

#include <QObject>

#include <array>
#include <functional>
#include <vector>

class QThread;

namespace cutlab::ui {

// Runs the Training mode's plans on worker threads so that the window never waits for them.
// Each slot keeps only its latest job: starting a job while another of the same slot runs makes
// the running one stale (its result is dropped) and queues the new one behind it, so at most one
// worker per slot computes and at most one waits. A job runs off the GUI thread and returns what
// to apply; that runs on the GUI thread, only if no newer job of the slot was started since.
// The destructor drops every pending result and waits for the workers.
class TrainingJobRunner : public QObject {
    Q_OBJECT
  public:
    enum Slot { Iteration, Pipeline, SlotCount };
    using Apply = std::function<void()>;
    using Job = std::function<Apply()>; // must own copies of all it reads

    explicit TrainingJobRunner(QObject* parent = nullptr);
    ~TrainingJobRunner() override;

    void start(Slot slot, Job job);
    // The running job's result will be dropped, a queued one never starts.
    void cancel(Slot slot);
    bool isRunning(Slot slot) const { return m_wanted[slot]; }
    bool isBusy() const;
    // Jobs started since construction (computations done or under way).
    int startedCount() const { return m_started; }

  signals:
    void delivered(cutlab::ui::TrainingJobRunner::Slot slot);

  private:
    void launch(Slot slot, Job job);
    void finish(Slot slot, int generation, const Apply& apply);

    std::vector<QThread*> m_threads;
    std::array<QThread*, SlotCount> m_worker{}; // the slot's running worker, if any
    std::array<Job, SlotCount> m_queued{};      // waits for that worker to end
    std::array<int, SlotCount> m_generation{};  // bumped by every start and cancel
    std::array<bool, SlotCount> m_wanted{};     // a result is awaited
    int m_started = 0;
};

} // namespace cutlab::ui
