// The code map holds: every `#include "..."` of a project header under core/, ui/ and app/ points
// along an arrow that docs/architecture.md's table "Allowed includes" allows, and the core
// includes no Qt header. Reads the sources and the table; links nothing of the project.
#include "../TestMain.h"
#include "../TestPaths.h"

#include <QDirIterator>
#include <QFile>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_includes {

#ifndef Q_MOC_RUN // moc misreads the raw strings below; it needs none of this
namespace {

using Table = QMap<QString, QStringList>; // room -> what it may include (patterns)

// "core/io/JsonText.h" -> "core/io"; "app/gui_main.cpp" -> "app".
QString roomOf(const QString& path) {
    const QStringList parts = path.split('/');
    return parts.size() > 2 ? parts[0] + '/' + parts[1] : parts[0];
}

Table allowedIncludes() {
    QFile file(sourcePath("docs/architecture.md"));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    const QString text = QString::fromUtf8(file.readAll());
    const qsizetype start = text.indexOf("## Allowed includes");
    const qsizetype end = text.indexOf("\n## ", start + 1);
    Table table;
    static const QRegularExpression row(R"(^\| `([a-z/]+)` \| (.*) \|$)");
    for (const QString& line : text.mid(start, end - start).split('\n')) {
        const auto match = row.match(line);
        if (!match.hasMatch())
            continue;
        QStringList targets;
        for (QString target : match.captured(2).split(',')) {
            target = target.trimmed().remove('`');
            if (!target.isEmpty() && target != "—")
                targets << target;
        }
        table.insert(match.captured(1), targets);
    }
    return table;
}

bool allows(const QStringList& patterns, const QString& target) {
    for (const QString& pattern : patterns)
        if (pattern == target || (pattern.endsWith("/*") && target.startsWith(pattern.chopped(1))))
            return true;
    return false;
}

// Every project include of the sources under core/, ui/ and app/: "file:line: target".
QList<QPair<QString, QString>> projectIncludes(QStringList* qtInCore) {
    static const QRegularExpression include(R"(^\s*#\s*include\s*([<"])([^">]+)[">])");
    QList<QPair<QString, QString>> found;
    for (const char* top : {"core", "ui", "app"}) {
        QDirIterator files(sourcePath(top), {"*.h", "*.cpp"}, QDir::Files,
                           QDirIterator::Subdirectories);
        while (files.hasNext()) {
            const QString path = files.next();
            const QString relative = QDir(sourcePath(".")).relativeFilePath(path);
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
                continue;
            int number = 0;
            for (const QString& line : QString::fromUtf8(file.readAll()).split('\n')) {
                ++number;
                const auto match = include.match(line);
                if (!match.hasMatch())
                    continue;
                const QString target = match.captured(2);
                const QString where = relative + ':' + QString::number(number);
                if (match.captured(1) == "\"" && target.contains('/'))
                    found.append({where, target});
                else if (relative.startsWith("core/") && target.startsWith('Q'))
                    *qtInCore << where + ": " + target;
            }
        }
    }
    return found;
}

} // namespace
#endif

class TestIncludes : public QObject {
    Q_OBJECT
  private slots:
    // The README is for users and stays short (the code map ends it); figures and studies live
    // in docs/.
    void readmeStaysShort() {
        QFile file(sourcePath("README.md"));
        QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
        const qsizetype lines = file.readAll().count('\n');
        QVERIFY2(lines <= 250, qPrintable(QString("README.md has %1 lines").arg(lines)));
    }
    void tableCoversEveryRoom() {
        const Table table = allowedIncludes();
        QVERIFY2(table.size() >= 19, "docs/architecture.md has no 'Allowed includes' table");
        QStringList missing;
        QStringList qt;
        for (const auto& [where, target] : projectIncludes(&qt)) {
            const QString room = roomOf(where.section(':', 0, 0));
            if (!table.contains(room) && !missing.contains(room))
                missing << room;
        }
        QVERIFY2(missing.isEmpty(), qPrintable("rooms not in the table: " + missing.join(", ")));
    }

    void everyIncludeFollowsTheTable() {
        const Table table = allowedIncludes();
        QStringList against, qtInCore;
        int checked = 0;
        for (const auto& [where, target] : projectIncludes(&qtInCore)) {
            const QString room = roomOf(where.section(':', 0, 0));
            const QString to = roomOf(target);
            if (!to.startsWith("core") && !to.startsWith("ui") && !to.startsWith("app"))
                continue;
            ++checked;
            if (to != room && !allows(table.value(room), to))
                against << QStringLiteral("%1: %2 -> %3 (%4)").arg(where, room, to, target);
        }
        QVERIFY(checked > 500);
        QVERIFY2(against.isEmpty(),
                 qPrintable("arrows docs/architecture.md does not allow:\n" + against.join('\n')));
        QVERIFY2(qtInCore.isEmpty(), qPrintable("Qt in the core:\n" + qtInCore.join('\n')));
    }
};

CUTLAB_TEST_MAIN(TestIncludes, Guiless)
} // namespace tst_includes

#include "tst_includes.moc"
