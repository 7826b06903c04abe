// The window driven like a user: real mouse events on the graph viewport, the planner table,
// exports read back, and every malformed profile of tests/data/bad/.
#include "../TestMain.h"
#include "UiTestSupport.h"
#include "WindowFixture.h"

#include "ui/charts/BreakdownChartBuilder.h"
#include "ui/charts/ExplainText.h"
#include "ui/charts/Format.h"
#include "ui/document/Document.h"
#include "ui/graph/CutMarkerItem.h"
#include "ui/graph/GraphScene.h"
#include "ui/graph/GraphView.h"
#include "ui/panels/ChartsPanel.h"
#include "ui/panels/ExplainPanel.h"
#include "ui/panels/GraphPanel.h"
#include "ui/panels/InspectorPanel.h"
#include "ui/panels/LinkEditor.h"
#include "ui/panels/PlannerPanel.h"
#include "ui/panels/SettingsPanel.h"
#include "ui/panels/SweepController.h"
#include "ui/training/TimeChartCanvas.h"
#include "ui/training/TrainingPanel.h"
#include "ui/window/GuideDialog.h"
#include "ui/window/MainWindow.h"
#include "ui/window/MainWindowActions.h"
#include "ui/window/ModelImportRunner.h"
#include "ui/window/PresentationWindow.h"
#include "ui/window/ShortcutsDialog.h"

#include "core/inference/InferenceCostModel.h"
#include "core/io/NetworkFile.h"
#include "core/io/PlanFile.h"
#include "core/planners/InferencePlanner.h"
#include "core/planners/IterationPlanner.h"
#include "core/training/HierTrainPlanner.h"
#include "core/training/TrainingResult.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QMouseEvent>
#include <QPrinter>
#include <QProcess>
#include <QProgressDialog>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyleOptionButton>
#include <QSvgRenderer>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QThread>
#include <QTimer>
#include <QToolBar>
#include <QTreeWidget>
#include <QUndoStack>
#include <QUrl>
#include <QXmlStreamReader>
#include <QtTest>

#include <cmath>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_ui_window {

using namespace cutlab;
using namespace cutlab::ui;

class TestUiWindow : public QObject {
    Q_OBJECT
  private:
    WindowFixture m_fixture;
    const QStringList& m_messages = m_fixture.messages();

    MainWindow* openWindow(const QString& profile) { return m_fixture.open(profile); }

    static void sendMouse(QWidget* viewport, QEvent::Type type, QPoint at,
                          Qt::MouseButtons buttons) {
        const QPointF global = viewport->mapToGlobal(QPointF(at));
        QMouseEvent event(type, QPointF(at), global, Qt::LeftButton, buttons, Qt::NoModifier);
        QApplication::sendEvent(viewport, &event);
    }

    // Drags a handle with real mouse events to a scene coordinate on the main axis.
    static void dragHandle(GraphView* view, CutMarkerItem* marker, double targetMain) {
        const QPointF grip = marker->gripScenePos();
        const QPointF target(targetMain, grip.y());
        view->setZoom(0.5);
        view->centerOn(QPointF((grip.x() + target.x()) / 2, grip.y()));
        QApplication::processEvents();
        QWidget* viewport = view->viewport();
        const QPoint start = view->mapFromScene(grip);
        const QPoint end = view->mapFromScene(target);
        QTest::mouseMove(viewport, start);
        sendMouse(viewport, QEvent::MouseButtonPress, start, Qt::LeftButton);
        const int steps = 12;
        for (int i = 1; i <= steps; ++i) {
            const QPoint at = start + (end - start) * i / steps;
            sendMouse(viewport, QEvent::MouseMove, at, Qt::LeftButton);
        }
        sendMouse(viewport, QEvent::MouseButtonRelease, end, Qt::NoButton);
        QApplication::processEvents();
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("CutLabTest");
    }

