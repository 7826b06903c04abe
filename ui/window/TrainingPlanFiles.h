#pragma once

#include "core/plans/TrainingPlanFile.h"

#include <QString>

#include <functional>

namespace cutlab::ui {

class Document;
class TrainingPanel;

// Export Plan and Open Plan for the Training mode: writes the plan on screen as a `cutlab-plan`
// training document (with the profile's path), and restores one into the Training mode.
class TrainingPlanFiles {
  public:
    TrainingPlanFiles(Document* document, TrainingPanel* training,
                      std::function<bool()> trainingShown, std::function<void()> showTraining);

    // The Training mode is on screen: Export Plan writes its plan.
    bool isActive() const { return m_trainingShown(); }
    // Atomic, onto regular files only; false with `error` set.
    bool write(const QString& path, QString* error) const;
    // Applies a plan (its network to the document, its settings to the Training mode, which is
    // shown); the document must hold the plan's model. False with `error` set.
    bool restore(const core::TrainingPlanFileContent& plan, QString* error);

  private:
    Document* m_document;
    TrainingPanel* m_training;
    std::function<bool()> m_trainingShown;
    std::function<void()> m_showTraining;
};

} // namespace cutlab::ui
