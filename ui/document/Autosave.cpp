#include "ui/document/Autosave.h"

#include "ui/document/Document.h"
#include "ui/document/PlanFileWriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>

#include <algorithm>

namespace cutlab::ui {
namespace {

constexpr const char* kPlanSuffix = ".plan.json";

QString lockPathOf(const QString& planPath) {
    QString path = planPath;
    path.chop(static_cast<int>(qstrlen(kPlanSuffix)));
    return path + QStringLiteral(".lock");
}

} // namespace

Autosave::Autosave(Document* document, QObject* parent)
    : QObject(parent), m_document(document), m_directory(defaultDirectory()) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(2000);
    connect(&m_timer, &QTimer::timeout, this, [this] { writeNow(); });
    connect(m_document, &Document::modifiedChanged, this, &Autosave::schedule);
    connect(m_document, &Document::profileChanged, this, &Autosave::schedule);
    connect(m_document, &Document::stateChanged, this, &Autosave::schedule);
    connect(m_document, &Document::networkChanged, this, &Autosave::schedule);
    connect(m_document, &Document::inputBytesChanged, this, &Autosave::schedule);
}

Autosave::~Autosave() {
    remove();
}

QString Autosave::defaultDirectory() {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation))
        .filePath(QStringLiteral("autosave"));
}

void Autosave::setDirectory(const QString& directory) {
    if (directory == m_directory)
        return;
    remove();
    m_directory = directory;
    schedule();
}

QString Autosave::filePath() const {
    return QDir(m_directory)
        .filePath(QString::number(QCoreApplication::applicationPid()) + QLatin1String(kPlanSuffix));
}

void Autosave::setEnabled(bool enabled) {
    if (enabled == m_enabled)
        return;
    m_enabled = enabled;
    if (m_enabled)
        schedule();
    else
        remove();
}

void Autosave::schedule() {
    if (m_enabled)
        m_timer.start();
}

bool Autosave::ensureLocked() {
    if (m_lock)
        return true;
    if (!QDir().mkpath(m_directory))
        return false;
    // autosaves hold absolute paths: only their owner may list or read them
    QFile::setPermissions(m_directory,
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    auto lock = std::make_unique<QLockFile>(lockPathOf(filePath()));
    lock->setStaleLockTime(0);
    if (!lock->tryLock(0))
        return false;
    m_lock = std::move(lock);
    return true;
}

bool Autosave::writeNow(QString* error) {
    m_timer.stop();
    if (!m_enabled)
        return false;
    if (!m_document->hasProfile() || !m_document->isModified()) {
        remove();
        return true;
    }
    if (!ensureLocked()) {
        if (error)
            *error = QStringLiteral("Cannot lock the autosave in %1").arg(m_directory);
        return false;
    }
    // A plan that cannot be evaluated cannot be written: the last good autosave stays.
    if (!PlanFileWriter::write(*m_document, filePath(), error, core::FileAccess::OwnerOnly))
        return false;
    emit written(filePath());
    return true;
}

void Autosave::remove() {
    m_timer.stop();
    QFile::remove(filePath());
    if (m_lock) {
        m_lock->unlock();
        m_lock.reset();
    }
}

QStringList Autosave::orphans() {
    const QString own = filePath();
    QList<QFileInfo> found;
    const QDir dir(m_directory);
    for (const QFileInfo& info :
         dir.entryInfoList({QStringLiteral("*") + QLatin1String(kPlanSuffix)}, QDir::Files)) {
        const QString path = info.absoluteFilePath();
        if (path == QFileInfo(own).absoluteFilePath())
            continue;
        const bool claimed = std::any_of(m_claimed.begin(), m_claimed.end(),
                                         [&](const auto& c) { return c.first == path; });
        if (!claimed) {
            // Only a lock nobody alive holds can be taken: QLockFile removes a lock whose process
            // is gone.
            auto lock = std::make_shared<QLockFile>(lockPathOf(path));
            lock->setStaleLockTime(0);
            if (!lock->tryLock(0))
                continue; // its session still runs
            m_claimed.emplace_back(path, lock);
        }
        found << info;
    }
    std::sort(found.begin(), found.end(), [](const QFileInfo& a, const QFileInfo& b) {
        return a.lastModified() > b.lastModified();
    });
    QStringList paths;
    for (const QFileInfo& info : found)
        paths << info.absoluteFilePath();
    return paths;
}

void Autosave::forget(const QString& orphanPath) {
    QFile::remove(orphanPath);
    const auto it = std::find_if(m_claimed.begin(), m_claimed.end(),
                                 [&](const auto& c) { return c.first == orphanPath; });
    if (it != m_claimed.end()) {
        it->second->unlock();
        m_claimed.erase(it);
    } else {
        QFile::remove(lockPathOf(orphanPath));
    }
}

} // namespace cutlab::ui
