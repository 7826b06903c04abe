#include "ui/trace/TraceWindow.h"

#include "ui/charts/ChartStyle.h"
#include "ui/document/Document.h"
#include "ui/jobs/JobRunner.h"
#include "ui/trace/CutBand.h"
#include "ui/trace/TraceChartBuilder.h"

#include "core/inference/ScissionPlanner.h"
#include "core/io/TraceFile.h"
#include "core/model/LinkDirection.h"
#include "core/model/PlanError.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cutlab::ui {
namespace {

constexpr int kTickMs = 40;
const int kSpeeds[] = {1, 2, 5, 10, 20};

struct DirectionChoice {
    std::size_t link = 0;
    bool reverse = false;
};

} // namespace

TraceWindow::TraceWindow(Document* document, const QStringList& sampleTraces, QWidget* parent)
    : QWidget(parent, Qt::Window), m_document(document),
      m_framesDone(std::make_shared<std::atomic<int>>(0)),
      m_jobs(new JobRunner(JobSlotCount, this)) {
    setWindowTitle(QStringLiteral("Trace View — CutLab"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildControls(sampleTraces));
    m_bandwidthView = new QChartView(new QChart(), this);
    m_latencyView = new QChartView(new QChart(), this);
    for (QChartView* view : {m_bandwidthView, m_latencyView}) {
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(160);
        layout->addWidget(view, 1);
    }
    m_band = new CutBand(this);
    layout->addWidget(new QLabel(QStringLiteral("Plan chosen by the adaptive run:"), this));
    layout->addWidget(m_band);
    layout->addWidget(buildPlayRow());
    m_summary = new QLabel(this);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_progressTimer.setInterval(100);
    connect(&m_progressTimer, &QTimer::timeout, this,
            [this] { m_progress->setValue(std::min(m_framesDone->load(), m_framesTotal)); });
    m_playTimer.setInterval(kTickMs);
    connect(&m_playTimer, &QTimer::timeout, this, &TraceWindow::tick);
    connect(m_document, &Document::networkChanged, this, &TraceWindow::fillDirections);
    connect(m_document, &Document::profileChanged, this, &TraceWindow::fillDirections);
    fillDirections();
    resize(1100, 760);
}

TraceWindow::~TraceWindow() {
    delete m_jobs; // cancels a replay under way and waits for it
    m_jobs = nullptr;
}

QWidget* TraceWindow::buildControls(const QStringList& sampleTraces) {
    auto* box = new QWidget(this);
    auto* form = new QFormLayout(box);
    m_direction = new QComboBox(box);
    m_direction->setToolTip(QStringLiteral("The link direction the trace measures"));
    form->addRow(QStringLiteral("Link"), m_direction);
    m_trace = new QComboBox(box);
    for (const QString& path : sampleTraces)
        m_trace->addItem(QFileInfo(path).fileName(), path);
    auto* open = new QPushButton(QStringLiteral("Open…"), box);
    connect(open, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, QStringLiteral("Open a trace"));
        if (!path.isEmpty())
            addTraceFile(path);
    });
    auto* traceRow = new QHBoxLayout();
    traceRow->addWidget(m_trace, 1);
    traceRow->addWidget(open);
    form->addRow(QStringLiteral("Trace"), traceRow);
    connect(m_direction, &QComboBox::currentIndexChanged, this,
            [this] { matchTraceToDirection(); });
    m_frames = new QSpinBox(box);
    m_frames->setRange(1, 10'000'000);
    m_frames->setValue(300);
    m_interval = new QDoubleSpinBox(box);
    m_interval->setRange(0, 1e6);
    m_interval->setValue(1000);
    m_interval->setSuffix(QStringLiteral(" ms"));
    m_window = new QDoubleSpinBox(box);
    m_window->setRange(0.01, 86400);
    m_window->setValue(2);
    m_window->setSuffix(QStringLiteral(" s"));
    m_window->setToolTip(QStringLiteral("The adaptive run re-plans on the bandwidth measured over "
                                        "this last window (--adapt window:S)"));
    m_deadline = new QDoubleSpinBox(box);
    m_deadline->setRange(0, 1e7);
    m_deadline->setSuffix(QStringLiteral(" ms"));
    m_deadline->setSpecialValueText(QStringLiteral("none"));
    m_deadline->setToolTip(QStringLiteral("Count the frames slower than this (--deadline)"));
    auto* frameRow = new QHBoxLayout();
    frameRow->addWidget(m_frames);
    frameRow->addWidget(new QLabel(QStringLiteral("every"), box));
    frameRow->addWidget(m_interval);
    frameRow->addWidget(new QLabel(QStringLiteral("window"), box));
    frameRow->addWidget(m_window);
    frameRow->addWidget(new QLabel(QStringLiteral("deadline"), box));
    frameRow->addWidget(m_deadline);
    frameRow->addStretch(1);
    form->addRow(QStringLiteral("Frames"), frameRow);
    m_run = new QPushButton(QStringLiteral("Replay"), box);
    m_run->setShortcut(QKeySequence(QStringLiteral("Ctrl+Return")));
    m_run->setToolTip(QStringLiteral("Replay the frames on the static, adaptive and hindsight "
                                     "plans (Ctrl+Return)"));
    m_cancel = new QPushButton(QStringLiteral("Cancel"), box);
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar(box);
    m_status = new QLabel(box);
    m_status->setWordWrap(true);
    connect(m_run, &QPushButton::clicked, this, &TraceWindow::run);
    connect(m_cancel, &QPushButton::clicked, this, &TraceWindow::cancel);
    auto* runRow = new QHBoxLayout();
    runRow->addWidget(m_run);
    runRow->addWidget(m_cancel);
    runRow->addWidget(m_progress);
    runRow->addWidget(m_status, 1);
    form->addRow(QString(), runRow);
    return box;
}

