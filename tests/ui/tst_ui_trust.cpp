// The window says only what is true of what is on screen, and keeps what the user made: each
// test drives the window as a user would (keys, drags, drops, restarts) and reads back what the
// user reads.
#include "../StageStripDrag.h"
#include "../TestMain.h"
#include "UiTestSupport.h"
#include "WindowFixture.h"

#include "ui/charts/Format.h"
#include "ui/charts/LayerChartBuilder.h"
#include "ui/charts/Theme.h"
#include "ui/document/Document.h"
#include "ui/files/SaveDialog.h"
#include "ui/files/SaveNames.h"
#include "ui/graph/BlockFrameItem.h"
#include "ui/graph/CutMarkerItem.h"
#include "ui/graph/GraphScene.h"
#include "ui/graph/GraphView.h"
#include "ui/graph/LayerItem.h"
#include "ui/panels/ChartsPanel.h"
#include "ui/panels/ExplainPanel.h"
#include "ui/panels/GraphPanel.h"
#include "ui/panels/LinkEditor.h"
#include "ui/panels/PlannerPanel.h"
#include "ui/panels/SettingsPanel.h"
#include "ui/training/ClusterEditor.h"
#include "ui/training/PipelineSettings.h"
#include "ui/training/PipelineSettingsBox.h"
#include "ui/training/StageStripView.h"
#include "ui/training/TrainingDocument.h"
#include "ui/training/TrainingPanel.h"
#include "ui/window/PresentationWindow.h"
#include "ui/window/SampleProfiles.h"

#include "core/io/PlanFile.h"

#include "core/io/ProfileLoader.h"
#include <nlohmann/json.hpp>

#include <QApplication>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCryptographicHash>
#include <QDirIterator>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QDropEvent>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPrinter>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QSlider>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QUndoStack>
#include <QUrl>
#include <QValueAxis>
#include <QtTest>

#include <cmath>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_ui_trust {

using namespace cutlab;
using namespace cutlab::ui;

namespace {

const char* kAlexNet = "sample_profiles/hiertrain/alexnet-tinyimagenet.json";

QLabel* labelWithTip(const QWidget* parent, const QString& toolTip) {
    for (QLabel* label : parent->findChildren<QLabel*>())
        if (label->toolTip() == toolTip)
            return label;
    return nullptr;
}

QString readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// The text of a PDF (pdftotext, which the set-up installs with poppler-utils).
QString pdfText(const QString& path) {
    QProcess process;
    process.start(QStringLiteral("pdftotext"), {path, QStringLiteral("-")});
    process.waitForFinished(30000);
    return QString::fromUtf8(process.readAllStandardOutput());
}

QLabel* trainingSummary(const TrainingPanel* panel) {
    return labelWithTip(panel, QStringLiteral("The answer of the selected planner."));
}

QByteArray digest(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly)
               ? QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256)
               : QByteArray();
}

// Stands in for the save dialog: records every proposal and picks it, or `pick` when set.
struct SaveDialogStandIn {
    QStringList proposals;
    QString pick;
    QStringList replaceQuestions;
    bool replace = false;
    SaveDialogStandIn() {
        SaveDialog::setChooser([this](const SaveDialog::Request& request) {
            proposals << request.proposedPath;
            return pick.isEmpty() ? request.proposedPath : pick;
        });
        SaveDialog::setReplaceQuestion([this](const QString& question) {
            replaceQuestions << question;
            return replace;
        });
    }
    ~SaveDialogStandIn() {
        SaveDialog::setChooser({});
        SaveDialog::setReplaceQuestion({});
    }
};

// The texts a user reads that name menu items: the README, docs/, and the window's own strings
// (adjacent C++ string literals joined, HTML tags dropped), each as "file: text".
QStringList textsNamingMenus() {
    QStringList texts;
    QStringList files{uiSourcePath("README.md")};
    for (const QString& doc : QDir(uiSourcePath("docs")).entryList({"*.md"}))
        files << uiSourcePath("docs/" + doc);
    QDirIterator sources(uiSourcePath("ui"), {"*.cpp"}, QDir::Files, QDirIterator::Subdirectories);
    while (sources.hasNext())
        files << sources.next();
    static const QRegularExpression joinLiterals(R"("\s*\n\s*")");
    static const QRegularExpression tags("</?[a-z][^<>]{0,40}>");
    for (const QString& path : files) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        QString text = QString::fromUtf8(file.readAll());
        if (path.endsWith(".cpp"))
            text.replace(joinLiterals, QString());
        text.replace(tags, QStringLiteral(" ")).replace('\n', ' ');
        texts << QFileInfo(path).fileName() + ": " + text.simplified();
    }
    return texts;
}

// An item's name as the docs write it: no mnemonic, no "…", no shortcut, no trailing
// "(annotation)": "&Import Model (ONNX, PipeDream)…" is "Import Model".
QString plainMenuText(const QAction* action) {
    static const QRegularExpression annotation(QStringLiteral(R"(\s*\([^()]*\)$)"));
    return action->text()
        .remove('&')
        .remove(QStringLiteral("…"))
        .section('\t', 0, 0)
        .trimmed()
        .remove(annotation);
}

// The item of `menu` whose name starts `phrase` (at a word end), longest first; null if none.
QAction* itemNamed(const QMenu* menu, const QString& phrase) {
    QAction* best = nullptr;
    for (QAction* action : menu->actions()) {
        const QString name = plainMenuText(action);
        if (name.isEmpty() || !phrase.startsWith(name, Qt::CaseSensitive))
            continue;
        const bool wordEnd = phrase.size() == name.size() || !phrase.at(name.size()).isLetter();
        if (wordEnd && (!best || name.size() > plainMenuText(best).size()))
            best = action;
    }
    return best;
}

// WCAG's contrast ratio of two colours (1 to 21).
double contrast(const QColor& a, const QColor& b) {
    auto luminance = [](const QColor& c) {
        auto channel = [](double v) {
            return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) +
               0.0722 * channel(c.blueF());
    };
    const double x = luminance(a), y = luminance(b);
    return (std::max(x, y) + 0.05) / (std::min(x, y) + 0.05);
}

bool settled(const TrainingPanel* panel) {
    return QTest::qWaitFor([panel] { return !panel->isPlanning(); }, 60000);
}

} // namespace

class TestUiTrust : public QObject {
    Q_OBJECT
    WindowFixture m_fixture;

    // Writes `doc` to `path` and opens it as a plan: the one message its refusal showed, or ""
    // when it opened, or said more or less than one thing.
    QString refusalOf(MainWindow* window, const QString& path, const nlohmann::json& doc) {
        QFile out(path);
        if (!out.open(QIODevice::WriteOnly) || out.write(QByteArray::fromStdString(doc.dump())) < 0)
            return {};
        out.close();
        m_fixture.clearMessages();
        if (window->files()->openPlan(path) || m_fixture.messages().size() != 1)
            return {};
        return m_fixture.messages().front();
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("CutLabTest");
    }
    void cleanup() { m_fixture.close(); }

    // Training ▸ Pipeline: a partition dragged by hand is called so, compared with the
    // planner's optimum; Planner ▸ Run Planner (Ctrl+R) restores the optimum.
    void runPlannerRestoresThePipelineOptimum() {
        MainWindow* window = m_fixture.open(uiSourcePath(kAlexNet));
        QVERIFY(window);
        window->action("trainingMode")->trigger();
        TrainingPanel* training = window->training();
        training->setPlanner(QStringLiteral("pipeline"));
        QVERIFY(settled(training));
        QLabel* summary = trainingSummary(training);
        QVERIFY(summary);
        const std::vector<int> planned = training->stageStrip()->boundaries();
        QVERIFY(!planned.empty());
        training->document()->moveStageBoundaries(planned, {planned[0] > 1 ? 1 : 2});
        QVERIFY(settled(training));
        QVERIFY2(summary->text().startsWith(QStringLiteral("Your partition: ")) &&
                     summary->text().contains(QStringLiteral("Run Planner (Ctrl+R) restores it")),
                 qPrintable(summary->text()));

        QApplication::setActiveWindow(window);
        QVERIFY(QTest::qWaitForWindowActive(window));
        QTest::keyClick(window, Qt::Key_R, Qt::ControlModifier);
        QVERIFY(settled(training));
        QCOMPARE(training->stageStrip()->boundaries(), planned);
        QVERIFY2(summary->text().endsWith(QStringLiteral(" Optimal.")),
                 qPrintable(summary->text()));

        // F5 plans again in Training mode too (it presents in Inference mode).
        training->document()->moveStageBoundaries(planned, {planned[0] > 1 ? 1 : 2});
        QVERIFY(settled(training));
        QVERIFY(!training->document()->stageBoundaries().empty());
        QTest::keyClick(window, Qt::Key_F5);
        QVERIFY(settled(training));
        QVERIFY(training->document()->stageBoundaries().empty());
        QCOMPARE(training->stageStrip()->boundaries(), planned);
        window->action("inferenceMode")->trigger();
        QCOMPARE(window->action("presentation")->shortcut(), QKeySequence(QStringLiteral("F5")));
        QCOMPARE(window->action("runPlanner")->shortcuts().size(), 1);
    }

