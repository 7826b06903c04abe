#pragma once

#include "ui/window/FileActions.h"
#include "ui/window/MainWindowActions.h"

#include <QMainWindow>
#include <QMessageBox>
#include <QPointer>

#include <functional>
#include <memory>

class QActionGroup;
class QDockWidget;
class QMenu;
class QTabWidget;
class QUndoGroup;

namespace cutlab::ui {

class Autosave;
class ChartsPanel;
class Document;
class ExplainPanel;
class TokenPanel;
class GraphPanel;
class GraphScene;
class InspectorPanel;
class PlannerPanel;
class TraceWindow;
class PresentationWindow;
class TrainingPlanFiles;
class WindowLayout;
class RecentFiles;
class RunFiles;
class SettingsPanel;
class SweepController;
class TrainingPanel;

// The CutLab window: composes the panels around the document, builds the menus (one builder per
// menu, each command a typed action wired to a named slot), and owns drag-and-drop, persistence
// and the light/dark and presentation modes. What it does with files is FileActions', the recent
// files RecentFiles'. No logic of its own.
class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    // Where messages for the user go: a dialog by default, replaceable (tests, batch runs).
    using MessageSink = std::function<void(const QString& title, const QString& text)>;
    // Asked when closing with unsaved changes: Save, Discard or Cancel.
    // Asked with the question ("Save your plan before opening x.json?"): Save, Discard, Cancel.
    using UnsavedQuestion = std::function<QMessageBox::StandardButton(const QString& question)>;
    // Asked when a previous session left unsaved work (its autosave): true to restore it, false
    // to discard it.
    using RestoreQuestion = std::function<bool(const QString& description)>;

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    Document* document() const { return m_document; }
    GraphScene* scene() const { return m_scene; }
    GraphPanel* graphPanel() const { return m_graph; }
    ChartsPanel* charts() const { return m_charts; }
    PlannerPanel* planner() const { return m_planner; }
    SettingsPanel* settingsPanel() const { return m_settings; }
    InspectorPanel* inspector() const { return m_inspector; }
    ExplainPanel* explain() const { return m_explain; }
    TokenPanel* tokens() const { return m_tokens; }
    SweepController* sweep() const { return m_sweep; }
    PresentationWindow* presentation() const { return m_presentation; }
    TrainingPanel* training() const { return m_training; }
    // Network ▸ Trace View, made on first use.
    TraceWindow* traceWindow();
    Autosave* autosave() const { return m_autosave; }

    // Inference (the layer graph and its docks) or Training (HierTrain, baselines, pipelines).
    enum class Mode { Inference, Training };
    Mode mode() const;
    void setMode(Mode mode);
    // Every command of the menus, typed; action() finds one (or a recent/sample entry) by name.
    const MainWindowActions& actions() const { return m_actions; }
    QAction* action(const QString& objectName) const;
    QList<QAction*> allActions() const;

    void setMessageSink(MessageSink sink) { m_messageSink = std::move(sink); }
    void setUnsavedQuestion(UnsavedQuestion question) { m_unsavedQuestion = std::move(question); }
    void setRestoreQuestion(RestoreQuestion question) { m_restoreQuestion = std::move(question); }
    // Don't read or write QSettings nor autosave (screenshots, tests).
    void setPersistent(bool persistent);
    // Offers to restore what a session that died left unsaved; true when a plan was restored.
    bool restoreAutosave();

    // Opening, importing and exporting files (what the File menu does, without dialogs).
    FileActions* files() const { return m_files; }
    // What the save prompt says has changed: since the profile was opened (no plan saved yet),
    // or since the plan was last saved to its file.
    QString unsavedDetail() const;
    RunFiles* runs() const { return m_runs; }

    bool isDark() const { return m_dark; }
    void setDark(bool dark);
    void setPresentation(bool on);
    void restoreSettings();
    // No window state saved yet: the first run opens maximised (then its size is remembered).
    bool isFirstRun() const { return m_firstRun; }
    // Shows the window as a person launching the app gets it: maximised on the first run, else
    // as it was left (restoreSettings restored it).
    void showForUser();
    QStringList recentFiles() const;

  protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

  private slots:
    // (The File menu's commands are FileActions' slots.)
    // Edit
    void moveDeviceCutLeft();
    void moveDeviceCutRight();
    void moveEdgeCutLeft();
    void moveEdgeCutRight();
    void applyBestPlan();
    // View
    void showInferenceMode();
    void showTrainingMode();
    void zoomIn();
    void zoomOut();
    void collapseBlocks();
    void expandBlocks();
    void startPresentation();
    void toggleFullScreen();
    void showChartOf(QAction* chartAction);
    // Planner
    void runPlanner();
    void showTraceView();
    // Help
    void showGuide();
    void showShortcuts();
    void showAbout();
    // The document and the mode tabs
    void onNetworkChanged();
    void onModeTabChanged(int index);

  private:
    void buildModes();
    void installQuestions();
    void fillGraphToolBar();
    void connectWindow();
    void buildDocks();
    void buildMenus();
    void buildFileMenu();
    void buildEditMenu();
    void buildViewMenu();
    void addModeActions(QMenu* view);
    void addGraphViewActions(QMenu* view);
    void addDisplayActions(QMenu* view);
    void addPanelAndChartActions(QMenu* view);
    void buildPlannerMenu();
    void buildHelpMenu();
    // A window-wide command in `menu`; the caller connects it.
    QAction* createAction(QMenu* menu, const QString& name, const QString& text,
                          const QKeySequence& shortcut, const QString& tip);
    void showModeDocks(Mode mode);
    void updateTrainingDocument();
    void rebuildSamplesMenu();
    void report(const QString& title, const QString& text);
    void refreshTitle();
    bool maybeSave(const QString& next); // next: "closing", "opening x.json", …

    Document* m_document;
    GraphScene* m_scene;
    SweepController* m_sweep;
    GraphPanel* m_graph;
    ChartsPanel* m_charts;
    PlannerPanel* m_planner;
    TraceWindow* m_traceWindow = nullptr;
    SettingsPanel* m_settings;
    InspectorPanel* m_inspector;
    ExplainPanel* m_explain;
    TokenPanel* m_tokens;
    TrainingPanel* m_training;
    QTabWidget* m_modes;
    QUndoGroup* m_undoGroup = nullptr;      // the inference document's and the training document's
    std::unique_ptr<WindowLayout> m_layout; // the docks of each mode, saved and restored
    std::unique_ptr<TrainingPlanFiles> m_trainingPlans; // Export/Open Plan in Training mode
    MainWindowActions m_actions;
    QActionGroup* m_chartActions = nullptr;
    RecentFiles* m_recent;
    FileActions* m_files;
    RunFiles* m_runs; // File ▸ Open Run
    QMenu* m_samplesMenu = nullptr;
    MessageSink m_messageSink;
    UnsavedQuestion m_unsavedQuestion;
    RestoreQuestion m_restoreQuestion;
    Autosave* m_autosave;
    QPointer<PresentationWindow> m_presentation;
    bool m_dark = false;
    bool m_persistent = true;
    bool m_firstRun = false;
};

} // namespace cutlab::ui
