// cutlab: the desktop window.
#include "app/GuiOptions.h"
#include "app/ScreenshotMode.h"

#include "core/onnx/ModelFileImport.h"
#include "ui/document/Document.h"
#include "ui/graph/GraphScene.h"
#include "ui/panels/ChartsPanel.h"
#include "ui/training/ClusterEditor.h"
#include "ui/training/PipelineSettingsBox.h"
#include "ui/training/TrainingPanel.h"
#include "ui/window/FileActions.h"
#include "ui/window/MainWindow.h"
#include "ui/window/PresentationWindow.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QIcon>
#include <QTabWidget>

#include <algorithm>
#include <cstdio>

using cutlab::ui::MainWindow;

namespace {

// The file named on the command line: a model is imported beside itself (progress dialog,
// Cancel) with the window up first, a profile opened; options that act on the profile wait for
// it (a plain launch shows the window meanwhile). Returns false when it failed.
bool openStartFile(MainWindow& window, const QString& file, bool actsOnProfile) {
    if (file.isEmpty())
        return true;
    const auto format = cutlab::core::detectModelFileFormat(file.toStdString());
    const bool model = format == cutlab::core::ModelFileFormat::Onnx ||
                       format == cutlab::core::ModelFileFormat::PipeDream;
    if (model)
        window.show();
    const bool opened =
        model ? window.files()->importFromUser(file) : window.files()->openProfile(file);
    return opened && (!actsOnProfile || window.files()->waitForOpen());
}

int openStartFiles(MainWindow& window, const GuiOptions& options, bool shooting) {
    const QCommandLineParser& parser = options.parser;
    const bool actsOnProfile = shooting || parser.isSet(options.plan) ||
                               parser.isSet(options.cuts) || parser.isSet(options.collapse) ||
                               parser.isSet(options.training) || parser.isSet(options.presentation);
    int status = openStartFile(window, options.file(), actsOnProfile) ? 0 : 2;
    if (parser.isSet(options.plan) && !window.files()->openPlan(parser.value(options.plan)))
        status = 2;
    return status;
}

bool moveCuts(MainWindow& window, const QString& value) {
    const QStringList parts = value.split(',');
    bool okD = false, okE = false;
    const int d = parts.size() == 2 ? parts[0].toInt(&okD) : 0,
              e = parts.size() == 2 ? parts[1].toInt(&okE) : 0;
    if (!okD || !okE || !window.document()->hasProfile()) {
        std::fprintf(stderr, "cutlab: --cuts needs a profile and two boundaries D,E\n");
        return false;
    }
    auto state = window.document()->state();
    state.deviceBoundary = d;
    state.edgeBoundary = e;
    window.document()->changeState(state, QStringLiteral("Move the cuts"));
    return true;
}

bool raisePanel(MainWindow& window, const QString& panel) {
    auto* dock = window.findChild<QDockWidget*>(panel + QStringLiteral("Dock"));
    if (!dock) {
        std::fprintf(stderr, "cutlab: no panel '%s'\n", qPrintable(panel));
        return false;
    }
    dock->show();
    dock->raise();
    return true;
}

bool showChart(MainWindow& window, const QString& kind) {
    const QStringList inference{"breakdown", "layers", "sweep", "energy"};
    const QStringList training{"timeline", "pipeline", "strategy"};
    if (inference.contains(kind)) {
        window.charts()->tabs()->setCurrentIndex(static_cast<int>(inference.indexOf(kind)));
    } else if (training.contains(kind)) {
        window.setMode(MainWindow::Mode::Training);
        window.training()->showView(
            static_cast<cutlab::ui::TrainingPanel::View>(training.indexOf(kind)));
    } else {
        std::fprintf(stderr,
                     "cutlab: no chart '%s' (breakdown, layers, sweep, energy, timeline, "
                     "pipeline, strategy)\n",
                     qPrintable(kind));
        return false;
    }
    return true;
}

bool fitGraph(MainWindow& window, const QString& mode) {
    if (mode != QLatin1String("whole") && mode != QLatin1String("legible")) {
        std::fprintf(stderr, "cutlab: --fit takes whole or legible, not '%s'\n", qPrintable(mode));
        return false;
    }
    // the mode stays while the window is laid out and shown
    window.action(mode == QLatin1String("whole") ? "fit" : "fitLegible")->trigger();
    return true;
}

// --pool and --pool-memory typed into the Cluster editor, with the pipeline planner selected.
bool planPool(MainWindow& window, const QString& pool, const QString& memory) {
    window.training()->setPlanner(QStringLiteral("pipeline"));
    cutlab::ui::ClusterEditor* editor = window.training()->pipelineSettings()->clusterEditor();
    editor->enterPool(pool);
    if (!editor->message().isEmpty()) {
        std::fprintf(stderr, "cutlab: --pool: %s\n", qPrintable(editor->message()));
        return false;
    }
    for (const QString& entry : memory.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool number = false;
        const double gib = entry.section(QLatin1Char('='), 1).toDouble(&number);
        if (!number || !editor->enterCapacityGiB(entry.section(QLatin1Char('='), 0, 0), gib)) {
            std::fprintf(stderr,
                         "cutlab: --pool-memory: '%s' is not ID=GIB of a type of the pool\n",
                         qPrintable(entry));
            return false;
        }
    }
    return true;
}

// --cuts, --collapse, --fit, --training, --pool, --raise, --chart, in that order; 2 when one
// failed.
int applyViewOptions(MainWindow& window, const GuiOptions& options) {
    const QCommandLineParser& parser = options.parser;
    int status = 0;
    if (parser.isSet(options.cuts) && !moveCuts(window, parser.value(options.cuts)))
        status = 2;
    if (parser.isSet(options.collapse))
        window.scene()->setAllBlocksCollapsed(true);
    if (parser.isSet(options.fit) && !fitGraph(window, parser.value(options.fit)))
        status = 2;
    if (parser.isSet(options.training))
        window.setMode(MainWindow::Mode::Training);
    if (parser.isSet(options.pool) &&
        !planPool(window, parser.value(options.pool), parser.value(options.poolMemory)))
        status = 2;
    if (parser.isSet(options.raise) && !raisePanel(window, parser.value(options.raise)))
        status = 2;
    if (parser.isSet(options.chart) && !showChart(window, parser.value(options.chart)))
        status = 2;
    return status;
}

void showWindow(MainWindow& window, const GuiOptions& options, bool shooting) {
    if (shooting) {
        const QStringList parts = options.parser.value(options.size).split('x');
        if (parts.size() == 2)
            window.resize(parts[0].toInt(), parts[1].toInt());
        window.show(); // at --size, whatever the settings say
    } else {
        window.showForUser();
    }
    if (options.parser.isSet(options.presentation)) {
        window.setPresentation(true);
        if (window.presentation())
            window.presentation()->showStep(options.parser.value(options.step).toInt() - 1);
    }
}

} // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName("CutLab");
    QApplication::setOrganizationName("CutLab");
    QApplication::setApplicationVersion(CUTLAB_VERSION);
    QApplication::setWindowIcon(QIcon(":/cutlab/icons/cutlab.svg"));
    QApplication::setDesktopFileName("io.github.cutlab.CutLab");
    GuiOptions options;
    options.parser.process(app);
    const QCommandLineParser& parser = options.parser;

    const bool shooting = parser.isSet(options.screenshot);
    MainWindow window;
    window.setPersistent(!shooting);
    if (shooting)
        window.setMessageSink([](const QString& title, const QString& text) {
            std::fprintf(stderr, "%s\n%s\n", qPrintable(title), qPrintable(text));
        });
    window.restoreSettings();
    // Unsaved work of a session that died comes first; the files named here would replace it.
    const bool restored = !shooting && window.restoreAutosave();
    if (parser.isSet(options.dark))
        window.setDark(true);
    if (parser.isSet(options.topDown))
        window.action("topToBottom")->setChecked(true);
    int status = 0;
    if (parser.isSet(options.network) &&
        !window.files()->openNetwork(parser.value(options.network)))
        status = 2;
    if (!restored)
        status = std::max(status, openStartFiles(window, options, shooting));
    status = std::max(status, applyViewOptions(window, options));
    if (shooting && status != 0)
        return status; // the message is on stderr already: no window to grab
    showWindow(window, options, shooting);
    if (shooting)
        grabWhenSettled(window, parser.value(options.screenshot), parser.value(options.size),
                        status);
    return app.exec();
}
