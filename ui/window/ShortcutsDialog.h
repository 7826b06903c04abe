#pragma once

#include <QDialog>

class QMenuBar;
class QTableWidget;

namespace cutlab::ui {

// Help ▸ Keyboard Shortcuts: every command of the window's menus that has keys, with its menu
// and its keys, read from the menus themselves so the list is never out of date.
class ShortcutsDialog : public QDialog {
    Q_OBJECT
  public:
    explicit ShortcutsDialog(const QMenuBar* menus, QWidget* parent = nullptr);
    QTableWidget* table() const { return m_table; }

  private:
    QTableWidget* m_table;
};

} // namespace cutlab::ui
