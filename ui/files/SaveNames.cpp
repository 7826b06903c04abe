#include "ui/files/SaveNames.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>

namespace cutlab::ui {
namespace {

constexpr const char* kLastExportKey = "lastExportDirectory";

QString safeStem(QString text) {
    static const QRegularExpression unsafe(QStringLiteral(R"([/\\:*?"<>|\x00-\x1f])"));
    text.replace(unsafe, QStringLiteral("_"));
    return text.trimmed().isEmpty() ? QStringLiteral("model") : text.trimmed();
}

} // namespace

QString SaveNames::exportFolder() {
    const QString last = QSettings().value(kLastExportKey).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (!documents.isEmpty() && QFileInfo(documents).isDir())
        return documents;
    return QDir::homePath();
}

void SaveNames::rememberExportFolder(const QString& writtenPath) {
    QSettings().setValue(kLastExportKey, QFileInfo(writtenPath).absolutePath());
}

QString SaveNames::freeName(const QString& folder, const QString& stem, const QString& suffix) {
    const QDir dir(folder);
    QString candidate = dir.filePath(stem + '.' + suffix);
    for (int k = 2; QFileInfo::exists(candidate) || QFileInfo(candidate).isSymLink(); ++k)
        candidate = dir.filePath(QStringLiteral("%1-%2.%3").arg(stem).arg(k).arg(suffix));
    return candidate;
}

QString SaveNames::proposal(const QString& model, const QString& what, const QString& suffix) {
    const QString stem = model.isEmpty() ? what : safeStem(model) + '-' + what;
    return freeName(exportFolder(), stem, suffix);
}

} // namespace cutlab::ui