QWidget* TraceWindow::buildPlayRow() {
    auto* row = new QWidget(this);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    m_play = new QPushButton(QStringLiteral("Play"), row);
    m_play->setEnabled(false);
    m_play->setToolTip(QStringLiteral("Move through the replay in time (Space)"));
    m_play->setShortcut(QKeySequence(Qt::Key_Space));
    connect(m_play, &QPushButton::clicked, this, &TraceWindow::togglePlay);
    m_speed = new QComboBox(row);
    for (int speed : kSpeeds)
        m_speed->addItem(QStringLiteral("%1×").arg(speed), speed);
    m_speed->setToolTip(QStringLiteral("How many seconds of the replay pass per second"));
    m_now = new QLabel(row);
    layout->addWidget(m_play);
    layout->addWidget(m_speed);
    layout->addWidget(m_now, 1);
    return row;
}

// Every direction of every link of the document's network, device uplinks first as written.
void TraceWindow::fillDirections() {
    const QVariant previous = m_direction->currentData();
    m_direction->clear();
    const core::Network& network = m_document->network();
    for (std::size_t i = 0; i < network.links.size(); ++i) {
        const core::Link& link = network.links[i];
        for (bool reverse : {false, true}) {
            const std::string& from = reverse ? link.to : link.from;
            const std::string& to = reverse ? link.from : link.to;
            m_direction->addItem(QStringLiteral("%1 → %2").arg(QString::fromStdString(from),
                                                               QString::fromStdString(to)),
                                 QVariant::fromValue(static_cast<int>(2 * i + reverse)));
        }
    }
    const int index = m_direction->findData(previous);
    if (index >= 0)
        m_direction->setCurrentIndex(index);
    else if (const auto uplink = core::linkDirectionOf(network, "device", "cloud"))
        m_direction->setCurrentIndex(
            m_direction->findData(static_cast<int>(2 * uplink->link + (uplink->reverse ? 1 : 0))));
    matchTraceToDirection();
}

