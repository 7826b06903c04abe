#pragma once

#include <QWidget>

#include <atomic>
#include <memory>

class QLabel;
class QProgressBar;
class QPushButton;
class QTimer;

namespace cutlab::ui {

// The pipeline planner at work, under the training summary: how far it has come and a button
// that ends the search at once with the best plan found and its proven lower bound (the planner's
// time limit, reached early). Hidden while nothing is planned.
class PipelinePlanningStatus : public QWidget {
    Q_OBJECT
  public:
    // What a planning job reads and writes from its worker thread.
    struct Channel {
        std::shared_ptr<std::atomic<int>> permille = std::make_shared<std::atomic<int>>(0);
        std::shared_ptr<std::atomic<bool>> finishNow = std::make_shared<std::atomic<bool>>(false);
    };

    explicit PipelinePlanningStatus(QWidget* parent = nullptr);

    // Shows the status for a new job and returns its channel.
    Channel start();
    // Hides it (the job delivered, failed or was replaced by none).
    void finish();
    QPushButton* stopButton() const { return m_stop; }
    int permille() const;

  private:
    QLabel* m_label;
    QProgressBar* m_bar;
    QPushButton* m_stop;
    QTimer* m_poll;
    Channel m_channel;
};

} // namespace cutlab::ui
