#include "ui/window/TrainingPlanFiles.h"

#include "ui/document/Document.h"
#include "ui/training/TrainingDocument.h"
#include "ui/training/TrainingPanel.h"
#include "ui/training/TrainingPlanDocument.h"

#include "core/io/AtomicFile.h"

#include <QComboBox>

namespace cutlab::ui {

TrainingPlanFiles::TrainingPlanFiles(Document* document, TrainingPanel* training,
                                     std::function<bool()> trainingShown,
                                     std::function<void()> showTraining)
    : m_document(document), m_training(training), m_trainingShown(std::move(trainingShown)),
      m_showTraining(std::move(showTraining)) {}

bool TrainingPlanFiles::write(const QString& path, QString* error) const {
    auto doc = m_training->planDocument(error);
    if (!doc)
        return false;
    (*doc)["profile"] = m_document->filePath().toStdString();
    try {
        core::writeFileAtomically(path.toStdString(), doc->dump(2) + "\n", "the plan",
                                  core::FileAccess::Shared);
    } catch (const core::FileWriteError& failure) {
        *error =
            QStringLiteral("Could not write %1: %2").arg(path, QString::fromUtf8(failure.what()));
        return false;
    }
    return true;
}

bool TrainingPlanFiles::restore(const core::TrainingPlanFileContent& plan, QString* error) {
    if (!m_document->hasProfile()) {
        *error = QStringLiteral("Open the profile of model '%1' first.")
                     .arg(QString::fromStdString(plan.model));
        return false;
    }
    const QString planner = QString::fromStdString(plan.planner);
    if (m_training->plannerBox()->findData(planner) < 0) {
        *error = QStringLiteral("Unknown training planner '%1'.").arg(planner);
        return false;
    }
    const auto settings = TrainingPlanDocument::settingsOf(plan, m_document->profile(), error);
    if (!settings)
        return false;
    m_document->setNetwork(plan.network); // the Training mode follows (its stages reset)
    m_training->document()->restore(*settings);
    m_showTraining();
    return true;
}

} // namespace cutlab::ui
