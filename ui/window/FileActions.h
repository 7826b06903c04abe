#pragma once

#include "ui/charts/ReportPage.h"
#include "ui/window/DocumentExporter.h"

#include <QObject>
#include <QString>

#include <functional>
#include <string>

class QPrinter;
class QWidget;

namespace cutlab::ui {

class ChartsPanel;
class Document;
class GraphScene;
class ModelImportRunner;
class RecentFiles;
class SweepController;
class TrainingPlanFiles;

// What the window does with files: opening profiles (at once or in the background), plans and
// networks, importing ONNX models and PipeDream graphs, exporting the plan, table, chart, graph and
// report, and the file dialogs in front of each. Problems and progress go out as signals; the
// window shows them.
class FileActions : public QObject {
    Q_OBJECT
  public:
    FileActions(Document* document, GraphScene* scene, ChartsPanel* charts, SweepController* sweep,
                RecentFiles* recent, QWidget* window);

    // A small profile opens at once; a large one (over kBackgroundOpenBytes) on a worker: then
    // true means "started" and a failure is reported when the read ends.
    static constexpr qint64 kBackgroundOpenBytes = 512 * 1024;
    bool openProfile(const QString& path);
    bool waitForOpen(int timeoutMs = 600000);
    bool openPlan(const QString& path);
    // Asked before a person's open (dialog, recent file, sample, drop) replaces a plan with
    // unsaved changes: true to go on (saved or discarded), false to keep the document.
    // It is told what comes next: "opening resnet50.json".
    using DiscardCheck = std::function<bool(const QString& next)>;
    void setDiscardCheck(DiscardCheck check) { m_discardCheck = std::move(check); }
    // Asked when a plan made for another model is opened and that model's profile (recorded in
    // the plan) exists: true to open that profile with the plan. A dialog by default.
    using OtherModelQuestion = std::function<bool(const QString& model, const QString& profile)>;
    void setOtherModelQuestion(OtherModelQuestion question) {
        m_otherModelQuestion = std::move(question);
    }
    // Export Plan and Open Plan in the Training mode (set by the window; none: inference only).
    void setTrainingPlans(TrainingPlanFiles* plans) { m_trainingPlans = plans; }
    // The report's pages after the first (set by the window: the Training mode's plan).
    void setReportPages(std::function<DocumentExporter::Pages()> pages) {
        m_reportPages = std::move(pages);
    }
    bool openNetwork(const QString& path);
    // Imports a model file (ONNX or a PipeDream graph) into the profile `destination` on a
    // worker with a progress dialog (Cancel stops it), then opens it; false when it failed
    // (reported) or was cancelled.
    bool importProfile(const QString& source, const QString& destination);
    // Where an imported model's profile goes: beside it as NAME.json (NAME-2.json, … when
    // taken), or in the export folder when its folder cannot be written.
    static QString importDestination(const QString& source);
    ModelImportRunner* importer() const { return m_importer; }
    bool exportChart(int kind, const QString& path);
    bool exportGraph(const QString& path);
    bool exportPlan(const QString& path);
    bool exportCsv(const QString& path);
    // The paper: A4 or Letter (the Export Report dialog offers both; the locale's first).
    bool exportReport(const QString& path,
                      ReportPage::Paper paper = DocumentExporter::defaultPaper());
    // Prints the report on a printer already set up (the Print dialog's, or a PDF printer).
    bool printReport(QPrinter& printer);
    // Landscape, named after the model's report ("vgg19-report"), which the print dialog
    // proposes as the file name when printing to a file.
    void prepareReportPrinter(QPrinter& printer) const;
    bool saveNetwork(const QString& path);
    // A save dialog (SaveDialog) proposing `<model>-<what>.<suffix>` in the last export's
    // folder, never a name taken; `suffix` added if missing. With `selectedFilter`: the filter
    // shown first, and on return the one the user chose.
    QString askSavePath(const QString& title, const QString& filter, const QString& suffix,
                        const QString& what, QString* selectedFilter = nullptr);
    // Saves the plan where it was last saved or opened from; asks, proposing `<model>-plan.json`,
    // when it never was. True when written.
    bool savePlan();
    // Exports the plan to `path` and, when written, remembers it as where the plan is saved.
    bool savePlanAs(const QString& path);
    // Where the plan was last saved or opened from; empty for a plan never saved.
    const QString& planPath() const { return m_planPath; }
    static constexpr const char* kReportA4Filter = "PDF, A4 (*.pdf)";
    static constexpr const char* kReportLetterFilter = "PDF, US Letter (*.pdf)";

  public slots:
    // What a person opens: asks about unsaved changes first (setDiscardCheck).
    bool openProfileFromUser(const QString& path);
    bool openPlanFromUser(const QString& path);
    // A dropped model file (ONNX or PipeDream): imported beside it, then opened.
    bool importFromUser(const QString& source);
    void openProfileDialog();
    void printDialog();
    void openPlanDialog();
    void importProfileDialog();
    // The second half of Import: asks where the profile goes (a free name beside the model)
    // and imports there.
    bool importWithDialog(const QString& source);
    void openNetworkDialog();
    void saveNetworkDialog();
    void exportPlanDialog();
    void exportCsvDialog();
    void exportChartDialog();
    void exportGraphDialog();
    void exportReportDialog();

  signals:
    void problem(const QString& title, const QString& text);
    void statusMessage(const QString& text, int timeoutMs = 0);

  private slots:
    void onOpenStarted(const QString& path);
    void onOpenFailed(const QString& path, const QString& message);
    void onProfileChanged();

  private:
    bool askOtherModel(const QString& model, const QString& profile);
    // A plan for `model`: when another model is open, offers the plan's profile (recorded in
    // `recorded`); when none is, opens it. False when the plan cannot be shown (reported).
    bool openProfileOfPlan(const QString& planPath, const std::string& model,
                           const std::string& recorded);
    bool openTrainingPlan(const QString& path, const std::string& text);
    void reportPlanProblem(const QString& path, const QString& error);
    // A plan now shown: unmodified, saved where it came from; `message` has %1 for the path.
    void planOpened(const QString& path, const QString& message);
    void announceOpened(const QString& path);

    Document* m_document;
    GraphScene* m_scene;
    ChartsPanel* m_charts;
    SweepController* m_sweep;
    RecentFiles* m_recent;
    QWidget* m_window;     // parent of the dialogs
    QString m_openingPath; // a background open under way
    bool m_lastOpenFailed = false;
    QString m_planPath;
    DiscardCheck m_discardCheck;
    bool mayDiscard(const QString& next) const { return !m_discardCheck || m_discardCheck(next); }
    OtherModelQuestion m_otherModelQuestion;
    ModelImportRunner* m_importer;
    TrainingPlanFiles* m_trainingPlans = nullptr;
    std::function<DocumentExporter::Pages()> m_reportPages;
    DocumentExporter::Pages reportPages() const {
        return m_reportPages ? m_reportPages() : DocumentExporter::Pages{};
    }
};

} // namespace cutlab::ui
