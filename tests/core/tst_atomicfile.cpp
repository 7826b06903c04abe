// core::writeFileAtomically, the one way every output is written: only regular files (a FIFO, a
// directory, a device or a link to one is refused and left as it was), links to regular files
// followed, owner-only files for autosaves, temporary files of dead writers removed, and the
// system's reason in the message.
#include "../TestMain.h"
#include "core/io/AtomicFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_atomicfile {

using cutlab::core::FileAccess;
using cutlab::core::FileWriteError;
using cutlab::core::writeFileAtomically;

namespace {

QByteArray contents(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>");
}

// The message of a refused write, or "" when it was written.
QString refusal(const QString& path, FileAccess access = FileAccess::Shared) {
    try {
        writeFileAtomically(path.toStdString(), "new", "the file", access);
    } catch (const FileWriteError& error) {
        return QString::fromUtf8(error.what());
    }
    return {};
}

mode_t modeOf(const QString& path) {
    struct stat info {};
    ::stat(path.toLocal8Bit().constData(), &info);
    return info.st_mode & 07777;
}

} // namespace

class TestAtomicFile : public QObject {
    Q_OBJECT
  private slots:
    void writesAndReplaces() {
        QTemporaryDir dir;
        const QString path = dir.filePath("out.json");
        QCOMPARE(refusal(path), QString());
        QCOMPARE(contents(path), QByteArray("new"));
        QVERIFY(::chmod(path.toLocal8Bit().constData(), 0640) == 0);
        writeFileAtomically(path.toStdString(), "again");
        QCOMPARE(contents(path), QByteArray("again"));
        QCOMPARE(modeOf(path), mode_t(0640)); // the replaced file's mode is kept
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden).size(), 1);
    }

    void refusesWhatIsNotARegularFile_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("message");
        QTest::newRow("FIFO") << "fifo"
                              << "is a FIFO (named pipe), not a regular file";
        QTest::newRow("directory") << "directory"
                                   << "is a directory, not a regular file";
        QTest::newRow("link to a device") << "device link"
                                          << "is a symbolic link to a device, not a regular file";
        QTest::newRow("link to a FIFO")
            << "fifo link"
            << "is a symbolic link to a FIFO (named pipe), not a regular file";
    }
    void refusesWhatIsNotARegularFile() {
        QFETCH(QString, kind);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString fifo = dir.filePath("pipe");
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        QString target = dir.filePath("target");
        if (kind == "fifo")
            target = fifo;
        else if (kind == "directory")
            QVERIFY(QDir().mkdir(target));
        else
            QVERIFY(QFile::link(kind == "fifo link" ? fifo : QString("/dev/null"), target));
        QCOMPARE(refusal(target), message + ": CutLab writes only regular files");
        QVERIFY(!QFileInfo(fifo).isFile());
        QVERIFY(!QFileInfo("/dev/null").isFile()); // still the device
        // nothing was left beside it
        const QStringList left =
            QDir(dir.path())
                .entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot | QDir::System);
        QCOMPARE(left.size(), kind == "fifo" ? 1 : 2);
    }

    void followsALinkToARegularFile() {
        QTemporaryDir dir;
        const QString real = dir.filePath("real.json");
        const QString link = dir.filePath("link.json");
        writeFileAtomically(real.toStdString(), "old");
        QVERIFY(QFile::link(real, link));
        writeFileAtomically(link.toStdString(), "new");
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(contents(real), QByteArray("new"));
    }

    // Autosaves hold absolute paths: only their owner may read them, even when a readable file
    // was there before.
    void ownerOnlyFilesArePrivate() {
        QTemporaryDir dir;
        const QString path = dir.filePath("autosave.json");
        writeFileAtomically(path.toStdString(), "old");
        QVERIFY(::chmod(path.toLocal8Bit().constData(), 0644) == 0);
        QCOMPARE(refusal(path, FileAccess::OwnerOnly), QString());
        QCOMPARE(modeOf(path), mode_t(0600));
    }

    // A writer killed mid-write leaves ".NAME.cutlab-PID-XXXXXX": the next write to NAME
    // removes those of processes that are gone, not those of running ones.
    void removesTemporariesOfDeadWriters() {
        QTemporaryDir dir;
        const QString dead = dir.filePath(".out.json.cutlab-2147483646-AbCdEf");
        const QString alive = dir.filePath(".out.json.cutlab-1-AbCdEf"); // init runs
        const QString other = dir.filePath(".other.json.cutlab-2147483646-AbCdEf");
        for (const QString& path : {dead, alive, other}) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
        }
        writeFileAtomically(dir.filePath("out.json").toStdString(), "new");
        QVERIFY(!QFile::exists(dead));
        QVERIFY(QFile::exists(alive));
        QVERIFY(QFile::exists(other));
    }

    // The system's reason is named: a missing folder, a full disk.
    void namesTheReason() {
        QTemporaryDir dir;
        QVERIFY(refusal(dir.filePath("missing/out.json")).endsWith("(No such file or directory)"));
        const QString small = dir.filePath("small");
        QVERIFY(QDir().mkdir(small));
        if (QProcess::execute("mount", {"-t", "tmpfs", "-o", "size=16k", "tmpfs", small}) != 0)
            QSKIP("cannot mount a small tmpfs here to fill");
        std::string big(64 * 1024, 'x');
        QString message;
        try {
            writeFileAtomically(QDir(small).filePath("big.json").toStdString(), big, "the profile");
        } catch (const FileWriteError& error) {
            message = QString::fromUtf8(error.what());
        }
        const QStringList left = QDir(small).entryList(QDir::Files | QDir::Hidden);
        QProcess::execute("umount", {small});
        QCOMPARE(message, QString("cannot write the profile (No space left on device)"));
        QVERIFY(left.isEmpty()); // the partial temporary file is gone
    }
};

CUTLAB_TEST_MAIN(TestAtomicFile, Guiless)
} // namespace tst_atomicfile

#include "tst_atomicfile.moc"
