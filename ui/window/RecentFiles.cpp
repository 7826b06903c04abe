#include "ui/window/RecentFiles.h"

#include <QAction>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace cutlab::ui {

RecentFiles::RecentFiles(QMenu* menu, QObject* parent) : QObject(parent), m_menu(menu) {
    m_menu->setToolTipsVisible(true);
    rebuildMenu();
}

void RecentFiles::restore() {
    if (!m_persistent)
        return;
    QSettings settings;
    m_files = settings.value("recentFiles").toStringList();
    m_lastDirectory = settings.value("lastDirectory").toString();
    rebuildMenu();
}

void RecentFiles::add(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_files.removeAll(absolute);
    m_files.prepend(absolute);
    while (m_files.size() > kMax)
        m_files.removeLast();
    m_lastDirectory = QFileInfo(absolute).absolutePath();
    if (m_persistent) {
        QSettings settings;
        settings.setValue("recentFiles", m_files);
        settings.setValue("lastDirectory", m_lastDirectory);
    }
    rebuildMenu();
}

void RecentFiles::clear() {
    m_files.clear();
    if (m_persistent)
        QSettings().setValue("recentFiles", m_files);
    rebuildMenu();
}

void RecentFiles::rebuildMenu() {
    // Later, not now: the action being triggered (a recent file, Clear Recent) is among them.
    for (QAction* old : m_menu->actions()) {
        m_menu->removeAction(old);
        old->setObjectName(QString());
        old->setShortcuts({});
        old->deleteLater();
    }
    int index = 1;
    for (const QString& path : m_files) {
        auto* a =
            m_menu->addAction(QStringLiteral("&%1 %2").arg(index).arg(QFileInfo(path).fileName()));
        a->setObjectName(QStringLiteral("recent%1").arg(index));
        a->setToolTip(path);
        a->setShortcut(QKeySequence(QStringLiteral("Ctrl+%1").arg(index)));
        connect(a, &QAction::triggered, this, [this, path] { emit openRequested(path); });
        ++index;
    }
    if (m_files.isEmpty())
        m_menu->addAction(QStringLiteral("(none yet)"))->setEnabled(false);
    m_menu->addSeparator();
    auto* clear = m_menu->addAction(QStringLiteral("&Clear Recent"));
    clear->setObjectName("clearRecent");
    clear->setShortcut(QKeySequence(QStringLiteral("Ctrl+Shift+Backspace")));
    clear->setToolTip(QStringLiteral("Forget the recent files"));
    connect(clear, &QAction::triggered, this, &RecentFiles::clear);
}

} // namespace cutlab::ui
