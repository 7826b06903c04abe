// File ▸ Open Run: a real run of tools/cutlab-run-split (tests/data/runs) set beside the plan it
// ran, read back from the table a person reads; the same figures as `cutlab-cli compare`; the
// run dropped on the window; a run whose plan cannot be found or is another plan is reported
// and shows nothing.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "UiTestSupport.h"
#include "WindowFixture.h"

#include "ui/window/MainWindow.h"
#include "ui/window/RunComparisonDialog.h"
#include "ui/window/RunFiles.h"

#include <QAction>
#include <QApplication>
#include <QDropEvent>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMimeData>
#include <QProcess>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_ui_run {

using cutlab::ui::RunComparisonDialog;
using cutlab::ui::RunFiles;

namespace {

const QString kPlan = sourcePath("tests/data/runs/lenet5-plan.json");
const QString kRun = sourcePath("tests/data/runs/lenet5-run.json");

// What `cutlab-cli compare --json` says of the same plan and run.
QJsonArray cliItems() {
    QProcess process;
    process.start(QStringLiteral(CUTLAB_CLI_PATH), {"compare", kPlan, kRun, "--json"});
    if (!process.waitForFinished(60000))
        return {};
    return QJsonDocument::fromJson(process.readAllStandardOutput()).object()["items"].toArray();
}

// The run in a folder of its own, naming a plan that is found nowhere.
QString copyWithoutItsPlan(const QTemporaryDir& dir) {
    QFile source(kRun);
    if (!source.open(QIODevice::ReadOnly))
        return {};
    QJsonObject run = QJsonDocument::fromJson(source.readAll()).object();
    QJsonObject plan = run["plan"].toObject();
    plan["file"] = "elsewhere/lenet5-plan.json";
    run["plan"] = plan;
    QFile copy(dir.filePath("lone-run.json"));
    if (!copy.open(QIODevice::WriteOnly))
        return {};
    copy.write(QJsonDocument(run).toJson());
    return copy.fileName();
}

} // namespace

class TestUiRun : public QObject {
    Q_OBJECT
  private slots:
    void init() { QVERIFY(m_fixture.open({})); }
    void cleanup() { m_fixture.close(); }

    // The plan the run names is found beside the run; every row reads as the CLI's.
    void theTableShowsThePlanAgainstTheRun() {
        auto* window = m_fixture.window();
        QVERIFY(window->runs()->openRun(kRun));
        RunComparisonDialog* dialog = window->runs()->dialog();
        QVERIFY(dialog->isVisible());
        QCOMPARE(dialog->windowTitle(), QString("lenet5: plan against run"));
        QVERIFY(dialog->summary()->text().startsWith(
            "Plan 1 of lenet5-plan.json (manual, network 2 Mbps 5 ms) against lenet5-run.json: "
            "10 frames, 1 thread"));
        const QTableWidget* table = dialog->table();
        const QJsonArray items = cliItems();
        QCOMPARE(items.size(), 4);
        QCOMPARE(table->rowCount(), 4);
        for (int row = 0; row < 4; ++row) {
            const QJsonObject item = items[row].toObject();
            QCOMPARE(table->item(row, 0)->text(), item["name"].toString());
            QCOMPARE(table->item(row, 1)->text(),
                     QString::number(item["predicted_ms"].toDouble(), 'f', 2));
            QCOMPARE(table->item(row, 2)->text(),
                     QString::number(item["measured_ms"].toDouble(), 'f', 2));
            QCOMPARE(table->item(row, 4)->text(),
                     QString::asprintf("%+.1f %%", item["error"].toDouble() * 100));
            QCOMPARE(table->item(row, 5)->text(), item["explanation"].toString());
        }
        QCOMPARE(table->item(3, 0)->text(), QString("end to end"));
        QVERIFY2(m_fixture.messages().isEmpty(), qPrintable(m_fixture.messages().join('\n')));
    }
    void theMenuHasIt() {
        const auto actions = m_fixture.window()->findChildren<QAction*>("openRun");
        QCOMPARE(actions.size(), 1);
        QCOMPARE(actions.front()->text(), QString("Open R&un…"));
        QCOMPARE(actions.front()->shortcut(), QKeySequence("Ctrl+Alt+U"));
    }
    void aDroppedRunOpensItsComparison() {
        auto* window = m_fixture.window();
        QVERIFY(dropFile(window->centralWidget(), kRun));
        QVERIFY(window->runs()->dialog()->isVisible());
        QCOMPARE(window->runs()->dialog()->table()->rowCount(), 4);
    }
    // Not beside the run: the window asks; no answer is a message and no table.
    void aRunWithoutItsPlanAsks() {
        QTemporaryDir dir;
        const QString run = copyWithoutItsPlan(dir);
        RunFiles* runs = m_fixture.window()->runs();
        QString asked;
        runs->setPlanQuestion([&](const QString&, const QString& recorded) {
            asked = recorded;
            return QString();
        });
        QVERIFY(!runs->openRun(run));
        QCOMPARE(asked, QString("elsewhere/lenet5-plan.json"));
        QVERIFY(!runs->dialog()->isVisible());
        QCOMPARE(m_fixture.messages().size(), 1);
        QVERIFY(m_fixture.messages().front().startsWith("Cannot compare lone-run.json\nThe plan it "
                                                        "ran (elsewhere/lenet5-plan.json) "
                                                        "was not found beside it"));
        // the person picks it: the comparison shows
        runs->setPlanQuestion([](const QString&, const QString&) { return kPlan; });
        QVERIFY(runs->openRun(run));
        QCOMPARE(runs->dialog()->table()->rowCount(), 4);
    }
    void anotherPlanOrABadRunIsReported() {
        RunFiles* runs = m_fixture.window()->runs();
        QVERIFY(!runs->openRun(kRun, sourcePath("sample_profiles/handmade/tiny-linear.json")));
        QVERIFY(!runs->openRun(kPlan));
        QCOMPARE(m_fixture.messages().size(), 2);
        QVERIFY2(m_fixture.messages()[0].contains("not a CutLab plan"),
                 qPrintable(m_fixture.messages()[0]));
        QVERIFY2(m_fixture.messages()[1].contains("expected \"cutlab-run\""),
                 qPrintable(m_fixture.messages()[1]));
        QVERIFY(!runs->dialog()->isVisible());
    }

  private:
    WindowFixture m_fixture;
};

CUTLAB_TEST_MAIN(TestUiRun, Gui)
} // namespace tst_ui_run

#include "tst_ui_run.moc"
