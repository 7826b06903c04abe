#include "ui/window/ShortcutsDialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace cutlab::ui {
namespace {

QString plain(QString text) {
    return text.remove(QLatin1Char('&')).remove(QStringLiteral("…"));
}

// The commands of a menu and its submenus that have keys: {menu path, command, keys}.
void collect(const QMenu* menu, const QString& path, QList<QStringList>& rows) {
    for (QAction* action : menu->actions()) {
        if (action->menu()) {
            collect(action->menu(), path + QStringLiteral(" ▸ ") + plain(action->text()), rows);
            continue;
        }
        if (action->isSeparator() || action->shortcuts().isEmpty())
            continue;
        QStringList keys;
        for (const QKeySequence& key : action->shortcuts())
            keys << key.toString(QKeySequence::NativeText);
        rows.append({path, plain(action->text()), keys.join(QStringLiteral("  or  "))});
    }
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QMenuBar* menus, QWidget* parent)
    : QDialog(parent), m_table(new QTableWidget(this)) {
    setWindowTitle(QStringLiteral("Keyboard Shortcuts"));
    QList<QStringList> rows;
    for (QAction* top : menus->actions())
        if (top->menu())
            collect(top->menu(), plain(top->text()), rows);
    m_table->setColumnCount(3);
    m_table->setHorizontalHeaderLabels(
        {QStringLiteral("Menu"), QStringLiteral("Command"), QStringLiteral("Keys")});
    m_table->setRowCount(static_cast<int>(rows.size()));
    for (int row = 0; row < rows.size(); ++row)
        for (int column = 0; column < 3; ++column)
            m_table->setItem(row, column, new QTableWidgetItem(rows[row][column]));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->resizeColumnsToContents();
    auto* notes = new QLabel(
        QStringLiteral("In the graph: drag a cut handle, or click it and use the arrow keys. In "
                       "presentation mode: → Space PageDown next, ← PageUp back, Home and End "
                       "first and last, Esc leaves."),
        this);
    notes->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_table, 1);
    layout->addWidget(notes);
    layout->addWidget(buttons);
    resize(640, 560);
}

} // namespace cutlab::ui
