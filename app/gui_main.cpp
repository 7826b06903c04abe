// cutlab: the desktop window.
#include "ChartsPanel.h"
#include "Document.h"
#include "GraphScene.h"
#include "MainWindow.h"
#include "PresentationWindow.h"
#include "SweepController.h"

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
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
    parser.setApplicationDescription("Plan and explore DNN partitions across device, edge and cloud.");
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument("file", "A cutlab-profile JSON to open (or a cutlab-plan JSON with --plan).");
    QCommandLineOption network("network", "Network: 3g, 4g, fibre, ideal, a cutlab-network JSON or a Scission CSV.", "NETWORK");
    QCommandLineOption plan("plan", "A cutlab-plan JSON to restore after opening the profile.", "PLAN");
    QCommandLineOption screenshot("screenshot", "Render the window to OUT.png after loading, and exit.", "OUT.png");
    QCommandLineOption size("size", "Window size for --screenshot (default 1280x800).", "WxH", "1280x800");
    QCommandLineOption dark("dark", "Use the dark palette.");
    QCommandLineOption raise("raise", "Bring a panel to the front (inspector, planner, charts, explain, setting).", "PANEL");
    QCommandLineOption trainingMode("training", "Start in Training mode (HierTrain, baselines, pipelines).");
    QCommandLineOption presentation("presentation", "Start in presentation mode (with --screenshot: grab it).");
    QCommandLineOption step("step", "With --presentation: show this step (1-based).", "N", "1");
    QCommandLineOption chart("chart", "Bring a chart to the front: breakdown, layers or sweep.", "KIND");
    QCommandLineOption topDown("top-down", "Lay the graph out from top to bottom.");
    QCommandLineOption collapse("collapse", "Collapse every branching block.");
    parser.addOptions({network, plan, screenshot, size, dark, presentation, step, chart, topDown, collapse, trainingMode, raise});
    parser.process(app);

    const bool shooting = parser.isSet(screenshot);
    MainWindow window;
    window.setPersistent(!shooting);
    if (shooting) window.setMessageSink([](const QString& title, const QString& text) {
        std::fprintf(stderr, "%s\n%s\n", qPrintable(title), qPrintable(text));
    });
    window.restoreSettings();
    if (parser.isSet(dark)) window.setDark(true);
    if (parser.isSet(topDown)) window.action("topToBottom")->setChecked(true);
    if (parser.isSet(network)) window.openNetwork(parser.value(network));
    int status = 0;
    if (!parser.positionalArguments().isEmpty() && !window.openProfile(parser.positionalArguments().front())) status = 2;
    if (parser.isSet(plan) && !window.openPlan(parser.value(plan))) status = 2;
    if (parser.isSet(collapse)) window.scene()->setAllBlocksCollapsed(true);
    if (parser.isSet(trainingMode)) window.setMode(MainWindow::Mode::Training);
    if (parser.isSet(raise)) {
        if (auto* dock = window.findChild<QDockWidget*>(parser.value(raise) + QStringLiteral("Dock"))) {
            dock->show();
            dock->raise();
        } else {
            std::fprintf(stderr, "cutlab: no panel '%s'\n", qPrintable(parser.value(raise)));
            status = 2;
        }
    }
    if (parser.isSet(chart)) {
        const QString kind = parser.value(chart);
        window.charts()->tabs()->setCurrentIndex(kind == "layers" ? 1 : kind == "sweep" ? 2 : 0);
    }
    if (shooting) {
        const QStringList parts = parser.value(size).split('x');
        if (parts.size() == 2) window.resize(parts[0].toInt(), parts[1].toInt());
    }
    window.show();
    if (parser.isSet(presentation)) {
        window.setPresentation(true);
        if (window.presentation()) window.presentation()->showStep(parser.value(step).toInt() - 1);
    }
    if (shooting) {
        const QString out = parser.value(screenshot);
        QTimer::singleShot(400, &window, [&window, out, &status, &parser, &size] {
            window.sweep()->waitForResult(20000);
            QApplication::processEvents();
            QWidget* target = &window;
            if (window.presentation()) {
                const QStringList parts = parser.value(size).split('x');
                if (parts.size() == 2) window.presentation()->resize(parts[0].toInt(), parts[1].toInt());
                QApplication::processEvents();
                target = window.presentation();
            }
            if (!target->grab().save(out)) {
                std::fprintf(stderr, "cutlab: cannot write %s\n", qPrintable(out));
                status = 2;
            }
            window.setPersistent(false);
            window.document()->markSaved();
            QApplication::exit(status);
        });
    }
    return app.exec();
}
