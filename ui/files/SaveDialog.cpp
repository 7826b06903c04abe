#include "ui/files/SaveDialog.h"

#include "ui/files/SaveNames.h"

#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QMessageBox>

namespace cutlab::ui {
namespace {

SaveDialog::Chooser& chooser() {
    static SaveDialog::Chooser instance;
    return instance;
}

SaveDialog::ReplaceQuestion& replaceQuestion() {
    static SaveDialog::ReplaceQuestion instance;
    return instance;
}

QString fileDialog(QWidget* parent, SaveDialog::Request& request) {
    return QFileDialog::getSaveFileName(parent, request.title, request.proposedPath, request.filter,
                                        &request.selectedFilter, QFileDialog::DontConfirmOverwrite);
}

bool askToReplace(QWidget* parent, const QString& title, const QString& question) {
    if (replaceQuestion())
        return replaceQuestion()(question);
    return QMessageBox::question(parent, title, question, QMessageBox::Yes | QMessageBox::Cancel,
                                 QMessageBox::Cancel) == QMessageBox::Yes;
}

// What a JSON document of CutLab's is, from its format and model fields.
QString describeJson(const QJsonObject& root) {
    const QString format = root.value(QStringLiteral("format")).toString();
    const QJsonObject model = root.value(QStringLiteral("model")).toObject();
    const QString name = model.isEmpty() ? root.value(QStringLiteral("model")).toString()
                                         : model.value(QStringLiteral("name")).toString();
    if (format == QLatin1String("cutlab-profile"))
        return QStringLiteral("a CutLab profile of model '%1' (%2 layers, %3 machines)")
            .arg(name)
            .arg(root.value(QStringLiteral("layers")).toArray().size())
            .arg(root.value(QStringLiteral("machines")).toArray().size());
    if (format == QLatin1String("cutlab-plan"))
        return QStringLiteral("a CutLab plan for model '%1'").arg(name);
    if (format == QLatin1String("cutlab-network"))
        return QStringLiteral("a CutLab network");
    return {};
}

} // namespace

QString SaveDialog::describeExisting(const QString& path) {
    const QFileInfo info(path);
    const QString size = QLocale().formattedDataSize(info.size());
    QString what;
    if (info.suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0 &&
        info.size() < 64 * 1024 * 1024) {
        QFile file(path);
        if (file.open(QIODevice::ReadOnly))
            what = describeJson(QJsonDocument::fromJson(file.readAll()).object());
    }
    if (what.isEmpty())
        what = QStringLiteral("a file");
    return QStringLiteral("%1 is %2, %3, last changed %4.")
        .arg(info.fileName(), what, size,
             QLocale().toString(info.lastModified(), QLocale::ShortFormat));
}

QString SaveDialog::ask(QWidget* parent, Request& request) {
    QString path = chooser() ? chooser()(request) : fileDialog(parent, request);
    if (path.isEmpty())
        return {};
    if (QFileInfo(path).suffix().isEmpty() && !request.suffix.isEmpty())
        path += '.' + request.suffix;
    if (QFileInfo::exists(path) &&
        !askToReplace(parent, request.title,
                      describeExisting(path) + QStringLiteral(" Replace it?")))
        return {};
    SaveNames::rememberExportFolder(path);
    return path;
}

void SaveDialog::setChooser(Chooser instance) {
    chooser() = std::move(instance);
}

void SaveDialog::setReplaceQuestion(ReplaceQuestion question) {
    replaceQuestion() = std::move(question);
}

} // namespace cutlab::ui