    // The inspector says each machine's memory, or that it is unknown, as the planners use it.
    void inspectorSaysEachMachinesMemory() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/estimated/resnet18.json"));
        QVERIFY(window);
        QTreeWidget* tree = window->inspector()->tree();
        QStringList rows;
        for (QTreeWidgetItem* item :
             tree->findItems(QStringLiteral("*"), Qt::MatchWildcard | Qt::MatchRecursive))
            rows << item->text(0) + QLatin1Char('=') + item->text(1);
        QVERIFY2(rows.filter(QStringLiteral("jetson-nano=device · memory 4.00 GiB · ")).size() == 1,
                 qPrintable(rows.join('\n')));
        QVERIFY(rows.filter(QStringLiteral("i7-6700k=edge · memory unknown · ")).size() == 1);
        QVERIFY(rows.filter(QStringLiteral("v100=cloud · memory 16.00 GiB · ")).size() == 1);
    }

    void trainingModeFollowsTheDocument() {
        MainWindow* window =
            openWindow(uiSourcePath("sample_profiles/hiertrain/alexnet-tinyimagenet.json"));
        QVERIFY(window);
        QVERIFY(window->files()->openNetwork(
            uiSourcePath("sample_profiles/hiertrain/network-hiertrain.json")));
        auto* charts = window->findChild<QDockWidget*>("chartsDock");
        QVERIFY(charts && charts->isVisible());
        window->action("trainingMode")->trigger();
        QCOMPARE(window->mode(), MainWindow::Mode::Training);
        QVERIFY(!charts->isVisible()); // inference docks step aside
        QVERIFY(window->training()->isVisible());
        // The panel plans the window's profile on the window's network, as the core does.
        const auto& profile = window->document()->profile();
        const auto& network = window->document()->network();
        const core::TrainingCostModel model(profile, network, core::trainingMachines(profile));
        const double expected = core::runIterationPlanner("hiertrain", model, 128).iterationMs();
        QTRY_VERIFY_WITH_TIMEOUT(!window->training()->isPlanning(), 60000);
        QVERIFY(window->training()->trainingResult().has_value());
        QCOMPARE(window->training()->trainingResult()->iterationMs(), expected);
        // A network change in the settings re-plans the training view.
        QVERIFY(window->files()->openNetwork("3g"));
        const auto& slower = window->document()->network();
        QCOMPARE(QString::fromStdString(slower.name), QString("3g"));
        const core::TrainingCostModel model3g(profile, slower, core::trainingMachines(profile));
        QTRY_VERIFY_WITH_TIMEOUT(!window->training()->isPlanning(), 60000);
        QCOMPARE(window->training()->trainingResult()->iterationMs(),
                 core::runIterationPlanner("hiertrain", model3g, 128).iterationMs());
        window->action("inferenceMode")->trigger();
        QCOMPARE(window->mode(), MainWindow::Mode::Inference);
        QVERIFY(charts->isVisible());
    }

    // Edit ▸ Undo (Ctrl+Z) acts on the mode in view: a training setting in Training mode, the
    // inference cuts in Inference mode, never the hidden one. Dark mode reaches the training views.
    void undoFollowsTheModeInView() {
        MainWindow* window =
            openWindow(uiSourcePath("sample_profiles/hiertrain/alexnet-tinyimagenet.json"));
        QVERIFY(window);
        window->show();
        QApplication::setActiveWindow(window);
        QVERIFY(QTest::qWaitForWindowActive(window));
        Document* doc = window->document();
        doc->changeState({0, 0, doc->state().machines}, "start");
        window->action("deviceCutRight")->trigger();
        const int movedCut = doc->state().deviceBoundary;
        QCOMPARE(movedCut, 1);
        window->action("trainingMode")->trigger();
        TrainingPanel* training = window->training();
        QComboBox* planners = training->plannerBox();
        const QString before = training->planner();
        planners->setCurrentIndex(planners->findData(QStringLiteral("all-edge")));
        QCOMPARE(training->planner(), QStringLiteral("all-edge"));
        QTest::keyClick(window, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(training->planner(), before);                   // the training change is undone
        QCOMPARE(doc->state().deviceBoundary, movedCut);         // the hidden inference plan is not
        QTest::keyClick(window, Qt::Key_Y, Qt::ControlModifier); // Redo
        QCOMPARE(training->planner(), QStringLiteral("all-edge"));
        QTest::keyClick(window, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(training->planner(), before);
        QTest::keyClick(window, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier); // Redo
        QCOMPARE(training->planner(), QStringLiteral("all-edge"));
        window->action("inferenceMode")->trigger();
        QTest::keyClick(window, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(doc->state().deviceBoundary, 0);
        QCOMPARE(training->planner(), QStringLiteral("all-edge"));
        QVERIFY(!training->isDark());
        window->setDark(true);
        QVERIFY(training->isDark());
        window->setDark(false);
        QVERIFY(!training->isDark());
    }

    // Opening a profile or a plan over unsaved changes asks first, whatever way it comes (dialog,
    // recent file, sample, drag and drop); Cancel keeps everything.
    void openAsksAboutUnsavedChanges() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        int asked = 0;
        QString question;
        QMessageBox::StandardButton answer = QMessageBox::Cancel;
        window->setUnsavedQuestion([&](const QString& text) {
            ++asked;
            question = text;
            return answer;
        });
        const QString other = uiSourcePath("sample_profiles/scission/resnet50.json");
        // nothing to lose: no question
        QVERIFY(window->files()->openProfileFromUser(other));
        QCOMPARE(asked, 0);
        Document* doc = window->document();
        window->action("deviceCutRight")->trigger();
        QVERIFY(doc->isModified());
        // nothing was ever saved: the prompt does not speak of a last save
        QCOMPARE(window->unsavedDetail(),
                 QString("The cuts, the network or the training settings changed since the "
                         "profile was opened, and no plan has been saved yet."));
        QTemporaryDir saved;
        QVERIFY(window->files()->savePlanAs(saved.filePath("mine.json")));
        window->action("deviceCutRight")->trigger();
        QCOMPARE(window->unsavedDetail(),
                 QString("The cuts, the network or the training settings changed since the plan "
                         "was last saved to mine.json."));
        const int cut = doc->state().deviceBoundary;
        QVERIFY(!window->files()->openProfileFromUser(
            uiSourcePath("sample_profiles/scission/vgg19.json")));
        QCOMPARE(asked, 1);
        QCOMPARE(question, QString("Save your plan (to mine.json) before opening vgg19.json?"));
        QCOMPARE(QString::fromStdString(doc->profile().model.name), QString("resnet50"));
        QCOMPARE(doc->state().deviceBoundary, cut);
        QVERIFY(window->windowTitle().contains(" *"));
        // dropped on the window: the same question
        auto* mime = new QMimeData;
        mime->setUrls({QUrl::fromLocalFile(uiSourcePath("sample_profiles/scission/vgg19.json"))});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(window, &drop);
        QVERIFY(drop.isAccepted());
        delete mime;
        QCOMPARE(asked, 2);
        QCOMPARE(QString::fromStdString(doc->profile().model.name), QString("resnet50"));
        // Discard: the new profile opens
        answer = QMessageBox::Discard;
        QVERIFY(window->files()->openProfileFromUser(
            uiSourcePath("sample_profiles/scission/vgg19.json")));
        QCOMPARE(asked, 3);
        QCOMPARE(QString::fromStdString(doc->profile().model.name), QString("vgg19"));
        QVERIFY(!doc->isModified());
    }

    // An ONNX model dropped on the window is imported beside it on a worker, with a progress
    // dialog up meanwhile, and opens with its estimated machines; a second drop of the same
    // model does not overwrite the first profile; a broken model is one message, no file.
    void droppingAnOnnxModelImportsIt() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/handmade/tiny-linear.json"));
        QVERIFY(window);
        QTemporaryDir dir;
        const QString model = dir.filePath("residual.onnx");
        QVERIFY(QFile::copy(uiSourcePath("tests/data/onnx/residual.onnx"), model));
        auto drop = [window](const QString& path) {
            QMimeData mime;
            mime.setUrls({QUrl::fromLocalFile(path)});
            QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton,
                                  Qt::NoModifier);
            QApplication::sendEvent(window, &enter);
            if (!enter.isAccepted())
                return false;
            QDropEvent event(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton,
                             Qt::NoModifier);
            QApplication::sendEvent(window, &event);
            return event.isAccepted();
        };
        // the progress dialog shown (a Show event seen, however fast the import)
        struct ShowWatch : QObject {
            bool seen = false;
            bool eventFilter(QObject* object, QEvent* event) override {
                if (event->type() == QEvent::Show && qobject_cast<QProgressDialog*>(object))
                    seen = true;
                return false;
            }
        } watch;
        qApp->installEventFilter(&watch);
        const bool accepted = drop(model);
        qApp->removeEventFilter(&watch);
        const bool dialogSeen = watch.seen;
        QVERIFY2(accepted, qPrintable(m_messages.join('\n')));
        QVERIFY(dialogSeen);
        QVERIFY(!window->files()->importer()->progressDialog()->isVisible());
        QVERIFY2(m_messages.isEmpty(), qPrintable(m_messages.join('\n')));
        QVERIFY(window->files()->waitForOpen());
        Document* doc = window->document();
        QCOMPARE(QString::fromStdString(doc->profile().model.name), QString("residual"));
        QCOMPARE(doc->layerCount(), 7);
        QCOMPARE(doc->profile().machines.size(), std::size_t(3));
        QVERIFY(QFileInfo::exists(dir.filePath("residual.json")));
        QVERIFY(drop(model));
        QVERIFY(QFileInfo::exists(dir.filePath("residual-2.json")));
        // broken: one message naming the file, nothing written
        const QString broken = dir.filePath("broken.onnx");
        QVERIFY(QFile::copy(uiSourcePath("tests/data/onnx/truncated.onnx"), broken));
        QVERIFY(drop(broken));
        QCOMPARE(m_messages.size(), 1);
        QVERIFY2(m_messages.front().contains("broken.onnx") &&
                     m_messages.front().contains("truncated"),
                 qPrintable(m_messages.front()));
        QVERIFY(!QFileInfo::exists(dir.filePath("broken.json")));
        QCOMPARE(doc->layerCount(), 7);
    }

    // A model that crashes the ONNX library (here a stand-in worker that dies of SIGSEGV, as
    // libonnx did on malformed Reshape, Split, Scan and ConvTranspose models) is one message;
    // the window keeps running with its document and unsaved edits as they were.
    void aCrashingModelLeavesTheWindowAsItWas() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/handmade/tiny-linear.json"));
        QVERIFY(window);
        Document* doc = window->document();
        auto state = doc->state();
        state.deviceBoundary = 2;
        doc->changeState(state, QStringLiteral("Move the cuts"));
        QVERIFY(doc->isModified());
        const auto before = doc->state();
        QTemporaryDir dir;
        const QString worker = dir.filePath("worker.sh");
        QFile script(worker);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("#!/bin/sh\nkill -SEGV $$\n");
        script.close();
        QVERIFY(QFile::setPermissions(worker, QFile::ReadOwner | QFile::ExeOwner));
        const QByteArray realWorker = qgetenv("CUTLAB_IMPORT_WORKER");
        qputenv("CUTLAB_IMPORT_WORKER", worker.toLocal8Bit());
        const QString model = dir.filePath("crash.onnx");
        QVERIFY(QFile::copy(uiSourcePath("tests/data/onnx/residual.onnx"), model));
        ModelImportRunner* importer = window->files()->importer();
        importer->start(model, dir.filePath("crash.json"));
        const auto outcome = importer->waitForFinished();
        qputenv("CUTLAB_IMPORT_WORKER", realWorker);
        QCOMPARE(outcome, ModelImportRunner::Outcome::Failed);
        QVERIFY2(importer->errorText().contains(
                     "crash.onnx: error: the ONNX library crashed on this model (signal 11, "
                     "Segmentation fault): the file is malformed or unsupported"),
                 qPrintable(importer->errorText()));
        QVERIFY(!QFileInfo::exists(dir.filePath("crash.json")));
        QCOMPARE(QString::fromStdString(doc->profile().model.name), QString("tiny-linear"));
        QVERIFY(doc->isModified());
        QVERIFY(doc->state() == before);
        QVERIFY(window->isEnabled());
    }

    // Cancel stops an import: nothing is written, the open document stays.
    void cancellingAnImportWritesNothing() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/handmade/tiny-linear.json"));
        QVERIFY(window);
        QTemporaryDir dir;
        const QString destination = dir.filePath("residual.json");
        ModelImportRunner* importer = window->files()->importer();
        const int layers = window->document()->layerCount();
        importer->start(uiSourcePath("tests/data/onnx/residual.onnx"), destination);
        QVERIFY(importer->progressDialog()->isVisible());
        QTest::mouseClick(importer->progressDialog()->findChild<QPushButton*>(), Qt::LeftButton);
        QCOMPARE(importer->waitForFinished(), ModelImportRunner::Outcome::Cancelled);
        QVERIFY(!importer->progressDialog()->isVisible());
        QTest::qWait(200); // the worker has seen the flag (or finished and been dropped)
        QVERIFY(!QFileInfo::exists(destination));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList());
        QCOMPARE(window->document()->layerCount(), layers);
        QVERIFY(m_messages.isEmpty());

        // a Cancel after the worker has finished, before the window took the result: still
        // nothing (the GUI thread sleeps, so the result waits in its queue)
        importer->start(uiSourcePath("tests/data/onnx/residual.onnx"), destination);
        QThread::msleep(1500);
        QTest::mouseClick(importer->progressDialog()->findChild<QPushButton*>(), Qt::LeftButton);
        QCOMPARE(importer->waitForFinished(), ModelImportRunner::Outcome::Cancelled);
        QTest::qWait(200);
        QVERIFY(!QFileInfo::exists(destination));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList());
        QCOMPARE(window->document()->layerCount(), layers);
        QVERIFY(m_messages.isEmpty());
    }

    // Training mode shows no inference plan, so no key may change it there: the cut moves, the
    // planner and the graph's commands are off until Inference mode is back; the unsaved mark
    // stays in the title.
    void eachModeActsOnWhatItShows() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        window->show();
        QApplication::setActiveWindow(window);
        QVERIFY(QTest::qWaitForWindowActive(window));
        Document* doc = window->document();
        doc->changeState({2, 4, doc->state().machines}, "start");
        QTest::keyClick(window, Qt::Key_Right, Qt::AltModifier);
        QCOMPARE(doc->state().deviceBoundary, 3);
        QVERIFY(window->windowTitle().endsWith(" * — CutLab") ||
                window->windowTitle().contains(" *"));
        window->setMode(MainWindow::Mode::Training);
        for (const char* name :
             {"deviceCutRight", "edgeCutRight", "applyBest", "find", "exportPlan", "presentation"})
            QVERIFY2(!window->action(name)->isEnabled(), name);
        QVERIFY(window->action("runPlanner")->isEnabled()); // plans the training view again
        QTest::keyClick(window, Qt::Key_Right, Qt::AltModifier);
        QTest::keyClick(window, Qt::Key_Right, Qt::ControlModifier);
        QTest::keyClick(window, Qt::Key_B, Qt::ControlModifier);
        QCOMPARE(doc->state().deviceBoundary, 3);
        QCOMPARE(doc->state().edgeBoundary, 4);
        QVERIFY(window->windowTitle().contains(" *"));
        window->setMode(MainWindow::Mode::Inference);
        QVERIFY(window->action("deviceCutRight")->isEnabled());
        QTest::keyClick(window, Qt::Key_Right, Qt::ControlModifier); // the edge|cloud cut
        QCOMPARE(doc->state().edgeBoundary, 5);
        // The graph's scene stayed active across both switches (its view hid and showed without
        // visiting every item): a click on a cut handle still gives it the keyboard.
        QVERIFY(window->scene()->isActive());
        GraphView* view = window->graphPanel()->view();
        CutMarkerItem* marker = window->scene()->marker(CutHandle::DeviceEdge);
        const QPoint grip = view->mapFromScene(marker->sceneBoundingRect().center());
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, grip);
        QCOMPARE(window->scene()->focusItem(), marker);
        QTest::keyClick(view->viewport(), Qt::Key_Right);
        QCOMPARE(doc->state().deviceBoundary, 4);
        window->setMode(MainWindow::Mode::Training);
        QVERIFY(window->scene()->isActive());
        window->setMode(MainWindow::Mode::Inference);
        QTest::keyClick(view->viewport(), Qt::Key_Left);
        QCOMPARE(doc->state().deviceBoundary, 3);
    }

    // F1 opens a short guide (not About); Help ▸ Keyboard Shortcuts lists every command with
    // keys, read from the menus.
    void helpOpensTheGuideAndTheShortcuts() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        window->show();
        QApplication::setActiveWindow(window);
        QVERIFY(QTest::qWaitForWindowActive(window));
        QTest::keyClick(window, Qt::Key_F1);
        GuideDialog* guide = window->findChild<GuideDialog*>();
        QVERIFY(guide && guide->isVisible());
        const QString text = guide->browser()->toPlainText();
        for (const char* words : {"Sample Profiles", "drop a file", "Apply Best Plan", "Training",
                                  "Keyboard Shortcuts"})
            QVERIFY2(text.contains(QLatin1String(words)), words);
        guide->close();
        window->action("shortcuts")->trigger();
        ShortcutsDialog* shortcuts = window->findChild<ShortcutsDialog*>();
        QVERIFY(shortcuts && shortcuts->isVisible());
        QTableWidget* table = shortcuts->table();
        QMap<QString, QString> keysOf;
        for (int row = 0; row < table->rowCount(); ++row)
            keysOf[table->item(row, 1)->text()] = table->item(row, 2)->text();
        int withKeys = 0;
        for (QAction* action : window->allActions())
            withKeys += !action->shortcut().isEmpty();
        QCOMPARE(table->rowCount(), withKeys);
        QCOMPARE(keysOf.value("Apply Best Plan"),
                 QKeySequence("Ctrl+B").toString(QKeySequence::NativeText));
        QCOMPARE(keysOf.value("Getting Started"),
                 QKeySequence(QKeySequence::HelpContents).toString(QKeySequence::NativeText));
        QVERIFY(keysOf.value("Redo").contains(
            QKeySequence("Ctrl+Y").toString(QKeySequence::NativeText)));
        QVERIFY(window->action("about")->shortcut().isEmpty());
        shortcuts->close();
    }

    // A network with a long name does not widen the Setting dock (the name is elided, whole in
    // the tooltip); the bandwidth slider moves in round steps on a log scale.
    void settingPanelStaysUsable() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        window->show();
        SettingsPanel* settings = window->settingsPanel();
        const int widthBefore = settings->minimumSizeHint().width();
        const QString longName(300, QLatin1Char('N'));
        QTemporaryDir dir;
        const QString path = dir.filePath("long.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QStringLiteral(R"({"format": "cutlab-network", "version": 1, "name": "%1",
            "links": [{"from": "device", "to": "cloud", "bandwidth_mbps": 12.4,
                       "latency_ms": 20}]})")
                       .arg(longName)
                       .toUtf8());
        file.close();
        QVERIFY(window->files()->openNetwork(path));
        QCOMPARE(QString::fromStdString(window->document()->network().name), longName);
        QVERIFY(settings->networkNameLabel()->text().contains(QStringLiteral("…")));
        QVERIFY(settings->networkNameLabel()->toolTip().contains(longName));
        QVERIFY(settings->minimumSizeHint().width() <= widthBefore + 10);
        auto* dock = window->findChild<QDockWidget*>("settingsDock");
        QVERIFY(dock);
        QVERIFY(dock->width() < 500);
        // round steps: from 12.4 Mbps the slider's next step down is 10, then 5, 2, 1
        LinkEditor* uplink = settings->findChild<LinkEditor*>();
        QVERIFY(uplink);
        uplink->setLink(12.4, 20, true);
        QSlider* slider = uplink->bandwidthSlider();
        QList<double> seen;
        for (int i = 0; i < 4; ++i) {
            slider->triggerAction(QAbstractSlider::SliderSingleStepSub);
            seen << uplink->bandwidth();
        }
        QCOMPARE(seen, QList<double>({5, 2, 1, 0.5}));
    }

    // A plan made for another model offers to open that model's profile (the plan records its
    // path); declined, the open model stays and the message says why.
    void planForAnotherModelOffersItsProfile() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        Document* doc = window->document();
        doc->changeState({3, 7, doc->state().machines}, "plan");
        QTemporaryDir dir;
        const QString plan = dir.filePath("vgg19-plan.json");
        QVERIFY(window->files()->exportPlan(plan));
        QVERIFY(
            window->files()->openProfile(uiSourcePath("sample_profiles/scission/resnet50.json")));
        QStringList asked;
        bool accept = false;
        window->files()->setOtherModelQuestion([&](const QString& model, const QString& profile) {
            asked << model << QFileInfo(profile).fileName();
            return accept;
        });
        QStringList problems;
        window->setMessageSink([&](const QString& title, const QString&) { problems << title; });
        QVERIFY(!window->files()->openPlan(plan));
        QCOMPARE(asked, QStringList({"vgg19", "vgg19.json"}));
        QCOMPARE(QString::fromStdString(doc->profile().model.name), QString("resnet50"));
        QCOMPARE(problems.size(), 1);
        accept = true;
        QVERIFY(window->files()->openPlan(plan));
        QCOMPARE(QString::fromStdString(doc->profile().model.name), QString("vgg19"));
        QCOMPARE(doc->state().deviceBoundary, 3);
        QCOMPARE(doc->state().edgeBoundary, 7);
    }

    // The planner panel speaks the window's language ("layer 11 (#10) on the edge", not the
    // command line's "--pin 11@edge"), never moves its Run button when its message changes, and
    // never leaves old figures selected after the network changed: they turn grey and re-rank.
    void plannerPanelKeepsItsPlaceAndItsWord() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        window->show();
        PlannerPanel* planner = window->planner();
        planner->pinsEdit()->setText("#10@edge, !#10@edge");
        planner->run();
        QTRY_VERIFY_WITH_TIMEOUT(!planner->isRunning(), 20000);
        const QString message = planner->status()->text();
        QVERIFY2(message.contains("layer 11 (#10) on the edge"), qPrintable(message));
        QVERIFY2(!message.contains("--"), qPrintable(message));
        const int buttonY = planner->runButton()->mapTo(planner, QPoint(0, 0)).y();
        planner->pinsEdit()->clear();
        planner->run();
        QTRY_VERIFY_WITH_TIMEOUT(!planner->isRunning() && !planner->plans().empty(), 20000);
        QCOMPARE(planner->runButton()->mapTo(planner, QPoint(0, 0)).y(), buttonY);
        planner->table()->selectRow(1);
        Document* doc = window->document();
        doc->setTierLink(core::Tier::Device, core::Tier::Cloud, 0.03, 20);
        QVERIFY(planner->isStale());
        QVERIFY(planner->table()->selectionModel()->selectedRows().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(!planner->isStale() && !planner->isRunning(), 20000);
        const core::InferenceCostModel model(doc->profile(), doc->network());
        core::InferenceQuery query;
        query.top = planner->topBox()->value();
        const auto expected = core::runInferencePlanner("scission", model, query);
        QCOMPARE(planner->plans().front().evaluation.totalMs, expected.front().evaluation.totalMs);
    }

    // At 1280×800 the window fits the screen with its status bar, the toolbar shows Best Plan and
    // Present, and the Settings panel shows its machines and input without scrolling. With no
    // profile the graph says how to start.
    void firstContactFitsA1280x800Screen() {
        MainWindow* empty = openWindow(QString());
        QVERIFY(empty);
        const QString hint = empty->graphPanel()->summaryLabel()->text();
        for (const char* words : {"Open Profile", "Sample Profiles", "drop"})
            QVERIFY2(hint.contains(QLatin1String(words)), qPrintable(hint));
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        window->resize(1280, 800);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        QVERIFY(window->minimumSizeHint().height() <= 800);
        QCOMPARE(window->size(), QSize(1280, 800));
        QStatusBar* status = window->statusBar();
        QVERIFY(status->isVisible());
        QVERIFY(status->geometry().bottom() < window->height());
        QToolBar* tools = window->graphPanel()->toolBar();
        for (QAction* action : {window->action("applyBest"), window->action("presentation")}) {
            QWidget* button = tools->widgetForAction(action);
            QVERIFY(button && button->isVisible());
            QVERIFY(tools->rect().contains(button->geometry()));
        }
        auto* settingsDock = window->findChild<QDockWidget*>("settingsDock");
        QVERIFY(settingsDock);
        auto* scroll = settingsDock->findChild<QScrollArea*>();
        QVERIFY(scroll);
        QApplication::processEvents();
        QCOMPARE(scroll->verticalScrollBar()->maximum(), 0); // nothing hidden below
    }

    // Explain names a link "3g" only where it is the preset's own uplink; the edge→cloud
    // backhaul is "the edge→cloud link", and a changed uplink is no longer "3g".
    void explainNamesEachLinkHonestly() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        Document* doc = window->document();
        QVERIFY(window->files()->openNetwork("3g"));
        doc->changeState({2, 6, doc->state().machines}, "three tiers");
        const core::InferenceCostModel model(doc->profile(), doc->network());
        QString text = ExplainText::sentence(model, doc->evaluation());
        QVERIFY2(text.contains("over 3g"), qPrintable(text));
        QVERIFY2(text.contains("over the edge→cloud link"), qPrintable(text));
        QVERIFY2(!text.contains(QRegularExpression("send [^+]* over 3g")), qPrintable(text));
        doc->setTierLink(core::Tier::Device, core::Tier::Edge, 0.03, 67);
        const core::InferenceCostModel slow(doc->profile(), doc->network());
        text = ExplainText::sentence(slow, doc->evaluation());
        QVERIFY2(!text.contains("over 3g"), qPrintable(text));
        QVERIFY2(text.contains("over the device→edge link"), qPrintable(text));
    }

    // The first run opens maximised (the status bar of a 1280x800 screen stays on it); the next
    // run restores the window as it was left.
    void firstRunOpensMaximisedThenRemembers() {
        QSettings().remove("geometry");
        QSettings().remove("windowState");
        {
            MainWindow first;
            first.restoreSettings();
            QVERIFY(first.isFirstRun());
            first.showForUser();
            QVERIFY(QTest::qWaitForWindowExposed(&first));
            QVERIFY(first.windowState() & Qt::WindowMaximized);
            first.close(); // saves the geometry
        }
        {
            MainWindow next;
            next.restoreSettings();
            QVERIFY(!next.isFirstRun());
            next.showForUser();
            QVERIFY(QTest::qWaitForWindowExposed(&next));
            QVERIFY(next.windowState() & Qt::WindowMaximized); // as it was left
            next.showNormal();
            next.resize(1000, 700);
            next.close();
        }
        MainWindow third;
        third.restoreSettings();
        third.showForUser();
        QVERIFY(QTest::qWaitForWindowExposed(&third));
        QVERIFY(!(third.windowState() & Qt::WindowMaximized));
        QCOMPARE(third.size(), QSize(1000, 700));
        third.setPersistent(false);
        third.close();
        QSettings().remove("geometry");
        QSettings().remove("windowState");
    }

    // A dock shown in Training mode (its Alt+N: the Inspector) is there again after a restart with
    // the same settings; Inference mode keeps its own docks.
    void trainingRemembersTheDocksShownThere() {
        QSettings().remove("windowState");
        QSettings().remove("trainingDocks");
        {
            MainWindow first;
            first.restoreSettings();
            QVERIFY(first.files()->openProfile(
                uiSourcePath("sample_profiles/hiertrain/alexnet-tinyimagenet.json")));
            first.showForUser();
            QVERIFY(QTest::qWaitForWindowExposed(&first));
            first.action("trainingMode")->trigger();
            auto* inspector = first.findChild<QDockWidget*>("inspectorDock");
            QVERIFY(inspector && !inspector->isVisible());
            first.activateWindow();
            QVERIFY(QTest::qWaitForWindowActive(&first));
            // the View menu's shortcut for the Inspector, pressed
            QTest::keySequence(&first, first.action("toggle_inspectorDock")->shortcut());
            QVERIFY(inspector->isVisible());
            first.close(); // saves the settings
        }
        MainWindow next;
        next.restoreSettings();
        QVERIFY(next.files()->openProfile(
            uiSourcePath("sample_profiles/hiertrain/alexnet-tinyimagenet.json")));
        next.showForUser();
        QVERIFY(QTest::qWaitForWindowExposed(&next));
        QVERIFY(next.action("trainingMode")->isChecked());
        QVERIFY(next.findChild<QDockWidget*>("inspectorDock")->isVisible());
        next.setPersistent(false);
        next.close();
        QSettings().remove("windowState");
        QSettings().remove("trainingDocks");
        QSettings().remove("trainingMode");
    }

    // File ▸ Export Report offers A4 and US Letter; the file has the paper chosen in the dialog
    // (read back with pdfinfo).
    void exportReportDialogOffersBothPapers() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        QTemporaryDir dir;
        for (const char* filter :
             {FileActions::kReportLetterFilter, FileActions::kReportA4Filter}) {
            const QString path = dir.filePath(
                QString::fromLatin1(filter).contains("Letter") ? "letter.pdf" : "a4.pdf");
            QStringList offered;
            // answers the dialog once it is up (it runs its own event loop)
            QTimer answer;
            answer.setInterval(20);
            connect(&answer, &QTimer::timeout, &answer, [&] {
                auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
                if (!dialog)
                    return;
                answer.stop();
                offered = dialog->nameFilters();
                dialog->selectNameFilter(QString::fromLatin1(filter));
                // typed as a person does, in the folder the dialog opened in (the last export's)
                auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
                QVERIFY(name);
                name->setText(path);
                static_cast<QDialog*>(dialog)->accept(); // QFileDialog hides it
            });
            answer.start();
            window->action("exportReport")->trigger();
            answer.stop();
            QCOMPARE(offered, (QStringList{QString::fromLatin1(FileActions::kReportA4Filter),
                                           QString::fromLatin1(FileActions::kReportLetterFilter)}));
            QVERIFY2(QFile::exists(path), qPrintable(path));
            QProcess pdfinfo;
            pdfinfo.start(QStringLiteral("pdfinfo"), {path});
            QVERIFY(pdfinfo.waitForFinished(30000));
            const QString info = QString::fromUtf8(pdfinfo.readAllStandardOutput());
            const bool letter = path.endsWith("letter.pdf");
            // landscape: Letter 11 x 8.5 in, A4 297 x 210 mm
            QVERIFY2(info.contains(
                         letter ? QRegularExpression("Page size:\\s+792 x 612 pts")
                                : QRegularExpression(
                                      "Page size:\\s+84[12][.\\d]* x 59[45][.\\d]* pts \\(A4\\)")),
                     qPrintable(info));
        }
    }

    // In the dark palette a check box's outline stands out from the window (Fusion's own is a
    // shade darker than the window: the "Log bandwidth axis" box was nearly invisible).
    void darkCheckBoxesCanBeSeen() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        window->setDark(true);
        QCheckBox box(QStringLiteral("Log bandwidth axis"));
        box.resize(box.sizeHint());
        const QImage image = box.grab().toImage();
        QStyleOptionButton option;
        option.initFrom(&box);
        const QRect indicator =
            box.style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, &box);
        QVERIFY(indicator.isValid());
        const double dpr = image.devicePixelRatio();
        const QColor border = image.pixelColor(
            QPoint(qRound(indicator.left() * dpr), qRound(indicator.center().y() * dpr)));
        const QColor window_ = QApplication::palette().color(QPalette::Window);
        QVERIFY2(border.lightness() - window_.lightness() > 60,
                 qPrintable(
                     QStringLiteral("outline %1 on window %2").arg(border.name(), window_.name())));
        window->setDark(false);
    }

    // Opening a profile in Inference mode plans no training; the Training mode plans when shown,
    // off the GUI thread, and follows the document while shown.
    void trainingPlansOnlyWhenShown() {
        MainWindow* window = openWindow(QString());
        QVERIFY(window);
        TrainingPanel* training = window->training();
        QCOMPARE(window->mode(), MainWindow::Mode::Inference);
        QVERIFY(window->files()->openProfile(
            uiSourcePath("sample_profiles/hiertrain/alexnet-tinyimagenet.json")));
        QVERIFY(window->files()->openNetwork(
            uiSourcePath("sample_profiles/hiertrain/network-hiertrain.json")));
        window->document()->stepCut(CutHandle::DeviceEdge, 1);
        QApplication::processEvents();
        QCOMPARE(training->computationsStarted(), 0);
        QVERIFY(!training->trainingResult().has_value());
        QVERIFY(!training->isPlanning());
        QVERIFY(!training->isStrategyRunning());

        window->setMode(MainWindow::Mode::Training);
        QVERIFY(training->computationsStarted() > 0);
        const auto hierTrainMs = [](const Document* doc) {
            const core::TrainingCostModel model(doc->profile(), doc->network(),
                                                core::trainingMachines(doc->profile()));
            return core::planHierTrain(model,
                                       std::max(1, static_cast<int>(doc->profile().model.batch)))
                .iterationMs();
        };
        const double expected = hierTrainMs(window->document());
        QTRY_VERIFY_WITH_TIMEOUT(training->trainingResult().has_value(), 60000);
        QCOMPARE(training->trainingResult()->iterationMs(), expected);
        // The timeline shows that iteration: its last bar ends at the iteration time.
        double last = 0;
        for (QGraphicsItem* item : training->timelineView()->scene()->items())
            if (item->data(TimeChartCanvas::KindKey).toString() ==
                QLatin1String(TimeChartCanvas::kBarKind))
                last = std::max(last, item->data(TimeChartCanvas::EndKey).toDouble());
        QVERIFY2(std::abs(last - expected) <= 1e-6 * expected,
                 qPrintable(QStringLiteral("%1 vs %2").arg(last).arg(expected)));

        // While shown, a new document re-plans; the answer is the new document's, never the old
        // one's.
        QVERIFY(window->files()->openProfile(
            uiSourcePath("sample_profiles/hiertrain/lenet5-cifar10.json")));
        QVERIFY(!training->trainingResult()
                     .has_value()); // the old answer is not shown for the new profile
        const double lenet = hierTrainMs(window->document());
        QTRY_VERIFY_WITH_TIMEOUT(!training->isPlanning() && training->trainingResult().has_value(),
                                 60000);
        QCOMPARE(training->trainingResult()->iterationMs(), lenet);

        // Back in Inference mode, document changes cost no training work.
        window->setMode(MainWindow::Mode::Inference);
        QTRY_VERIFY_WITH_TIMEOUT(!training->isStrategyRunning(), 60000);
        const int before = training->computationsStarted();
        QVERIFY(window->files()->openProfile(
            uiSourcePath("sample_profiles/hiertrain/alexnet-tinyimagenet.json")));
        QVERIFY(window->files()->openNetwork("4g"));
        QApplication::processEvents();
        QCOMPARE(training->computationsStarted(), before);
        QVERIFY(!training->isPlanning());
        // ... and showing it again catches up with the current document.
        window->setMode(MainWindow::Mode::Training);
        const double alexnet4g = hierTrainMs(window->document());
        QTRY_VERIFY_WITH_TIMEOUT(!training->isPlanning() && training->trainingResult().has_value(),
                                 60000);
        QCOMPARE(training->trainingResult()->iterationMs(), alexnet4g);
    }

    // Closing the window with unsaved changes: the document's undo stack goes last, and neither it
    // nor the document may signal a window that is already being destroyed.
    void destroyingModifiedWindowSignalsNobody() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        Document* doc = window->document();
        PartitionState edited = doc->state();
        edited.deviceBoundary = 0;
        edited.edgeBoundary = edited.edgeBoundary == 1 ? 2 : 1;
        doc->changeState(edited, "test edit");
        QVERIFY(!doc->undoStack()->isClean());
        QVERIFY(doc->isModified());
        QVERIFY(window->windowTitle().contains('*'));
        int modifiedSignals = 0, undoSignals = 0;
        QObject listener;
        connect(doc, &Document::modifiedChanged, &listener,
                [&modifiedSignals] { ++modifiedSignals; });
        connect(doc->undoStack(), &QUndoStack::cleanChanged, &listener,
                [&undoSignals] { ++undoSignals; });
        m_fixture.close();
        QCOMPARE(modifiedSignals, 0);
        QCOMPARE(undoSignals, 0);
    }

    // The same for a document on its own (its undo stack is destroyed with it).
    void destroyingModifiedDocumentSignalsNobody() {
        auto doc = std::make_unique<Document>();
        QString error;
        QVERIFY(doc->openProfile(uiSourcePath("sample_profiles/scission/vgg19.json"), &error));
        PartitionState edited = doc->state();
        edited.deviceBoundary = 0;
        edited.edgeBoundary = edited.edgeBoundary == 1 ? 2 : 1;
        doc->changeState(edited, "test edit");
        QVERIFY(doc->isModified());
        int modifiedSignals = 0;
        QObject listener;
        connect(doc.get(), &Document::modifiedChanged, &listener,
                [&modifiedSignals] { ++modifiedSignals; });
        doc.reset();
        QCOMPARE(modifiedSignals, 0);
    }

    void dragSnapsToNearestValidCut_data() {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<int>("handle");
        QTest::addColumn<int>("targetBoundary");
        QTest::addColumn<double>(
            "fraction"); // where between targetBoundary and the next one to drop
        QTest::newRow("vgg19 device handle, just past a cut")
            << "sample_profiles/scission/vgg19.json" << 0 << 3 << 0.3;
        QTest::newRow("vgg19 device handle, just before the next cut")
            << "sample_profiles/scission/vgg19.json" << 0 << 6 << 0.7;
        QTest::newRow("resnet50 edge handle")
            << "sample_profiles/scission/resnet50.json" << 1 << 4 << 0.45;
        QTest::newRow("tiny residual (branching)")
            << "sample_profiles/handmade/tiny-residual.json" << 0 << 1 << 0.6;
    }

    void dragSnapsToNearestValidCut() {
        QFETCH(QString, profile);
        QFETCH(int, handle);
        QFETCH(int, targetBoundary);
        QFETCH(double, fraction);
        if (!QFileInfo::exists(uiSourcePath(profile)))
            QSKIP("sample not present yet");
        MainWindow* window = openWindow(uiSourcePath(profile));
        QVERIFY(window);
        Document* doc = window->document();
        // start from "everything in the cloud" with a known undo history
        PartitionState start = doc->state();
        start.deviceBoundary = 0;
        start.edgeBoundary = handle == 0 ? 0 : 1;
        doc->changeState(start, "test start");
        const int undoCount = doc->undoStack()->count();
        const auto& coords = window->scene()->graphLayout().boundaryCoordinates;
        QVERIFY(targetBoundary + 1 < static_cast<int>(coords.size()));
        const double target = coords[targetBoundary] +
                              fraction * (coords[targetBoundary + 1] - coords[targetBoundary]);
        const int expected = fraction <= 0.5 ? targetBoundary : targetBoundary + 1;

        CutMarkerItem* marker = window->scene()->marker(static_cast<CutHandle>(handle));
        dragHandle(window->graphPanel()->view(), marker, target);

        QCOMPARE(marker->boundary(), expected);
        QCOMPARE(window->scene()->graphLayout().mainOf(marker->pos()),
                 coords[expected]); // snapped, not where dropped
        const PartitionState state = doc->state();
        QCOMPARE(handle == 0 ? state.deviceBoundary : state.edgeBoundary, expected);
        // the cut sits on a valid cut point of the core
        const int position = doc->boundaryLayer(expected);
        QVERIFY(position == 0 || position == doc->layerCount() ||
                doc->structure().isValidCutAfter(position - 1));
        // totals equal an independent core evaluation of the same cuts
        const core::InferenceCostModel model(doc->profile(), doc->network(), doc->inputBytes());
        const int deviceLast = doc->boundaryLayer(state.deviceBoundary) - 1;
        const int edgeLast = state.edgeBoundary == state.deviceBoundary
                                 ? -1
                                 : doc->boundaryLayer(state.edgeBoundary) - 1;
        const auto placement = model.placementFromCuts(deviceLast, edgeLast, state.machines);
        const auto evaluation = model.evaluate(placement);
        QCOMPARE(doc->evaluation().totalMs, evaluation.totalMs);
        QCOMPARE(doc->evaluation().transferBytes, evaluation.transferBytes);
        // the breakdown chart's "Current" bar adds up to the same total
        const auto segments = BreakdownChartBuilder::segments(doc->profile(), doc->evaluation());
        double sum = 0;
        for (double v : segments)
            sum += v;
        QVERIFY(std::fabs(sum - evaluation.totalMs) < 1e-6 * std::max(1.0, evaluation.totalMs));
        QVERIFY(window->explain()->plainText().contains(Format::ms(evaluation.totalMs)));
        // one undo step per drag; undo restores the cut, redo re-applies it
        QCOMPARE(doc->undoStack()->count(), undoCount + 1);
        doc->undoStack()->undo();
        QCOMPARE(doc->state(), start);
        QCOMPARE(marker->boundary(), handle == 0 ? start.deviceBoundary : start.edgeBoundary);
        doc->undoStack()->redo();
        QCOMPARE(marker->boundary(), expected);
    }

    void keyboardStepsAndEnds() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        Document* doc = window->document();
        const int blocks = doc->blockCount();
        doc->changeState({0, 0, doc->state().machines}, "start");
        window->action("deviceCutRight")->trigger();
        QCOMPARE(doc->state().deviceBoundary, 1);
        QCOMPARE(doc->state().edgeBoundary, 1); // pushed along
        for (int i = 0; i < blocks + 5; ++i)
            window->action("edgeCutRight")->trigger();
        QCOMPARE(doc->state().edgeBoundary, blocks); // the cloud is unused
        QCOMPARE(doc->placement().layersOn(core::Tier::Cloud, doc->layerCount()), 0);
        // arrow keys on a focused handle
        CutMarkerItem* marker = window->scene()->marker(CutHandle::DeviceEdge);
        window->graphPanel()->view()->setFocus();
        marker->setFocus();
        QTest::keyClick(window->graphPanel()->view()->viewport(), Qt::Key_Right);
        QTest::keyClick(window->graphPanel()->view(), Qt::Key_Right);
        QVERIFY(doc->state().deviceBoundary >= 2);
    }

    void plannerRowMovesHandles() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/resnet50.json"));
        QVERIFY(window);
        Document* doc = window->document();
        PlannerPanel* planner = window->planner();
        planner->topBox()->setValue(8);
        planner->run();
        QTRY_VERIFY_WITH_TIMEOUT(!planner->isRunning() && planner->plans().size() == 8, 20000);
        QCOMPARE(planner->table()->rowCount(), 8);
        for (int row : {3, 0, 6}) {
            planner->table()->selectRow(row);
            QApplication::processEvents();
            const auto expected = core::monotonePlacement(planner->plans()[row].evaluation);
            QVERIFY(expected.has_value());
            QCOMPARE(doc->placement().deviceEnd, expected->deviceEnd);
            QCOMPARE(doc->placement().edgeEnd, expected->edgeEnd);
            QCOMPARE(window->scene()->marker(CutHandle::DeviceEdge)->boundary(),
                     doc->boundaryOfLayerPosition(expected->deviceEnd));
            QCOMPARE(window->scene()->marker(CutHandle::EdgeCloud)->boundary(),
                     doc->boundaryOfLayerPosition(expected->edgeEnd));
            QCOMPARE(doc->evaluation().totalMs, planner->plans()[row].evaluation.totalMs);
        }
        // row 0 is the optimum: the badge says so
        planner->table()->selectRow(0);
        QApplication::processEvents();
        QVERIFY(planner->badge()->text().contains("best"));
        QVERIFY(planner->badge()->text().contains("optimum"));
    }

    void importPipeDreamFromTheFileMenu() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/handmade/tiny-linear.json"));
        QVERIFY(window);
        QTemporaryDir dir;
        const QString converted = dir.filePath("alexnet.json");
        QVERIFY(window->files()->importProfile(uiSourcePath("tests/data/pipedream/alexnet.txt"),
                                               converted));
        QVERIFY(m_messages.isEmpty());
        QCOMPARE(window->document()->layerCount(),
                 22); // 23 nodes, the Input node becomes the model input
        QCOMPARE(QString::fromStdString(window->document()->profile().model.name),
                 QString("alexnet"));
        QVERIFY(window->document()->profile().hasBackward);
        QVERIFY(QFileInfo::exists(converted));
        // Not a PipeDream graph: one message, no file written, the document stays.
        const QString refused = dir.filePath("refused.json");
        QVERIFY(!window->files()->importProfile(uiSourcePath("sample_profiles/scission/vgg16.json"),
                                                refused));
        QCOMPARE(m_messages.size(), 1);
        QVERIFY(m_messages.front().contains("unknown format"));
        QVERIFY(!QFileInfo::exists(refused));
        QCOMPARE(window->document()->layerCount(), 22);
    }

    // Opening a plan evaluates it once (evaluationChanged follows every evaluation), whether its
    // cuts move the handles or only its network changes the answer.
    void openingAPlanEvaluatesOnce() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        QVERIFY(window->files()->openNetwork("4g"));
        Document* doc = window->document();
        PartitionState saved = doc->state();
        saved.deviceBoundary = 4;
        saved.edgeBoundary = 9;
        doc->changeState(saved, "test");
        const double total = doc->evaluation().totalMs;
        QTemporaryDir dir;
        const QString plan = dir.filePath("plan.json");
        QVERIFY(window->files()->exportPlan(plan));
        doc->changeState({0, 0, saved.machines}, "elsewhere");
        QSignalSpy evaluated(doc, &Document::evaluationChanged);
        QVERIFY(window->files()->openPlan(plan));
        QCOMPARE(evaluated.count(), 1);
        QCOMPARE(doc->state(), saved);
        QCOMPARE(doc->evaluation().totalMs, total);
        // the same cuts on another network: the handles stay, the answer is the plan's network's
        doc->setNetwork(*core::networkPreset("3g"));
        QVERIFY(doc->evaluation().totalMs != total);
        evaluated.clear();
        QVERIFY(window->files()->openPlan(plan));
        QCOMPARE(evaluated.count(), 1);
        QCOMPARE(doc->state(), saved);
        QCOMPARE(doc->evaluation().totalMs, total);
        const core::InferenceCostModel model(doc->profile(), doc->network(), doc->inputBytes());
        QCOMPARE(doc->evaluation().totalMs, model.evaluate(doc->placement()).totalMs);
    }

    // A new profile is announced before anything derived from it, and its reference plans are
    // searched once: at once for a small model, on a worker above the inline limit.
    void openingAProfileAnnouncesItFirst_data() {
        QTest::addColumn<bool>("inline_");
        QTest::newRow("inline search") << true;
        QTest::newRow("search on a worker") << false;
    }
    void openingAProfileAnnouncesItFirst() {
        QFETCH(bool, inline_);
        Document doc;
        if (!inline_)
            doc.setInlineSearchLimit(0);
        QString error;
        QVERIFY(doc.openProfile(uiSourcePath("sample_profiles/handmade/tiny-linear.json"), &error));
        QStringList order;
        bool consistentAtProfileChanged = false;
        connect(&doc, &Document::profileChanged, this, [&] {
            order << "profile";
            // what the listeners read is already the new model's
            consistentAtProfileChanged =
                doc.layerCount() == static_cast<int>(doc.profile().layers.size()) &&
                doc.model() != nullptr && doc.evaluationError().isEmpty() &&
                doc.evaluation().totalMs > 0 && doc.bestPlan().has_value() == inline_;
        });
        connect(&doc, &Document::networkChanged, this, [&] { order << "network"; });
        connect(&doc, &Document::inputBytesChanged, this, [&] { order << "inputBytes"; });
        connect(&doc, &Document::stateChanged, this, [&] { order << "state"; });
        connect(&doc, &Document::evaluationChanged, this, [&] { order << "evaluation"; });
        connect(&doc, &Document::selectedLayerChanged, this, [&] { order << "selection"; });
        connect(&doc, &Document::referencePlansChanged, this, [&] {
            order << (doc.bestPlan() ? "referencePlans (best)" : "referencePlans (searching)");
        });
        QVERIFY(doc.openProfile(uiSourcePath("sample_profiles/scission/vgg19.json"), &error));
        QVERIFY(consistentAtProfileChanged);
        if (inline_) {
            QCOMPARE(order, QStringList({"profile", "state", "evaluation", "selection",
                                         "referencePlans (best)"}));
            QVERIFY(!doc.isSearchingBestPlan());
            return;
        }
        QCOMPARE(order, QStringList({"profile", "state", "evaluation", "selection",
                                     "referencePlans (searching)"}));
        QTRY_VERIFY_WITH_TIMEOUT(!doc.isSearchingBestPlan(), 20000);
        QCOMPARE(order, QStringList({"profile", "state", "evaluation", "selection",
                                     "referencePlans (searching)", "referencePlans (best)"}));
        const core::InferenceCostModel model(doc.profile(), doc.network());
        core::InferenceQuery query;
        query.top = 1;
        QCOMPARE(doc.bestPlan()->evaluation.totalMs,
                 core::runInferencePlanner("scission", model, query).front().evaluation.totalMs);
    }

    // The planner and the sweep run on JobRunner slots: a newer run replaces an older one, whose
    // result never shows, and closing the window with a run under way neither waits long nor
    // delivers anything.
    void newerRunsReplaceOlderOnes() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        PlannerPanel* planner = window->planner();
        QSignalSpy finished(planner, &PlannerPanel::finished);
        planner->topBox()->setValue(3);
        planner->run();
        QVERIFY(planner->isRunning());
        planner->topBox()->setValue(7);
        planner->run();
        QTRY_VERIFY_WITH_TIMEOUT(!planner->isRunning(), 20000);
        QTest::qWait(50);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(planner->plans().size(), std::size_t(7));
        QCOMPARE(planner->table()->rowCount(), 7);
        SweepController* sweep = window->sweep();
        QVERIFY(sweep->waitForResult(30000));
        QSignalSpy ready(sweep, &SweepController::ready);
        QSignalSpy started(sweep, &SweepController::started);
        sweep->restartNow();
        sweep->restartNow();
        QCOMPARE(started.count(), 2);
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 30000);
        QTest::qWait(100);
        QCOMPARE(ready.count(), 1);
        QCOMPARE(sweep->mbps().size(), std::size_t(SweepController::kSteps));
        // a new profile: the planner's run for the old one is dropped, its button usable again
        planner->run();
        QVERIFY(planner->isRunning());
        QVERIFY(window->files()->openProfile(
            uiSourcePath("sample_profiles/handmade/tiny-linear.json")));
        QVERIFY(!planner->isRunning());
        QTest::qWait(50);
        QVERIFY(planner->plans().empty());
        QCOMPARE(planner->table()->rowCount(), 0);
        // closing with both under way
        planner->run();
        sweep->restartNow();
        m_fixture.close();
    }

    void plannerLimitsAreTheCommandLineOnes() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        PlannerPanel* planner = window->planner();
        planner->maxUploadEdit()->setText("edge=500000");
        planner->maxTimeEdit()->setText("device=50%, cloud=5");
        planner->topBox()->setValue(5);
        planner->run();
        QTRY_VERIFY_WITH_TIMEOUT(!planner->isRunning() && !planner->plans().empty(), 20000);
        core::InferenceQuery query;
        query.top = 5;
        query.maxUploadBytes[1] = 500000;
        query.maxTime[0] = core::TimeLimit{50, true};
        query.maxTime[2] = core::TimeLimit{5, false};
        const Document* doc = window->document();
        const core::InferenceCostModel model(doc->profile(), doc->network());
        const auto expected = core::runInferencePlanner("scission", model, query);
        QCOMPARE(planner->plans().size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i)
            QCOMPARE(planner->plans()[i].evaluation.totalMs, expected[i].evaluation.totalMs);
        // A limit that is not TIER=VALUE is refused with a message, and nothing runs.
        planner->maxTimeEdit()->setText("device fifty");
        planner->run();
        QVERIFY(!planner->isRunning());
        QVERIFY2(planner->status()->text().contains(
                     "Max time: 'device fifty' should look like TIER=MS or TIER=PCT%"),
                 qPrintable(planner->status()->text()));
        QCOMPARE(planner->plans().size(), expected.size()); // the previous answer stays
        // JointDNN takes no limits (the registry says so): their fields are disabled and not
        // applied, and come back with a planner that takes them.
        QComboBox* planners = planner->plannerBox();
        QStringList shown;
        for (int i = 0; i < planners->count(); ++i)
            shown << planners->itemText(i);
        QCOMPARE(shown, QStringList({"Scission (top N)", "Neurosurgeon", "JointDNN"}));
        planners->setCurrentIndex(planners->findData(QStringLiteral("jointdnn")));
        QVERIFY(!planner->maxTimeEdit()->isEnabled());
        QVERIFY(!planner->maxUploadEdit()->isEnabled());
        planner->run();
        QTRY_VERIFY_WITH_TIMEOUT(!planner->isRunning(), 20000);
        const auto jointDnn = core::runInferencePlanner("jointdnn", model, core::InferenceQuery{});
        QVERIFY(!planner->plans().empty());
        QCOMPARE(planner->plans().front().evaluation.totalMs, jointDnn.front().evaluation.totalMs);
        planners->setCurrentIndex(planners->findData(QStringLiteral("scission")));
        QVERIFY(planner->maxTimeEdit()->isEnabled());
        QCOMPARE(planner->maxTimeEdit()->text(), QStringLiteral("device fifty"));
    }

    void exportsReadBack() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        QVERIFY(window->files()->openNetwork("4g"));
        Document* doc = window->document();
        doc->setTierLink(core::Tier::Edge, core::Tier::Cloud, 33.5,
                         12.0); // a custom link must survive the round trip
        PartitionState saved = doc->state();
        saved.deviceBoundary = 4;
        saved.edgeBoundary = 9;
        doc->changeState(saved, "test");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        // plan JSON re-opens to the same cuts, machines and network
        const QString plan = dir.filePath("plan.json");
        QVERIFY(window->files()->exportPlan(plan));
        const double total = doc->evaluation().totalMs;
        doc->changeState({0, 0, saved.machines}, "elsewhere");
        doc->setNetwork(*core::networkPreset("3g"));
        QVERIFY(window->files()->openPlan(plan));
        QCOMPARE(doc->state(), saved);
        QCOMPARE(doc->evaluation().totalMs, total);
        QCOMPARE(doc->tierLink(core::Tier::Edge, core::Tier::Cloud)->bandwidthMbps, 33.5);
        // CSV: a header and one row per layer
        const QString csv = dir.filePath("layers.csv");
        QVERIFY(window->files()->exportCsv(csv));
        QFile csvFile(csv);
        QVERIFY(csvFile.open(QIODevice::ReadOnly));
        const QStringList lines =
            QString::fromUtf8(csvFile.readAll()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), doc->layerCount() + 1);
        QVERIFY(lines[0].startsWith("position,id,type,block,tier"));
        QVERIFY(lines[5].contains(",device,") || lines[5].contains(",edge,"));
        // every chart and the graph in every format
        QVERIFY(window->sweep()->waitForResult(30000));
        for (int kind = 0; kind < 4; ++kind)
            for (const QString& suffix : QStringList{"png", "svg", "pdf"}) {
                const QString path = dir.filePath(QStringLiteral("out%1.%2").arg(kind).arg(suffix));
                QVERIFY2(kind == 3 ? window->files()->exportGraph(path)
                                   : window->files()->exportChart(kind, path),
                         qPrintable(path));
                QFile file(path);
                QVERIFY(file.open(QIODevice::ReadOnly));
                const QByteArray data = file.readAll();
                if (suffix == "png") {
                    QImage image;
                    QVERIFY(image.loadFromData(data, "PNG"));
                    QSet<QRgb> colours;
                    for (int y = 0; y < image.height(); y += 7)
                        for (int x = 0; x < image.width(); x += 7)
                            colours.insert(image.pixel(x, y));
                    QVERIFY2(colours.size() > 8, qPrintable(path + " looks blank"));
                } else if (suffix == "svg") {
                    QXmlStreamReader xml(data);
                    while (!xml.atEnd())
                        xml.readNext();
                    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
                    QSvgRenderer renderer(data);
                    QVERIFY(renderer.isValid());
                    QVERIFY(data.contains("<text") || data.contains("<path"));
                } else {
                    QVERIFY(data.startsWith("%PDF"));
                    QVERIFY(data.size() > 2000);
                }
            }
        const QString report = dir.filePath("report.pdf");
        QVERIFY(window->files()->exportReport(report));
        QFile reportFile(report);
        QVERIFY(reportFile.open(QIODevice::ReadOnly));
        QVERIFY(reportFile.readAll().startsWith("%PDF"));
        // read back as `cutlab-cli report` is (tests/cli/tst_reportcommand.cpp): one page, every
        // layer, the current plan's total, the legends and the network, nothing elided
        QProcess pdftotext;
        pdftotext.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), report, "-"});
        QVERIFY(pdftotext.waitForFinished(30000));
        QCOMPARE(pdftotext.exitCode(), 0);
        const QString text = QString::fromUtf8(pdftotext.readAllStandardOutput());
        QVERIFY2(!text.contains(QStringLiteral("…")), qPrintable(text));
        QVERIFY(text.contains(QString::fromStdString(doc->profile().model.name)));
        QVERIFY2(text.contains(QRegularExpression(
                     "Current plan: total latency\\s+" +
                     QRegularExpression::escape(Format::ms(doc->evaluation().totalMs)))),
                 qPrintable(text));
        QVERIFY(text.contains("Network " + QString::fromStdString(doc->network().name)));
        for (const char* legend : {"dev↔edge", "dev↔cloud", "edge↔cloud", "latency", "output size",
                                   "device|edge cut", "edge|cloud cut"})
            QVERIFY2(text.contains(QString::fromUtf8(legend)), legend);
        for (const auto& layer : doc->profile().layers)
            QVERIFY2(text.contains(QRegularExpression(
                         "(^|\\s)" + QRegularExpression::escape(QString::fromStdString(layer.id)) +
                         "(\\s|$)")),
                     layer.id.c_str());
        // File ▸ Print draws the same page on a printer (here one that prints to PDF)
        QPrinter printer(QPrinter::HighResolution);
        printer.setOutputFormat(QPrinter::PdfFormat);
        const QString printed = dir.filePath("printed.pdf");
        printer.setOutputFileName(printed);
        QVERIFY(window->files()->printReport(printer));
        QProcess printedText;
        printedText.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), printed, "-"});
        QVERIFY(printedText.waitForFinished(30000));
        const QString onPaper = QString::fromUtf8(printedText.readAllStandardOutput());
        QVERIFY2(!onPaper.contains(QStringLiteral("…")), qPrintable(onPaper));
        QVERIFY(onPaper.contains(QString::fromStdString(doc->profile().model.name)));
        QVERIFY(onPaper.contains("Network " + QString::fromStdString(doc->network().name)));
        for (const auto& layer : doc->profile().layers)
            QVERIFY2(onPaper.contains(QRegularExpression(
                         "(^|\\s)" + QRegularExpression::escape(QString::fromStdString(layer.id)) +
                         "(\\s|$)")),
                     layer.id.c_str());
        // a failed export leaves an existing file untouched
        const QString existing = dir.filePath("keep.txt");
        {
            QFile keep(existing);
            QVERIFY(keep.open(QIODevice::WriteOnly));
            keep.write("keep me");
        }
        QVERIFY(!window->files()->exportChart(0, existing));
        QVERIFY(!window->files()->exportReport(existing));
        QFile keep(existing);
        QVERIFY(keep.open(QIODevice::ReadOnly));
        QCOMPARE(keep.readAll(), QByteArray("keep me"));
        QVERIFY(!m_messages.isEmpty());
    }

    void badFilesShowMessageAndKeepDocument_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("expected");
        QDir bad(uiSourcePath("tests/data/bad"));
        for (const QString& name : bad.entryList({"*"}, QDir::Files, QDir::Name)) {
            if (name.endsWith(".expected"))
                continue;
            const QString expectedPath =
                bad.filePath(QFileInfo(name).completeBaseName() + ".expected");
            if (!QFileInfo::exists(expectedPath))
                continue;
            QFile file(expectedPath);
            if (!file.open(QIODevice::ReadOnly))
                continue;
            QTest::newRow(qPrintable(name))
                << bad.filePath(name) << QString::fromUtf8(file.readAll()).trimmed();
        }
        // always some, even without the corpus
        QTest::newRow("missing file")
            << uiSourcePath("tests/data/does-not-exist.json") << QString("does-not-exist.json");
    }

    void badFilesShowMessageAndKeepDocument() {
        QFETCH(QString, path);
        QFETCH(QString, expected);
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        Document* doc = window->document();
        const PartitionState before = doc->state();
        const QString beforePath = doc->filePath();
        const int sceneItems = window->scene()->items().size();
        m_fixture.clearMessages();
        QVERIFY(!window->files()->openProfile(path));
        QCOMPARE(m_messages.size(), 1);
        for (const QString& line : expected.split('\n', Qt::SkipEmptyParts))
            QVERIFY2(m_messages.front().contains(line.trimmed()),
                     qPrintable(m_messages.front() + "\n  lacks: " + line));
        QCOMPARE(doc->filePath(), beforePath);
        QCOMPARE(QString::fromStdString(doc->profile().model.name), QString("vgg19"));
        QCOMPARE(doc->state(), before);
        QCOMPARE(window->scene()->items().size(), sceneItems);
    }

    void liveChartsFollowTheDrag() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        QVERIFY(window->sweep()->waitForResult(30000));
        Document* doc = window->document();
        doc->applyState({5, 10, doc->state().machines});
        const auto totals = window->sweep()->currentTotals();
        QCOMPARE(static_cast<int>(totals.size()), SweepController::kSteps);
        // at the network's own uplink the sweep's current curve equals the document total
        const core::SweepResult& sweep = window->sweep()->result();
        for (std::size_t i = 0; i < sweep.mbps.size(); ++i) {
            QVERIFY(std::isnan(sweep.bestMs[i]) || sweep.bestMs[i] <= totals[i] + 1e-6);
            for (const auto& native : sweep.nativeMs)
                if (!native.empty())
                    QVERIFY(sweep.bestMs[i] <= native[i] + 1e-6);
        }
        QVERIFY(totals.front() > totals.back()); // more bandwidth never hurts this plan

        // what a person reads off the charts after a drag: the sweep's "current plan" line and
        // the breakdown's "Current" bar carry the document's figures
        QTest::qWait(20);
        auto* sweepChart = window->charts()->chart(ChartsPanel::Sweep);
        QLineSeries* current = nullptr;
        for (auto* series : sweepChart->series())
            if (series->objectName() == QStringLiteral("current"))
                current = static_cast<QLineSeries*>(series);
        QVERIFY(current);
        QCOMPARE(current->count(), SweepController::kSteps);
        for (int i = 0; i < current->count(); ++i)
            QCOMPARE(current->at(i).y(), totals[static_cast<std::size_t>(i)]);
        auto* breakdown = window->charts()->chart(ChartsPanel::Breakdown);
        auto* categories = static_cast<QBarCategoryAxis*>(breakdown->axes(Qt::Vertical).front());
        const QString currentLabel = categories->categories().last(); // the top bar
        // (a plan far slower than the others is also marked "▶ off scale": the axis keeps them
        // readable)
        QVERIFY2(currentLabel.startsWith(
                     QStringLiteral("Current  %1").arg(Format::ms(doc->evaluation().totalMs))),
                 qPrintable(currentLabel));
        // a second move changes what the charts say
        doc->applyState({2, 10, doc->state().machines});
        QTest::qWait(20);
        const auto moved = window->sweep()->currentTotals();
        QVERIFY(moved != totals);
        for (int i = 0; i < current->count(); ++i)
            QCOMPARE(current->at(i).y(), moved[static_cast<std::size_t>(i)]);
        QVERIFY(categories->categories().last().startsWith(
            QStringLiteral("Current  %1").arg(Format::ms(doc->evaluation().totalMs))));
    }

    // Device→cloud slowed far below device→edge: at the marker the sweep's current-plan curve
    // reads the document's total (the sweep scales the other uplink with the marked one).
    void sweepMarkerReadsTheDocumentTotal() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        Document* doc = window->document();
        doc->setTierLink(core::Tier::Device, core::Tier::Cloud, 0.03, 60.0);
        doc->applyState({5, 5, doc->state().machines}); // device, then the cloud
        window->sweep()->restartNow();
        QVERIFY(window->sweep()->waitForResult(30000));
        QTest::qWait(20);
        const double expected = doc->evaluation().totalMs;
        QVERIFY(expected > 10000); // the slow link is the one used
        auto* chart = window->charts()->chart(ChartsPanel::Sweep);
        double markerX = -1, atMarker = -1;
        for (auto* series : chart->series())
            if (series->objectName() == QStringLiteral("marker"))
                markerX = static_cast<QLineSeries*>(series)->at(0).x();
        QVERIFY(markerX > 0);
        for (auto* series : chart->series())
            if (series->objectName() == QStringLiteral("current"))
                for (const QPointF& p : static_cast<QLineSeries*>(series)->points())
                    if (p.x() == markerX)
                        atMarker = p.y();
        QVERIFY2(std::abs(atMarker - expected) <= 1e-9 * expected,
                 qPrintable(QStringLiteral("%1 vs %2").arg(atMarker).arg(expected)));
    }

    // Two actions with one key sequence: Qt fires neither ("ambiguous shortcut").
    void everyShortcutIsUnique() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        QMap<QString, QString> owner;
        for (QAction* action : window->findChildren<QAction*>())
            for (const QKeySequence& key : action->shortcuts()) {
                if (key.isEmpty())
                    continue;
                const QString text = key.toString(QKeySequence::PortableText);
                const QString name =
                    action->objectName().isEmpty() ? action->text() : action->objectName();
                QVERIFY2(!owner.contains(text),
                         qPrintable(QStringLiteral("%1 is bound to both %2 and %3")
                                        .arg(text, owner[text], name)));
                owner[text] = name;
            }
        QVERIFY(owner.size() > 30);
        // the two that collided
        QCOMPARE(window->action("trainingMode")->shortcut(),
                 QKeySequence(QStringLiteral("Ctrl+Shift+T")));
        QCOMPARE(window->action("exportCsv")->shortcut(),
                 QKeySequence(QStringLiteral("Ctrl+Shift+C")));
        // and the key really switches the mode
        QTest::keyClick(window, Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(window->training()->isVisibleTo(window), true);
    }

    // The menus as built by one function each: every command where it was, with its typed member,
    // object name and shortcut; the chart commands bring their chart to the front.
    void menusKeepTheirCommands() {
        MainWindow* window = openWindow(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        QStringList menus;
        for (QAction* menu : window->menuBar()->actions()) {
            QStringList entries;
            for (QAction* a : menu->menu()->actions())
                entries << (a->isSeparator() ? QStringLiteral("-")
                            : a->menu()      ? QStringLiteral("[%1]").arg(a->text())
                                             : a->objectName());
            menus << menu->text() + ": " + entries.join(' ');
        }
        QCOMPARE(
            menus,
            QStringList({"&File: open openPlan openRun importProfile [Open &Recent] - openNetwork "
                         "saveNetwork - exportPlan exportCsv exportChart exportGraph "
                         "exportReport print - quit",
                         "&Edit: undo redo - find deviceCutLeft deviceCutRight edgeCutLeft "
                         "edgeCutRight applyBest",
                         "&View: inferenceMode trainingMode - fit fitLegible zoomIn zoomOut "
                         "topToBottom collapseBlocks expandBlocks - dark presentation "
                         "fullScreen - toggle_settingsDock toggle_plannerDock "
                         "toggle_chartsDock toggle_explainDock toggle_tokensDock "
                         "toggle_inspectorDock chart0 chart1 chart2 chart3 resetLayout",
                         "&Planner: runPlanner", "&Network: traceView",
                         "&Help: [&Sample Profiles] guide shortcuts - about"}));
        const MainWindowActions& a = window->actions();
        const QList<std::pair<QAction*, QString>> typed{
            {a.open, "open"},
            {a.openPlan, "openPlan"},
            {a.importProfile, "importProfile"},
            {a.openNetwork, "openNetwork"},
            {a.saveNetwork, "saveNetwork"},
            {a.exportPlan, "exportPlan"},
            {a.exportCsv, "exportCsv"},
            {a.exportChart, "exportChart"},
            {a.exportGraph, "exportGraph"},
            {a.exportReport, "exportReport"},
            {a.print, "print"},
            {a.quit, "quit"},
            {a.undo, "undo"},
            {a.redo, "redo"},
            {a.find, "find"},
            {a.deviceCutLeft, "deviceCutLeft"},
            {a.deviceCutRight, "deviceCutRight"},
            {a.edgeCutLeft, "edgeCutLeft"},
            {a.edgeCutRight, "edgeCutRight"},
            {a.applyBest, "applyBest"},
            {a.inferenceMode, "inferenceMode"},
            {a.trainingMode, "trainingMode"},
            {a.fit, "fit"},
            {a.fitLegible, "fitLegible"},
            {a.zoomIn, "zoomIn"},
            {a.zoomOut, "zoomOut"},
            {a.topToBottom, "topToBottom"},
            {a.collapseBlocks, "collapseBlocks"},
            {a.expandBlocks, "expandBlocks"},
            {a.dark, "dark"},
            {a.presentation, "presentation"},
            {a.fullScreen, "fullScreen"},
            {a.showChart[0], "chart0"},
            {a.showChart[1], "chart1"},
            {a.showChart[2], "chart2"},
            {a.resetLayout, "resetLayout"},
            {a.runPlanner, "runPlanner"},
            {a.guide, "guide"},
            {a.shortcuts, "shortcuts"},
            {a.about, "about"},
        };
        for (const auto& [typedAction, name] : typed) {
            QVERIFY2(typedAction, qPrintable(name));
            QCOMPARE(window->action(name), typedAction);
        }
        const QList<std::pair<QAction*, QKeySequence>> keys{
            {a.open, QKeySequence::Open},
            {a.openPlan, QKeySequence("Ctrl+Shift+O")},
            {a.importProfile, QKeySequence("Ctrl+I")},
            {a.openNetwork, QKeySequence("Ctrl+Shift+N")},
            {a.saveNetwork, QKeySequence("Ctrl+Alt+S")},
            {a.exportPlan, QKeySequence("Ctrl+E")},
            {a.exportChart, QKeySequence("Ctrl+Shift+E")},
            {a.exportGraph, QKeySequence("Ctrl+Shift+G")},
            {a.exportReport, QKeySequence("Ctrl+Shift+P")},
            {a.print, QKeySequence::Print},
            {a.applyBest, QKeySequence("Ctrl+B")},
            {a.deviceCutLeft, QKeySequence("Alt+Left")},
            {a.edgeCutRight, QKeySequence("Ctrl+Right")},
            {a.inferenceMode, QKeySequence("Ctrl+Shift+I")},
            {a.fit, QKeySequence("Ctrl+0")},
            {a.fitLegible, QKeySequence("Ctrl+9")},
            {a.topToBottom, QKeySequence("Ctrl+L")},
            {a.collapseBlocks, QKeySequence("Ctrl+[")},
            {a.expandBlocks, QKeySequence("Ctrl+]")},
            {a.dark, QKeySequence("Ctrl+Shift+D")},
            {a.presentation, QKeySequence("F5")},
            {a.showChart[2], QKeySequence("Ctrl+Alt+3")},
            {a.runPlanner, QKeySequence("Ctrl+R")},
        };
        for (const auto& [keyed, key] : keys)
            QCOMPARE(keyed->shortcut(), key);
        // both common Redo keys, each once (the platform's own come first)
        const QList<QKeySequence> redoKeys = a.redo->shortcuts();
        QVERIFY(redoKeys.contains(QKeySequence("Ctrl+Y")));
        QVERIFY(redoKeys.contains(QKeySequence("Ctrl+Shift+Z")));
        QCOMPARE(QSet<QKeySequence>(redoKeys.begin(), redoKeys.end()).size(), redoKeys.size());
        // the chart commands, through their group
        ChartsPanel* charts = window->charts();
        for (int k : {2, 0, 1}) {
            a.showChart[static_cast<std::size_t>(k)]->trigger();
            QCOMPARE(charts->tabs()->currentIndex(), k);
        }
        // toggles still toggle: the layout and the palette
        a.topToBottom->setChecked(true);
        QVERIFY(window->scene()->topToBottom());
        a.topToBottom->setChecked(false);
        QVERIFY(!window->scene()->topToBottom());
        a.dark->trigger();
        QVERIFY(window->isDark());
        a.dark->trigger();
        QVERIFY(!window->isDark());
    }

    // A machine without a description shows its tier alone, with no trailing separator.
    void inspectorShowsMachinesWithoutTrailingSeparator() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("unlabelled.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(
            QByteArray::fromStdString(generatedProfile(20, 5).dump())); // machines have no label
        file.close();
        MainWindow* window = openWindow(path);
        QVERIFY(window);
        auto* tree = window->findChild<QTreeWidget*>();
        QVERIFY(tree);
        const auto found = tree->findItems(QStringLiteral("Machines"), Qt::MatchExactly);
        QCOMPARE(found.size(), 1);
        QVERIFY(found.front()->childCount() > 0);
        for (int i = 0; i < found.front()->childCount(); ++i) {
            const QString value = found.front()->child(i)->text(1);
            QVERIFY2(!value.trimmed().endsWith(QStringLiteral("·")), qPrintable(value));
            QVERIFY(!value.isEmpty());
        }
    }
};

CUTLAB_TEST_MAIN(TestUiWindow, Gui)
} // namespace tst_ui_window

#include "tst_ui_window.moc"
