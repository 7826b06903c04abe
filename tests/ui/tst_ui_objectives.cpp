// The planner panel's objectives beyond latency: a stream's period and the device's energy,
// ranked as `cutlab-cli plan --objective` ranks them, read back from the table and the badge;
// and the Latency–energy chart's front and current plan against the core.
#include "../TestMain.h"
#include "UiTestSupport.h"
#include "WindowFixture.h"

#include "ui/charts/Format.h"
#include "ui/document/Document.h"
#include "ui/panels/ChartsPanel.h"
#include "ui/panels/EnergyController.h"
#include "ui/panels/GraphPanel.h"
#include "ui/panels/PlannerPanel.h"
#include "ui/window/MainWindow.h"

#include "core/inference/InferenceCostModel.h"
#include "core/inference/LatencyEnergyPlans.h"
#include "core/planners/InferencePlanner.h"

#include <QChart>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QXYSeries>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <fstream>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_ui_objectives {

using namespace cutlab;
using namespace cutlab::ui;

namespace {

// VGG19 with power figures on its Raspberry Pi: 3 W while computing, the LTE radio preset.
QString vgg19WithPower(const QTemporaryDir& dir) {
    std::ifstream in(uiSourcePath("sample_profiles/scission/vgg19.json").toStdString());
    nlohmann::json profile = nlohmann::json::parse(in);
    profile["machines"][0]["power"] = {{"compute_w", 3.0}, {"radio", "lte"}};
    const QString path = dir.filePath("vgg19-power.json");
    std::ofstream(path.toStdString()) << profile.dump();
    return path;
}

// The plans the command line's planner ranks first for this objective.
std::vector<core::RankedPlan> expectedPlans(const Document& doc, core::Objective objective,
                                            std::optional<double> maxLatencyMs = {}) {
    const core::InferenceCostModel model(doc.profile(), doc.network());
    core::InferenceQuery query;
    query.top = 5;
    query.objective = objective;
    query.maxLatencyMs = maxLatencyMs;
    return core::runInferencePlanner("scission", model, query);
}

// The points of the chart's series with this object name.
QList<QPointF> seriesPoints(QChart* chart, const char* name) {
    for (QAbstractSeries* series : chart->series())
        if (series->objectName() == QLatin1String(name))
            return static_cast<QXYSeries*>(series)->points();
    return {};
}

void runAndWait(PlannerPanel* planner) {
    planner->run();
    QTRY_VERIFY_WITH_TIMEOUT(!planner->isRunning(), 20000);
}

} // namespace

class TestUiObjectives : public QObject {
    Q_OBJECT
  private:
    WindowFixture m_fixture;

