// The `cutlab` program run as a user runs it: a --screenshot of a malformed profile fails at
// once, and unsaved work survives a killed session (autosave, then restore on the next start).
#include "../TestMain.h"
#include "UiTestSupport.h"

#include "ui/document/Autosave.h"
#include "ui/document/Document.h"
#include "ui/window/MainWindow.h"
#include "ui/window/PresentationWindow.h"

#include "core/io/PlanFile.h"

#include <QDirIterator>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_ui_app {

using namespace cutlab;
using namespace cutlab::ui;

namespace {

// Where a child `cutlab` keeps its data and settings: everything inside `root`.
QProcessEnvironment isolatedEnvironment(const QString& root) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    env.insert("HOME", root);
    env.insert("XDG_DATA_HOME", QDir(root).filePath("data"));
    env.insert("XDG_CONFIG_HOME", QDir(root).filePath("config"));
    env.insert("XDG_CACHE_HOME", QDir(root).filePath("cache"));
    return env;
}

// An edit of the cuts that always changes something (one undo step).
void editCuts(Document* doc) {
    PartitionState state = doc->state();
    state.deviceBoundary = 0;
    state.edgeBoundary = state.edgeBoundary == 1 ? 2 : 1;
    doc->changeState(state, "test edit");
}

QStringList autosavesUnder(const QString& root) {
    QStringList found;
    QDirIterator it(root, {"*.plan.json"}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        found << it.next();
    return found;
}

} // namespace

