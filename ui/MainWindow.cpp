#include "ui/MainWindow.h"

#include "core/io/PipeDreamImporter.h"
#include "ui/training/TrainingPanel.h"

#include "ui/Autosave.h"

#include "ui/Document.h"
#include "ui/DocumentExporter.h"
#include "ui/PresentationWindow.h"
#include "ui/SampleProfiles.h"
#include "ui/SweepController.h"
#include "ui/charts/ImageExporter.h"
#include "ui/charts/Theme.h"
#include "ui/graph/GraphScene.h"
#include "ui/graph/GraphView.h"
#include "ui/panels/ChartsPanel.h"
#include "ui/panels/ExplainPanel.h"
#include "ui/panels/GraphPanel.h"
#include "ui/panels/InspectorPanel.h"
#include "ui/panels/PlannerPanel.h"
#include "ui/panels/SettingsPanel.h"

#include "core/io/NetworkFile.h"
#include "core/io/PlanFile.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QStyleFactory>
#include <QTabWidget>
#include <QToolBar>
#include <QUndoStack>

namespace cutlab::ui {
namespace {
constexpr int kMaxRecent = 9;
}

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    m_document = new Document(this);
    m_scene = new GraphScene(m_document, this);
    m_sweep = new SweepController(m_document, this);
    m_graph = new GraphPanel(m_document, m_scene, this);
    m_training = new TrainingPanel(this);
    m_training->setActive(false); // plans only while the Training mode is shown
    m_modes = new QTabWidget(this);
    m_modes->setObjectName(QStringLiteral("modes"));
    m_modes->setDocumentMode(true);
    m_modes->addTab(m_graph, QStringLiteral("Inference"));
    // In a scroll area so that the training views never force the window wider than the screen.
    auto* trainingScroll = new QScrollArea(this);
    trainingScroll->setWidget(m_training);
    trainingScroll->setWidgetResizable(true);
    trainingScroll->setFrameShape(QFrame::NoFrame);
    m_modes->addTab(trainingScroll, QStringLiteral("Training"));
    m_modes->setTabToolTip(
        0, QStringLiteral(
               "Partition one inference: drag the cuts, run Scission, Neurosurgeon and JointDNN"));
    m_modes->setTabToolTip(
        1,
        QStringLiteral(
            "Plan a training iteration: HierTrain and its baselines, pipeline-parallel training"));
    setCentralWidget(m_modes);

    auto dock = [this](const QString& name, const QString& title, QWidget* widget,
                       Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(widget);
        d->setToolTip(
            QStringLiteral("%1 panel: drag its title to move it, double-click to float it")
                .arg(title));
        addDockWidget(area, d);
        return d;
    };
    m_settings = new SettingsPanel(m_document, this);
    m_settings->setMinimumWidth(290);
    m_planner = new PlannerPanel(m_document, this);
    m_inspector = new InspectorPanel(m_document, this);
    m_charts = new ChartsPanel(m_document, m_sweep, this);
    m_explain = new ExplainPanel(m_document, this);
    auto* settingsDock = dock(QStringLiteral("settingsDock"), QStringLiteral("Setting"), m_settings,
                              Qt::LeftDockWidgetArea);
    auto* plannerDock = dock(QStringLiteral("plannerDock"), QStringLiteral("Planner"), m_planner,
                             Qt::RightDockWidgetArea);
    auto* inspectorDock = dock(QStringLiteral("inspectorDock"), QStringLiteral("Inspector"),
                               m_inspector, Qt::RightDockWidgetArea);
    auto* chartsDock = dock(QStringLiteral("chartsDock"), QStringLiteral("Charts"), m_charts,
                            Qt::BottomDockWidgetArea);
    auto* explainDock = dock(QStringLiteral("explainDock"), QStringLiteral("Explain"), m_explain,
                             Qt::BottomDockWidgetArea);
    tabifyDockWidget(inspectorDock, plannerDock);
    inspectorDock->raise();
    splitDockWidget(chartsDock, explainDock, Qt::Horizontal);
    resizeDocks({settingsDock, inspectorDock}, {270, 330}, Qt::Horizontal);
    resizeDocks({chartsDock, explainDock}, {700, 420}, Qt::Horizontal);
    resizeDocks({chartsDock}, {300}, Qt::Vertical);

