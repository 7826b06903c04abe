#pragma once

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <memory>

class QLockFile;

namespace cutlab::ui {

class Document;

// Keeps a copy of the open document's unsaved plan so that a crash loses nothing: a
// `cutlab-plan` JSON (cuts, machines, network, input size and the profile's path) in the user's
// data location, written atomically a short time after each change and removed when the document
// has nothing unsaved or the session ends cleanly. Each session owns `<pid>.plan.json` and holds
// `<pid>.lock` while it runs; a plan whose lock is stale was left by a session that died.
class Autosave : public QObject {
    Q_OBJECT
  public:
    explicit Autosave(Document* document, QObject* parent = nullptr);
    ~Autosave() override; // a clean end: the session's autosave goes

    // AppLocalDataLocation/autosave unless set (tests).
    static QString defaultDirectory();
    QString directory() const { return m_directory; }
    void setDirectory(const QString& directory);
    QString filePath() const;

    bool isEnabled() const { return m_enabled; }
    void setEnabled(bool enabled); // disabling removes this session's autosave
    int delayMs() const { return m_timer.interval(); }
    void setDelayMs(int ms) { m_timer.setInterval(ms); }

    // Writes the plan now (or removes the file when nothing is unsaved); false when it could not.
    bool writeNow(QString* error = nullptr);
    void remove();

    // Autosaves of sessions that are gone, newest first. Their locks are taken over by this
    // session until forget() (so that two windows never restore the same one).
    QStringList orphans();
    void forget(const QString& orphanPath);

  signals:
    void written(const QString& path);

  private:
    void schedule();
    bool ensureLocked();

    Document* m_document;
    QString m_directory;
    QTimer m_timer;
    bool m_enabled = true;
    std::unique_ptr<QLockFile> m_lock;
    std::vector<std::pair<QString, std::shared_ptr<QLockFile>>> m_claimed;
};

} // namespace cutlab::ui
