// cutlab: the desktop window.
#include "core/onnx/ModelFileImport.h"
#include "ui/charts/ImageExporter.h"
#include "ui/document/Document.h"
#include "ui/graph/GraphScene.h"
#include "ui/panels/ChartsPanel.h"
#include "ui/panels/SweepController.h"
#include "ui/training/TrainingPanel.h"
#include "ui/window/MainWindow.h"
#include "ui/window/PresentationWindow.h"

#include <QAction>
#include <QApplication>
#include <QBuffer>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QIcon>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>

using cutlab::ui::MainWindow;

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName("CutLab");
    QApplication::setOrganizationName("CutLab");
    QApplication::setApplicationVersion(CUTLAB_VERSION);
    QApplication::setWindowIcon(QIcon(":/cutlab/icons/cutlab.svg"));
    QApplication::setDesktopFileName("io.github.cutlab.CutLab");

    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Plan and explore DNN partitions across device, edge and cloud.");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        "file", "A cutlab-profile JSON to open, or an ONNX model or PipeDream graph.txt to import "
                "(written beside it as NAME.json) and open.");
    QCommandLineOption network(
        "network", "Network: 3g, 4g, fibre, ideal, a cutlab-network JSON or a Scission CSV.",
        "NETWORK");
    QCommandLineOption plan("plan", "A cutlab-plan JSON to restore after opening the profile.",
                            "PLAN");
    QCommandLineOption screenshot(
        "screenshot", "Render the window to OUT.png after loading, and exit.", "OUT.png");
    QCommandLineOption size("size", "Window size for --screenshot (default 1280x800).", "WxH",
                            "1280x800");
    QCommandLineOption dark("dark", "Use the dark palette.");
    QCommandLineOption raise(
        "raise", "Bring a panel to the front (inspector, planner, charts, explain, setting).",
        "PANEL");
    QCommandLineOption trainingMode("training",
                                    "Start in Training mode (HierTrain, baselines, pipelines).");
    QCommandLineOption presentation("presentation",
                                    "Start in presentation mode (with --screenshot: grab it).");
    QCommandLineOption step("step", "With --presentation: show this step (1-based).", "N", "1");
    QCommandLineOption chart("chart",
                             "Bring a chart to the front: breakdown, layers or sweep (with "
                             "--training: timeline, pipeline or strategy).",
                             "KIND");
    QCommandLineOption topDown("top-down", "Lay the graph out from top to bottom.");
    QCommandLineOption collapse("collapse", "Collapse every branching block.");
    // Moves the cuts to boundaries D and E as one undoable edit (scripted sessions, tests).
    QCommandLineOption cuts("cuts", "Move the cuts to block boundaries D and E.", "D,E");
    cuts.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOptions({network, plan, screenshot, size, dark, presentation, step, chart, topDown,
                       collapse, trainingMode, raise, cuts});
    parser.process(app);

    const bool shooting = parser.isSet(screenshot);
    MainWindow window;
    window.setPersistent(!shooting);
    if (shooting)
        window.setMessageSink([](const QString& title, const QString& text) {
            std::fprintf(stderr, "%s\n%s\n", qPrintable(title), qPrintable(text));
        });
    window.restoreSettings();
    // Unsaved work of a session that died comes first; the files named here would replace it.
    const bool restored = !shooting && window.restoreAutosave();
    if (parser.isSet(dark))
        window.setDark(true);
    if (parser.isSet(topDown))
        window.action("topToBottom")->setChecked(true);
    int status = 0;
    if (parser.isSet(network) && !window.files()->openNetwork(parser.value(network)))
        status = 2;
    if (!restored) {
        // A large profile opens on a worker; options that act on it wait for it (a plain launch
        // shows the window meanwhile).
        const bool actsOnProfile = shooting || parser.isSet(plan) || parser.isSet(cuts) ||
                                   parser.isSet(collapse) || parser.isSet(trainingMode) ||
                                   parser.isSet(presentation);
        const QString file = parser.positionalArguments().isEmpty()
                                 ? QString()
                                 : parser.positionalArguments().front();
        const auto format = cutlab::core::detectModelFileFormat(file.toStdString());
        const bool model = !file.isEmpty() && (format == cutlab::core::ModelFileFormat::Onnx ||
                                               format == cutlab::core::ModelFileFormat::PipeDream);
        if (model) {
            // a model file is imported beside itself (progress dialog, Cancel), then opened;
            // the window is up first so that the progress shows over it
            window.show();
            if (!(window.files()->importFromUser(file) &&
                  (!actsOnProfile || window.files()->waitForOpen())))
                status = 2;
        } else if (!file.isEmpty() && !(window.files()->openProfile(file) &&
                                        (!actsOnProfile || window.files()->waitForOpen()))) {
            status = 2;
        }
        if (parser.isSet(plan) && !window.files()->openPlan(parser.value(plan)))
            status = 2;
    }
    if (parser.isSet(cuts)) {
        const QStringList parts = parser.value(cuts).split(',');
        bool okD = false, okE = false;
        const int d = parts.size() == 2 ? parts[0].toInt(&okD) : 0,
                  e = parts.size() == 2 ? parts[1].toInt(&okE) : 0;
        if (!okD || !okE || !window.document()->hasProfile()) {
            std::fprintf(stderr, "cutlab: --cuts needs a profile and two boundaries D,E\n");
            status = 2;
        } else {
            auto state = window.document()->state();
            state.deviceBoundary = d;
            state.edgeBoundary = e;
            window.document()->changeState(state, QStringLiteral("Move the cuts"));
        }
    }
    if (parser.isSet(collapse))
        window.scene()->setAllBlocksCollapsed(true);
    if (parser.isSet(trainingMode))
        window.setMode(MainWindow::Mode::Training);
    if (parser.isSet(raise)) {
        if (auto* dock =
                window.findChild<QDockWidget*>(parser.value(raise) + QStringLiteral("Dock"))) {
            dock->show();
            dock->raise();
        } else {
            std::fprintf(stderr, "cutlab: no panel '%s'\n", qPrintable(parser.value(raise)));
            status = 2;
        }
    }
    if (parser.isSet(chart)) {
        const QString kind = parser.value(chart);
        const QStringList inference{"breakdown", "layers", "sweep"};
        const QStringList training{"timeline", "pipeline", "strategy"};
        if (inference.contains(kind)) {
            window.charts()->tabs()->setCurrentIndex(static_cast<int>(inference.indexOf(kind)));
        } else if (training.contains(kind)) {
            window.setMode(MainWindow::Mode::Training);
            window.training()->showView(
                static_cast<cutlab::ui::TrainingPanel::View>(training.indexOf(kind)));
        } else {
            std::fprintf(stderr,
                         "cutlab: no chart '%s' (breakdown, layers, sweep, timeline, "
                         "pipeline, strategy)\n",
                         qPrintable(kind));
            status = 2;
        }
    }
    if (shooting && status != 0)
        return status; // the message is on stderr already: no window to grab
    if (shooting) {
        const QStringList parts = parser.value(size).split('x');
        if (parts.size() == 2)
            window.resize(parts[0].toInt(), parts[1].toInt());
    }
    if (shooting)
        window.show(); // at --size, whatever the settings say
    else
        window.showForUser();
    if (parser.isSet(presentation)) {
        window.setPresentation(true);
        if (window.presentation())
            window.presentation()->showStep(parser.value(step).toInt() - 1);
    }
    if (shooting) {
        const QString out = parser.value(screenshot);
        QTimer::singleShot(400, &window, [&window, out, &status, &parser, &size] {
            window.sweep()->waitForResult(20000);
            // The Training mode plans off the GUI thread: grab its answer, not "Planning…".
            QElapsedTimer planning;
            planning.start();
            while (window.training()->isPlanning() && planning.elapsed() < 60000)
                QApplication::processEvents(QEventLoop::AllEvents, 20);
            // The presentation searches its best plans off the GUI thread: grab them, not
            // "computing…".
            while (window.presentation() && window.presentation()->isComputing() &&
                   planning.elapsed() < 60000)
                QApplication::processEvents(QEventLoop::AllEvents, 20);
            QApplication::processEvents();
            QWidget* target = &window;
            if (window.presentation()) {
                const QStringList parts = parser.value(size).split('x');
                if (parts.size() == 2)
                    window.presentation()->resize(parts[0].toInt(), parts[1].toInt());
                QApplication::processEvents();
                target = window.presentation();
            }
            QByteArray png;
            QBuffer buffer(&png);
            buffer.open(QIODevice::WriteOnly);
            QString error;
            if (!target->grab().save(&buffer, "PNG") ||
                !cutlab::ui::ImageExporter::saveAtomically(out, png, &error)) {
                std::fprintf(stderr, "cutlab: %s\n",
                             qPrintable(error.isEmpty() ? "cannot render " + out : error));
                status = 2;
            }
            window.setPersistent(false);
            window.document()->markSaved();
            QApplication::exit(status);
        });
    }
    return app.exec();
}