    m_messageSink = [this](const QString& title, const QString& text) {
        QMessageBox::warning(this, title, text);
    };
    m_restoreQuestion = [this](const QString& description) {
        QMessageBox box(
            QMessageBox::Question, QStringLiteral("Restore unsaved work?"),
            QStringLiteral("CutLab did not close properly last time. Restore the unsaved plan?"),
            QMessageBox::Discard, this);
        box.setInformativeText(description);
        QPushButton* restore = box.addButton(QStringLiteral("&Restore"), QMessageBox::AcceptRole);
        box.setDefaultButton(restore);
        box.exec();
        return box.clickedButton() == restore;
    };
    m_autosave = new Autosave(m_document, this);
    m_unsavedQuestion = [this] {
        return QMessageBox::question(
            this, QStringLiteral("Unsaved changes"),
            QStringLiteral("The plan or the network changed. Save the plan before closing?"),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    };
    buildMenus();
    for (const char* name : {"fit", "fitLegible", "zoomIn", "zoomOut", "topToBottom",
                             "collapseBlocks", "expandBlocks", "applyBest", "presentation"})
        m_graph->toolBar()->addAction(action(QString::fromLatin1(name)));
    connect(m_settings, &SettingsPanel::openNetworkRequested, this,
            [this] { action("openNetwork")->trigger(); });
    connect(m_settings, &SettingsPanel::saveNetworkRequested, this,
            [this] { action("saveNetwork")->trigger(); });
    connect(m_document, &Document::profileChanged, this, &MainWindow::refreshTitle);
    connect(m_document, &Document::openStarted, this, [this](const QString& path) {
        m_openingPath = path;
        statusBar()->showMessage(QStringLiteral("Opening %1…").arg(path));
    });
    connect(m_document, &Document::openFailed, this,
            [this](const QString& path, const QString& message) {
                m_openingPath.clear();
                m_lastOpenFailed = true;
                statusBar()->clearMessage();
                report(QStringLiteral("Cannot open %1").arg(QFileInfo(path).fileName()),
                       QStringLiteral("%1:\n%2").arg(path, message));
            });
    connect(m_document, &Document::profileChanged, this, [this] {
        if (m_openingPath.isEmpty() || m_document->filePath() != m_openingPath)
            return;
        m_openingPath.clear();
        announceOpened(m_document->filePath());
    });
    connect(m_document, &Document::profileChanged, this, &MainWindow::updateTrainingDocument);
    connect(m_document, &Document::networkChanged, this, [this] {
        if (m_document->hasProfile())
            m_training->setNetwork(m_document->network());
    });
    connect(m_modes, &QTabWidget::currentChanged, this, [this](int index) {
        showModeDocks(index == 1 ? Mode::Training : Mode::Inference);
        m_training->setActive(index == 1);
    });
    connect(m_document, &Document::modifiedChanged, this, &MainWindow::refreshTitle);
    connect(m_document, &Document::networkChanged, this, [this] {
        statusBar()->showMessage(
            QStringLiteral("Network: %1").arg(QString::fromStdString(m_document->network().name)),
            4000);
    });
    statusBar()->setToolTip(QStringLiteral("Messages"));
    resize(1280, 800);
    refreshTitle();
}

MainWindow::Mode MainWindow::mode() const {
    return m_modes->currentIndex() == 1 ? Mode::Training : Mode::Inference;
}

void MainWindow::setMode(Mode mode) {
    m_modes->setCurrentIndex(mode == Mode::Training ? 1 : 0);
}

// The inference docks (inspector, planner, charts, explain) make no sense beside the training
// views: hide them in Training mode and bring back the ones that were shown.
void MainWindow::showModeDocks(Mode mode) {
    const QStringList inferenceDocks{QStringLiteral("inspectorDock"), QStringLiteral("plannerDock"),
                                     QStringLiteral("chartsDock"), QStringLiteral("explainDock")};
    if (mode == Mode::Training) {
        m_inferenceDocksShown.clear();
        for (const QString& name : inferenceDocks)
            if (auto* d = findChild<QDockWidget*>(name); d && !d->isHidden()) {
                m_inferenceDocksShown << name;
                d->hide();
            }
    } else {
        for (const QString& name : m_inferenceDocksShown)
            if (auto* d = findChild<QDockWidget*>(name))
                d->show();
        m_inferenceDocksShown.clear();
    }
    if (QAction* a = action(mode == Mode::Training ? "trainingMode" : "inferenceMode"))
        a->setChecked(true);
}

void MainWindow::updateTrainingDocument() {
    if (m_document->hasProfile())
        m_training->setDocument(m_document->sharedProfile(), m_document->network());
    else
        m_training->clearDocument();
}

MainWindow::~MainWindow() {
    // The document outlives this body (it is a child, deleted by ~QObject): whatever it still
    // emits must not reach a window whose members are gone.
    disconnect(m_document, nullptr, this, nullptr);
    m_document->blockSignals(true);
    if (m_presentation)
        delete m_presentation.data();
}

void MainWindow::setPersistent(bool persistent) {
    m_persistent = persistent;
    m_autosave->setEnabled(persistent);
}

bool MainWindow::restoreAutosave() {
    for (const QString& path : m_autosave->orphans()) {
        const auto loaded = core::loadPlanFile(path.toStdString());
        if (!loaded.ok() || loaded.plan->profilePath.empty()) { // unreadable: nothing to offer
            m_autosave->forget(path);
            continue;
        }
        const QString profile = QString::fromStdString(loaded.plan->profilePath);
        const QString description = QStringLiteral("Model %1 (%2), network %3, saved %4.")
                                        .arg(QString::fromStdString(loaded.plan->model), profile,
                                             QString::fromStdString(loaded.plan->network.name),
                                             QFileInfo(path).lastModified().toString(Qt::TextDate));
        if (!m_restoreQuestion || !m_restoreQuestion(description)) {
            m_autosave->forget(path);
            continue;
        }
        QString error;
        if (!m_document->openProfile(profile, &error) || !m_document->openPlan(path, &error)) {
            report(QStringLiteral("Cannot restore the unsaved plan"),
                   QStringLiteral("%1:\n%2").arg(path, error));
            m_autosave->forget(path);
            return false;
        }
        addRecent(profile);
        // Still unsaved: this session's autosave takes over before the old one goes.
        m_autosave->writeNow();
        m_autosave->forget(path);
        statusBar()->showMessage(
            QStringLiteral("Restored the unsaved plan of %1").arg(QFileInfo(profile).fileName()),
            5000);
        return true;
    }
    return false;
}

QAction* MainWindow::action(const QString& objectName) const {
    return findChild<QAction*>(objectName);
}

QList<QAction*> MainWindow::allActions() const {
    return findChildren<QAction*>();
}

QAction* MainWindow::addAction(QMenu* menu, const QString& name, const QString& text,
                               const QKeySequence& shortcut, const QString& tip,
                               std::function<void()> slot) {
    auto* action = new QAction(text, this);
    action->setObjectName(name);
    action->setShortcut(shortcut);
    action->setToolTip(tip);
    action->setStatusTip(tip);
    action->setShortcutContext(Qt::WindowShortcut);
    connect(action, &QAction::triggered, this, [slot = std::move(slot)] { slot(); });
    menu->addAction(action);
    QMainWindow::addAction(action);
    return action;
}

void MainWindow::buildMenus() {
    menuBar()->setToolTip(QStringLiteral("Menus: every command has a keyboard shortcut"));
    QMenu* file = menuBar()->addMenu(QStringLiteral("&File"));
    file->setToolTipsVisible(true);
    addAction(file, "open", QStringLiteral("&Open Profile…"), QKeySequence::Open,
              QStringLiteral("Open a cutlab-profile JSON"), [this] {
                  const QString path = QFileDialog::getOpenFileName(
                      this, QStringLiteral("Open profile"), m_lastDirectory,
                      QStringLiteral("CutLab profiles (*.json);;All files (*)"));
                  if (!path.isEmpty())
                      openProfile(path);
              });
    addAction(file, "openPlan", QStringLiteral("Open &Plan…"),
              QKeySequence(QStringLiteral("Ctrl+Shift+O")),
              QStringLiteral("Open a cutlab-plan JSON: restores its cuts, machines and network"),
              [this] {
                  const QString path = QFileDialog::getOpenFileName(
                      this, QStringLiteral("Open plan"), m_lastDirectory,
                      QStringLiteral("CutLab plans (*.json);;All files (*)"));
                  if (!path.isEmpty())
                      openPlan(path);
              });
    addAction(
        file, "importProfile", QStringLiteral("&Import PipeDream Profile…"),
        QKeySequence(QStringLiteral("Ctrl+I")),
        QStringLiteral(
            "Convert a PipeDream profiler graph.txt into a cutlab-profile, save it and open it"),
        [this] {
            const QString source = QFileDialog::getOpenFileName(
                this, QStringLiteral("Import PipeDream profile"), m_lastDirectory,
                QStringLiteral("PipeDream graphs (*.txt);;All files (*)"));
            if (source.isEmpty())
                return;
            const QFileInfo info(source);
            const QString suggested =
                info.dir().filePath(info.completeBaseName() + QStringLiteral(".json"));
            const QString destination =
                QFileDialog::getSaveFileName(this, QStringLiteral("Save the converted profile"),
                                             suggested, QStringLiteral("CutLab profiles (*.json)"));
            if (!destination.isEmpty())
                importProfile(source, destination);
        });
    m_recentMenu = file->addMenu(QStringLiteral("Open &Recent"));
    m_recentMenu->setToolTipsVisible(true);
    file->addSeparator();
    addAction(file, "openNetwork", QStringLiteral("Open &Network…"),
              QKeySequence(QStringLiteral("Ctrl+Shift+N")),
              QStringLiteral("Open a cutlab-network JSON or a Scission network_stats.csv"), [this] {
                  const QString path = QFileDialog::getOpenFileName(
                      this, QStringLiteral("Open network"), m_lastDirectory,
                      QStringLiteral("Networks (*.json *.csv);;All files (*)"));
                  if (!path.isEmpty())
                      openNetwork(path);
              });
    addAction(file, "saveNetwork", QStringLiteral("Save Network &As…"),
              QKeySequence(QStringLiteral("Ctrl+Alt+S")),
              QStringLiteral("Save the current network as cutlab-network JSON"), [this] {
                  const QString path =
                      askSavePath(QStringLiteral("Save network"),
                                  QStringLiteral("CutLab network (*.json)"), "json");
                  if (!path.isEmpty())
                      saveNetwork(path);
              });
    file->addSeparator();
    addAction(
        file, "exportPlan", QStringLiteral("&Export Plan…"), QKeySequence(QStringLiteral("Ctrl+E")),
        QStringLiteral(
            "Save the current plan as cutlab-plan JSON (with the network; re-open with Open Plan)"),
        [this] {
            const QString path = askSavePath(QStringLiteral("Export plan"),
                                             QStringLiteral("CutLab plan (*.json)"), "json");
            if (!path.isEmpty() && exportPlan(path))
                m_document->markSaved();
        });
    addAction(file, "exportCsv", QStringLiteral("Export Layer &Table (CSV)…"),
              QKeySequence(QStringLiteral("Ctrl+Shift+C")),
              QStringLiteral("Save the per-layer table as CSV"), [this] {
                  const QString path = askSavePath(QStringLiteral("Export layer table"),
                                                   QStringLiteral("CSV (*.csv)"), "csv");
                  if (!path.isEmpty())
                      exportCsv(path);
              });
    addAction(file, "exportChart", QStringLiteral("Export &Chart…"),
              QKeySequence(QStringLiteral("Ctrl+Shift+E")),
              QStringLiteral("Save the chart shown in the Charts panel as PNG, SVG or PDF"),
              [this] {
                  const QString path =
                      askSavePath(QStringLiteral("Export chart"),
                                  QStringLiteral("PNG (*.png);;SVG (*.svg);;PDF (*.pdf)"), "png");
                  if (!path.isEmpty())
                      exportChart(m_charts->currentKind(), path);
              });
    addAction(file, "exportGraph", QStringLiteral("Export &Graph…"),
              QKeySequence(QStringLiteral("Ctrl+Shift+G")),
              QStringLiteral("Save the whole layer graph as PNG, SVG or PDF"), [this] {
                  const QString path =
                      askSavePath(QStringLiteral("Export graph"),
                                  QStringLiteral("PNG (*.png);;SVG (*.svg);;PDF (*.pdf)"), "png");
                  if (!path.isEmpty())
                      exportGraph(path);
              });
    addAction(file, "exportReport", QStringLiteral("Export &Report (PDF)…"), QKeySequence::Print,
              QStringLiteral("One page with the graph, the charts, the explanation and the stages"),
              [this] {
                  const QString path = askSavePath(QStringLiteral("Export report"),
                                                   QStringLiteral("PDF (*.pdf)"), "pdf");
                  if (!path.isEmpty())
                      exportReport(path);
              });
    file->addSeparator();
    addAction(file, "quit", QStringLiteral("&Quit"), QKeySequence::Quit,
              QStringLiteral("Close CutLab"), [this] { close(); });

    QMenu* edit = menuBar()->addMenu(QStringLiteral("&Edit"));
    edit->setToolTipsVisible(true);
    QAction* undo = m_document->undoStack()->createUndoAction(this, QStringLiteral("&Undo"));
    undo->setObjectName("undo");
    undo->setShortcut(QKeySequence::Undo);
    undo->setToolTip(QStringLiteral("Undo the last move of the partition"));
    edit->addAction(undo);
    QAction* redo = m_document->undoStack()->createRedoAction(this, QStringLiteral("&Redo"));
    redo->setObjectName("redo");
    redo->setShortcuts({QKeySequence::Redo, QKeySequence(QStringLiteral("Ctrl+Y"))});
    redo->setToolTip(QStringLiteral("Redo what was undone"));
    edit->addAction(redo);
    edit->addSeparator();
    addAction(edit, "find", QStringLiteral("&Find Layer…"), QKeySequence::Find,
              QStringLiteral("Find a layer by id or type"), [this] { m_graph->focusSearch(); });
    addAction(edit, "deviceCutLeft", QStringLiteral("Device|Edge Cut ◀"),
              QKeySequence(QStringLiteral("Alt+Left")),
              QStringLiteral("Move the device|edge cut one valid cut towards the input"),
              [this] { m_document->stepCut(CutHandle::DeviceEdge, -1); });
    addAction(edit, "deviceCutRight", QStringLiteral("Device|Edge Cut ▶"),
              QKeySequence(QStringLiteral("Alt+Right")),
              QStringLiteral("Move the device|edge cut one valid cut towards the output"),
              [this] { m_document->stepCut(CutHandle::DeviceEdge, 1); });
    addAction(edit, "edgeCutLeft", QStringLiteral("Edge|Cloud Cut ◀"),
              QKeySequence(QStringLiteral("Alt+Shift+Left")),
              QStringLiteral("Move the edge|cloud cut one valid cut towards the input"),
              [this] { m_document->stepCut(CutHandle::EdgeCloud, -1); });
    addAction(edit, "edgeCutRight", QStringLiteral("Edge|Cloud Cut ▶"),
              QKeySequence(QStringLiteral("Alt+Shift+Right")),
              QStringLiteral("Move the edge|cloud cut one valid cut towards the output"),
              [this] { m_document->stepCut(CutHandle::EdgeCloud, 1); });
    addAction(edit, "applyBest", QStringLiteral("Apply &Best Plan"),
              QKeySequence(QStringLiteral("Ctrl+B")),
              QStringLiteral("Move the handles and machines to the best Scission plan"), [this] {
                  if (auto best = m_document->bestPlacement())
                      m_document->applyPlacement(*best, QStringLiteral("Apply best plan"));
              });

    QMenu* view = menuBar()->addMenu(QStringLiteral("&View"));
    view->setToolTipsVisible(true);
    auto* modes = new QActionGroup(this);
    QAction* inference =
        addAction(view, "inferenceMode", QStringLiteral("&Inference Mode"),
                  QKeySequence(QStringLiteral("Ctrl+Shift+I")),
                  QStringLiteral("The layer graph with draggable cuts and the inference planners"),
                  [this] { setMode(Mode::Inference); });
    QAction* training =
        addAction(view, "trainingMode", QStringLiteral("&Training Mode"),
                  QKeySequence(QStringLiteral("Ctrl+Shift+T")),
                  QStringLiteral("HierTrain, its baselines and pipeline-parallel training"),
                  [this] { setMode(Mode::Training); });
    for (QAction* a : {inference, training}) {
        a->setCheckable(true);
        modes->addAction(a);
    }
    inference->setChecked(true);
    view->addSeparator();
    addAction(view, "fit", QStringLiteral("&Fit to Window"), QKeySequence(QStringLiteral("Ctrl+0")),
              QStringLiteral("Show the whole graph, however small"),
              [this] { m_graph->view()->fitWhole(); });
    addAction(view, "fitLegible", QStringLiteral("Fit &Legibly"),
              QKeySequence(QStringLiteral("Ctrl+9")),
              QStringLiteral("Show as much of the graph as stays readable"),
              [this] { m_graph->view()->fitToWindow(); });
    addAction(view, "zoomIn", QStringLiteral("Zoom &In"), QKeySequence::ZoomIn,
              QStringLiteral("Zoom in on the graph"), [this] { m_graph->view()->zoomBy(1.25); });
    addAction(view, "zoomOut", QStringLiteral("Zoom &Out"), QKeySequence::ZoomOut,
              QStringLiteral("Zoom out of the graph"), [this] { m_graph->view()->zoomBy(0.8); });
    QAction* vertical = addAction(
        view, "topToBottom", QStringLiteral("&Top-to-Bottom Layout"),
        QKeySequence(QStringLiteral("Ctrl+L")),
        QStringLiteral("Lay the graph out from top to bottom instead of left to right"), [] {});
    vertical->setCheckable(true);
    connect(vertical, &QAction::toggled, this, [this](bool on) { m_scene->setTopToBottom(on); });
    addAction(view, "collapseBlocks", QStringLiteral("&Collapse Blocks"),
              QKeySequence(QStringLiteral("Ctrl+[")),
              QStringLiteral("Collapse every branching block into one box"),
              [this] { m_scene->setAllBlocksCollapsed(true); });
    addAction(view, "expandBlocks", QStringLiteral("E&xpand Blocks"),
              QKeySequence(QStringLiteral("Ctrl+]")),
              QStringLiteral("Show the layers of every branching block"),
              [this] { m_scene->setAllBlocksCollapsed(false); });
    view->addSeparator();
    QAction* dark = addAction(
        view, "dark", QStringLiteral("&Dark Palette"), QKeySequence(QStringLiteral("Ctrl+Shift+D")),
        QStringLiteral("Switch between the light and the dark palette"), [] {});
    dark->setCheckable(true);
    connect(dark, &QAction::toggled, this, &MainWindow::setDark);
    addAction(
        view, "presentation", QStringLiteral("&Presentation Mode"),
        QKeySequence(QStringLiteral("F5")),
        QStringLiteral(
            "Full screen, large type, a prepared sequence of plans stepped with the arrow keys"),
        [this] { setPresentation(true); });
    addAction(view, "fullScreen", QStringLiteral("F&ull Screen"), QKeySequence::FullScreen,
              QStringLiteral("Toggle full screen"),
              [this] { isFullScreen() ? showNormal() : showFullScreen(); });
    view->addSeparator();
    int index = 1;
    for (QDockWidget* d : findChildren<QDockWidget*>()) {
        QAction* toggle = d->toggleViewAction();
        toggle->setObjectName(QStringLiteral("toggle_") + d->objectName());
        toggle->setShortcut(QKeySequence(QStringLiteral("Alt+%1").arg(index++)));
        toggle->setToolTip(QStringLiteral("Show or hide the %1 panel").arg(d->windowTitle()));
        view->addAction(toggle);
    }
    for (int k = 0; k < 3; ++k)
        addAction(view, QStringLiteral("chart%1").arg(k),
                  QStringLiteral("Show %1 Chart")
                      .arg(ChartsPanel::kindName(static_cast<ChartsPanel::Kind>(k))),
                  QKeySequence(QStringLiteral("Ctrl+Alt+%1").arg(k + 1)),
                  QStringLiteral("Bring this chart to the front"), [this, k] {
                      m_charts->tabs()->setCurrentIndex(k);
                      if (auto* d = findChild<QDockWidget*>("chartsDock"))
                          d->show();
                  });

    QMenu* plan = menuBar()->addMenu(QStringLiteral("&Planner"));
    plan->setToolTipsVisible(true);
    addAction(plan, "runPlanner", QStringLiteral("&Run Planner"),
              QKeySequence(QStringLiteral("Ctrl+R")),
              QStringLiteral("Rank plans with the options of the Planner panel"), [this] {
                  if (auto* d = findChild<QDockWidget*>("plannerDock")) {
                      d->show();
                      d->raise();
                  }
                  m_planner->run();
              });

    QMenu* help = menuBar()->addMenu(QStringLiteral("&Help"));
    help->setToolTipsVisible(true);
    m_samplesMenu = help->addMenu(QStringLiteral("&Sample Profiles"));
    m_samplesMenu->setToolTipsVisible(true);
    addAction(help, "about", QStringLiteral("&About CutLab"), QKeySequence::HelpContents,
              QStringLiteral("Version and credits"), [this] {
                  QMessageBox::about(
                      this, QStringLiteral("About CutLab"),
                      QStringLiteral("<b>CutLab %1</b><p>Plan and explore how a deep neural "
                                     "network is split across a "
                                     "mobile device, an edge server and the cloud.</p><p>Planners: "
                                     "Scission, Neurosurgeon, JointDNN.</p>")
                          .arg(QApplication::applicationVersion()));
              });
    rebuildRecentMenu();
    rebuildSamplesMenu();
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    int index = 1;
    for (const QString& path : m_recent) {
        auto* a = m_recentMenu->addAction(
            QStringLiteral("&%1 %2").arg(index).arg(QFileInfo(path).fileName()));
        a->setObjectName(QStringLiteral("recent%1").arg(index));
        a->setToolTip(path);
        a->setShortcut(QKeySequence(QStringLiteral("Ctrl+%1").arg(index)));
        connect(a, &QAction::triggered, this, [this, path] { openProfile(path); });
        ++index;
    }
    if (m_recent.isEmpty())
        m_recentMenu->addAction(QStringLiteral("(none yet)"))->setEnabled(false);
    m_recentMenu->addSeparator();
    auto* clear = m_recentMenu->addAction(QStringLiteral("&Clear Recent"));
    clear->setObjectName("clearRecent");
    clear->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+Backspace")));
    clear->setToolTip(QStringLiteral("Forget the recent files"));
    connect(clear, &QAction::triggered, this, [this] {
        m_recent.clear();
        if (m_persistent)
            QSettings().setValue("recentFiles", m_recent);
        rebuildRecentMenu();
    });
}

void MainWindow::rebuildSamplesMenu() {
    m_samplesMenu->clear();
    const QString dir = SampleProfiles::directory();
    const QStringList files = SampleProfiles::files();
    if (files.isEmpty()) {
        m_samplesMenu->addAction(QStringLiteral("(no sample_profiles folder found)"))
            ->setEnabled(false);
        return;
    }
    int index = 1;
    QMap<QString, QMenu*> groups;
    for (const QString& path : files) {
        const QString group = QFileInfo(QDir(dir).relativeFilePath(path)).path();
        QMenu* menu = m_samplesMenu;
        if (group != ".") {
            if (!groups.contains(group)) {
                groups[group] = m_samplesMenu->addMenu(group);
                groups[group]->setToolTipsVisible(true);
            }
            menu = groups[group];
        }
        auto* a = menu->addAction(QFileInfo(path).completeBaseName());
        a->setObjectName(QStringLiteral("sample_%1").arg(QFileInfo(path).completeBaseName()));
        a->setToolTip(path);
        if (index <= 9)
            a->setShortcut(QKeySequence(QStringLiteral("Ctrl+Alt+Shift+%1").arg(index)));
        ++index;
        connect(a, &QAction::triggered, this, [this, path] { openProfile(path); });
    }
}

void MainWindow::addRecent(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_recent.removeAll(absolute);
    m_recent.prepend(absolute);
    while (m_recent.size() > kMaxRecent)
        m_recent.removeLast();
    m_lastDirectory = QFileInfo(absolute).absolutePath();
    if (m_persistent) {
        QSettings settings;
        settings.setValue("recentFiles", m_recent);
        settings.setValue("lastDirectory", m_lastDirectory);
    }
    rebuildRecentMenu();
}

void MainWindow::report(const QString& title, const QString& text) {
    statusBar()->showMessage(title, 5000);
    if (m_messageSink)
        m_messageSink(title, text);
}

void MainWindow::refreshTitle() {
    QString title = QStringLiteral("CutLab");
    if (m_document->hasProfile())
        title = QStringLiteral("%1%2 — CutLab")
                    .arg(QString::fromStdString(m_document->profile().model.name),
                         m_document->isModified() ? QStringLiteral(" *") : QString());
    setWindowTitle(title);
}

bool MainWindow::openProfile(const QString& path) {
    const QFileInfo info(path);
    if (info.isFile() && info.size() > kBackgroundOpenBytes) {
        m_lastOpenFailed = false;
        m_document->openProfileInBackground(path); // openStarted, then profileChanged or openFailed
        return true;
    }
    QString error;
    m_lastOpenFailed = !m_document->openProfile(path, &error);
    if (m_lastOpenFailed) {
        report(QStringLiteral("Cannot open %1").arg(info.fileName()),
               QStringLiteral("%1:\n%2").arg(path, error));
        return false;
    }
    announceOpened(path);
    return true;
}

void MainWindow::announceOpened(const QString& path) {
    addRecent(path);
    statusBar()->showMessage(QStringLiteral("Opened %1: %2 layers, %3 blocks")
                                 .arg(path)
                                 .arg(m_document->layerCount())
                                 .arg(m_document->blockCount()),
                             5000);
}

bool MainWindow::waitForOpen(int timeoutMs) {
    QElapsedTimer timer;
    timer.start();
    while (m_document->isOpening() && timer.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return !m_document->isOpening() && !m_lastOpenFailed && m_document->hasProfile();
}

bool MainWindow::importProfile(const QString& source, const QString& destination) {
    const QString title = QStringLiteral("Cannot import %1").arg(QFileInfo(source).fileName());
    QFile input(source);
    if (!input.open(QIODevice::ReadOnly)) {
        report(title, QStringLiteral("%1:\n%2").arg(source, input.errorString()));
        return false;
    }
    const std::string text = input.readAll().toStdString();
    if (!core::looksLikePipeDreamGraph(text)) {
        report(title,
               QStringLiteral("%1:\nunknown format: CutLab imports PipeDream's profiler graph.txt "
                              "(open cutlab-profile JSON files with File ▸ Open Profile)")
                   .arg(source));
        return false;
    }
    core::PipeDreamImportOptions options;
    const QFileInfo info(source);
    options.modelName = (info.fileName() == QStringLiteral("graph.txt") ? info.dir().dirName()
                                                                        : info.completeBaseName())
                            .toStdString();
    std::string json;
    try {
        json = core::importPipeDreamGraph(text, options).dump(1) + "\n";
    } catch (const std::exception& error) {
        report(title, QStringLiteral("%1:\n%2").arg(source, QString::fromStdString(error.what())));
        return false;
    }
    QSaveFile output(destination);
    if (!output.open(QIODevice::WriteOnly) ||
        output.write(json.data(), static_cast<qint64>(json.size())) < 0 || !output.commit()) {
        report(QStringLiteral("Cannot save %1").arg(QFileInfo(destination).fileName()),
               QStringLiteral("%1:\n%2").arg(destination, output.errorString()));
        return false;
    }
    return openProfile(destination);
}

bool MainWindow::openPlan(const QString& path) {
    QString error;
    if (!m_document->openPlan(path, &error)) {
        report(QStringLiteral("Cannot open plan %1").arg(QFileInfo(path).fileName()),
               QStringLiteral("%1:\n%2").arg(path, error));
        return false;
    }
    m_document->markSaved();
    statusBar()->showMessage(QStringLiteral("Plan restored from %1").arg(path), 5000);
    return true;
}

bool MainWindow::openNetwork(const QString& path) {
    QString error;
    if (!m_document->openNetwork(path, &error)) {
        report(QStringLiteral("Cannot open network %1").arg(QFileInfo(path).fileName()),
               QStringLiteral("%1:\n%2").arg(path, error));
        return false;
    }
    return true;
}

bool MainWindow::saveNetwork(const QString& path) {
    QString error;
    if (!m_document->saveNetwork(path, &error)) {
        report(QStringLiteral("Cannot save the network"), error);
        return false;
    }
    statusBar()->showMessage(QStringLiteral("Network saved to %1").arg(path), 5000);
    return true;
}

bool MainWindow::exportChart(int kind, const QString& path) {
    QString error;
    if (!m_document->hasProfile())
        error = QStringLiteral("Open a profile first.");
    else if (kind == ChartsPanel::Sweep && !m_sweep->isReady() && !m_sweep->waitForResult(30000))
        error = QStringLiteral("The sweep is not ready yet.");
    if (error.isEmpty() &&
        ImageExporter::writeChart(path, m_charts->buildChart(static_cast<ChartsPanel::Kind>(kind)),
                                  QSizeF(900, 560), &error)) {
        statusBar()->showMessage(QStringLiteral("Chart saved to %1").arg(path), 5000);
        return true;
    }
    report(QStringLiteral("Cannot export the chart"), error);
    return false;
}

bool MainWindow::exportGraph(const QString& path) {
    QString error;
    m_scene->completeNow(); // a large model may still be building
    if (m_document->hasProfile() && DocumentExporter::writeGraph(m_scene, path, &error))
        return true;
    report(QStringLiteral("Cannot export the graph"),
           error.isEmpty() ? QStringLiteral("Open a profile first.") : error);
    return false;
}

bool MainWindow::exportPlan(const QString& path) {
    QString error;
    if (DocumentExporter::writePlanJson(*m_document, path, &error))
        return true;
    report(QStringLiteral("Cannot export the plan"), error);
    return false;
}

bool MainWindow::exportCsv(const QString& path) {
    QString error;
    if (DocumentExporter::writeLayerCsv(*m_document, path, &error))
        return true;
    report(QStringLiteral("Cannot export the table"), error);
    return false;
}

bool MainWindow::exportReport(const QString& path) {
    QString error;
    m_scene->completeNow();
    if (DocumentExporter::writeReport(*m_document, m_scene, *m_charts, path, &error))
        return true;
    report(QStringLiteral("Cannot export the report"), error);
    return false;
}

QString MainWindow::askSavePath(const QString& title, const QString& filter,
                                const QString& suffix) {
    QString base = m_lastDirectory;
    if (m_document->hasProfile())
        base =
            QDir(m_lastDirectory)
                .filePath(QString::fromStdString(m_document->profile().model.name) + "." + suffix);
    QString path = QFileDialog::getSaveFileName(this, title, base, filter);
    if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty())
        path += "." + suffix;
    return path;
}

void MainWindow::setDark(bool dark) {
    m_dark = dark;
    if (QAction* a = action("dark"); a && a->isChecked() != dark)
        a->setChecked(dark);
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(Theme::of(dark).palette);
    m_scene->setDark(dark);
    m_charts->setDark(dark);
    if (m_persistent)
        QSettings().setValue("dark", dark);
}

void MainWindow::setPresentation(bool on) {
    if (!on) {
        if (m_presentation)
            m_presentation->close();
        return;
    }
    if (!m_document->hasProfile()) {
        report(QStringLiteral("Presentation"), QStringLiteral("Open a profile first."));
        return;
    }
    if (m_presentation)
        return;
    m_presentation = new PresentationWindow(m_document, m_scene, m_charts);
    m_presentation->showFullScreen();
    m_presentation->activateWindow();
}

void MainWindow::restoreSettings() {
    if (!m_persistent)
        return;
    QSettings settings;
    restoreGeometry(settings.value("geometry").toByteArray());
    restoreState(settings.value("windowState").toByteArray());
    m_recent = settings.value("recentFiles").toStringList();
    m_lastDirectory = settings.value("lastDirectory").toString();
    rebuildRecentMenu();
    const QString network = settings.value("network").toString();
    if (!network.isEmpty()) {
        auto loaded = core::parseNetwork(network.toStdString(), "last network");
        if (loaded.ok())
            m_document->setNetwork(*loaded.network);
    }
    if (settings.value("dark", false).toBool())
        setDark(true);
    if (settings.value("topToBottom", false).toBool())
        action("topToBottom")->setChecked(true);
    m_document->markSaved();
}

bool MainWindow::maybeSave() {
    if (!m_document->hasProfile() || !m_document->isModified())
        return true;
    const auto answer = m_unsavedQuestion ? m_unsavedQuestion() : QMessageBox::Discard;
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save) {
        const QString path = askSavePath(QStringLiteral("Export plan"),
                                         QStringLiteral("CutLab plan (*.json)"), "json");
        if (path.isEmpty() || !exportPlan(path))
            return false;
        m_document->markSaved();
    }
    return true;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    if (m_presentation)
        m_presentation->close();
    m_autosave->remove(); // saved or deliberately discarded
    if (m_persistent) {
        QSettings settings;
        settings.setValue("geometry", saveGeometry());
        settings.setValue("windowState", saveState());
        settings.setValue(
            "network", QString::fromStdString(core::networkToJson(m_document->network()).dump()));
        settings.setValue("topToBottom", m_scene->topToBottom());
    }
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    for (const QUrl& url : event->mimeData()->urls()) {
        if (!url.isLocalFile())
            continue;
        const QString path = url.toLocalFile();
        QFile file(path);
        QByteArray head;
        if (file.open(QIODevice::ReadOnly))
            head = file.read(400);
        if (head.contains("\"cutlab-plan\""))
            openPlan(path);
        else if (head.contains("\"cutlab-network\"") || path.endsWith(".csv", Qt::CaseInsensitive))
            openNetwork(path);
        else
            openProfile(path);
        event->acceptProposedAction();
        return;
    }
}

} // namespace cutlab::ui