class TestUiApp : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { QCoreApplication::setOrganizationName("CutLabTest"); }

    void screenshotOfMalformedProfileFails_data() {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<QString>("expected");
        QTest::newRow("duplicate layer id") << "tests/data/bad/duplicate-layer-id.json"
                                            << "duplicate layer id 'a'";
        QTest::newRow("empty file") << "tests/data/bad/empty.json"
                                    << "the file is empty";
        QTest::newRow("missing file") << "tests/data/does-not-exist.json"
                                      << "does-not-exist.json";
    }

    // Exit status 2 with the reason on stderr, and no picture of a window without a profile.
    void screenshotOfMalformedProfileFails() {
        QFETCH(QString, profile);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString out = dir.filePath("shot.png");
        QProcess cutlab;
        cutlab.setProcessEnvironment(isolatedEnvironment(dir.path()));
        cutlab.start(CUTLAB_GUI_PATH, {"--screenshot", out, uiSourcePath(profile)});
        QVERIFY(
            cutlab.waitForFinished(120000)); // generous: the point is the exit status, not the time
        const QString err = QString::fromUtf8(cutlab.readAllStandardError());
        QCOMPARE(cutlab.exitStatus(), QProcess::NormalExit);
        QCOMPARE(cutlab.exitCode(), 2);
        QVERIFY2(err.contains(expected), qPrintable(err));
        QVERIFY(!QFileInfo::exists(out));
    }

    // A session edits the cuts and the network, is killed; the next window restores both.
    void killedSessionIsRestored() {
        QTemporaryDir root;
        const QString profile = uiSourcePath("sample_profiles/scission/vgg19.json");
        QProcess cutlab;
        cutlab.setProcessEnvironment(isolatedEnvironment(root.path()));
        cutlab.start(CUTLAB_GUI_PATH, {"--network", "4g", "--cuts", "3,7", profile});
        QVERIFY(cutlab.waitForStarted(30000));
        QTRY_VERIFY_WITH_TIMEOUT(autosavesUnder(root.path()).size() == 1 ||
                                     cutlab.state() == QProcess::NotRunning,
                                 60000);
        QVERIFY2(cutlab.state() == QProcess::Running, cutlab.readAllStandardError().constData());
        cutlab.kill();
        QVERIFY(cutlab.waitForFinished(30000));
        QCOMPARE(cutlab.exitStatus(), QProcess::CrashExit);

        const QStringList left = autosavesUnder(root.path());
        QCOMPARE(left.size(), 1);
        const QString autosave = left.front();
        const QString directory = QFileInfo(autosave).absolutePath();
        // autosaves hold absolute paths: only their owner may read them or list their folder
        QCOMPARE(QFileInfo(autosave).permissions(),
                 QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadUser |
                     QFileDevice::WriteUser);
        QCOMPARE(QFileInfo(directory).permissions(),
                 QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner |
                     QFileDevice::ReadUser | QFileDevice::WriteUser | QFileDevice::ExeUser);
        QVERIFY2(directory.startsWith(QDir(root.path()).filePath("data")),
                 qPrintable(directory)); // the user's data location
        // What was autosaved: the plan of the killed session.
        const auto saved = core::loadPlanFile(autosave.toStdString());
        QVERIFY(saved.ok());
        QCOMPARE(QString::fromStdString(saved.plan->profilePath),
                 QFileInfo(profile).absoluteFilePath());
        QCOMPARE(QString::fromStdString(saved.plan->network.name), QString("4g"));

        MainWindow window;
        window.setPersistent(false);
        window.autosave()->setDirectory(directory);
        window.autosave()->setEnabled(true);
        QStringList asked;
        window.setRestoreQuestion([&asked](const QString& description) {
            asked << description;
            return true; // Restore
        });
        window.setMessageSink([](const QString& title, const QString& text) {
            qWarning("%s: %s", qPrintable(title), qPrintable(text));
        });
        QVERIFY(window.restoreAutosave());
        QCOMPARE(asked.size(), 1);
        QVERIFY2(asked.front().contains("vgg19"), qPrintable(asked.front()));
        Document* doc = window.document();
        QVERIFY(doc->hasProfile());
        QCOMPARE(doc->filePath(), QFileInfo(profile).absoluteFilePath());
        QCOMPARE(doc->state().deviceBoundary, 3);
        QCOMPARE(doc->state().edgeBoundary, 7);
        QCOMPARE(QString::fromStdString(doc->network().name), QString("4g"));
        QCOMPARE(core::networkPreset("4g")->links.size(), doc->network().links.size());
        std::string reason;
        const auto placement = core::placementFromPlanFile(*saved.plan, doc->profile(), reason);
        QVERIFY2(placement.has_value(), reason.c_str());
        QCOMPARE(doc->placement().deviceEnd, placement->deviceEnd);
        QCOMPARE(doc->placement().edgeEnd, placement->edgeEnd);
        QCOMPARE(doc->placement().machine, placement->machine);
        QVERIFY(doc->isModified()); // restored work is still unsaved
        // The old session's autosave is gone; this window's own took over.
        QVERIFY(!QFileInfo::exists(autosave));
        QCOMPARE(autosavesUnder(root.path()), QStringList{window.autosave()->filePath()});
        // Nothing left to offer a second time.
        asked.clear();
        QVERIFY(!window.restoreAutosave());
        QVERIFY(asked.isEmpty());
    }

    // Discarding an offered autosave deletes it and restores nothing.
    void discardedAutosaveIsGone() {
        QTemporaryDir root;
        const QString stale = QDir(root.path()).filePath("999999999.plan.json");
        {
            MainWindow writer;
            writer.setPersistent(false);
            writer.autosave()->setDirectory(root.path());
            writer.autosave()->setEnabled(true);
            QString error;
            QVERIFY(writer.document()->openProfile(
                uiSourcePath("sample_profiles/scission/vgg19.json"), &error));
            editCuts(writer.document());
            QVERIFY2(writer.autosave()->writeNow(&error), qPrintable(error));
            QVERIFY(QFile::copy(writer.autosave()->filePath(),
                                stale)); // as if a session that is gone wrote it
        }
        MainWindow window;
        window.setPersistent(false);
        window.autosave()->setDirectory(root.path());
        window.autosave()->setEnabled(true);
        int asked = 0;
        window.setRestoreQuestion([&asked](const QString&) {
            ++asked;
            return false; // Discard
        });
        QVERIFY(!window.restoreAutosave());
        QCOMPARE(asked, 1);
        QVERIFY(!window.document()->hasProfile());
        QVERIFY(!QFileInfo::exists(stale));
    }

    // The autosave follows the document: written a moment after a change, removed when nothing is
    // unsaved any more and when the window closes cleanly.
    void cleanCloseRemovesAutosave() {
        QTemporaryDir root;
        MainWindow window;
        window.setPersistent(false);
        window.setUnsavedQuestion([](const QString&) { return QMessageBox::Discard; });
        window.autosave()->setDirectory(root.path());
        window.autosave()->setEnabled(true);
        window.autosave()->setDelayMs(200);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(
            window.files()->openProfile(uiSourcePath("sample_profiles/scission/resnet50.json")));
        const QString path = window.autosave()->filePath();
        QTest::qWait(600);
        QVERIFY(!QFileInfo::exists(path)); // nothing unsaved yet
        editCuts(window.document());
        QVERIFY(window.document()->isModified());
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(path), 20000);
        const auto saved = core::loadPlanFile(path.toStdString());
        QVERIFY(saved.ok());
        std::string reason;
        const auto placement =
            core::placementFromPlanFile(*saved.plan, window.document()->profile(), reason);
        QVERIFY(placement.has_value());
        QCOMPARE(placement->edgeEnd, window.document()->placement().edgeEnd);
        // Undo back to the saved state: nothing to lose, the autosave goes.
        window.document()->undoStack()->undo();
        QVERIFY(!window.document()->isModified());
        QTRY_VERIFY_WITH_TIMEOUT(!QFileInfo::exists(path), 20000);
        // Unsaved again, then a clean close (the user discards the changes).
        editCuts(window.document());
        QVERIFY(window.document()->isModified());
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(path), 20000);
        QVERIFY(window.close());
        QVERIFY(!QFileInfo::exists(path));
        QVERIFY(autosavesUnder(root.path()).isEmpty());
    }
};

CUTLAB_TEST_MAIN(TestUiApp, Gui)
} // namespace tst_ui_app

#include "tst_ui_app.moc"
