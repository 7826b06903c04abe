#include "ui/window/MainWindow.h"

#include "core/llm/TokenModel.h"
#include "core/onnx/ModelFileImport.h"

#include "ui/charts/Theme.h"
#include "ui/charts/ThemeStyle.h"
#include "ui/document/Autosave.h"
#include "ui/document/Document.h"
#include "ui/graph/GraphScene.h"
#include "ui/graph/GraphView.h"
#include "ui/panels/ChartsPanel.h"
#include "ui/panels/ExplainPanel.h"
#include "ui/panels/GraphPanel.h"
#include "ui/panels/InspectorPanel.h"
#include "ui/panels/PlannerPanel.h"
#include "ui/panels/SettingsPanel.h"
#include "ui/panels/SweepController.h"
#include "ui/panels/TokenPanel.h"
#include "ui/trace/TraceWindow.h"
#include "ui/training/TrainingPanel.h"
#include "ui/training/TrainingReportPage.h"
#include "ui/window/GuideDialog.h"
#include "ui/window/PresentationWindow.h"
#include "ui/window/RecentFiles.h"
#include "ui/window/RunFiles.h"
#include "ui/window/SampleProfiles.h"
#include "ui/window/ShortcutsDialog.h"
#include "ui/window/TrainingPlanFiles.h"
#include "ui/window/WindowLayout.h"

#include "core/io/NetworkFile.h"
#include "core/io/PlanFile.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QToolBar>
#include <QUndoGroup>
#include <QUndoStack>

namespace cutlab::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setObjectName(QStringLiteral("MainWindow"));
    setAcceptDrops(true);
    setDockNestingEnabled(true);
    m_document = new Document(this);
    m_scene = new GraphScene(m_document, this);
    m_sweep = new SweepController(m_document, this);
    m_graph = new GraphPanel(m_document, m_scene, this);
    buildModes();
    setCentralWidget(m_modes);
    buildDocks();
    installQuestions();
    m_autosave = new Autosave(m_document, this);
    m_recent = new RecentFiles(new QMenu(QStringLiteral("Open &Recent"), this), this);
    m_files = new FileActions(m_document, m_scene, m_charts, m_sweep, m_recent, this);
    connect(m_recent, &RecentFiles::openRequested, m_files, &FileActions::openProfileFromUser);
    m_files->setDiscardCheck([this](const QString& next) { return maybeSave(next); });
    connect(m_files, &FileActions::problem, this, &MainWindow::report);
    connect(m_files, &FileActions::statusMessage, statusBar(), &QStatusBar::showMessage);
    m_runs = new RunFiles(this);
    connect(m_runs, &RunFiles::problem, this, &MainWindow::report);
    m_trainingPlans = std::make_unique<TrainingPlanFiles>(
        m_document, m_training, [this] { return mode() == Mode::Training; },
        [this] { setMode(Mode::Training); });
    m_files->setTrainingPlans(m_trainingPlans.get());
    m_files->setReportPages([this] {
        DocumentExporter::Pages pages;
        if (auto training = TrainingReportPage::pageOf(*m_training))
            pages.push_back(std::move(training));
        return pages;
    });
    buildMenus();
    fillGraphToolBar();
    m_layout = std::make_unique<WindowLayout>(this); // the default layout: all built
    connectWindow();
    statusBar()->setToolTip(QStringLiteral("Messages"));
    resize(1280, 800);
    refreshTitle();
    m_graph->view()->setFocus();    // the graph, not the find box, has the keys at start
    qApp->installEventFilter(this); // drops anywhere on the window (eventFilter)
}

// The Inference and Training tabs.
void MainWindow::buildModes() {
    m_training = new TrainingPanel(this);
    connect(m_training, &TrainingPanel::problem, this, &MainWindow::report);
    m_document->trackUndoStack(m_training->undoStack()); // training edits are document edits
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
}