// A measured uplink (.up) for a direction away from the device, a downlink (.down) for one
// towards it: the trace of the same name in the other direction replaces one that does not fit.
void TraceWindow::matchTraceToDirection() {
    const QStringList ends = m_direction->currentText().split(QStringLiteral(" → "));
    if (ends.size() != 2)
        return;
    const auto from = core::tierFromName(ends[0].toStdString());
    const auto to = core::tierFromName(ends[1].toStdString());
    if (!from || !to || *from == *to)
        return;
    const bool up = static_cast<int>(*from) < static_cast<int>(*to);
    const QString name = m_trace->currentText();
    const QString wanted = up ? QStringLiteral(".up") : QStringLiteral(".down");
    const QString other = up ? QStringLiteral(".down") : QStringLiteral(".up");
    if (!name.endsWith(other))
        return;
    const int match = m_trace->findText(name.chopped(other.size()) + wanted);
    if (match >= 0)
        m_trace->setCurrentIndex(match);
}

bool TraceWindow::addTraceFile(const QString& path) {
    const auto loaded = core::loadTraceFile(path.toStdString());
    if (!loaded.trace) {
        setStatus(QString::fromStdString(loaded.error));
        return false;
    }
    m_trace->addItem(QFileInfo(path).fileName(), path);
    m_trace->setCurrentIndex(m_trace->count() - 1);
    setStatus(QString());
    return true;
}

bool TraceWindow::isRunning() const {
    return m_jobs->isRunning(ReplayJob);
}

void TraceWindow::setStatus(const QString& text) {
    m_status->setText(text);
    m_status->setToolTip(text);
}

void TraceWindow::run() {
    if (!m_document->hasProfile()) {
        setStatus(QStringLiteral("Open a profile first."));
        return;
    }
    if (m_direction->count() == 0 || m_trace->count() == 0) {
        setStatus(QStringLiteral("Choose a link and a trace first."));
        return;
    }
    const int code = m_direction->currentData().toInt();
    const core::LinkDirection direction{static_cast<std::size_t>(code / 2), code % 2 == 1};
    core::ReplaySettings settings{m_frames->value(), m_interval->value()};
    const std::optional<double> deadline =
        m_deadline->value() > 0 ? std::optional(m_deadline->value()) : std::nullopt;
    m_framesDone->store(0);
    m_framesTotal = 3 * settings.frames; // adaptive, static, hindsight
    m_progress->setRange(0, m_framesTotal);
    m_progress->setValue(0);
    m_progressTimer.start();
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    setStatus(QStringLiteral("Replaying…"));
    m_jobs->start(
        ReplayJob,
        [profile = m_document->sharedProfile(), network = m_document->network(),
         inputBytes = m_document->inputBytes(), path = m_trace->currentData().toString(),
         label = m_direction->currentText().toStdString(), direction, settings, deadline,
         counter = m_framesDone, window = m_window->value() * 1000.0,
         this](const std::atomic<bool>& cancelled) -> JobRunner::Apply {
            // On a worker thread: only the copies above are read.
            TraceReplayResult result;
            QString error;
            try {
                const auto loaded = core::loadTraceFile(path.toStdString());
                if (!loaded.trace)
                    throw core::PlanError(loaded.error);
                result.trace = std::make_shared<const core::NetworkTrace>(*loaded.trace);
                result.direction = label;
                result.settings = settings;
                result.deadlineMs = deadline;
                core::ReplaySettings watched = settings;
                watched.cancel = &cancelled;
                watched.framesDone = counter.get();
                const core::InferenceCostModel model(*profile, network, inputBytes);
                const std::vector<core::TracedDirection> traces{{direction, result.trace, 0}};
                const core::PlanChooser choose = [&](const core::Network& estimated) {
                    const core::InferenceCostModel at(*profile, estimated, inputBytes);
                    core::InferenceQuery best;
                    best.top = 1;
                    auto plans = core::rankScission(at, best);
                    return plans.empty() ? std::nullopt
                                         : std::optional<core::RankedPlan>(plans.front());
                };
                result.runs = core::replayThreeWays(model, traces, choose, {}, watched, window);
            } catch (const core::PlanError& planError) {
                error = QString::fromStdString(planError.what());
            }
            if (cancelled.load())
                return {};
            return [this, result = std::move(result), error]() mutable {
                m_progressTimer.stop();
                m_run->setEnabled(true);
                m_cancel->setEnabled(false);
                if (!error.isEmpty()) {
                    setStatus(error); // the previous replay stays on screen
                    emit finished();
                    return;
                }
                showResult(std::move(result));
            };
        });
}

