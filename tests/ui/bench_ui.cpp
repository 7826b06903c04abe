// UI benchmark (not a test): a generated 1,000-layer profile; time from opening to a drawn
// graph, 200 drag steps of a cut handle with real mouse events (median and worst frame time,
// each frame = the event, the document update, the charts and a synchronous repaint), and the
// resident memory. Run: cutlab-ui-bench [layers] (QT_QPA_PLATFORM=offscreen works).
//
// cutlab-ui-bench open [layers]: opens a generated trainable chain (50,000 layers by default) in
// the shown window, as File > Open does, and prints the time to the first paint of the graph and
// the longest stall of the GUI thread (a 10 ms timer measuring its own lateness) while loading
// and until the background work settles; then the same for switching to the Training mode.
#include "UiTestSupport.h"

#include "ui/document/Document.h"
#include "ui/graph/CutMarkerItem.h"
#include "ui/graph/GraphScene.h"
#include "ui/graph/GraphView.h"
#include "ui/panels/ChartsPanel.h"
#include "ui/panels/GraphPanel.h"
#include "ui/panels/SweepController.h"
#include "ui/window/MainWindow.h"
#include "ui/window/PresentationWindow.h"

#include "core/inference/InferenceCostModel.h"
#include "core/io/ProfileLoader.h"
#include "core/planners/InferencePlanner.h"
#include "ui/training/TrainingPanel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QMouseEvent>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

using namespace cutlab::ui;

static double residentMb() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmRSS:", 0) == 0)
            return std::stod(line.substr(6)) / 1024.0;
    return -1;
}

static void mouse(QWidget* viewport, QEvent::Type type, QPoint at, Qt::MouseButtons buttons) {
    QMouseEvent event(type, QPointF(at), viewport->mapToGlobal(QPointF(at)), Qt::LeftButton,
                      buttons, Qt::NoModifier);
    QApplication::sendEvent(viewport, &event);
}

namespace {

// Names every event that kept the GUI thread busy for more than 40 ms (CUTLAB_BENCH_SLOW_EVENTS=1).
class TimedApplication : public QApplication {
  public:
    using QApplication::QApplication;
    bool notify(QObject* receiver, QEvent* event) override {
        if (!m_report)
            return QApplication::notify(receiver, event);
        QElapsedTimer timer;
        timer.start();
        const int type = event->type();
        const QString name =
            receiver->metaObject()->className() + QStringLiteral("/") + receiver->objectName();
        const bool result = QApplication::notify(receiver, event);
        const double ms = timer.nsecsElapsed() / 1e6;
        if (ms > 40)
            std::fprintf(stderr, "slow event: %.0f ms, type %d, to %s\n", ms, type,
                         qPrintable(name));
        return result;
    }

  private:
    bool m_report = qEnvironmentVariableIsSet("CUTLAB_BENCH_SLOW_EVENTS");
};

// Ticks every 10 ms on the GUI thread; the longest gap between two ticks is the longest time the
// GUI thread could not answer.
class StallMeter : public QObject {
  public:
    StallMeter() {
        m_timer.setInterval(10);
        m_timer.setTimerType(Qt::PreciseTimer);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 now = m_clock.nsecsElapsed();
            m_longest = std::max(m_longest, (now - m_last) / 1e6 - 10.0);
            m_last = now;
        });
    }
    void start() {
        m_longest = 0;
        m_clock.start();
        m_last = 0;
        m_timer.start();
    }
    double longestMs() {
        const qint64 now = m_clock.nsecsElapsed();
        return std::max(m_longest, (now - m_last) / 1e6 - 10.0);
    }

  private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    double m_longest = 0;
};

// Records when a widget paints.
class PaintWatch : public QObject {
  public:
    explicit PaintWatch(QWidget* widget, const QElapsedTimer& clock) : m_clock(clock) {
        widget->installEventFilter(this);
    }
    double firstPaintMs = -1;
    bool armed = false;

  protected:
    bool eventFilter(QObject*, QEvent* event) override {
        if (armed && event->type() == QEvent::Paint && firstPaintMs < 0)
            firstPaintMs = m_clock.nsecsElapsed() / 1e6;
        return false;
    }

  private:
    const QElapsedTimer& m_clock;
};

void runFor(int ms, const std::function<bool()>& done) {
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < ms && !done())
        QApplication::processEvents(QEventLoop::AllEvents, 5);
}

// A window as the benchmarks use it: nothing saved, messages on stderr, unsaved changes
// discarded, 1280x800, shown and settled.
void showForBench(MainWindow& window) {
    window.setPersistent(false);
    window.setMessageSink([](const QString& title, const QString& text) {
        std::fprintf(stderr, "%s\n%s\n", qPrintable(title), qPrintable(text));
    });
    window.setUnsavedQuestion([](const QString&) { return QMessageBox::Discard; });
    window.resize(1280, 800);
    window.show();
    runFor(300, [] { return false; });
}

