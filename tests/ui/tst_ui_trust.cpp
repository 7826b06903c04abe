// The window says only what is true of what is on screen, and keeps what the user made: each
// test drives the window as a user would (keys, drags, drops, restarts) and reads back what the
// user reads.
#include "UiTestSupport.h"
#include "WindowFixture.h"

#include "ui/training/StageStripView.h"
#include "ui/training/TrainingDocument.h"
#include "ui/training/TrainingPanel.h"

#include <QApplication>
#include <QLabel>
#include <QStandardPaths>
#include <QtTest>

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

QLabel* trainingSummary(const TrainingPanel* panel) {
    return labelWithTip(panel, QStringLiteral("The answer of the selected planner."));
}

bool settled(const TrainingPanel* panel) {
    return QTest::qWaitFor([panel] { return !panel->isPlanning(); }, 60000);
}

} // namespace

class TestUiTrust : public QObject {
    Q_OBJECT
    WindowFixture m_fixture;

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
};

QTEST_MAIN(TestUiTrust)
#include "tst_ui_trust.moc"
