#pragma once

#include "core/plans/PlanRunComparison.h"

#include <QDialog>

class QLabel;
class QTableWidget;

namespace cutlab::ui {

// A plan against a measured run of it (File ▸ Open Run; core/plans/PlanRunComparison.h): one
// row per segment and transfer in the order a frame meets them, then the whole frame, with the
// predicted and measured ms, the error and its likely explanation, as `cutlab-cli compare`
// prints them.
class RunComparisonDialog : public QDialog {
    Q_OBJECT
  public:
    explicit RunComparisonDialog(QWidget* parent = nullptr);
    void show(const core::PlanRunComparison& comparison, const QString& planPath,
              const QString& runPath);
    QTableWidget* table() const { return m_table; }
    QLabel* summary() const { return m_summary; }

  private:
    void fillRow(int row, const core::ComparedItem& item);
    QLabel* m_summary;
    QTableWidget* m_table;
};

} // namespace cutlab::ui
