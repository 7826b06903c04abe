#include "ui/window/RunFiles.h"

#include "ui/window/RunComparisonDialog.h"

#include "core/io/JsonText.h"
#include "core/io/RunFile.h"
#include "core/plans/PlanRunComparison.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>

namespace cutlab::ui {

RunFiles::RunFiles(QWidget* window)
    : QObject(window), m_window(window), m_dialog(new RunComparisonDialog(window)) {
    m_planQuestion = [this](const QString& runPath, const QString& recorded) {
        return QFileDialog::getOpenFileName(m_window,
                                            QStringLiteral("Which plan did %1 run? (it names %2)")
                                                .arg(QFileInfo(runPath).fileName(), recorded),
                                            QFileInfo(runPath).absolutePath(),
                                            QStringLiteral("CutLab plans (*.json);;All files (*)"));
    };
}

RunFiles::~RunFiles() = default;

void RunFiles::openRunDialog(const QString& directory) {
    const QString path = QFileDialog::getOpenFileName(
        m_window, QStringLiteral("Open a measured run"), directory,
        QStringLiteral("Runs of cutlab-run-split (*.json);;All files (*)"));
    if (!path.isEmpty())
        openRun(path);
}

// The plan the run names: as written (absolute, or relative to where the run was made, which
// is often this folder), else beside the run file; empty when neither exists.
QString RunFiles::recordedPlan(const QString& runPath, const core::RunRecord& run) const {
    const QString recorded = QString::fromStdString(run.planFile);
    const QDir runFolder = QFileInfo(runPath).absoluteDir();
    for (const QString& candidate : {recorded, runFolder.filePath(recorded),
                                     runFolder.filePath(QFileInfo(recorded).fileName())})
        if (!candidate.isEmpty() && QFileInfo(candidate).isFile())
            return candidate;
    return {};
}

bool RunFiles::openRun(const QString& runPath, const QString& planPath) {
    const QString title = QStringLiteral("Cannot compare %1").arg(QFileInfo(runPath).fileName());
    try {
        const core::RunRecord run = core::readRunFile(runPath.toStdString());
        QString plan = planPath.isEmpty() ? recordedPlan(runPath, run) : planPath;
        if (plan.isEmpty())
            plan = m_planQuestion(runPath, QString::fromStdString(run.planFile));
        if (plan.isEmpty()) {
            emit problem(title, QStringLiteral("The plan it ran (%1) was not found beside it; no "
                                               "plan was chosen.")
                                    .arg(QString::fromStdString(run.planFile)));
            return false;
        }
        std::string error;
        const auto text = core::readTextFile(plan.toStdString(), error);
        if (!text) {
            emit problem(title, QString::fromStdString(error));
            return false;
        }
        m_dialog->show(core::comparePlanWithRun(*text, run), plan, runPath);
        emit opened(runPath);
        return true;
    } catch (const core::RunFileError& refused) {
        emit problem(title, QString::fromStdString(refused.what()));
    } catch (const core::PlanRunMismatch& mismatch) {
        emit problem(title, QString::fromStdString(mismatch.what()));
    }
    return false;
}

} // namespace cutlab::ui
