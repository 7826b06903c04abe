#pragma once

#include <QObject>
#include <QString>

#include <functional>

class QWidget;

namespace cutlab::core {
struct RunRecord;
}

namespace cutlab::ui {

class RunComparisonDialog;

// File ▸ Open Run: reads a `cutlab-run` file (tools/cutlab-run-split), finds the plan it ran
// and shows the plan against the run (RunComparisonDialog). Problems are reported, never
// shown half.
class RunFiles : public QObject {
    Q_OBJECT
  public:
    explicit RunFiles(QWidget* window);
    ~RunFiles() override;

    // Asked for the plan when the run's `plan.file` is found neither as written nor beside the
    // run: the run's path and the name it records; an empty answer cancels. A file dialog by
    // default.
    using PlanQuestion = std::function<QString(const QString& runPath, const QString& recorded)>;
    void setPlanQuestion(PlanQuestion question) { m_planQuestion = std::move(question); }

    void openRunDialog(const QString& directory);
    // Compares the run with `planPath`, or with the plan it records when empty; true when the
    // comparison is shown.
    bool openRun(const QString& runPath, const QString& planPath = {});
    RunComparisonDialog* dialog() const { return m_dialog; }

  signals:
    void problem(const QString& title, const QString& text);
    void opened(const QString& runPath);

  private:
    QString recordedPlan(const QString& runPath, const core::RunRecord& run) const;
    QWidget* m_window;
    RunComparisonDialog* m_dialog;
    PlanQuestion m_planQuestion;
};

} // namespace cutlab::ui