    // Training on a profile without backward times (VGG19) says what is missing and which
    // profiles have it, for every planner; it never points to a planner that cannot run either.
    void trainingWithoutBackwardTimesSaysTheWayOut() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        window->action("trainingMode")->trigger();
        TrainingPanel* training = window->training();
        QLabel* message =
            labelWithTip(training, QStringLiteral("Why the selected planner has no answer."));
        QVERIFY(message);
        for (const char* planner : {"hiertrain", "all-edge", "pipeline"}) {
            training->setPlanner(QString::fromLatin1(planner));
            QVERIFY(settled(training));
            const QString text = message->text();
            QVERIFY2(message->isVisibleTo(window), planner);
            QVERIFY2(text.contains(QStringLiteral("no layer has backward_ms in this profile")),
                     qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("sample_profiles/hiertrain/")), qPrintable(text));
            QVERIFY2(!text.contains(QStringLiteral("choose it")), qPrintable(text));
        }
    }

    // Every export proposes <model>-<what>.<ext> in the last export's folder, -2, -3 when
    // taken, so one click never clobbers the previous export (charts, plan, view of Training).
    void exportsProposeNamesThatClobberNothing() {
        QTemporaryDir folder;
        QSettings().setValue("lastExportDirectory", folder.path());
        SaveDialogStandIn dialog;
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        window->charts()->tabs()->setCurrentIndex(ChartsPanel::Breakdown);
        window->action("exportChart")->trigger();
        window->action("exportChart")->trigger();
        window->charts()->tabs()->setCurrentIndex(ChartsPanel::Layers);
        window->action("exportChart")->trigger();
        window->action("exportPlan")->trigger();
        window->action("exportReport")->trigger();
        const QDir dir(folder.path());
        QCOMPARE(
            dialog.proposals,
            QStringList({dir.filePath("vgg19-breakdown.png"), dir.filePath("vgg19-breakdown-2.png"),
                         dir.filePath("vgg19-layers.png"), dir.filePath("vgg19-plan.json"),
                         dir.filePath("vgg19-report.pdf")}));
        for (const QString& path : dialog.proposals)
            QVERIFY2(QFileInfo(path).size() > 0, qPrintable(path));
        QVERIFY(dialog.replaceQuestions.isEmpty());
        // Print proposes the report's name too when printing to a file (Qt's print dialog
        // proposes <document name>.pdf): "vgg19-report-2" now that vgg19-report.pdf exists
        QPrinter printer;
        window->files()->prepareReportPrinter(printer);
        QCOMPARE(printer.docName(), QStringLiteral("vgg19-report-2"));
        QCOMPARE(printer.pageLayout().orientation(), QPageLayout::Landscape);

        QVERIFY(window->files()->openProfile(uiSourcePath(kAlexNet)));
        window->action("trainingMode")->trigger();
        QVERIFY(settled(window->training()));
        QPushButton* exportView = nullptr;
        for (QPushButton* button : window->training()->findChildren<QPushButton*>())
            if (button->text() == QStringLiteral("Export view…"))
                exportView = button;
        QVERIFY(exportView);
        exportView->click();
        QCOMPARE(dialog.proposals.last(), dir.filePath("alexnet-tinyimagenet-timeline.png"));
        QVERIFY(QFileInfo(dialog.proposals.last()).size() > 0);
        QVERIFY2(m_fixture.messages().isEmpty(), qPrintable(m_fixture.messages().join('\n')));
        QSettings().remove("lastExportDirectory");
    }

    // Without an earlier export and without a Documents folder, proposals go to the home
    // folder, never to the profile's (often read-only samples) folder.
    void exportFolderIsNeverTheProfilesByDefault() {
        QSettings().remove("lastExportDirectory");
        const QString documents =
            QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        const QString expected = QFileInfo(documents).isDir() ? documents : QDir::homePath();
        QCOMPARE(SaveNames::exportFolder(), expected);
        QTemporaryDir dir;
        QSettings().setValue("lastExportDirectory", dir.path());
        QCOMPARE(SaveNames::exportFolder(), dir.path());
        QSettings().setValue("lastExportDirectory", dir.filePath("gone"));
        QCOMPARE(SaveNames::exportFolder(), expected);
        QSettings().remove("lastExportDirectory");
    }

    // Export Plan never writes over the open profile, even when the user picks its name.
    void exportPlanRefusesTheOpenProfile() {
        QTemporaryDir folder;
        const QString profile = folder.filePath("vgg19.json");
        QVERIFY(QFile::copy(uiSourcePath("sample_profiles/scission/vgg19.json"), profile));
        const QByteArray before = digest(profile);
        MainWindow* window = m_fixture.open(profile);
        QVERIFY(window);
        SaveDialogStandIn dialog;
        dialog.pick = profile;
        dialog.replace = true;
        window->action("exportPlan")->trigger();
        QCOMPARE(digest(profile), before);
        QVERIFY2(m_fixture.messages().size() == 1 &&
                     m_fixture.messages().front().contains(
                         QStringLiteral("%1 is the open profile: a plan never replaces it")
                             .arg(profile)),
                 qPrintable(m_fixture.messages().join('\n')));
    }

    // File ▸ Import proposes a free name beside the model; picking a file that exists says what
    // it is before replacing it, and declining leaves it alone.
    void importProposesAFreeNameAndSaysWhatItWouldReplace() {
        QTemporaryDir folder;
        const QString model = folder.filePath("residual.onnx");
        QVERIFY(QFile::copy(uiSourcePath("tests/data/onnx/residual.onnx"), model));
        const QString taken = folder.filePath("residual.json");
        QVERIFY(QFile::copy(uiSourcePath("sample_profiles/torch/resnet18.json"), taken));
        const QByteArray before = digest(taken);
        MainWindow* window = m_fixture.open(QString());
        QVERIFY(window);
        SaveDialogStandIn dialog;
        dialog.pick = taken;
        QVERIFY(!window->files()->importWithDialog(model));
        QCOMPARE(dialog.proposals, QStringList{folder.filePath("residual-2.json")});
        QCOMPARE(dialog.replaceQuestions.size(), 1);
        QVERIFY2(dialog.replaceQuestions.front().startsWith(
                     "residual.json is a CutLab profile of model 'resnet18' (14 layers, 2 "
                     "machines)"),
                 qPrintable(dialog.replaceQuestions.front()));
        QVERIFY(dialog.replaceQuestions.front().endsWith(" Replace it?"));
        QCOMPARE(digest(taken), before);
        dialog.pick.clear(); // the proposal: imported there, the other profile untouched
        QVERIFY(window->files()->importWithDialog(model));
        QVERIFY(window->files()->waitForOpen());
        QVERIFY(QFileInfo(folder.filePath("residual-2.json")).size() > 0);
        QCOMPARE(digest(taken), before);
    }

    // The unsaved-changes question says what it is for; Save writes where the plan was last
    // saved (then opens the other file), or asks with a proposed name when it never was.
    void unsavedQuestionSavesWhereThePlanWas() {
        QTemporaryDir folder;
        QSettings().setValue("lastExportDirectory", folder.path());
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        SaveDialogStandIn dialog;
        QStringList questions;
        window->setUnsavedQuestion([&questions](const QString& question) {
            questions << question;
            return QMessageBox::Save;
        });
        window->action("exportPlan")->trigger();
        const QString plan = folder.filePath("vgg19-plan.json");
        QCOMPARE(window->files()->planPath(), plan);
        Document* doc = window->document();
        const QByteArray first = digest(plan);
        doc->changeState({3, 5, doc->state().machines}, "cuts");
        QVERIFY(doc->isModified());
        QTemporaryDir other; // the same state written elsewhere: what Save must write
        QVERIFY(window->files()->exportPlan(other.filePath("expected.json")));
        QVERIFY(window->files()->openProfileFromUser(
            uiSourcePath("sample_profiles/scission/resnet50.json")));
        QCOMPARE(questions,
                 QStringList{"Save your plan (to vgg19-plan.json) before opening resnet50.json?"});
        QCOMPARE(dialog.proposals.size(), 1); // no dialog for the second save
        QVERIFY(digest(plan) != first);
        const auto saved = core::loadPlanFile(plan.toStdString());
        const auto expected = core::loadPlanFile(other.filePath("expected.json").toStdString());
        QVERIFY(saved.ok() && expected.ok());
        QCOMPARE(QString::fromStdString(saved.plan->model), QString("vgg19"));
        QCOMPARE(saved.plan->stages.size(), expected.plan->stages.size());
        for (std::size_t s = 0; s < saved.plan->stages.size(); ++s)
            QCOMPARE(saved.plan->stages[s].lastLayer, expected.plan->stages[s].lastLayer);
        QCOMPARE(QString::fromStdString(doc->profile().model.name), QString("resnet50"));

        // a plan never saved: Save asks, proposing <model>-plan.json
        doc->changeState({2, 4, doc->state().machines}, "cuts");
        QVERIFY(window->files()->openProfileFromUser(
            uiSourcePath("sample_profiles/scission/vgg19.json")));
        QCOMPARE(questions.last(), QString("Save your plan before opening vgg19.json?"));
        QCOMPARE(dialog.proposals.last(), folder.filePath("resnet50-plan.json"));
        QVERIFY(QFileInfo(folder.filePath("resnet50-plan.json")).size() > 0);
        QSettings().remove("lastExportDirectory");
    }

    // Every menu path the README, the docs and the window name ("File ▸ Import Model") exists in
    // the menu bar, item by item.
    void everyMenuPathNamedExists() {
        MainWindow* window = m_fixture.open(QString());
        QVERIFY(window);
        QMap<QString, QMenu*> menus;
        for (QAction* top : window->menuBar()->actions())
            if (top->menu())
                menus.insert(plainMenuText(top), top->menu());
        static const QRegularExpression chain(QStringLiteral(
            R"(\b(File|Edit|View|Planner|Help)((?:\s*▸\s*[^▸.,;:()\[\]`*\x22]+)+))"));
        QStringList wrong;
        int checked = 0;
        for (const QString& text : textsNamingMenus()) {
            auto matches = chain.globalMatch(text);
            while (matches.hasNext()) {
                const auto match = matches.next();
                const QMenu* menu = menus.value(match.captured(1));
                const QStringList steps = match.captured(2).split(QStringLiteral("▸"));
                for (int k = 1; k < steps.size() && menu; ++k) {
                    const QAction* item = itemNamed(menu, steps[k].trimmed());
                    if (!item) {
                        wrong << text.section(':', 0, 0) + ": " + match.captured(1) + " ▸" +
                                     match.captured(2).left(40);
                        break;
                    }
                    menu = item->menu();
                }
                ++checked;
            }
        }
        QVERIFY(checked >= 10);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join('\n')));
    }

    // Training edits are document edits: a stage drag marks the window modified, Ctrl+Q asks
    // before quitting (Cancel keeps the window and the edit), Save marks everything saved.
    void trainingEditsAskBeforeQuitting() {
        MainWindow* window = m_fixture.open(uiSourcePath(kAlexNet));
        QVERIFY(window);
        QStringList questions;
        QMessageBox::StandardButton answer = QMessageBox::Cancel;
        window->setUnsavedQuestion([&](const QString& question) {
            questions << question;
            return answer;
        });
        window->action("trainingMode")->trigger();
        TrainingPanel* training = window->training();
        training->setPlanner(QStringLiteral("pipeline"));
        QVERIFY(settled(training));
        window->document()->markSaved(); // the planner choice was an edit too: start clean
        QVERIFY(!window->document()->isModified());
        const std::vector<int> planned = training->stageStrip()->boundaries();
        training->stageStrip()->ensureVisible(training->stageStrip()->handle(0));
        dragFirstBoundary(training->stageStrip(), planned[0] > 1 ? 1 : 2);
        QVERIFY(settled(training));
        QVERIFY(training->stageStrip()->boundaries() != planned);
        QVERIFY(window->document()->isModified());
        QVERIFY2(window->windowTitle().contains(" *"), qPrintable(window->windowTitle()));

        QApplication::setActiveWindow(window);
        QVERIFY(QTest::qWaitForWindowActive(window));
        QTest::keyClick(window, Qt::Key_Q, Qt::ControlModifier);
        QCOMPARE(questions, QStringList{"Save your plan before closing?"});
        QVERIFY(window->isVisible()); // Cancel: nothing lost
        QVERIFY(training->stageStrip()->boundaries() != planned);

        training->undoStack()->undo(); // back to where it was saved: nothing to ask
        QVERIFY(!window->document()->isModified());
        QVERIFY(!window->windowTitle().contains(" *"));
        training->undoStack()->redo();
        QVERIFY(window->document()->isModified());
        window->document()->markSaved();
        QVERIFY(training->undoStack()->isClean());
        QVERIFY(!window->windowTitle().contains(" *"));
    }

    // Training ▸ Export Plan writes the plan on screen as the `cutlab-plan` training document;
    // Open Plan brings back the same planner, settings and hand-set stages, unmodified.
    void trainingPlanExportsAndReopens() {
        QTemporaryDir folder;
        const QString pipelinePath = folder.filePath("alexnet-pipeline.json");
        const QString hiertrainPath = folder.filePath("alexnet-hiertrain.json");
        std::vector<int> edited;
        double hiertrainMs = 0;
        {
            MainWindow* window = m_fixture.open(uiSourcePath(kAlexNet));
            QVERIFY(window);
            window->action("trainingMode")->trigger();
            TrainingPanel* training = window->training();
            training->setBatch(96);
            QVERIFY(settled(training));
            QVERIFY(training->trainingResult());
            hiertrainMs = training->trainingResult()->iterationMs();
            QVERIFY(window->files()->savePlanAs(hiertrainPath));
            training->setPlanner(QStringLiteral("pipeline"));
            QVERIFY(settled(training));
            const std::vector<int> planned = training->stageStrip()->boundaries();
            training->stageStrip()->ensureVisible(training->stageStrip()->handle(0));
            dragFirstBoundary(training->stageStrip(), planned[0] > 1 ? 1 : 2);
            QVERIFY(settled(training));
            edited = training->document()->stageBoundaries();
            QVERIFY(!edited.empty() && edited != planned);
            QVERIFY(window->files()->savePlanAs(pipelinePath));
            QVERIFY(!window->document()->isModified());
        }
        // the files, read back
        const auto pipeline = nlohmann::json::parse(readAll(pipelinePath).toStdString());
        QCOMPARE(pipeline["kind"], "training");
        QCOMPARE(pipeline["planner"], "pipeline");
        QCOMPARE(pipeline["edited"], true);
        QCOMPARE(pipeline["stages"].size(), edited.size() + 1);
        QCOMPARE(pipeline["stages"][0]["layers"].size(), static_cast<std::size_t>(edited[0]));
        QVERIFY(pipeline["profile"].get<std::string>().ends_with("alexnet-tinyimagenet.json"));
        const auto hiertrain = nlohmann::json::parse(readAll(hiertrainPath).toStdString());
        QCOMPARE(hiertrain["planner"], "hiertrain");
        QCOMPARE(hiertrain["batch"], 96);
        QCOMPARE(hiertrain["iteration_ms"].get<double>(), hiertrainMs);

        // reopened in a new window with nothing open: the profile comes with it
        MainWindow* window = m_fixture.open(QString());
        QVERIFY(window);
        QVERIFY(window->files()->openPlan(pipelinePath));
        TrainingPanel* training = window->training();
        QCOMPARE(window->mode(), MainWindow::Mode::Training);
        QVERIFY(settled(training));
        QCOMPARE(training->planner(), QStringLiteral("pipeline"));
        QCOMPARE(training->document()->stageBoundaries(), edited);
        QCOMPARE(training->stageStrip()->boundaries(), edited);
        QVERIFY(trainingSummary(training)->text().startsWith(QStringLiteral("Your partition: ")));
        // the optimum it is compared with is planned anew for the reopened settings
        QTRY_VERIFY2_WITH_TIMEOUT(trainingSummary(training)->text().contains(
                                      QStringLiteral("Run Planner (Ctrl+R) restores it")),
                                  qPrintable(trainingSummary(training)->text()), 30000);
        QVERIFY(!window->document()->isModified());
        QVERIFY(window->files()->openPlan(hiertrainPath));
        QVERIFY(settled(training));
        QCOMPARE(training->planner(), QStringLiteral("hiertrain"));
        QCOMPARE(training->batch(), 96);
        QCOMPARE(training->trainingResult()->iterationMs(), hiertrainMs);

        // a plan whose stages skip layers is refused with the reason, and changes nothing
        auto broken = pipeline;
        broken["stages"][1]["layers"].erase(0);
        const QString why = refusalOf(window, folder.filePath("broken.json"), broken);
        QVERIFY2(why.contains("stage 2 is not the run of layers after"), qPrintable(why));
        QCOMPARE(training->planner(), QStringLiteral("hiertrain"));
    }

    // A plan over a pool (the Cluster editor) is exported as `train --cluster --json` writes it,
    // with the whole network, and Open Plan brings back the pool, each type's memory and the same
    // plan; a plan made with PipeDream's cost model is refused with the reason.
    void poolPlanExportsAndReopens() {
        QTemporaryDir folder;
        const QString path = folder.filePath("alexnet-pool.json");
        const QString pool = QStringLiteral("raspi3:4@100,gtx1080ti:1@1000");
        const double raspiBytes = 0.1 * ClusterEditor::kGiB;
        double bottleneckMs = 0;
        {
            MainWindow* window = m_fixture.open(uiSourcePath(kAlexNet));
            QVERIFY(window);
            window->action("trainingMode")->trigger();
            TrainingPanel* training = window->training();
            training->setPlanner(QStringLiteral("pipeline"));
            QVERIFY(settled(training));
            ClusterEditor* editor = training->pipelineSettings()->clusterEditor();
            editor->enterPool(pool);
            QVERIFY(settled(training));
            QVERIFY(editor->enterCapacityGiB(QStringLiteral("raspi3"), 0.1));
            QVERIFY(settled(training));
            QVERIFY2(training->poolPlan(), qPrintable(training->errorText()));
            bottleneckMs = training->poolPlan()->plan.bottleneckMs;
            QVERIFY(window->files()->savePlanAs(path));
        }
        const auto doc = nlohmann::json::parse(readAll(path).toStdString());
        QCOMPARE(doc["cost_model"], "cutlab");
        QCOMPARE(doc["cluster"]["groups"].size(), std::size_t(2));
        QCOMPARE(doc["cluster"]["groups"][0]["machines"], 4);
        QCOMPARE(doc["capacity_bytes"]["raspi3"].get<double>(), raspiBytes);
        QCOMPARE(doc["capacity_bytes"]["gtx1080ti"].get<double>(), 11.0 * ClusterEditor::kGiB);
        QCOMPARE(doc["bottleneck_ms"].get<double>(), bottleneckMs);
        QVERIFY(doc["network"]["links"].is_array());
        QVERIFY(doc["profile"].get<std::string>().ends_with("alexnet-tinyimagenet.json"));

        MainWindow* window = m_fixture.open(QString());
        QVERIFY(window);
        QVERIFY(window->files()->openPlan(path));
        TrainingPanel* training = window->training();
        QVERIFY(settled(training));
        QCOMPARE(training->planner(), QStringLiteral("pipeline"));
        const PipelineSettings& settings = training->document()->pipelineSettings();
        QCOMPARE(settings.pool, pool);
        QCOMPARE(settings.poolCapacityBytes.value(QStringLiteral("raspi3")), raspiBytes);
        QVERIFY2(training->poolPlan(), qPrintable(training->errorText()));
        QCOMPARE(training->poolPlan()->plan.bottleneckMs, bottleneckMs);
        QVERIFY(!window->document()->isModified());

        auto pipedream = doc;
        pipedream["cost_model"] = "pipedream";
        const QString why = refusalOf(window, folder.filePath("pipedream.json"), pipedream);
        QVERIFY2(why.contains("PipeDream's cost model"), qPrintable(why));
        QCOMPARE(training->document()->pipelineSettings().pool, pool);
    }

    // File ▸ Export Report carries the Training mode's plan on a second page when it has one
    // for the document on screen; a profile that cannot train keeps its one page.
    void reportIncludesTraining() {
        QTemporaryDir folder;
        auto pages = [](const QString& path) {
            const QByteArray pdf = readAll(path).toLatin1();
            return static_cast<int>(pdf.count("/Type /Page\n") + pdf.count("/Type /Page\r"));
        };
        MainWindow* window = m_fixture.open(uiSourcePath(kAlexNet));
        QVERIFY(window);
        window->action("trainingMode")->trigger();
        QVERIFY(settled(window->training()));
        const QString hiertrain = folder.filePath("hiertrain.pdf");
        QVERIFY(window->files()->exportReport(hiertrain));
        QCOMPARE(pages(hiertrain), 2);
        QVERIFY(pdfText(hiertrain).contains(QStringLiteral("Training — ")));
        QVERIFY(pdfText(hiertrain).contains(QStringLiteral("iteration")));
        window->training()->setPlanner(QStringLiteral("pipeline"));
        QVERIFY(settled(window->training()));
        const QString pipeline = folder.filePath("pipeline.pdf");
        QVERIFY(window->files()->exportReport(pipeline));
        QCOMPARE(pages(pipeline), 2);
        QVERIFY(pdfText(pipeline).contains(QStringLiteral("pipeline")));

        MainWindow* vgg = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(vgg);
        vgg->action("trainingMode")->trigger();
        QVERIFY(settled(vgg->training()));
        const QString inference = folder.filePath("vgg19.pdf");
        QVERIFY(vgg->files()->exportReport(inference));
        QCOMPARE(pages(inference), 1);
    }

    // The strategy comparison has the pipeline beside the iteration planners: B / b
    // micro-batches of b samples, planned at each bandwidth; at the network's own bandwidth it
    // is the Pipeline tab's mini-batch with that many micro-batches.
    void strategyComparisonHasThePipeline() {
        MainWindow* window = m_fixture.open(uiSourcePath(kAlexNet));
        QVERIFY(window);
        window->action("trainingMode")->trigger();
        TrainingPanel* training = window->training();
        training->setPlanner(QStringLiteral("pipeline"));
        PipelineSettings settings = training->document()->pipelineSettings();
        settings.microBatch = 32;
        settings.microBatches = 4; // 4 × 32 = the batch of 128
        training->document()->setPipelineSettings(settings);
        QVERIFY(settled(training));
        QTRY_VERIFY_WITH_TIMEOUT(training->strategySweep() && !training->isStrategyRunning(),
                                 60000);
        const core::StrategySweep& sweep = *training->strategySweep();
        const auto found = std::find(sweep.planners.begin(), sweep.planners.end(), "pipeline");
        QVERIFY(found != sweep.planners.end());
        const auto p = static_cast<std::size_t>(found - sweep.planners.begin());
        QCOMPARE(sweep.pipelineShape, std::string("4 × 32"));
        // the HierTrain lab's edge-cloud and device-cloud links run at 3.5 Mbps
        const auto at = std::find(sweep.mbps.begin(), sweep.mbps.end(), 3.5);
        QVERIFY(at != sweep.mbps.end());
        QVERIFY(training->pipeline());
        QCOMPARE(sweep.ms[p][static_cast<std::size_t>(at - sweep.mbps.begin())],
                 training->pipeline()->schedule.minibatchMs);
        for (double ms : sweep.ms[p])
            QVERIFY(std::isfinite(ms) && ms > 0);
        // and the chart names it with its shape
        bool named = false;
        for (QAbstractSeries* series : training->strategyView()->chart()->series())
            named |= series->name() == QStringLiteral("pipeline (4 × 32)");
        QVERIFY(named);
    }

    // Quit in either mode and start again with the same settings folder: the window comes back
    // in that mode, and every dock of each mode is there (Ctrl+Shift+I/T switch). Reset Layout
    // brings back the default; a layout without the charts is never restored.
    void panelsSurviveARestartInEitherMode() {
        const QStringList inference{"settingsDock", "inspectorDock", "plannerDock", "chartsDock",
                                    "explainDock"};
        auto open = [](QDockWidget* dock) { return dock && !dock->isHidden(); };
        for (const bool quitInTraining : {true, false}) {
            QSettings().clear();
            auto start = [] {
                auto window = std::make_unique<MainWindow>();
                window->setPersistent(true);
                window->setUnsavedQuestion([](const QString&) { return QMessageBox::Discard; });
                window->restoreSettings();
                window->show();
                return window;
            };
            {
                auto window = start();
                QVERIFY(QTest::qWaitForWindowExposed(window.get()));
                QVERIFY(window->files()->openProfile(uiSourcePath(kAlexNet)));
                window->setMode(quitInTraining ? MainWindow::Mode::Training
                                               : MainWindow::Mode::Inference);
                QVERIFY(window->close());
            }
            auto window = start();
            QVERIFY(QTest::qWaitForWindowExposed(window.get()));
            QCOMPARE(window->mode(),
                     quitInTraining ? MainWindow::Mode::Training : MainWindow::Mode::Inference);
            window->setMode(MainWindow::Mode::Inference);
            for (const QString& name : inference)
                QVERIFY2(open(window->findChild<QDockWidget*>(name)), qPrintable(name));
            QCOMPARE(window->findChild<QDockWidget*>("settingsDock")->windowTitle(),
                     QString("Settings"));
            window->setMode(MainWindow::Mode::Training);
            QVERIFY(!open(window->findChild<QDockWidget*>("chartsDock")));
            window->setMode(MainWindow::Mode::Inference);
            QVERIFY(open(window->findChild<QDockWidget*>("chartsDock")));

            // closed by hand: Reset Layout brings it back; a restart never comes without charts
            window->findChild<QDockWidget*>("chartsDock")->close();
            window->findChild<QDockWidget*>("explainDock")->close();
            window->action("resetLayout")->trigger();
            QVERIFY(open(window->findChild<QDockWidget*>("chartsDock")));
            QVERIFY(open(window->findChild<QDockWidget*>("explainDock")));
            window->findChild<QDockWidget*>("chartsDock")->close();
            QVERIFY(window->close());
            window = start();
            QVERIFY(open(window->findChild<QDockWidget*>("chartsDock")));
            window->close();
        }
        QSettings().clear();
    }

    // A saved geometry that fits no screen (another scale factor, a monitor gone) is not
    // restored: the window opens on the screen, as large as the screen allows (its minimum
    // size may still exceed a small screen: then its top-left corner is on it).
    void offScreenGeometryIsNotRestored() {
        QSettings().clear();
        {
            MainWindow window;
            window.setPersistent(true);
            window.setGeometry(QRect(5000, 4000, 1280, 800));
            QVERIFY(window.close());
        }
        MainWindow window;
        window.setPersistent(true);
        window.restoreSettings();
        bool onAScreen = false;
        for (const QScreen* screen : QGuiApplication::screens())
            onAScreen = onAScreen || screen->availableGeometry().contains(window.geometry()) ||
                        (screen->availableGeometry().contains(window.geometry().topLeft()) &&
                         window.size() == window.minimumSize().expandedTo(window.size()) &&
                         (window.width() <= window.minimumWidth() ||
                          window.height() <= window.minimumHeight()));
        QVERIFY2(onAScreen, qPrintable(QStringLiteral("%1,%2 %3x%4")
                                           .arg(window.geometry().x())
                                           .arg(window.geometry().y())
                                           .arg(window.geometry().width())
                                           .arg(window.geometry().height())));
        QSettings().clear();
    }

    // The strategy comparison on a profile no planner can train (VGG19, forward times only)
    // shows why in place of an empty chart; on AlexNet it shows the chart.
    void emptyStrategyComparisonSaysWhy() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        window->action("trainingMode")->trigger();
        TrainingPanel* training = window->training();
        training->showView(TrainingPanel::View::Strategy);
        QTRY_VERIFY_WITH_TIMEOUT(training->strategySweep() && !training->isStrategyRunning(),
                                 60000);
        QLabel* status =
            labelWithTip(training, QStringLiteral("State of the strategy comparison sweep."));
        QVERIFY(status);
        QVERIFY(!training->strategyView()->isVisibleTo(training));
        QVERIFY2(status->text().startsWith(
                     QStringLiteral("No planner has an answer, so there is nothing to compare")) &&
                     status->text().contains(QStringLiteral("no layer has backward_ms")) &&
                     status->text().contains(QStringLiteral("sample_profiles/hiertrain/")),
                 qPrintable(status->text()));
        QString error;
        QTemporaryDir dir;
        QVERIFY(
            !training->exportView(TrainingPanel::View::Strategy, dir.filePath("s.png"), &error));
        QVERIFY2(error.contains(QStringLiteral("no layer has backward_ms")), qPrintable(error));

        QVERIFY(window->files()->openProfile(uiSourcePath(kAlexNet)));
        QTRY_VERIFY_WITH_TIMEOUT(training->strategySweep() && !training->isStrategyRunning() &&
                                     training->strategyView()->isVisibleTo(training),
                                 60000);
        QVERIFY(status->text().startsWith(QStringLiteral("Batch ")));
    }

    // Presenting changes nothing: after stepping through every slide and leaving, the cuts,
    // the network, the modified flag and the breakdown chart's axis are as they were.
    void presentingChangesNothing() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        Document* doc = window->document();
        QVERIFY(!doc->isModified());
        auto axisMax = [window] {
            const auto axes = window->charts()->chart(ChartsPanel::Breakdown)->axes(Qt::Horizontal);
            return axes.isEmpty() ? -1.0 : static_cast<QValueAxis*>(axes.front())->max();
        };
        const double before = axisMax();
        const PartitionState state = doc->state();
        const std::string network = doc->network().name;
        const int undoIndex = doc->undoStack()->index();
        window->action("presentation")->trigger();
        PresentationWindow* presentation = window->presentation();
        QVERIFY(presentation);
        QVERIFY(QTest::qWaitForWindowExposed(presentation));
        for (int step = 1; step < presentation->stepCount(); ++step) {
            QTest::keyClick(presentation, Qt::Key_Right);
            QTRY_COMPARE_WITH_TIMEOUT(presentation->currentStep(), step, 20000);
        }
        QTest::keyClick(presentation, Qt::Key_Escape);
        QTRY_VERIFY(!window->presentation());
        QVERIFY(!doc->isModified());
        QVERIFY(doc->state() == state);
        QCOMPARE(doc->network().name, network);
        QCOMPARE(doc->undoStack()->index(), undoIndex);
        QCOMPARE(axisMax(), before);
        QVERIFY(!window->windowTitle().contains(" *"));
    }

    // A profile dropped on any part of the window opens: the empty page, the graph, a chart,
    // a dock, the Training view.
    void dropsOpenAnywhere() {
        MainWindow* window = m_fixture.open(QString());
        QVERIFY(window);
        const QString vgg19 = uiSourcePath("sample_profiles/scission/vgg19.json");
        const QString resnet = uiSourcePath("sample_profiles/scission/resnet50.json");
        auto model = [window] {
            return window->document()->hasProfile()
                       ? QString::fromStdString(window->document()->profile().model.name)
                       : QString();
        };
        QVERIFY(dropFile(window->graphPanel()->summaryLabel(), vgg19)); // the empty page
        QCOMPARE(model(), QString("vgg19"));
        const QList<QPair<QString, QWidget*>> areas{
            {"graph", window->graphPanel()->view()->viewport()},
            {"chart", window->charts()->findChild<QChartView*>()->viewport()},
            {"planner dock", window->planner()},
            {"settings dock", window->findChild<QDockWidget*>("settingsDock")->widget()},
            {"find box", window->graphPanel()->searchBox()}};
        bool even = true;
        for (const auto& [name, widget] : areas) {
            const QString path = even ? resnet : vgg19;
            QVERIFY2(dropFile(widget, path), qPrintable(name));
            QCOMPARE(model(), QString(even ? "resnet50" : "vgg19"));
            even = !even;
        }
        window->action("trainingMode")->trigger();
        QVERIFY(dropFile(window->training()->ganttView()->viewport(), uiSourcePath(kAlexNet)));
        QCOMPARE(model(), QString("alexnet-tinyimagenet"));
    }

    // The HierTrain timeline names its task types (TASK O/S/L, explained under the chart),
    // counts samples in good English, writes the iteration as the summary does, and no two of
    // its texts overlap.
    void timelineSpeaksPlainly() {
        MainWindow* window = m_fixture.open(uiSourcePath(kAlexNet));
        QVERIFY(window);
        window->action("trainingMode")->trigger();
        TrainingPanel* training = window->training();
        training->setPlanner(QStringLiteral("hiertrain"));
        QVERIFY(settled(training));
        QVERIFY(training->trainingResult());
        QStringList texts;
        QList<QRectF> boxes;
        for (QGraphicsItem* item : training->timelineView()->scene()->items())
            if (auto* text = dynamic_cast<QGraphicsSimpleTextItem*>(item)) {
                texts << text->text();
                boxes << text->sceneBoundingRect();
            } else if (auto* rich = dynamic_cast<QGraphicsTextItem*>(item)) {
                texts << rich->toPlainText();
            }
        const QString all = texts.join('\n');
        QVERIFY2(all.contains(QStringLiteral("TASK O: ")), qPrintable(all));
        QVERIFY2(all.contains(QStringLiteral("HierTrain's task types: TASK O")), qPrintable(all));
        static const QRegularExpression bareTask(QStringLiteral("(^|\\n)[osl]: "));
        QVERIFY2(!all.contains(bareTask), qPrintable(all));
        QVERIFY2(!all.contains(QRegularExpression(QStringLiteral("\\b1 samples"))),
                 qPrintable(all));
        const QString iteration = Format::ms(training->trainingResult()->iterationMs());
        QVERIFY2(all.contains(QStringLiteral("iteration ") + iteration), qPrintable(all));
        QVERIFY2(trainingSummary(training)->text().contains(iteration),
                 qPrintable(trainingSummary(training)->text()));
        for (int a = 0; a < boxes.size(); ++a)
            for (int b = a + 1; b < boxes.size(); ++b)
                QVERIFY2(!boxes[a].adjusted(1, 1, -1, -1).intersects(boxes[b]),
                         qPrintable(texts[a] + " overlaps " + texts[b]));
    }

    // Dragging a cut handle to the edge of the view scrolls the graph, and the handle follows
    // the pointer: it ends on screen, past what was in view when the drag began.
    void draggingACutToTheEdgeScrolls() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        Document* doc = window->document();
        doc->changeState({1, doc->blockCount(), doc->state().machines}, "start");
        GraphView* view = window->graphPanel()->view();
        view->setZoom(1.0);
        QScrollBar* bar = view->horizontalScrollBar();
        bar->setValue(bar->minimum());
        QApplication::processEvents();
        QVERIFY2(bar->maximum() > 400, "the graph must be wider than the view");
        CutMarkerItem* marker = window->scene()->marker(CutHandle::DeviceEdge);
        QWidget* viewport = view->viewport();
        const QPoint grip = view->mapFromScene(marker->gripScenePos());
        QVERIFY(viewport->rect().contains(grip));
        const int before = doc->state().deviceBoundary;
        const double visibleEnd = view->mapToScene(QPoint(viewport->width(), grip.y())).x();
        const QPoint edge(viewport->width() - 4, grip.y());
        QTest::mousePress(viewport, Qt::LeftButton, {}, grip);
        for (int i = 1; i <= 10; ++i)
            QTest::mouseMove(viewport, grip + (edge - grip) * i / 10);
        const int start = bar->value();
        QTRY_VERIFY_WITH_TIMEOUT(bar->value() > start + 600, 5000);
        QVERIFY(view->isAutoScrolling());
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, edge);
        QVERIFY(!view->isAutoScrolling());
        QVERIFY(doc->state().deviceBoundary > before);
        QVERIFY2(marker->gripScenePos().x() > visibleEnd,
                 qPrintable(QString("handle at %1, view ended at %2")
                                .arg(marker->gripScenePos().x())
                                .arg(visibleEnd)));
        QVERIFY(viewport->rect()
                    .adjusted(-8, 0, 8, 0)
                    .contains(view->mapFromScene(marker->gripScenePos())));
    }

    // Training ▸ Pipeline on a long model: dragging a stage boundary to the edge of the stage
    // strip scrolls it on (as the layer graph does), and the boundary lands beyond the part
    // that was in view.
    void draggingAStageToTheEdgeScrolls() {
        QTemporaryDir folder;
        const QString path = folder.filePath("linear-300.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray::fromStdString(generatedLinearProfile(300).dump()));
        file.close();
        MainWindow* window = m_fixture.open(path);
        QVERIFY(window);
        QVERIFY(window->files()->openNetwork(QStringLiteral("ideal")));
        window->action("trainingMode")->trigger();
        TrainingPanel* training = window->training();
        training->setPlanner(QStringLiteral("pipeline"));
        PipelineSettings settings = training->document()->pipelineSettings();
        settings.chain = QStringList{"gpu", "gpu", "gpu"}; // three stages of one machine
        training->document()->setPipelineSettings(settings);
        QVERIFY(settled(training));
        training->showView(TrainingPanel::View::Pipeline);
        const std::vector<int> planned = training->stageStrip()->boundaries();
        QCOMPARE(planned.size(), std::size_t{2});
        training->document()->moveStageBoundaries(planned, {5, 295});
        QVERIFY(settled(training));
        StageStripView* strip = training->stageStrip();
        QScrollBar* bar = strip->horizontalScrollBar();
        bar->setValue(bar->minimum());
        QApplication::processEvents();
        QVERIFY2(bar->maximum() > 400, "the strip must be wider than its view");
        QWidget* viewport = strip->viewport();
        StageBoundaryItem* handle = strip->handle(0);
        QVERIFY(handle);
        const QPoint grip = strip->mapFromScene(handle->mapToScene(handle->rect().center()));
        QVERIFY(viewport->rect().contains(grip));
        const double visibleEnd = strip->mapToScene(QPoint(viewport->width(), grip.y())).x();
        const QPoint edge(viewport->width() - 4, grip.y());
        QTest::mousePress(viewport, Qt::LeftButton, {}, grip);
        for (int i = 1; i <= 10; ++i)
            QTest::mouseMove(viewport, grip + (edge - grip) * i / 10);
        const int start = bar->value();
        QTRY_VERIFY_WITH_TIMEOUT(bar->value() > start + 300, 5000);
        QVERIFY(strip->isAutoScrolling());
        QTest::mouseRelease(viewport, Qt::LeftButton, {}, edge);
        QVERIFY(!strip->isAutoScrolling());
        QVERIFY(settled(training));
        const int moved = training->document()->stageBoundaries().front();
        QVERIFY2(strip->xOfPosition(moved) > visibleEnd,
                 qPrintable(QStringLiteral("boundary at %1 (x %2), view ended at %3")
                                .arg(moved)
                                .arg(strip->xOfPosition(moved))
                                .arg(visibleEnd)));
    }

    // Every sentence composed from a plan is of the plan on screen after a hand edit: the
    // graph's summary, the explain text, the breakdown's "Current" bar and the report for an
    // inference cut moved by keys; the Training summary after a batch edit; and the Pipeline
    // tab says whose answer it shows when another planner is selected.
    void everySummarySaysWhatIsOnScreen() {
        QTemporaryDir folder;
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        QVERIFY(window->files()->openNetwork(QStringLiteral("4g")));
        Document* doc = window->document();
        QTRY_VERIFY_WITH_TIMEOUT(doc->bestPlan().has_value(), 30000);
        for (int i = 0; i < 6; ++i) // the device|edge cut six valid cuts on, by keys
            window->action("deviceCutRight")->trigger();
        QCOMPARE(doc->state().deviceBoundary, 6);
        const QString total = Format::ms(doc->evaluation().totalMs);
        const QString best = Format::ms(doc->bestPlan()->evaluation.totalMs);
        QVERIFY(doc->evaluation().totalMs > doc->bestPlan()->evaluation.totalMs);
        const QString summary = window->graphPanel()->summary()->text();
        QVERIFY2(summary.contains(total) && summary.contains(QStringLiteral("best ") + best) &&
                     !summary.contains(QStringLiteral("★")),
                 qPrintable(summary));
        QVERIFY(
            window->explain()->browser()->toPlainText().contains(QStringLiteral("Total ") + total));
        QStringList bars;
        for (QAbstractAxis* axis : window->charts()->chart(ChartsPanel::Breakdown)->axes())
            if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis))
                bars << categories->categories();
        QVERIFY2(bars.indexOf(QRegularExpression(QStringLiteral("^Current\\s+") +
                                                 QRegularExpression::escape(total) + "$")) >= 0,
                 qPrintable(bars.join(" | ")));
        const QString report = folder.filePath("report.pdf");
        QVERIFY(window->files()->exportReport(report));
        QVERIFY(pdfText(report).contains(total));

        MainWindow* alex = m_fixture.open(uiSourcePath(kAlexNet));
        QVERIFY(alex);
        alex->action("trainingMode")->trigger();
        TrainingPanel* training = alex->training();
        training->setBatch(96);
        QVERIFY(settled(training));
        QCOMPARE(trainingSummary(training)->text(),
                 QStringLiteral("hiertrain, batch 96: iteration %1.")
                     .arg(Format::ms(training->trainingResult()->iterationMs())));
        training->showView(TrainingPanel::View::Pipeline);
        QVERIFY(training->pipelineCaption()->isVisible());
        QVERIFY(training->pipelineCaption()->text().startsWith(
            QStringLiteral("The selected planner is HierTrain.")));
        training->setPlanner(QStringLiteral("pipeline"));
        QVERIFY(settled(training));
        QVERIFY(!training->pipelineCaption()->isVisible());
    }

    // Network changes are edits like the others: a preset, a link's bandwidth (one step for a
    // whole slider drag) and a network file each undo and redo with Ctrl+Z / Ctrl+Y, and the
    // Settings panel shows the network undone.
    void networkChangesUndo() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        Document* doc = window->document();
        SettingsPanel* settings = window->settingsPanel();
        const core::Network start = doc->network();
        settings->networkBox()->setCurrentIndex(1);
        emit settings->networkBox()->activated(1); // the user picks 4G
        QCOMPARE(doc->network().name, std::string("4g"));
        QVERIFY(doc->isModified());
        const core::Network fourG = doc->network();
        QSlider* slider = settings->linkEditor(0)->bandwidthSlider();
        const int from = slider->value();
        for (int step = 1; step <= 5; ++step) // one drag: five moves
            slider->setValue(from - 10 * step);
        QVERIFY(doc->network() != fourG);
        const core::Network dragged = doc->network();

        QApplication::setActiveWindow(window);
        QVERIFY(QTest::qWaitForWindowActive(window));
        window->graphPanel()->view()->setFocus();
        QTest::keyClick(window, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(doc->network() == fourG); // the whole drag in one step
        QCOMPARE(settings->networkBox()->currentIndex(), 1);
        QTest::keyClick(window, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(doc->network() == start);
        QCOMPARE(settings->networkBox()->currentText(), QString("3G"));
        QVERIFY(!doc->isModified());
        QTest::keyClick(window, Qt::Key_Y, Qt::ControlModifier);
        QTest::keyClick(window, Qt::Key_Y, Qt::ControlModifier);
        QVERIFY(doc->network() == dragged);

        QVERIFY(window->files()->openNetwork(
            uiSourcePath("tests/data/scission-reference/network_stats.csv")));
        QVERIFY(doc->network() != dragged);
        QTest::keyClick(window, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(doc->network() == dragged);
    }

    // Each theme's series colours (every role and the three tiers) stand out from its chart
    // background by at least 3:1 and no two meanings share a colour; the dark window's sweep
    // draws its best-plan line in the dark theme's colour.
    void everySeriesColourStandsOut() {
        for (const bool dark : {false, true}) {
            const Theme& theme = Theme::of(dark);
            QList<QPair<QString, QColor>> colours;
            for (const QString& role : SeriesColors::roles())
                colours.append({role, theme.series.ofRole(role)});
            for (core::Tier tier : core::kTiers)
                colours.append(
                    {QString::fromStdString(core::tierName(tier)), Format::tierColor(tier)});
            for (const auto& [name, colour] : colours) {
                QVERIFY2(colour.isValid(), qPrintable(name));
                const double ratio = contrast(colour, theme.chart.background);
                QVERIFY2(ratio >= 3.0,
                         qPrintable(QString("%1 %2 on %3: %4:1")
                                        .arg(dark ? "dark" : "light", name, colour.name())
                                        .arg(ratio, 0, 'f', 2)));
            }
            for (int a = 0; a < colours.size(); ++a)
                for (int b = a + 1; b < colours.size(); ++b) {
                    const QColor& x = colours[a].second;
                    const QColor& y = colours[b].second;
                    const double distance =
                        std::hypot(x.red() - y.red(), x.green() - y.green(), x.blue() - y.blue());
                    QVERIFY2(distance >= 40,
                             qPrintable(colours[a].first + " ~ " + colours[b].first + " in " +
                                        (dark ? "dark" : "light")));
                }
        }
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        window->setDark(true);
        window->charts()->tabs()->setCurrentIndex(ChartsPanel::Sweep);
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (QAbstractSeries* s : window->charts()->chart(ChartsPanel::Sweep)->series())
                    if (s->property("role").toString() == QLatin1String("best"))
                        return static_cast<QLineSeries*>(s)->pen().color() ==
                               Theme::darkTheme().series.best;
                return false;
            }(),
            30000);
    }

    // At 1280x800 the sweep chart's legend shows every name whole: their widths (marker,
    // text and spacing) fit in the legend.
    void sweepLegendFitsAt1280() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        window->charts()->tabs()->setCurrentIndex(ChartsPanel::Sweep);
        QChart* chart = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((chart = window->charts()->chart(ChartsPanel::Sweep)) &&
                                     chart->series().size() >= 6,
                                 30000);
        QApplication::processEvents();
        const QLegend* legend = chart->legend();
        const QFontMetricsF metrics(legend->font());
        double needed = 0;
        QStringList names;
        for (const QLegendMarker* marker : legend->markers()) {
            if (!marker->isVisible())
                continue;
            names << marker->label();
            needed += metrics.horizontalAdvance(marker->label()) + metrics.height() + 14;
        }
        QVERIFY2(needed <= legend->geometry().width(),
                 qPrintable(QString("%1 px needed, %2 px wide: %3")
                                .arg(needed)
                                .arg(legend->geometry().width())
                                .arg(names.join(", "))));
    }

    // A zoomed-out node shows its type and the end of its name (ONNX names differ at their
    // end), elided at one end only, and never nothing.
    void nodeLabelsKeepTypeAndNameEnd() {
        QFont font;
        font.setPixelSize(11);
        font.setBold(true);
        const QFontMetricsF metrics(font);
        const QString onnx = QStringLiteral("/layer1/layer1.0/conv1/Conv");
        const QString narrow = LayerItem::compactLabel("Conv", onnx, metrics, 70);
        // the type is the name's end: the end alone, cut at its start
        QVERIFY2(narrow.startsWith(QStringLiteral("…")) && narrow.endsWith("/Conv") &&
                     narrow.count(QStringLiteral("…")) == 1,
                 qPrintable(narrow));
        QVERIFY(metrics.horizontalAdvance(narrow) <= 70);
        QCOMPARE(LayerItem::compactLabel("Relu", "block3_relu_7", metrics, 400),
                 QString("Relu block3_relu_7"));
        const QString cut = LayerItem::compactLabel("Relu", "block3_relu_7", metrics, 80);
        QVERIFY2(cut.startsWith(QStringLiteral("Relu …")) && cut.endsWith("_7"), qPrintable(cut));
        QCOMPARE(cut.count(QStringLiteral("…")), 1);
        const QString tiny = LayerItem::compactLabel("BatchNormalization", "bn_1", metrics, 30);
        QVERIFY2(!tiny.isEmpty() && tiny != QStringLiteral("…"), qPrintable(tiny));
    }

    // Ctrl+Alt+Shift+1…9 open nine samples of every kind (VGG19 first), each one that exists,
    // not merely the first files in name order.
    void sampleShortcutsOpenTheFeaturedSamples() {
        MainWindow* window = m_fixture.open(QString());
        QVERIFY(window);
        QApplication::setActiveWindow(window);
        QVERIFY(QTest::qWaitForWindowActive(window));
        const QStringList featured = SampleProfiles::featured();
        QCOMPARE(featured.size(), 9);
        for (int k = 0; k < featured.size(); ++k) {
            const QString path = QDir(SampleProfiles::directory()).filePath(featured[k]);
            QVERIFY2(QFileInfo::exists(path), qPrintable(path));
            QTest::keyClick(window, static_cast<Qt::Key>(Qt::Key_1 + k),
                            Qt::ControlModifier | Qt::AltModifier | Qt::ShiftModifier);
            QVERIFY(window->files()->waitForOpen());
            QCOMPARE(QFileInfo(window->document()->filePath()).canonicalFilePath(),
                     QFileInfo(path).canonicalFilePath());
        }
    }

    // The per-layer chart's axis labels stay apart on long models: at most 13 one- or
    // two-digit labels, 9 of three digits, 6 of four or more (a 5,000-layer model: 0 … 4000).
    void layerAxisLabelsStayApart() {
        for (const auto& [layers, step] :
             {std::pair{25, 2.0}, std::pair{428, 50.0}, std::pair{5000, 1000.0}}) {
            const auto loaded = core::parseProfile(generatedLinearProfile(layers).dump());
            QVERIFY(loaded.ok());
            std::unique_ptr<QChart> chart(
                LayerChartBuilder::build(*loaded.profile, {0, 0}, QStringLiteral("t")));
            auto* x = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).front());
            QVERIFY(x);
            QCOMPARE(x->tickInterval(), step);
            const int labels = static_cast<int>(std::floor((layers - 1) / step)) + 1;
            const int digits = static_cast<int>(QString::number(layers - 1).size());
            QVERIFY2(labels <= (digits <= 2   ? 13
                                : digits == 3 ? 9
                                              : 6),
                     qPrintable(QString("%1 labels for %2 layers").arg(labels).arg(layers)));
        }
    }

    // A block title is drawn only when its line is at least 9 px tall on screen (it was drawn
    // at about 4 px on long models); the rule is the font's line height times the zoom.
    void blockTitlesHideBelowTheReadableSize() {
        const QFont title = BlockFrameItem::titleFont();
        const double height = QFontMetricsF(title).height();
        QVERIFY(height > 9);
        QVERIFY(BlockFrameItem::isReadable(title, 1.0));
        QVERIFY(BlockFrameItem::isReadable(title, 9.0 / height));
        QVERIFY(!BlockFrameItem::isReadable(title, 8.9 / height));
        QVERIFY(!BlockFrameItem::isReadable(title, 4.0 / height)); // the 4 px of the report
    }

    // The planner table highlights the plan on screen: the row clicked, the best row after
    // Ctrl+B, and no row after a hand-made move the table does not hold.
    void plannerTableHighlightsThePlanOnScreen() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        PlannerPanel* planner = window->findChild<PlannerPanel*>();
        QVERIFY(planner);
        window->action("runPlanner")->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!planner->isRunning() && planner->table()->rowCount() >= 3, 30000);
        QTableWidget* table = planner->table();
        auto highlighted = [table] {
            const auto rows = table->selectionModel()->selectedRows();
            return rows.isEmpty() ? -1 : rows.front().row();
        };
        auto shownTotal = [window] { return Format::ms(window->document()->evaluation().totalMs); };
        const QRect second = table->visualRect(table->model()->index(1, 1));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, second.center());
        QCOMPARE(highlighted(), 1);
        QCOMPARE(table->item(1, 1)->text(), shownTotal());
        for (int row = 0; row < table->rowCount(); ++row) // a narrow column elides: tooltips
            QCOMPARE(table->item(row, 5)->toolTip(), table->item(row, 5)->text());

        QApplication::setActiveWindow(window);
        QVERIFY(QTest::qWaitForWindowActive(window));
        window->graphPanel()->view()->setFocus();
        QTest::keyClick(window, Qt::Key_B, Qt::ControlModifier); // Apply Best Plan
        QCOMPARE(table->item(0, 1)->text(), shownTotal());
        QCOMPARE(highlighted(), 0);

        Document* doc = window->document();
        for (int step = 0; step < 3; ++step) {
            window->action("deviceCutRight")->trigger();
            const int row = highlighted();
            QVERIFY2(
                row < 0 || table->item(row, 1)->text() == shownTotal(),
                qPrintable(QString("row %1 highlighted, %2 on screen").arg(row).arg(shownTotal())));
        }
        doc->undoStack()->undo();
        doc->undoStack()->undo();
        doc->undoStack()->undo();
        QCOMPARE(highlighted(), 0); // undo back to the best plan: its row again
    }

    // The graph has the keys at start; every listed shortcut that opens no modal dialog works
    // from the graph, the find box (but for the keys a text field needs) and a chart.
    void shortcutsWorkFromEveryFocus() {
        SaveDialogStandIn dialog;
        dialog.pick = QStringLiteral("/nonexistent-folder/x"); // then: cancelled below
        SaveDialog::setChooser([](const SaveDialog::Request&) { return QString(); });
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        QApplication::setActiveWindow(window);
        QVERIFY(QTest::qWaitForWindowActive(window));
        GraphPanel* graph = window->graphPanel();
        QCOMPARE(QApplication::focusWidget(), graph->view());
        const QStringList modal{"open",          "openPlan",    "openRun", "importProfile",
                                "openNetwork",   "print",       "quit",    "about",
                                "presentation",  "fullScreen",  "guide",   "shortcuts",
                                "inferenceMode", "trainingMode"};
        const QStringList textKeys{"Ctrl+Z", "Ctrl+Y", "Ctrl+Shift+Z", "Ctrl+Left", "Ctrl+Right"};
        QWidget* chart = window->charts()->findChild<QChartView*>();
        QVERIFY(chart);
        int tried = 0;
        QStringList names; // by name: an action may rebuild a menu (Clear Recent) and its actions
        for (const QAction* action : window->findChildren<QAction*>())
            if (!action->objectName().isEmpty())
                names << action->objectName();
        for (QWidget* focus : {static_cast<QWidget*>(graph->view()),
                               static_cast<QWidget*>(graph->searchBox()), chart}) {
            for (const QString& name : names) {
                QAction* action = window->findChild<QAction*>(name);
                if (!action || action->shortcut().isEmpty() || modal.contains(name) ||
                    !action->isEnabled() || action->objectName().startsWith("recent") ||
                    action->objectName().startsWith("sample"))
                    continue;
                const QString keys = action->shortcut().toString();
                if (focus == graph->searchBox() && textKeys.contains(keys))
                    continue;
                int triggered = 0;
                auto counter = connect(action, &QAction::triggered, [&triggered] { ++triggered; });
                if (!focus->isVisible())
                    window->action("resetLayout")->trigger();
                focus->setFocus();
                const QKeyCombination key = action->shortcut()[0];
                QTest::keyClick(focus, key.key(), key.keyboardModifiers());
                disconnect(counter);
                QVERIFY2(triggered == 1,
                         qPrintable(QStringLiteral("%1 (%2) from %3")
                                        .arg(action->objectName() + "/" + action->text(), keys,
                                             focus->metaObject()->className())));
                if (action->isCheckable())
                    action->trigger(); // back as it was
                ++tried;
            }
        }
        QVERIFY(tried > 60);
    }

    // The find box: a miss says so under it; Esc clears it and gives the keys back to the
    // graph; another profile starts with it empty.
    void findBoxSaysMissesAndClears() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        QApplication::setActiveWindow(window);
        QVERIFY(QTest::qWaitForWindowActive(window));
        GraphPanel* graph = window->graphPanel();
        QTest::keyClick(window, Qt::Key_F, Qt::ControlModifier);
        QCOMPARE(QApplication::focusWidget(), graph->searchBox());
        QTest::keyClicks(graph->searchBox(), "zebra");
        QVERIFY(graph->searchMessage()->isVisible());
        QCOMPARE(graph->searchMessage()->text(), QString("No layer matches 'zebra'"));
        graph->searchBox()->clear();
        QTest::keyClicks(graph->searchBox(), "layer"); // the type of VGG19's Scission layers
        QVERIFY(!graph->searchMessage()->isVisible());
        QTest::keyClick(graph->searchBox(), Qt::Key_Escape);
        QVERIFY(graph->searchBox()->text().isEmpty());
        QCOMPARE(QApplication::focusWidget(), graph->view());
        QTest::keyClicks(graph->searchBox(), "block");
        QVERIFY(
            window->files()->openProfile(uiSourcePath("sample_profiles/scission/resnet50.json")));
        QVERIFY(graph->searchBox()->text().isEmpty());
        QVERIFY(!graph->searchMessage()->isVisible());
    }
};

CUTLAB_TEST_MAIN(TestUiTrust, Gui)
} // namespace tst_ui_trust

#include "tst_ui_trust.moc"