// What the window asks and tells through message boxes (tests and --screenshot replace them).
void MainWindow::installQuestions() {
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
    m_unsavedQuestion = [this](const QString& question) {
        QMessageBox box(QMessageBox::Question, QStringLiteral("Unsaved changes"), question,
                        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
        box.setInformativeText(unsavedDetail());
        box.setDefaultButton(QMessageBox::Save);
        return static_cast<QMessageBox::StandardButton>(box.exec());
    };
}

void MainWindow::fillGraphToolBar() {
    // The commands people look for first come first (a narrow window folds the last ones into
    // »), with short toolbar labels (the menus keep the full names).
    m_actions.applyBest->setIconText(QStringLiteral("Best Plan"));
    m_actions.presentation->setIconText(QStringLiteral("Present"));
    m_actions.fit->setIconText(QStringLiteral("Fit"));
    m_actions.fitLegible->setIconText(QStringLiteral("Legible"));
    m_actions.zoomIn->setIconText(QStringLiteral("Zoom +"));
    m_actions.zoomOut->setIconText(QStringLiteral("Zoom −"));
    m_actions.topToBottom->setIconText(QStringLiteral("Vertical"));
    m_actions.collapseBlocks->setIconText(QStringLiteral("Collapse"));
    m_actions.expandBlocks->setIconText(QStringLiteral("Expand"));
    m_graph->toolBar()->addActions({m_actions.applyBest, m_actions.presentation, m_actions.fit,
                                    m_actions.fitLegible, m_actions.zoomIn, m_actions.zoomOut,
                                    m_actions.topToBottom, m_actions.collapseBlocks,
                                    m_actions.expandBlocks});
}

void MainWindow::connectWindow() {
    connect(m_settings, &SettingsPanel::openNetworkRequested, m_actions.openNetwork,
            &QAction::trigger);
    connect(m_settings, &SettingsPanel::saveNetworkRequested, m_actions.saveNetwork,
            &QAction::trigger);
    connect(m_document, &Document::profileChanged, this, &MainWindow::refreshTitle);
    connect(m_document, &Document::profileChanged, this, &MainWindow::updateTrainingDocument);
    connect(m_document, &Document::networkChanged, this, &MainWindow::onNetworkChanged);
    connect(m_modes, &QTabWidget::currentChanged, this, &MainWindow::onModeTabChanged);
    connect(m_document, &Document::modifiedChanged, this, &MainWindow::refreshTitle);
}

// The panels around the graph: settings on the left, inspector and planner on the right,
// charts and explanation below.
void MainWindow::buildDocks() {
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
    m_tokens = new TokenPanel(m_document, this);
    auto* settingsDock = dock(QStringLiteral("settingsDock"), QStringLiteral("Settings"),
                              m_settings, Qt::LeftDockWidgetArea);
    auto* plannerDock = dock(QStringLiteral("plannerDock"), QStringLiteral("Planner"), m_planner,
                             Qt::RightDockWidgetArea);
    auto* inspectorDock = dock(QStringLiteral("inspectorDock"), QStringLiteral("Inspector"),
                               m_inspector, Qt::RightDockWidgetArea);
    auto* chartsDock = dock(QStringLiteral("chartsDock"), QStringLiteral("Charts"), m_charts,
                            Qt::BottomDockWidgetArea);
    auto* explainDock = dock(QStringLiteral("explainDock"), QStringLiteral("Explain"), m_explain,
                             Qt::BottomDockWidgetArea);
    auto* tokensDock = dock(QStringLiteral("tokensDock"), QStringLiteral("Tokens"), m_tokens,
                            Qt::RightDockWidgetArea);
    tabifyDockWidget(inspectorDock, plannerDock);
    tabifyDockWidget(plannerDock, tokensDock);
    inspectorDock->raise();
    // A language model's tokens are what its user came for: its panel comes to the front.
    connect(m_document, &Document::profileChanged, tokensDock, [this, tokensDock] {
        if (m_document->hasProfile() && core::isTokenProfile(m_document->profile()) &&
            mode() == Mode::Inference) {
            tokensDock->show();
            tokensDock->raise();
        }
    });
    splitDockWidget(chartsDock, explainDock, Qt::Horizontal);
    resizeDocks({settingsDock, inspectorDock}, {270, 330}, Qt::Horizontal);
    // The Setting dock runs the full height (the charts keep the width right of it): it shows
    // its machines and input without scrolling at 1280×800.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    resizeDocks({chartsDock, explainDock}, {700, 420}, Qt::Horizontal);
    resizeDocks({chartsDock}, {300}, Qt::Vertical);
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
    m_layout->enterMode(mode == Mode::Training);
    if (QAction* a = mode == Mode::Training ? m_actions.trainingMode : m_actions.inferenceMode)
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
    m_recent->setPersistent(persistent);
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
        m_recent->add(profile);
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

QAction* MainWindow::createAction(QMenu* menu, const QString& name, const QString& text,
                                  const QKeySequence& shortcut, const QString& tip) {
    auto* action = new QAction(text, this);
    action->setObjectName(name);
    action->setShortcut(shortcut);
    action->setToolTip(tip);
    action->setStatusTip(tip);
    action->setShortcutContext(Qt::WindowShortcut);
    menu->addAction(action);
    QMainWindow::addAction(action);
    return action;
}

void MainWindow::buildMenus() {
    menuBar()->setToolTip(QStringLiteral("Menus: every command has a keyboard shortcut"));
    buildFileMenu();
    buildEditMenu();
    buildViewMenu();
    buildPlannerMenu();
    buildHelpMenu();
}

void MainWindow::buildFileMenu() {
    QMenu* file = menuBar()->addMenu(QStringLiteral("&File"));
    file->setToolTipsVisible(true);
    MainWindowActions& a = m_actions;
    a.open = createAction(file, "open", QStringLiteral("&Open Profile…"), QKeySequence::Open,
                          QStringLiteral("Open a cutlab-profile JSON"));
    connect(a.open, &QAction::triggered, m_files, &FileActions::openProfileDialog);
    a.openPlan = createAction(
        file, "openPlan", QStringLiteral("Open &Plan…"),
        QKeySequence(QStringLiteral("Ctrl+Shift+O")),
        QStringLiteral("Open a cutlab-plan JSON: restores its cuts, machines and network"));
    connect(a.openPlan, &QAction::triggered, m_files, &FileActions::openPlanDialog);
    a.openRun = createAction(
        file, "openRun", QStringLiteral("Open R&un…"), QKeySequence(QStringLiteral("Ctrl+Alt+U")),
        QStringLiteral("Open a run measured by tools/cutlab-run-split and compare it with the plan "
                       "it ran: predicted against measured per segment and transfer"));
    connect(a.openRun, &QAction::triggered, this,
            [this] { m_runs->openRunDialog(m_recent->lastDirectory()); });
    a.importProfile = createAction(
        file, "importProfile", QStringLiteral("&Import Model (ONNX, PipeDream)…"),
        QKeySequence(QStringLiteral("Ctrl+I")),
        QStringLiteral("Convert an ONNX model (times estimated per tier) or a PipeDream profiler "
                       "graph.txt into a cutlab-profile, save it and open it"));
    connect(a.importProfile, &QAction::triggered, m_files, &FileActions::importProfileDialog);
    file->addMenu(m_recent->menu());
    file->addSeparator();
    a.openNetwork =
        createAction(file, "openNetwork", QStringLiteral("Open &Network…"),
                     QKeySequence(QStringLiteral("Ctrl+Shift+N")),
                     QStringLiteral("Open a cutlab-network JSON or a Scission network_stats.csv"));
    connect(a.openNetwork, &QAction::triggered, m_files, &FileActions::openNetworkDialog);
    a.saveNetwork = createAction(file, "saveNetwork", QStringLiteral("Save Network &As…"),
                                 QKeySequence(QStringLiteral("Ctrl+Alt+S")),
                                 QStringLiteral("Save the current network as cutlab-network JSON"));
    connect(a.saveNetwork, &QAction::triggered, m_files, &FileActions::saveNetworkDialog);
    file->addSeparator();
    a.exportPlan = createAction(file, "exportPlan", QStringLiteral("&Export Plan…"),
                                QKeySequence(QStringLiteral("Ctrl+E")),
                                QStringLiteral("Save the current plan as cutlab-plan JSON (with "
                                               "the network; re-open with Open Plan)"));
    connect(a.exportPlan, &QAction::triggered, m_files, &FileActions::exportPlanDialog);
    a.exportCsv = createAction(file, "exportCsv", QStringLiteral("Export Layer &Table (CSV)…"),
                               QKeySequence(QStringLiteral("Ctrl+Shift+C")),
                               QStringLiteral("Save the per-layer table as CSV"));
    connect(a.exportCsv, &QAction::triggered, m_files, &FileActions::exportCsvDialog);
    a.exportChart =
        createAction(file, "exportChart", QStringLiteral("Export &Chart…"),
                     QKeySequence(QStringLiteral("Ctrl+Shift+E")),
                     QStringLiteral("Save the chart shown in the Charts panel as PNG, SVG or PDF"));
    connect(a.exportChart, &QAction::triggered, m_files, &FileActions::exportChartDialog);
    a.exportGraph = createAction(file, "exportGraph", QStringLiteral("Export &Graph…"),
                                 QKeySequence(QStringLiteral("Ctrl+Shift+G")),
                                 QStringLiteral("Save the whole layer graph as PNG, SVG or PDF"));
    connect(a.exportGraph, &QAction::triggered, m_files, &FileActions::exportGraphDialog);
    a.exportReport = createAction(
        file, "exportReport", QStringLiteral("Export &Report (PDF)…"),
        QKeySequence(QStringLiteral("Ctrl+Shift+P")),
        QStringLiteral("One page with the graph, the charts, the explanation and the stages"));
    connect(a.exportReport, &QAction::triggered, m_files, &FileActions::exportReportDialog);
    a.print = createAction(file, "print", QStringLiteral("&Print Report…"), QKeySequence::Print,
                           QStringLiteral("Print the one-page report"));
    connect(a.print, &QAction::triggered, m_files, &FileActions::printDialog);
    file->addSeparator();
    // Ctrl+Q on every platform theme (QKeySequence::Quit is empty on some, offscreen among them)
    a.quit = createAction(file, "quit", QStringLiteral("&Quit"),
                          QKeySequence(QStringLiteral("Ctrl+Q")), QStringLiteral("Close CutLab"));
    connect(a.quit, &QAction::triggered, this, &QWidget::close);
}

void MainWindow::buildEditMenu() {
    QMenu* edit = menuBar()->addMenu(QStringLiteral("&Edit"));
    edit->setToolTipsVisible(true);
    MainWindowActions& a = m_actions;
    // Edit ▸ Undo acts on the mode in view: the inference plan's cuts or the training settings.
    m_undoGroup = new QUndoGroup(this);
    m_undoGroup->addStack(m_document->undoStack());
    m_undoGroup->addStack(m_training->undoStack());
    m_undoGroup->setActiveStack(m_document->undoStack());
    a.undo = m_undoGroup->createUndoAction(this, QStringLiteral("&Undo"));
    a.undo->setObjectName("undo");
    a.undo->setShortcut(QKeySequence::Undo);
    a.undo->setToolTip(QStringLiteral("Undo the last change of the plan in view"));
    edit->addAction(a.undo);
    a.redo = m_undoGroup->createRedoAction(this, QStringLiteral("&Redo"));
    a.redo->setObjectName("redo");
    // The platform's Redo keys plus both common ones, each once (a key bound twice to the same
    // action is ambiguous to Qt and does nothing).
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    for (const char* key : {"Ctrl+Shift+Z", "Ctrl+Y"})
        if (!redoKeys.contains(QKeySequence(QString::fromLatin1(key))))
            redoKeys << QKeySequence(QString::fromLatin1(key));
    a.redo->setShortcuts(redoKeys);
    a.redo->setToolTip(QStringLiteral("Redo what was undone"));
    edit->addAction(a.redo);
    edit->addSeparator();
    a.find = createAction(edit, "find", QStringLiteral("&Find Layer…"), QKeySequence::Find,
                          QStringLiteral("Find a layer by id or type"));
    connect(a.find, &QAction::triggered, m_graph, &GraphPanel::focusSearch);
    a.deviceCutLeft =
        createAction(edit, "deviceCutLeft", QStringLiteral("Device|Edge Cut ◀"),
                     QKeySequence(QStringLiteral("Alt+Left")),
                     QStringLiteral("Move the device|edge cut one valid cut towards the input"));
    connect(a.deviceCutLeft, &QAction::triggered, this, &MainWindow::moveDeviceCutLeft);
    a.deviceCutRight =
        createAction(edit, "deviceCutRight", QStringLiteral("Device|Edge Cut ▶"),
                     QKeySequence(QStringLiteral("Alt+Right")),
                     QStringLiteral("Move the device|edge cut one valid cut towards the output"));
    connect(a.deviceCutRight, &QAction::triggered, this, &MainWindow::moveDeviceCutRight);
    a.edgeCutLeft =
        createAction(edit, "edgeCutLeft", QStringLiteral("Edge|Cloud Cut ◀"),
                     QKeySequence(QStringLiteral("Ctrl+Left")),
                     QStringLiteral("Move the edge|cloud cut one valid cut towards the input"));
    connect(a.edgeCutLeft, &QAction::triggered, this, &MainWindow::moveEdgeCutLeft);
    a.edgeCutRight =
        createAction(edit, "edgeCutRight", QStringLiteral("Edge|Cloud Cut ▶"),
                     QKeySequence(QStringLiteral("Ctrl+Right")),
                     QStringLiteral("Move the edge|cloud cut one valid cut towards the output"));
    connect(a.edgeCutRight, &QAction::triggered, this, &MainWindow::moveEdgeCutRight);
    a.applyBest =
        createAction(edit, "applyBest", QStringLiteral("Apply &Best Plan"),
                     QKeySequence(QStringLiteral("Ctrl+B")),
                     QStringLiteral("Move the handles and machines to the best Scission plan"));
    connect(a.applyBest, &QAction::triggered, this, &MainWindow::applyBestPlan);
}

void MainWindow::buildViewMenu() {
    QMenu* view = menuBar()->addMenu(QStringLiteral("&View"));
    view->setToolTipsVisible(true);
    addModeActions(view);
    view->addSeparator();
    addGraphViewActions(view);
    view->addSeparator();
    addDisplayActions(view);
    view->addSeparator();
    addPanelAndChartActions(view);
}

// Inference and Training mode, one of them checked.
void MainWindow::addModeActions(QMenu* view) {
    MainWindowActions& a = m_actions;
    auto* modes = new QActionGroup(this);
    a.inferenceMode = createAction(
        view, "inferenceMode", QStringLiteral("&Inference Mode"),
        QKeySequence(QStringLiteral("Ctrl+Shift+I")),
        QStringLiteral("The layer graph with draggable cuts and the inference planners"));
    connect(a.inferenceMode, &QAction::triggered, this, &MainWindow::showInferenceMode);
    a.trainingMode =
        createAction(view, "trainingMode", QStringLiteral("&Training Mode"),
                     QKeySequence(QStringLiteral("Ctrl+Shift+T")),
                     QStringLiteral("HierTrain, its baselines and pipeline-parallel training"));
    connect(a.trainingMode, &QAction::triggered, this, &MainWindow::showTrainingMode);
    for (QAction* mode : {a.inferenceMode, a.trainingMode}) {
        mode->setCheckable(true);
        modes->addAction(mode);
    }
    a.inferenceMode->setChecked(true);
}

// Fit, zoom, layout direction, collapse and expand the graph.
void MainWindow::addGraphViewActions(QMenu* view) {
    MainWindowActions& a = m_actions;
    a.fit = createAction(view, "fit", QStringLiteral("&Fit to Window"),
                         QKeySequence(QStringLiteral("Ctrl+0")),
                         QStringLiteral("Show the whole model, readable: a long model as summary "
                                        "boxes of consecutive layers (click one to open it)"));
    connect(a.fit, &QAction::triggered, m_graph->view(), &GraphView::fitWhole);
    a.fitLegible = createAction(view, "fitLegible", QStringLiteral("Fit &Legibly"),
                                QKeySequence(QStringLiteral("Ctrl+9")),
                                QStringLiteral("Show as much of the graph as stays readable"));
    connect(a.fitLegible, &QAction::triggered, m_graph->view(), &GraphView::fitToWindow);
    a.zoomIn = createAction(view, "zoomIn", QStringLiteral("Zoom &In"), QKeySequence::ZoomIn,
                            QStringLiteral("Zoom in on the graph"));
    connect(a.zoomIn, &QAction::triggered, this, &MainWindow::zoomIn);
    a.zoomOut = createAction(view, "zoomOut", QStringLiteral("Zoom &Out"), QKeySequence::ZoomOut,
                             QStringLiteral("Zoom out of the graph"));
    connect(a.zoomOut, &QAction::triggered, this, &MainWindow::zoomOut);
    a.topToBottom = createAction(
        view, "topToBottom", QStringLiteral("&Top-to-Bottom Layout"),
        QKeySequence(QStringLiteral("Ctrl+L")),
        QStringLiteral("Lay the graph out from top to bottom instead of left to right"));
    a.topToBottom->setCheckable(true);
    connect(a.topToBottom, &QAction::toggled, m_scene, &GraphScene::setTopToBottom);
    a.collapseBlocks = createAction(view, "collapseBlocks", QStringLiteral("&Collapse Blocks"),
                                    QKeySequence(QStringLiteral("Ctrl+[")),
                                    QStringLiteral("Collapse every branching block into one box"));
    connect(a.collapseBlocks, &QAction::triggered, this, &MainWindow::collapseBlocks);
    a.expandBlocks = createAction(view, "expandBlocks", QStringLiteral("E&xpand Blocks"),
                                  QKeySequence(QStringLiteral("Ctrl+]")),
                                  QStringLiteral("Show the layers of every branching block"));
    connect(a.expandBlocks, &QAction::triggered, this, &MainWindow::expandBlocks);
}

// The dark palette, presentation mode, full screen.
void MainWindow::addDisplayActions(QMenu* view) {
    MainWindowActions& a = m_actions;
    a.dark = createAction(view, "dark", QStringLiteral("&Dark Palette"),
                          QKeySequence(QStringLiteral("Ctrl+Shift+D")),
                          QStringLiteral("Switch between the light and the dark palette"));
    a.dark->setCheckable(true);
    connect(a.dark, &QAction::toggled, this, &MainWindow::setDark);
    a.presentation = createAction(
        view, "presentation", QStringLiteral("&Presentation Mode"),
        QKeySequence(QStringLiteral("F5")),
        QStringLiteral(
            "Full screen, large type, a prepared sequence of plans stepped with the arrow keys"));
    connect(a.presentation, &QAction::triggered, this, &MainWindow::startPresentation);
    a.fullScreen = createAction(view, "fullScreen", QStringLiteral("F&ull Screen"),
                                QKeySequence::FullScreen, QStringLiteral("Toggle full screen"));
    connect(a.fullScreen, &QAction::triggered, this, &MainWindow::toggleFullScreen);
}

// A toggle per dock (Alt+1...) and "Show ... Chart" per chart (Ctrl+Alt+1...).
void MainWindow::addPanelAndChartActions(QMenu* view) {
    MainWindowActions& a = m_actions;
    int index = 1;
    for (QDockWidget* d : findChildren<QDockWidget*>()) {
        QAction* toggle = d->toggleViewAction();
        toggle->setObjectName(QStringLiteral("toggle_") + d->objectName());
        toggle->setShortcut(QKeySequence(QStringLiteral("Alt+%1").arg(index++)));
        toggle->setToolTip(QStringLiteral("Show or hide the %1 panel").arg(d->windowTitle()));
        view->addAction(toggle);
    }
    m_chartActions = new QActionGroup(this);
    m_chartActions->setExclusionPolicy(QActionGroup::ExclusionPolicy::None);
    static_assert(std::tuple_size_v<decltype(a.showChart)> == ChartsPanel::kKindCount);
    for (int k = 0; k < ChartsPanel::kKindCount; ++k) {
        QAction* chart =
            createAction(view, QStringLiteral("chart%1").arg(k),
                         QStringLiteral("Show %1 Chart")
                             .arg(ChartsPanel::kindName(static_cast<ChartsPanel::Kind>(k))),
                         QKeySequence(QStringLiteral("Ctrl+Alt+%1").arg(k + 1)),
                         QStringLiteral("Bring this chart to the front"));
        chart->setData(k);
        m_chartActions->addAction(chart);
        a.showChart[static_cast<std::size_t>(k)] = chart;
    }
    connect(m_chartActions, &QActionGroup::triggered, this, &MainWindow::showChartOf);
    a.resetLayout =
        createAction(view, "resetLayout", QStringLiteral("&Reset Layout"), QKeySequence(),
                     QStringLiteral("Every panel back where it was at first start"));
    connect(a.resetLayout, &QAction::triggered, this,
            [this] { m_layout->reset(mode() == Mode::Training); });
}

void MainWindow::buildPlannerMenu() {
    QMenu* plan = menuBar()->addMenu(QStringLiteral("&Planner"));
    plan->setToolTipsVisible(true);
    m_actions.runPlanner = createAction(
        plan, "runPlanner", QStringLiteral("&Run Planner"), QKeySequence(QStringLiteral("Ctrl+R")),
        QStringLiteral("Rank plans with the options of the Planner panel; in Training mode, "
                       "plan again (the pipeline's stages back to the planner's)"));
    connect(m_actions.runPlanner, &QAction::triggered, this, &MainWindow::runPlanner);
    QMenu* network = menuBar()->addMenu(QStringLiteral("&Network"));
    network->setToolTipsVisible(true);
    m_actions.traceView = createAction(
        network, "traceView", QStringLiteral("&Trace View…"),
        QKeySequence(QStringLiteral("Ctrl+Alt+T")),
        QStringLiteral("Replay frames over a measured network trace on the static, adaptive and "
                       "hindsight plans"));
    connect(m_actions.traceView, &QAction::triggered, this, &MainWindow::showTraceView);
}

TraceWindow* MainWindow::traceWindow() {
    if (!m_traceWindow) {
        m_traceWindow = new TraceWindow(m_document, SampleProfiles::traces(), this);
        m_traceWindow->setDark(m_dark);
    }
    return m_traceWindow;
}

void MainWindow::showTraceView() {
    TraceWindow* window = traceWindow();
    window->show();
    window->raise();
    window->activateWindow();
}

void MainWindow::buildHelpMenu() {
    QMenu* help = menuBar()->addMenu(QStringLiteral("&Help"));
    help->setToolTipsVisible(true);
    m_samplesMenu = help->addMenu(QStringLiteral("&Sample Profiles"));
    m_samplesMenu->setToolTipsVisible(true);
    m_actions.guide =
        createAction(help, "guide", QStringLiteral("&Getting Started"), QKeySequence::HelpContents,
                     QStringLiteral("How to begin, and what each part of the window "
                                    "does"));
    connect(m_actions.guide, &QAction::triggered, this, &MainWindow::showGuide);
    m_actions.shortcuts = createAction(help, "shortcuts", QStringLiteral("&Keyboard Shortcuts"),
                                       QKeySequence(QStringLiteral("Ctrl+/")),
                                       QStringLiteral("Every command that has keys"));
    connect(m_actions.shortcuts, &QAction::triggered, this, &MainWindow::showShortcuts);
    help->addSeparator();
    m_actions.about = createAction(help, "about", QStringLiteral("&About CutLab"), QKeySequence(),
                                   QStringLiteral("Version and credits"));
    connect(m_actions.about, &QAction::triggered, this, &MainWindow::showAbout);
    rebuildSamplesMenu();
}

// Edit menu

void MainWindow::moveDeviceCutLeft() {
    m_document->stepCut(CutHandle::DeviceEdge, -1);
}
void MainWindow::moveDeviceCutRight() {
    m_document->stepCut(CutHandle::DeviceEdge, 1);
}
void MainWindow::moveEdgeCutLeft() {
    m_document->stepCut(CutHandle::EdgeCloud, -1);
}
void MainWindow::moveEdgeCutRight() {
    m_document->stepCut(CutHandle::EdgeCloud, 1);
}

void MainWindow::applyBestPlan() {
    if (auto best = m_document->bestPlacement())
        m_document->applyPlacement(*best, QStringLiteral("Apply best plan"));
}

// View menu

void MainWindow::showInferenceMode() {
    setMode(Mode::Inference);
}
void MainWindow::showTrainingMode() {
    setMode(Mode::Training);
}
void MainWindow::zoomIn() {
    m_graph->view()->zoomBy(1.25);
}
void MainWindow::zoomOut() {
    m_graph->view()->zoomBy(0.8);
}
void MainWindow::collapseBlocks() {
    m_scene->setAllBlocksCollapsed(true);
}
void MainWindow::expandBlocks() {
    m_scene->setAllBlocksCollapsed(false);
}
void MainWindow::startPresentation() {
    setPresentation(true);
}
void MainWindow::toggleFullScreen() {
    isFullScreen() ? showNormal() : showFullScreen();
}

void MainWindow::showChartOf(QAction* chartAction) {
    m_charts->tabs()->setCurrentIndex(chartAction->data().toInt());
    if (auto* d = findChild<QDockWidget*>("chartsDock"))
        d->show();
}

// Planner and Help menus

void MainWindow::runPlanner() {
    if (mode() == Mode::Training) {
        m_training->runPlanner();
        return;
    }
    if (auto* d = findChild<QDockWidget*>("plannerDock")) {
        d->show();
        d->raise();
    }
    m_planner->run();
}

void MainWindow::showGuide() {
    auto* dialog = new GuideDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::showShortcuts() {
    auto* dialog = new ShortcutsDialog(menuBar(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::showAbout() {
    QMessageBox::about(
        this, QStringLiteral("About CutLab"),
        QStringLiteral("<b>CutLab %1</b><p>Plan and explore how a deep neural "
                       "network is split across a "
                       "mobile device, an edge server and the cloud.</p><p>Planners: "
                       "Scission, Neurosurgeon, JointDNN.</p>")
            .arg(QApplication::applicationVersion()));
}

// The document and the mode tabs

void MainWindow::onNetworkChanged() {
    if (m_document->hasProfile())
        m_training->setNetwork(m_document->network());
    statusBar()->showMessage(
        QStringLiteral("Network: %1").arg(QString::fromStdString(m_document->network().name)),
        4000);
}

void MainWindow::onModeTabChanged(int index) {
    showModeDocks(index == 1 ? Mode::Training : Mode::Inference);
    m_training->setActive(index == 1);
    m_undoGroup->setActiveStack(index == 1 ? m_training->undoStack() : m_document->undoStack());
    for (QAction* action : m_actions.inferenceOnly())
        if (action)
            action->setEnabled(index != 1);
    // F5 presents in Inference mode; in Training mode, which has no presentation, it plans again.
    const QKeySequence f5(QStringLiteral("F5")), ctrlR(QStringLiteral("Ctrl+R"));
    m_actions.presentation->setShortcuts(index == 1 ? QList<QKeySequence>{}
                                                    : QList<QKeySequence>{f5});
    m_actions.runPlanner->setShortcuts(index == 1 ? QList<QKeySequence>{ctrlR, f5}
                                                  : QList<QKeySequence>{ctrlR});
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
        const qsizetype featured =
            SampleProfiles::featured().indexOf(QDir(dir).relativeFilePath(path));
        if (featured >= 0)
            a->setShortcut(QKeySequence(QStringLiteral("Ctrl+Alt+Shift+%1").arg(featured + 1)));
        connect(a, &QAction::triggered, this, [this, path] { m_files->openProfileFromUser(path); });
    }
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

QStringList MainWindow::recentFiles() const {
    return m_recent->files();
}

void MainWindow::setDark(bool dark) {
    m_dark = dark;
    if (m_actions.dark && m_actions.dark->isChecked() != dark)
        m_actions.dark->setChecked(dark);
    QApplication::setStyle(new ThemeStyle(dark)); // the application owns it
    QApplication::setPalette(Theme::of(dark).palette);
    m_scene->setDark(dark);
    m_charts->setDark(dark);
    m_training->setDark(dark);
    if (m_traceWindow)
        m_traceWindow->setDark(dark);
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
    // The presentation's view sized the cut grips for its zoom: back to this window's after.
    // Its steps left the charts' axes where the slides had them: draw them afresh.
    connect(m_presentation, &QObject::destroyed, this, [this] {
        m_scene->setViewZoom(graphPanel()->view()->zoom());
        m_charts->redraw();
    });
    m_presentation->showFullScreen();
    m_presentation->activateWindow();
}

void MainWindow::showForUser() {
    if (m_firstRun)
        showMaximized();
    else
        show();
}

void MainWindow::restoreSettings() {
    if (!m_persistent)
        return;
    QSettings settings;
    m_firstRun = !settings.contains("geometry");
    const bool training = m_layout->restore(settings);
    if (training)
        setMode(Mode::Training);
    m_recent->restore();
    const QString network = settings.value("network").toString();
    if (!network.isEmpty()) {
        auto loaded = core::parseNetwork(network.toStdString(), "last network");
        if (loaded.ok())
            m_document->setNetwork(*loaded.network);
    }
    if (settings.value("dark", false).toBool())
        setDark(true);
    if (settings.value("topToBottom", false).toBool())
        m_actions.topToBottom->setChecked(true);
    m_document->markSaved();
}

QString MainWindow::unsavedDetail() const {
    if (m_files->planPath().isEmpty())
        return QStringLiteral("The cuts, the network or the training settings changed since the "
                              "profile was opened, and no plan has been saved yet.");
    return QStringLiteral("The cuts, the network or the training settings changed since the plan "
                          "was last saved to %1.")
        .arg(QFileInfo(m_files->planPath()).fileName());
}

bool MainWindow::maybeSave(const QString& next) {
    if (!m_document->hasProfile() || !m_document->isModified())
        return true;
    const QString where =
        m_files->planPath().isEmpty()
            ? QString()
            : QStringLiteral(" (to %1)").arg(QFileInfo(m_files->planPath()).fileName());
    const QString question = QStringLiteral("Save your plan%1 before %2?").arg(where, next);
    const auto answer = m_unsavedQuestion ? m_unsavedQuestion(question) : QMessageBox::Discard;
    if (answer == QMessageBox::Cancel)
        return false;
    return answer != QMessageBox::Save || m_files->savePlan();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!maybeSave(QStringLiteral("closing"))) {
        event->ignore();
        return;
    }
    if (m_presentation)
        m_presentation->close();
    m_autosave->remove(); // saved or deliberately discarded
    if (m_persistent) {
        QSettings settings;
        m_layout->save(settings, mode() == Mode::Training);
        settings.setValue(
            "network", QString::fromStdString(core::networkToJson(m_document->network()).dump()));
        settings.setValue("topToBottom", m_scene->topToBottom());
    }
    event->accept();
}

// Files dropped anywhere on the window (the graph, a chart, a dock, the empty page) open: the
// views' own drop handling (a graphics scene accepts the enter, then refuses every move) never
// sees them.
bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    const QEvent::Type type = event->type();
    if (type != QEvent::DragEnter && type != QEvent::DragMove && type != QEvent::Drop)
        return QMainWindow::eventFilter(watched, event);
    auto* widget = qobject_cast<QWidget*>(watched);
    auto* drop = static_cast<QDropEvent*>(event);
    if (!widget || widget == this || widget->window() != this || !drop->mimeData()->hasUrls())
        return QMainWindow::eventFilter(watched, event);
    if (type == QEvent::Drop)
        dropEvent(drop);
    else
        drop->acceptProposedAction();
    return true;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dragMoveEvent(QDragMoveEvent* event) {
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
        const auto format = core::detectModelFileFormat(path.toStdString());
        if (format == core::ModelFileFormat::Onnx || format == core::ModelFileFormat::PipeDream)
            m_files->importFromUser(path);
        else if (head.contains("\"cutlab-plan\""))
            m_files->openPlanFromUser(path);
        else if (head.contains("\"cutlab-run\""))
            m_runs->openRun(path);
        else if (head.contains("\"cutlab-network\"") || path.endsWith(".csv", Qt::CaseInsensitive))
            m_files->openNetwork(path);
        else
            m_files->openProfileFromUser(path);
        event->acceptProposedAction();
        return;
    }
}

} // namespace cutlab::ui