void TraceWindow::cancel() {
    if (!isRunning())
        return;
    m_jobs->cancel(ReplayJob);
    m_progressTimer.stop();
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    setStatus(QStringLiteral("Cancelled: the replay on screen is the previous one."));
    emit finished();
}

void TraceWindow::showResult(TraceReplayResult result) {
    m_result = std::move(result);
    m_progress->setValue(m_framesTotal);
    ChartStyle::show(m_bandwidthView, TraceChartBuilder::bandwidthChart(*m_result), m_dark);
    ChartStyle::show(m_latencyView, TraceChartBuilder::latencyChart(*m_result), m_dark);
    m_band->setRun(m_document->profile(), m_result->runs.adaptive, m_result->durationMs());
    // the band lines up with the latency chart's time axis
    connect(m_latencyView->chart(), &QChart::plotAreaChanged, m_band, [this](const QRectF& area) {
        const int left = m_latencyView->mapFromScene(area.topLeft()).x() + m_latencyView->x();
        const int right = m_latencyView->mapFromScene(area.topRight()).x() + m_latencyView->x();
        m_band->setSpan(left - m_band->x(), m_band->x() + m_band->width() - right);
    });
    m_summary->setText(TraceChartBuilder::summary(*m_result));
    m_play->setEnabled(true);
    m_playTimer.stop();
    m_play->setText(QStringLiteral("Play"));
    setCursor(-1);
    setStatus(QStringLiteral("%1 frames replayed on %2 over %3.")
                  .arg(m_result->settings.frames)
                  .arg(QString::fromStdString(m_result->direction),
                       QString::fromStdString(m_result->trace->name)));
    emit finished();
}

void TraceWindow::togglePlay() {
    if (!m_result)
        return;
    if (m_playTimer.isActive()) {
        m_playTimer.stop();
        m_play->setText(QStringLiteral("Play"));
        return;
    }
    if (m_cursorMs < 0 || m_cursorMs >= m_result->durationMs())
        setCursor(0);
    m_playTimer.start();
    m_play->setText(QStringLiteral("Pause"));
}

// One step of playing: the replay's time moves kTickMs × speed.
void TraceWindow::tick() {
    const double next = m_cursorMs + kTickMs * m_speed->currentData().toInt();
    if (next >= m_result->durationMs()) {
        setCursor(m_result->durationMs());
        m_playTimer.stop();
        m_play->setText(QStringLiteral("Play"));
        return;
    }
    setCursor(next);
}

void TraceWindow::setCursor(double ms) {
    m_cursorMs = ms;
    TraceChartBuilder::moveCursor(m_bandwidthView->chart(), ms / 1000.0);
    TraceChartBuilder::moveCursor(m_latencyView->chart(), ms / 1000.0);
    if (ms < 0 || !m_result || m_result->settings.intervalMs <= 0) {
        m_now->clear();
        return;
    }
    const auto frame =
        std::min<std::size_t>(static_cast<std::size_t>(ms / m_result->settings.intervalMs),
                              m_result->runs.adaptive.frames.size() - 1);
    const int plan = m_band->planAt(ms);
    m_now->setText(QStringLiteral("t = %1 s · frame %2: adaptive %3 on %4")
                       .arg(ms / 1000.0, 0, 'f', 1)
                       .arg(frame)
                       .arg(m_result->runs.adaptive.frames[frame].latencyMs, 0, 'f', 1)
                       .arg(plan >= 0 ? m_band->planNames().value(plan) : QString()));
}

void TraceWindow::setDark(bool dark) {
    m_dark = dark;
    ChartStyle::apply(m_bandwidthView->chart(), dark);
    ChartStyle::apply(m_latencyView->chart(), dark);
}

} // namespace cutlab::ui