  private slots:
    void throughputRanksByThePeriod() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        PlannerPanel* planner = window->planner();
        planner->topBox()->setValue(5);
        planner->objectiveBox()->setCurrentIndex(planner->objectiveBox()->findText("throughput"));
        planner->maxLatencyEdit()->setText("2000");
        runAndWait(planner);
        const auto expected = expectedPlans(*window->document(), core::Objective::Throughput, 2000);
        QCOMPARE(planner->plans().size(), expected.size());
        QTableWidget* table = planner->table();
        QCOMPARE(table->horizontalHeaderItem(5)->text(), QStringLiteral("period"));
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const int row = static_cast<int>(i);
            QCOMPARE(table->item(row, 5)->text(), Format::ms(expected[i].evaluation.periodMs));
            QCOMPARE(table->item(row, 1)->text(), Format::ms(expected[i].evaluation.totalMs));
            QVERIFY(expected[i].evaluation.totalMs <= 2000);
            QCOMPARE(table->item(row, 6)->text(), QStringLiteral("—")); // no power figures
        }
        QVERIFY2(planner->status()->text().contains("ranked by throughput"),
                 qPrintable(planner->status()->text()));
        // Neurosurgeon cannot rank by a period: the sentence names the window's fields.
        QComboBox* planners = planner->plannerBox();
        planners->setCurrentIndex(planners->findData(QStringLiteral("neurosurgeon")));
        QVERIFY(!planner->maxLatencyEdit()->isEnabled());
        planner->run();
        QCOMPARE(planner->status()->text(),
                 QStringLiteral("Ranking by throughput ranks Scission's placements: use Planner "
                                "scission"));
    }

    void energyNeedsPowerAndRanksByIt() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        PlannerPanel* planner = window->planner();
        planner->objectiveBox()->setCurrentIndex(planner->objectiveBox()->findText("energy"));
        planner->run();
        QCOMPARE(planner->status()->text(),
                 QStringLiteral("Ranking by energy needs the device's power: machine 'raspi4' "
                                "has none (give it \"power\" in the profile)"));
        QVERIFY(!planner->badge()->text().contains("energy"));
        QVERIFY(!window->graphPanel()->summary()->text().contains("mJ"));

        QTemporaryDir dir;
        window = m_fixture.open(vgg19WithPower(dir));
        QVERIFY(window);
        planner = window->planner();
        planner->topBox()->setValue(5);
        planner->objectiveBox()->setCurrentIndex(planner->objectiveBox()->findText("energy"));
        runAndWait(planner);
        const auto expected = expectedPlans(*window->document(), core::Objective::Energy);
        QCOMPARE(planner->plans().size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QVERIFY(expected[i].evaluation.energyMj);
            QCOMPARE(planner->table()->item(static_cast<int>(i), 6)->text(),
                     Format::millijoules(*expected[i].evaluation.energyMj));
        }
        for (std::size_t i = 1; i < expected.size(); ++i)
            QVERIFY(*expected[i - 1].evaluation.energyMj <= *expected[i].evaluation.energyMj);
        // The badge gives the energy of the plan on screen beside its latency.
        const Document* doc = window->document();
        QVERIFY(doc->evaluation().energyMj);
        QVERIFY2(planner->badge()->text().contains(
                     "Device energy: <b>" + Format::millijoules(*doc->evaluation().energyMj)),
                 qPrintable(planner->badge()->text()));
        const QString summary = window->graphPanel()->summary()->text();
        // one unbreakable item: "device 1,492.1 mJ" never wraps apart
        const QString energy = "device " + Format::millijoules(*doc->evaluation().energyMj);
        QVERIFY2(summary.contains(QString(energy).replace(' ', "&nbsp;")), qPrintable(summary));
    }

    void theEnergyTabDrawsThePlaneAndFollowsThePlan() {
        QTemporaryDir dir;
        MainWindow* window = m_fixture.open(vgg19WithPower(dir));
        QVERIFY(window);
        ChartsPanel* charts = window->charts();
        QCOMPARE(charts->tabs()->tabText(ChartsPanel::Energy), QStringLiteral("Latency–energy"));
        QVERIFY(charts->energy()->waitForResult(20000));
        Document* doc = window->document();
        const core::InferenceCostModel model(doc->profile(), doc->network(), doc->inputBytes());
        const auto plans = core::latencyEnergyPlans(model);
        QList<QPointF> front;
        for (const auto& point : plans.points)
            if (point.onFront)
                front.append(QPointF(point.latencyMs, point.energyMj));
        QVERIFY(!front.isEmpty());
        QCOMPARE(seriesPoints(charts->chart(ChartsPanel::Energy), "front"), front);
        QCOMPARE(seriesPoints(charts->chart(ChartsPanel::Energy), "current"),
                 QList<QPointF>({QPointF(doc->evaluation().totalMs, *doc->evaluation().energyMj)}));
        // moving the cuts moves the ring, without recomputing the plane
        doc->applyState({5, 10, doc->state().machines});
        QTest::qWait(20);
        QCOMPARE(seriesPoints(charts->chart(ChartsPanel::Energy), "current"),
                 QList<QPointF>({QPointF(doc->evaluation().totalMs, *doc->evaluation().energyMj)}));
    }

    void withoutPowerTheEnergyTabSaysWhatItNeeds() {
        MainWindow* window = m_fixture.open(uiSourcePath("sample_profiles/scission/vgg19.json"));
        QVERIFY(window);
        QVERIFY(window->charts()->energy()->waitForResult(20000));
        const QString title = window->charts()->chart(ChartsPanel::Energy)->title();
        QVERIFY2(title.contains("No device has power figures"), qPrintable(title));
        QVERIFY(window->charts()->chart(ChartsPanel::Energy)->series().isEmpty());
    }
};

CUTLAB_TEST_MAIN(TestUiObjectives, Gui)
} // namespace tst_ui_objectives

#include "tst_ui_objectives.moc"