int benchOpen(int layers, int sweepWaitMs, int trainingWaitMs) {
    QTemporaryDir dir;
    const QString path = dir.filePath("linear.json");
    {
        std::ofstream out(path.toStdString());
        out << generatedLinearProfile(layers).dump();
    }
    {
        // Where an open spends its time on the GUI thread, piece by piece (the core parts).
        QElapsedTimer part;
        part.start();
        auto loaded = cutlab::core::loadProfileFile(path.toStdString());
        const double loadMs = part.nsecsElapsed() / 1e6;
        part.restart();
        const cutlab::core::InferenceCostModel model(*loaded.profile,
                                                     *cutlab::core::networkPreset("3g"));
        const double modelMs = part.nsecsElapsed() / 1e6;
        part.restart();
        cutlab::core::InferenceQuery query;
        query.top = 1;
        cutlab::core::runInferencePlanner("scission", model, query);
        const double scissionMs = part.nsecsElapsed() / 1e6;
        std::printf("core parts of an open: read the profile %.0f ms, cost model %.0f ms, best "
                    "Scission plan %.0f ms\n",
                    loadMs, modelMs, scissionMs);
        std::fflush(stdout);
    }
    MainWindow window;
    showForBench(window);

    StallMeter meter;
    QElapsedTimer clock;
    PaintWatch paint(window.graphPanel()->view()->viewport(), clock);
    meter.start();
    clock.start();
    // As File > Open and the command line do it: a queued call, so the stall meter sees the load.
    // A large file is read on a worker: the first paint that counts is the one after the document
    // adopted the new profile.
    double adoptedMs = -1;
    QObject::connect(window.document(), &Document::profileChanged, &window, [&] {
        adoptedMs = clock.nsecsElapsed() / 1e6;
        paint.armed = true;
    });
    QTimer::singleShot(0, &window, [&] {
        if (!window.files()->openProfile(path))
            std::exit(2);
    });
    runFor(120000, [&] { return paint.firstPaintMs >= 0; });
    const double firstPaint = paint.firstPaintMs;
    const double openStall = meter.longestMs();
    std::printf("profile: %d layers, %d blocks\n", window.document()->layerCount(),
                window.document()->blockCount());
    std::printf("open (Inference mode): profile adopted after %.0f ms, first paint of the graph "
                "after %.0f ms; longest GUI "
                "stall until then %.0f ms\n",
                adoptedMs, firstPaint, openStall);
    std::fflush(stdout);
    // The bandwidth sweep (61 Scission searches) runs on a worker; the window stays usable
    // meanwhile.
    runFor(sweepWaitMs, [&] { return window.sweep()->isReady(); });
    const double sweepMs = clock.nsecsElapsed() / 1e6;
    runFor(1000, [] { return false; });
    if (window.sweep()->isReady())
        std::printf("bandwidth sweep ready after %.0f ms; longest GUI stall from opening until "
                    "then %.0f ms\n",
                    sweepMs, meter.longestMs());
    else
        std::printf("bandwidth sweep not ready after %.0f ms (still computing off the GUI thread); "
                    "longest GUI stall so far %.0f ms\n",
                    sweepMs, meter.longestMs());
    std::printf("training computations started in Inference mode: %d\n",
                window.training()->computationsStarted());
    std::fflush(stdout);

    // Moving a cut handle by keyboard steps once every slice of the graph stands: document,
    // charts and the graph's repaint, per step.
    runFor(30000, [&] { return window.scene()->isComplete(); });
    std::vector<double> steps;
    for (int k = 0; k < 40; ++k) {
        QElapsedTimer step;
        step.start();
        window.document()->stepCut(CutHandle::EdgeCloud, k % 2 ? -1 : 1);
        window.graphPanel()->view()->viewport()->repaint();
        QApplication::processEvents();
        steps.push_back(step.nsecsElapsed() / 1e6);
    }
    std::sort(steps.begin(), steps.end());
    std::printf("cut handle steps with the whole graph built: median %.1f ms, worst %.1f ms\n",
                steps[steps.size() / 2], steps.back());
    std::fflush(stdout);

    meter.start();
    clock.restart();
    window.setMode(MainWindow::Mode::Training);
    runFor(trainingWaitMs, [&] { return !window.training()->isPlanning(); });
    const double trainingMs = clock.nsecsElapsed() / 1e6;
    const auto& result = window.training()->trainingResult();
    if (window.training()->isPlanning())
        std::printf("Training mode: still planning after %.0f ms (off the GUI thread); longest GUI "
                    "stall %.0f ms\n",
                    trainingMs, meter.longestMs());
    else
        std::printf("Training mode: plans shown after %.0f ms (%s); longest GUI stall %.0f ms\n",
                    trainingMs,
                    result ? qPrintable(QStringLiteral("hiertrain iteration %1 ms")
                                            .arg(result->iterationMs(), 0, 'f', 1))
                           : qPrintable(window.training()->errorText().left(120)),
                    meter.longestMs());
    std::printf("resident memory: %.1f MB\n", residentMb());
    window.document()->markSaved();
    return 0;
}

} // namespace

