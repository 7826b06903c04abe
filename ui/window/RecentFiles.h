#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace cutlab::ui {

// The recent profiles of File ▸ Open Recent (Ctrl+1…9, Clear Recent) and the folder file dialogs
// start in, kept in QSettings unless persistence is off.
class RecentFiles : public QObject {
    Q_OBJECT
  public:
    static constexpr int kMax = 9;

    // Fills `menu` (which stays owned by its parent) and keeps it up to date.
    explicit RecentFiles(QMenu* menu, QObject* parent = nullptr);

    QMenu* menu() const { return m_menu; }
    QStringList files() const { return m_files; }
    QString lastDirectory() const { return m_lastDirectory; }
    // Don't read or write QSettings.
    void setPersistent(bool persistent) { m_persistent = persistent; }
    // Reads the list and the last folder from QSettings.
    void restore();

  public slots:
    // Puts `path` (made absolute) first and remembers its folder.
    void add(const QString& path);
    void clear();

  signals:
    void openRequested(const QString& path);

  private:
    void rebuildMenu();

    QMenu* m_menu;
    QStringList m_files;
    QString m_lastDirectory;
    bool m_persistent = true;
};

} // namespace cutlab::ui
