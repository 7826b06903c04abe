#pragma once

#include <QDir>
#include <QString>

// Where the repository's data lives, for tests run from any build directory.
inline QString sourcePath(const QString& relative) {
    return QDir(QStringLiteral(CUTLAB_SOURCE_DIR)).filePath(relative);
}
