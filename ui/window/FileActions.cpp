#include "ui/window/FileActions.h"

#include "ui/files/SaveDialog.h"
#include "ui/files/SaveNames.h"

#include "ui/charts/ImageExporter.h"
#include "ui/document/Document.h"
#include "ui/document/PlanFileWriter.h"
#include "ui/graph/GraphScene.h"
#include "ui/panels/ChartsPanel.h"
#include "ui/panels/EnergyController.h"
#include "ui/panels/SweepController.h"
#include "ui/window/DocumentExporter.h"
#include "ui/window/RecentFiles.h"

#include "core/io/JsonText.h"
#include "core/io/PlanFile.h"
#include "core/plans/TrainingPlanFile.h"
#include "ui/window/ModelImportRunner.h"
#include "ui/window/TrainingPlanFiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPrintDialog>
#include <QPrinter>

namespace cutlab::ui {

FileActions::FileActions(Document* document, GraphScene* scene, ChartsPanel* charts,
                         SweepController* sweep, RecentFiles* recent, QWidget* window)
    : QObject(window), m_document(document), m_scene(scene), m_charts(charts), m_sweep(sweep),
      m_recent(recent), m_window(window), m_importer(new ModelImportRunner(window)) {
    connect(m_document, &Document::openStarted, this, &FileActions::onOpenStarted);
    connect(m_document, &Document::openFailed, this, &FileActions::onOpenFailed);
    connect(m_document, &Document::profileChanged, this, &FileActions::onProfileChanged);
}

bool FileActions::askOtherModel(const QString& model, const QString& profile) {
    if (m_otherModelQuestion)
        return m_otherModelQuestion(model, profile);
    return QMessageBox::question(
               m_window, QStringLiteral("A plan for another model"),
               QStringLiteral("This plan was made for model '%1', not '%2'. Open its profile "
                              "%3 with it?")
                   .arg(model, QString::fromStdString(m_document->profile().model.name),
                        QDir::toNativeSeparators(profile)),
               QMessageBox::Open | QMessageBox::Cancel, QMessageBox::Open) == QMessageBox::Open;
}

bool FileActions::openProfileFromUser(const QString& path) {
    if (!mayDiscard(QStringLiteral("opening %1").arg(QFileInfo(path).fileName())))
        return false;
    return openProfile(path);
}

bool FileActions::openPlanFromUser(const QString& path) {
    if (!mayDiscard(QStringLiteral("opening %1").arg(QFileInfo(path).fileName())))
        return false;
    return openPlan(path);
}

void FileActions::printDialog() {
    if (!m_document->hasProfile()) {
        emit problem(QStringLiteral("Nothing to print"), QStringLiteral("Open a profile first."));
        return;
    }
    QPrinter printer(QPrinter::HighResolution);
    prepareReportPrinter(printer);
    QPrintDialog dialog(&printer, m_window);
    dialog.setWindowTitle(QStringLiteral("Print the report"));
    if (dialog.exec() == QDialog::Accepted)
        printReport(printer);
}

void FileActions::prepareReportPrinter(QPrinter& printer) const {
    printer.setPageOrientation(QPageLayout::Landscape);
    // the print dialog proposes <document name>.pdf for printing to a file: "vgg19-report.pdf",
    // as Export Report does, not "print.pdf"
    const QString model = m_document->hasProfile()
                              ? QString::fromStdString(m_document->profile().model.name)
                              : QString();
    printer.setDocName(QFileInfo(SaveNames::proposal(model, "report", "pdf")).completeBaseName());
}

bool FileActions::printReport(QPrinter& printer) {
    QString error;
    if (!DocumentExporter::printReport(*m_document, *m_charts, printer, &error, reportPages())) {
        emit problem(QStringLiteral("Cannot print"), error);
        return false;
    }
    emit statusMessage(QStringLiteral("Report sent to %1")
                           .arg(printer.printerName().isEmpty() ? printer.outputFileName()
                                                                : printer.printerName()),
                       5000);
    return true;
}

void FileActions::openProfileDialog() {
    const QString path = QFileDialog::getOpenFileName(
        m_window, QStringLiteral("Open profile"), m_recent->lastDirectory(),
        QStringLiteral("CutLab profiles (*.json);;All files (*)"));
    if (!path.isEmpty())
        openProfileFromUser(path);
}

void FileActions::openPlanDialog() {
    const QString path = QFileDialog::getOpenFileName(
        m_window, QStringLiteral("Open plan"), m_recent->lastDirectory(),
        QStringLiteral("CutLab plans (*.json);;All files (*)"));
    if (!path.isEmpty())
        openPlanFromUser(path);
}

void FileActions::importProfileDialog() {
    const QString source = QFileDialog::getOpenFileName(
        m_window, QStringLiteral("Import model"), m_recent->lastDirectory(),
        QStringLiteral("Models (*.onnx *.txt);;ONNX models (*.onnx);;PipeDream graphs (*.txt);;"
                       "All files (*)"));
    if (!source.isEmpty())
        importWithDialog(source);
}

bool FileActions::importWithDialog(const QString& source) {
    SaveDialog::Request request{QStringLiteral("Save the converted profile"),
                                importDestination(source),
                                QStringLiteral("CutLab profiles (*.json)"),
                                QStringLiteral("json"),
                                {}};
    const QString destination = SaveDialog::ask(m_window, request);
    return !destination.isEmpty() &&
           mayDiscard(QStringLiteral("importing %1").arg(QFileInfo(source).fileName())) &&
           importProfile(source, destination);
}

void FileActions::openNetworkDialog() {
    const QString path = QFileDialog::getOpenFileName(
        m_window, QStringLiteral("Open network"), m_recent->lastDirectory(),
        QStringLiteral("Networks (*.json *.csv);;All files (*)"));
    if (!path.isEmpty())
        openNetwork(path);
}

void FileActions::saveNetworkDialog() {
    const QString path = askSavePath(QStringLiteral("Save network"),
                                     QStringLiteral("CutLab network (*.json)"), "json", "network");
    if (!path.isEmpty())
        saveNetwork(path);
}

void FileActions::exportPlanDialog() {
    const QString path = askSavePath(QStringLiteral("Export plan"),
                                     QStringLiteral("CutLab plan (*.json)"), "json", "plan");
    if (!path.isEmpty())
        savePlanAs(path);
}

bool FileActions::savePlanAs(const QString& path) {
    if (!exportPlan(path))
        return false;
    m_planPath = path;
    m_document->markSaved();
    return true;
}

bool FileActions::savePlan() {
    QString path = m_planPath;
    if (path.isEmpty() || !QFileInfo(QFileInfo(path).absolutePath()).isDir())
        path = askSavePath(QStringLiteral("Save the plan"), QStringLiteral("CutLab plan (*.json)"),
                           "json", "plan");
    if (path.isEmpty() || !savePlanAs(path))
        return false;
    emit statusMessage(QStringLiteral("Plan saved to %1").arg(path), 5000);
    return true;
}

void FileActions::exportCsvDialog() {
    const QString path = askSavePath(QStringLiteral("Export layer table"),
                                     QStringLiteral("CSV (*.csv)"), "csv", "layers");
    if (!path.isEmpty())
        exportCsv(path);
}

void FileActions::exportChartDialog() {
    const QString path = askSavePath(
        QStringLiteral("Export chart"), QStringLiteral("PNG (*.png);;SVG (*.svg);;PDF (*.pdf)"),
        "png", ChartsPanel::fileStem(static_cast<ChartsPanel::Kind>(m_charts->currentKind())));
    if (!path.isEmpty())
        exportChart(m_charts->currentKind(), path);
}

void FileActions::exportGraphDialog() {
    const QString path =
        askSavePath(QStringLiteral("Export graph"),
                    QStringLiteral("PNG (*.png);;SVG (*.svg);;PDF (*.pdf)"), "png", "graph");
    if (!path.isEmpty())
        exportGraph(path);
}

void FileActions::exportReportDialog() {
    const QString a4 = QString::fromLatin1(kReportA4Filter);
    const QString letter = QString::fromLatin1(kReportLetterFilter);
    QString chosen = DocumentExporter::defaultPaper() == ReportPage::Paper::Letter ? letter : a4;
    const QString path =
        askSavePath(QStringLiteral("Export report"), a4 + ";;" + letter, "pdf", "report", &chosen);
    if (!path.isEmpty())
        exportReport(path, chosen == letter ? ReportPage::Paper::Letter : ReportPage::Paper::A4);
}

void FileActions::onOpenStarted(const QString& path) {
    m_openingPath = path;
    emit statusMessage(QStringLiteral("Opening %1…").arg(path));
}

void FileActions::onOpenFailed(const QString& path, const QString& message) {
    m_openingPath.clear();
    m_lastOpenFailed = true;
    emit statusMessage(QString(), 0);
    emit problem(QStringLiteral("Cannot open %1").arg(QFileInfo(path).fileName()),
                 QStringLiteral("%1:\n%2").arg(path, message));
}

// A background open ends: announce it like an open at once.
void FileActions::onProfileChanged() {
    m_planPath.clear(); // another model: its plan was never saved
    if (m_openingPath.isEmpty() || m_document->filePath() != m_openingPath)
        return;
    m_openingPath.clear();
    announceOpened(m_document->filePath());
}

bool FileActions::openProfile(const QString& path) {
    const QFileInfo info(path);
    if (info.isFile() && info.size() > kBackgroundOpenBytes) {
        m_lastOpenFailed = false;
        m_document->openProfileInBackground(path); // openStarted, then profileChanged or openFailed
        return true;
    }
    QString error;
    m_lastOpenFailed = !m_document->openProfile(path, &error);
    if (m_lastOpenFailed) {
        emit problem(QStringLiteral("Cannot open %1").arg(info.fileName()),
                     QStringLiteral("%1:\n%2").arg(path, error));
        return false;
    }
    announceOpened(path);
    return true;
}

void FileActions::announceOpened(const QString& path) {
    m_recent->add(path);
    emit statusMessage(QStringLiteral("Opened %1: %2 layers, %3 blocks")
                           .arg(path)
                           .arg(m_document->layerCount())
                           .arg(m_document->blockCount()),
                       5000);
}

bool FileActions::waitForOpen(int timeoutMs) {
    QElapsedTimer timer;
    timer.start();
    while (m_document->isOpening() && timer.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return !m_document->isOpening() && !m_lastOpenFailed && m_document->hasProfile();
}

bool FileActions::importProfile(const QString& source, const QString& destination) {
    m_importer->start(source, destination);
    emit statusMessage(QStringLiteral("Importing %1…").arg(source));
    switch (m_importer->waitForFinished()) {
    case ModelImportRunner::Outcome::Cancelled:
        emit statusMessage(QStringLiteral("Import of %1 cancelled").arg(source), 5000);
        return false;
    case ModelImportRunner::Outcome::Failed:
        emit problem(m_importer->errorTitle(), m_importer->errorText());
        return false;
    case ModelImportRunner::Outcome::Imported:
        break;
    }
    return openProfile(destination);
}

QString FileActions::importDestination(const QString& source) {
    const QFileInfo info(source);
    QString folder = info.absolutePath();
    if (!QFileInfo(folder).isWritable())
        folder = SaveNames::exportFolder();
    const QString stem = info.fileName() == QStringLiteral("graph.txt")
                             ? QDir(info.absolutePath()).dirName()
                             : info.completeBaseName();
    return SaveNames::freeName(folder, stem, QStringLiteral("json"));
}

bool FileActions::importFromUser(const QString& source) {
    if (!mayDiscard(QStringLiteral("importing %1").arg(QFileInfo(source).fileName())))
        return false;
    return importProfile(source, importDestination(source));
}

bool FileActions::openProfileOfPlan(const QString& planPath, const std::string& model,
                                    const std::string& recorded) {
    if (m_document->hasProfile() && model == m_document->profile().model.name)
        return true;
    const QString profile = Document::profilePathOfPlan(planPath, recorded);
    if (profile.isEmpty() ||
        (m_document->hasProfile() && !askOtherModel(QString::fromStdString(model), profile)))
        return true; // the plan's own checks say what does not match
    QString error;
    if (!m_document->openProfile(profile, &error)) {
        emit problem(QStringLiteral("Cannot open profile %1").arg(profile), error);
        return false;
    }
    announceOpened(profile);
    return true;
}

void FileActions::reportPlanProblem(const QString& path, const QString& error) {
    emit problem(QStringLiteral("Cannot open plan %1").arg(QFileInfo(path).fileName()),
                 QStringLiteral("%1:\n%2").arg(path, error));
}

bool FileActions::openPlan(const QString& path) {
    std::string readError;
    if (const auto text = core::readTextFile(path.toStdString(), readError);
        text && core::isTrainingPlanText(*text))
        return openTrainingPlan(path, *text);
    // A plan for another model: offer to open that model's profile with it.
    if (const auto loaded = core::loadPlanFile(path.toStdString());
        loaded.ok() && m_document->hasProfile() &&
        !openProfileOfPlan(path, loaded.plan->model, loaded.plan->profilePath))
        return false;
    QString error;
    if (!m_document->openPlan(path, &error)) {
        reportPlanProblem(path, error);
        return false;
    }
    planOpened(path, QStringLiteral("Plan restored from %1"));
    return true;
}

void FileActions::planOpened(const QString& path, const QString& message) {
    m_document->markSaved();
    m_planPath = path;
    emit statusMessage(message.arg(path), 5000);
}

bool FileActions::openTrainingPlan(const QString& path, const std::string& text) {
    const auto parsed = core::parseTrainingPlanFile(text);
    if (!parsed.ok()) {
        QStringList issues;
        for (const auto& issue : parsed.issues)
            issues << QString::fromStdString(issue.text());
        reportPlanProblem(path, issues.join('\n'));
        return false;
    }
    if (!m_trainingPlans) {
        reportPlanProblem(path, QStringLiteral("training plans open in the window only"));
        return false;
    }
    if (!openProfileOfPlan(path, parsed.plan->model, parsed.plan->profilePath))
        return false;
    QString error;
    if (m_document->hasProfile() && parsed.plan->model != m_document->profile().model.name)
        error = QStringLiteral("the plan is for model '%1', and '%2' is open")
                    .arg(QString::fromStdString(parsed.plan->model),
                         QString::fromStdString(m_document->profile().model.name));
    if (!error.isEmpty() || !m_trainingPlans->restore(*parsed.plan, &error)) {
        reportPlanProblem(path, error);
        return false;
    }
    planOpened(path, QStringLiteral("Training plan restored from %1"));
    return true;
}

bool FileActions::openNetwork(const QString& path) {
    QString error;
    if (!m_document->openNetwork(path, &error)) {
        emit problem(QStringLiteral("Cannot open network %1").arg(QFileInfo(path).fileName()),
                     QStringLiteral("%1:\n%2").arg(path, error));
        return false;
    }
    return true;
}

bool FileActions::saveNetwork(const QString& path) {
    QString error;
    if (!m_document->saveNetwork(path, &error)) {
        emit problem(QStringLiteral("Cannot save the network"), error);
        return false;
    }
    emit statusMessage(QStringLiteral("Network saved to %1").arg(path), 5000);
    return true;
}

bool FileActions::exportChart(int kind, const QString& path) {
    QString error;
    if (!m_document->hasProfile())
        error = QStringLiteral("Open a profile first.");
    else if (kind == ChartsPanel::Sweep && !m_sweep->isReady() && !m_sweep->waitForResult(30000))
        error = QStringLiteral("The sweep is not ready yet.");
    else if (kind == ChartsPanel::Energy && !m_charts->energy()->isReady() &&
             !m_charts->energy()->waitForResult(30000))
        error = QStringLiteral("The latency–energy plane is not ready yet.");
    if (error.isEmpty() &&
        ImageExporter::writeChart(path, m_charts->buildChart(static_cast<ChartsPanel::Kind>(kind)),
                                  QSizeF(900, 560), &error)) {
        emit statusMessage(QStringLiteral("Chart saved to %1").arg(path), 5000);
        return true;
    }
    emit problem(QStringLiteral("Cannot export the chart"), error);
    return false;
}

bool FileActions::exportGraph(const QString& path) {
    QString error;
    m_scene->completeNow(); // a large model may still be building
    if (m_document->hasProfile() && DocumentExporter::writeGraph(m_scene, path, &error))
        return true;
    emit problem(QStringLiteral("Cannot export the graph"),
                 error.isEmpty() ? QStringLiteral("Open a profile first.") : error);
    return false;
}

bool FileActions::exportPlan(const QString& path) {
    QString error;
    const QString profile = QFileInfo(m_document->filePath()).canonicalFilePath();
    if (!profile.isEmpty() && QFileInfo(path).canonicalFilePath() == profile) {
        emit problem(QStringLiteral("Cannot export the plan"),
                     QStringLiteral("%1 is the open profile: a plan never replaces it. Choose "
                                    "another name, such as %2.")
                         .arg(path, SaveNames::freeName(
                                        QFileInfo(path).absolutePath(),
                                        QFileInfo(path).completeBaseName() + "-plan", "json")));
        return false;
    }
    if (m_trainingPlans && m_trainingPlans->isActive()
            ? m_trainingPlans->write(path, &error)
            : PlanFileWriter::write(*m_document, path, &error))
        return true;
    emit problem(QStringLiteral("Cannot export the plan"), error);
    return false;
}

bool FileActions::exportCsv(const QString& path) {
    QString error;
    if (DocumentExporter::writeLayerCsv(*m_document, path, &error))
        return true;
    emit problem(QStringLiteral("Cannot export the table"), error);
    return false;
}

bool FileActions::exportReport(const QString& path, ReportPage::Paper paper) {
    QString error;
    m_scene->completeNow();
    if (DocumentExporter::writeReport(*m_document, *m_charts, path, &error, paper, reportPages()))
        return true;
    emit problem(QStringLiteral("Cannot export the report"), error);
    return false;
}

QString FileActions::askSavePath(const QString& title, const QString& filter, const QString& suffix,
                                 const QString& what, QString* selectedFilter) {
    // Exports start where the last export went, else in Documents: never in the (often
    // read-only) folder of the samples a profile came from.
    const QString model = m_document->hasProfile()
                              ? QString::fromStdString(m_document->profile().model.name)
                              : QString();
    SaveDialog::Request request{title, SaveNames::proposal(model, what, suffix), filter, suffix,
                                selectedFilter ? *selectedFilter : QString()};
    const QString path = SaveDialog::ask(m_window, request);
    if (selectedFilter)
        *selectedFilter = request.selectedFilter;
    return path;
}

} // namespace cutlab::ui
