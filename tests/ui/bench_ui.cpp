// UI benchmark (not a test): a generated 1,000-layer profile; time from opening to a drawn
// graph, 200 drag steps of a cut handle with real mouse events (median and worst frame time,
// each frame = the event, the document update, the charts and a synchronous repaint), and the
// resident memory. Run: cutlab-ui-bench [layers] (QT_QPA_PLATFORM=offscreen works).
#include "UiTestSupport.h"

#include "CutMarkerItem.h"
#include "Document.h"
#include "GraphPanel.h"
#include "GraphScene.h"
#include "GraphView.h"
#include "MainWindow.h"
#include "SweepController.h"
#include "ChartsPanel.h"
#include "PresentationWindow.h"

#include "ProfileLoader.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QMouseEvent>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <vector>

using namespace cutlab::ui;

static double residentMb() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmRSS:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
    return -1;
}

static void mouse(QWidget* viewport, QEvent::Type type, QPoint at, Qt::MouseButtons buttons) {
    QMouseEvent event(type, QPointF(at), viewport->mapToGlobal(QPointF(at)), Qt::LeftButton, buttons, Qt::NoModifier);
    QApplication::sendEvent(viewport, &event);
}

int main(int argc, char** argv) {
    QApplication app(argc, argv);
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
    window.setUnsavedQuestion([] { return QMessageBox::Discard; });
    window.resize(1280, 800);
    window.show();
    QApplication::processEvents();

    QElapsedTimer timer;
    timer.start();
    if (!window.openProfile(path)) return 2;
    GraphView* view = window.graphPanel()->view();
    view->viewport()->repaint(); // drawn
    const double openMs = timer.nsecsElapsed() / 1e6;
    window.sweep()->waitForResult(60000);

    Document* doc = window.document();
    doc->changeState({0, 0, doc->state().machines}, "bench start");
    view->setZoom(0.6);
    CutMarkerItem* marker = window.scene()->marker(0);
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
    std::printf("drag frames: %zu, median %.2f ms, 95th %.2f ms, worst %.2f ms\n", frames.size(), median,
                sorted[sorted.size() * 95 / 100], worst);
    std::printf("cut moved through boundaries: handle now at %d, undo steps %d\n", marker->boundary(), doc->undoStack()->count());
    std::printf("resident memory: %.1f MB (%.1f MB before the window)\n", rss, rssBefore);
    doc->markSaved();
    return 0;
}
