#pragma once

#include <QDir>
#include <QFileInfo>
#include <QString>

// Where the repository's data lives, for tests run from any build directory.
inline QString sourcePath(const QString& relative) {
    return QDir(QStringLiteral(CUTLAB_SOURCE_DIR)).filePath(relative);
}

#include <QDirIterator>
#include <QStringList>

// Every profile under sample_profiles/ (network files and language models' configs, *.config.json,
// left out), sorted.
inline QStringList sampleProfilePaths() {
    QStringList paths;
    QDirIterator it(sourcePath("sample_profiles"), {"*.json"}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString name = QFileInfo(path).fileName();
        if (!name.startsWith("network") && !name.endsWith(".config.json"))
            paths << path;
    }
    paths.sort();
    return paths;
}
