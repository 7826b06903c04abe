#pragma once

#include "ui/trace/TraceReplayResult.h"

#include <QTimer>
#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>

class QChartView;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace cutlab::ui {

class CutBand;
class Document;
class JobRunner;

// Network ▸ Trace View: a measured trace on one link direction of the open document's network,
// frames replayed through it on the static, adaptive and hindsight plans (cost-models.md §6),
// drawn over time under the trace's bandwidth, with the adaptive run's chosen plan as a band.
// The replay runs on a worker with progress and cancel; Play moves a cursor at 1×–20×.
class TraceWindow : public QWidget {
    Q_OBJECT
  public:
    // `sampleTraces`: the shared 3G/4G traces offered first (full paths).
    TraceWindow(Document* document, const QStringList& sampleTraces, QWidget* parent = nullptr);
    ~TraceWindow() override;

    QComboBox* directionBox() const { return m_direction; }
    QComboBox* traceBox() const { return m_trace; }
    QSpinBox* framesBox() const { return m_frames; }
    QDoubleSpinBox* intervalBox() const { return m_interval; }
    QDoubleSpinBox* windowBox() const { return m_window; }
    QDoubleSpinBox* deadlineBox() const { return m_deadline; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* playButton() const { return m_play; }
    QComboBox* speedBox() const { return m_speed; }
    QProgressBar* progress() const { return m_progress; }
    QLabel* status() const { return m_status; }
    QLabel* summary() const { return m_summary; }
    QChartView* bandwidthView() const { return m_bandwidthView; }
    QChartView* latencyView() const { return m_latencyView; }
    CutBand* cutBand() const { return m_band; }
    const std::optional<TraceReplayResult>& result() const { return m_result; }
    bool isRunning() const;
    double cursorSeconds() const { return m_cursorMs / 1000.0; }
    // Adds a trace file to the list and selects it; false with a message when it cannot be read.
    bool addTraceFile(const QString& path);
    void matchTraceToDirection();

  public slots:
    void run();
    void cancel();
    void togglePlay();
    void setDark(bool dark);

  signals:
    void finished();

  private:
    QWidget* buildControls(const QStringList& sampleTraces);
    QWidget* buildPlayRow();
    void fillDirections();
    void showResult(TraceReplayResult result);
    void tick();
    void setCursor(double ms);
    void setStatus(const QString& text);

    Document* m_document;
    QComboBox* m_direction;
    QComboBox* m_trace;
    QSpinBox* m_frames;
    QDoubleSpinBox* m_interval;
    QDoubleSpinBox* m_window;
    QDoubleSpinBox* m_deadline;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QPushButton* m_play;
    QComboBox* m_speed;
    QProgressBar* m_progress;
    QLabel* m_status;
    QLabel* m_summary;
    QLabel* m_now;
    QChartView* m_bandwidthView;
    QChartView* m_latencyView;
    CutBand* m_band;
    std::optional<TraceReplayResult> m_result;
    std::shared_ptr<std::atomic<int>> m_framesDone;
    int m_framesTotal = 0;
    QTimer m_progressTimer;
    QTimer m_playTimer;
    double m_cursorMs = -1;
    bool m_dark = false;
    enum JobSlot { ReplayJob, JobSlotCount };
    JobRunner* m_jobs;
};

} // namespace cutlab::ui
