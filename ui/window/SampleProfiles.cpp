#include "ui/window/SampleProfiles.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

namespace cutlab::ui {

QStringList SampleProfiles::candidateDirectories() {
    QStringList dirs;
    const QString fromEnvironment = qEnvironmentVariable("CUTLAB_SAMPLES");
    if (!fromEnvironment.isEmpty())
        dirs << fromEnvironment;
    const QString app = QCoreApplication::applicationDirPath();
    dirs << QDir(app).filePath(QStringLiteral("../share/cutlab/sample_profiles"))
         << QDir(app).filePath(QStringLiteral("sample_profiles"));
#ifdef CUTLAB_SOURCE_SAMPLES
    dirs << QStringLiteral(CUTLAB_SOURCE_SAMPLES);
#endif
    dirs << QDir(app).filePath(QStringLiteral("../../sample_profiles"))
         << QDir(app).filePath(QStringLiteral("../../../sample_profiles"));
    return dirs;
}

const QStringList& SampleProfiles::featured() {
    static const QStringList paths{QStringLiteral("scission/vgg19.json"),
                                   QStringLiteral("scission/resnet50.json"),
                                   QStringLiteral("scission/mobilenetv2.json"),
                                   QStringLiteral("scission/densenet121.json"),
                                   QStringLiteral("scission/inception_v3.json"),
                                   QStringLiteral("torch/resnet18.json"),
                                   QStringLiteral("hiertrain/alexnet-tinyimagenet.json"),
                                   QStringLiteral("pipedream/vgg16.json"),
                                   QStringLiteral("handmade/tiny-branching.json")};
    return paths;
}

QString SampleProfiles::directory() {
    for (const QString& dir : candidateDirectories())
        if (QFileInfo(dir).isDir())
            return QDir(dir).canonicalPath();
    return QString();
}

QStringList SampleProfiles::traces() {
    const QDir dir(QDir(directory()).filePath(QStringLiteral("traces")));
    QStringList paths;
    for (const QString& name :
         dir.entryList({QStringLiteral("*.up"), QStringLiteral("*.down")}, QDir::Files))
        paths << dir.filePath(name);
    return paths;
}

QStringList SampleProfiles::files() {
    const QString dir = directory();
    if (dir.isEmpty())
        return {};
    QStringList result;
    QDirIterator it(dir, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QByteArray head = file.read(400);
        if (head.contains("\"cutlab-profile\""))
            result << path;
    }
    result.sort();
    return result;
}

} // namespace cutlab::ui