// File ▸ Import Model as a person does it: the model imported on a worker (progress dialog),
// then opened; prints the time to the first paint of the graph and the longest GUI stall.
int benchImport(const QString& model) {
    QTemporaryDir dir;
    const QString destination = dir.filePath("imported.json");
    MainWindow window;
    showForBench(window);
    StallMeter meter;
    QElapsedTimer clock;
    PaintWatch paint(window.graphPanel()->view()->viewport(), clock);
    double importedMs = -1;
    QObject::connect(window.document(), &Document::profileChanged, &window, [&] {
        importedMs = clock.nsecsElapsed() / 1e6;
        paint.armed = true;
    });
    meter.start();
    clock.start();
    QTimer::singleShot(0, &window, [&] {
        if (!window.files()->importProfile(model, destination))
            std::exit(2);
    });
    runFor(120000, [&] { return paint.firstPaintMs >= 0; });
    runFor(120000, [&] { return window.scene()->isComplete(); });
    const double completeMs = clock.nsecsElapsed() / 1e6;
    std::printf("import %s: %d layers, %d blocks; profile adopted after %.0f ms, graph drawn "
                "after %.0f ms, every item built after %.0f ms; longest GUI stall %.0f ms\n",
                qPrintable(QFileInfo(model).fileName()), window.document()->layerCount(),
                window.document()->blockCount(), importedMs, paint.firstPaintMs, completeMs,
                meter.longestMs());
    return 0;
}

int main(int argc, char** argv) {
    TimedApplication app(argc, argv);
    // import MODEL.onnx
    if (argc > 2 && std::string(argv[1]) == "import")
        return benchImport(QString::fromLocal8Bit(argv[2]));
    // open [layers] [seconds to wait for the sweep] [seconds to wait for the training plans]
    if (argc > 1 && std::string(argv[1]) == "open")
        return benchOpen(argc > 2 ? std::max(10, std::atoi(argv[2])) : 50000,
                         1000 * (argc > 3 ? std::atoi(argv[3]) : 30),
                         1000 * (argc > 4 ? std::atoi(argv[4]) : 120));
    const int layers = argc > 1 ? std::max(10, std::atoi(argv[1])) : 1000;
    QTemporaryDir dir;
    const QString path = dir.filePath("generated.json");
    {
        std::ofstream out(path.toStdString());
        out << generatedProfile(layers, 10).dump();
    }
    const double rssBefore = residentMb();
    MainWindow window;
    window.setPersistent(false);
    window.setUnsavedQuestion([](const QString&) { return QMessageBox::Discard; });
    window.resize(1280, 800);
    window.show();
    QApplication::processEvents();

    QElapsedTimer timer;
    timer.start();
    if (!window.files()->openProfile(path))
        return 2;
    GraphView* view = window.graphPanel()->view();
    view->viewport()->repaint(); // drawn
    const double openMs = timer.nsecsElapsed() / 1e6;
    window.sweep()->waitForResult(60000);

    Document* doc = window.document();
    doc->changeState({0, 0, doc->state().machines}, "bench start");
    view->setZoom(0.6);
    CutMarkerItem* marker = window.scene()->marker(CutHandle::DeviceEdge);
    view->centerOn(marker->gripScenePos() + QPointF(500, 0));
    QApplication::processEvents();
    QWidget* viewport = view->viewport();
    QPoint at = view->mapFromScene(marker->gripScenePos());
    mouse(viewport, QEvent::MouseButtonPress, at, Qt::LeftButton);
    std::vector<double> frames;
    const int steps = 200;
    for (int i = 0; i < steps; ++i) {
        at += QPoint(i < steps / 2 ? 9 : -9, 0); // right then back: crosses many cut points
        timer.restart();
        mouse(viewport, QEvent::MouseMove, at, Qt::LeftButton);
        viewport->repaint();
        window.charts()->repaint();
        frames.push_back(timer.nsecsElapsed() / 1e6);
    }
    mouse(viewport, QEvent::MouseButtonRelease, at, Qt::NoButton);
    std::vector<double> sorted = frames;
    std::sort(sorted.begin(), sorted.end());
    const double median = sorted[sorted.size() / 2];
    const double worst = sorted.back();
    const double rss = residentMb();
    std::printf("profile: %d layers, %d blocks\n", doc->layerCount(), doc->blockCount());
    std::printf("open to drawn graph: %.1f ms\n", openMs);
    std::printf("drag frames: %zu, median %.2f ms, 95th %.2f ms, worst %.2f ms\n", frames.size(),
                median, sorted[sorted.size() * 95 / 100], worst);
    std::printf("cut moved through boundaries: handle now at %d, undo steps %d\n",
                marker->boundary(), doc->undoStack()->count());
    std::printf("resident memory: %.1f MB (%.1f MB before the window)\n", rss, rssBefore);
    doc->markSaved();
    return 0;
}
