// The plan query text (pins, forbids, limits, #N positions, which options each planner accepts):
// one parser for the command line and the planner panel; each face names its fields.
#include "../TestMain.h"
#include "../TestPaths.h"

#include "core/io/ProfileLoader.h"
#include "core/model/PlanError.h"
#include "core/planners/PlanQueryText.h"

#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_planquery {

using namespace cutlab::core;

class TestPlanQuery : public QObject {
    Q_OBJECT
    Profile m_profile;

    static QString errorOf(const PlanQueryText& text, const Profile& profile,
                           const PlanQueryLabels& labels = {}) {
        try {
            resolvePlanQuery(text, profile, labels);
        } catch (const PlanError& error) {
            return QString::fromStdString(error.what());
        }
        return QString();
    }

  private slots:
    void initTestCase() {
        auto loaded =
            loadProfileFile(sourcePath("sample_profiles/scission/vgg19.json").toStdString());
        QVERIFY(loaded.ok());
        m_profile = *loaded.profile;
    }

    void resolvesEveryField() {
        PlanQueryText text;
        text.top = 3;
        text.objective = Objective::Transfer;
        text.machines = {m_profile.machines[0].id};
        text.tierRules = {{"edge", TierUse::MustNot}, {"cloud", TierUse::Must}};
        text.pins = {{m_profile.layers[2].id, "device"}, {"#5", "cloud"}};
        text.forbids = {{"#0", "cloud"}};
        text.maxUploads = {"device=500000"};
        text.maxTimes = {"device = 50%", "cloud=5"};
        const InferenceQuery query = resolvePlanQuery(text, m_profile);
        QCOMPARE(query.top, 3);
        QVERIFY(query.objective == Objective::Transfer);
        QVERIFY(query.allows(0));
        QVERIFY(!query.allows(1));
        QVERIFY(query.tierUse[1] == TierUse::MustNot);
        QVERIFY(query.tierUse[2] == TierUse::Must);
        QCOMPARE(query.pins.size(), std::size_t(2));
        QCOMPARE(query.pins[0].first, 2);
        QVERIFY(query.pins[0].second == Tier::Device);
        QCOMPARE(query.pins[1].first, 5);
        QCOMPARE(query.forbids.front().first, 0);
        QCOMPARE(*query.maxUploadBytes[0], 500000.0);
        QVERIFY(query.maxTime[0]->percent);
        QCOMPARE(query.maxTime[0]->value, 50.0);
        QVERIFY(!query.maxTime[2]->percent);
        QCOMPARE(query.maxTime[2]->value, 5.0);
    }

    void messagesNameTheFaceField_data() {
        QTest::addColumn<int>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("commandLine");
        QTest::addColumn<QString>("window");
        QTest::newRow("limit shape")
            << 0 << "device fifty"
            << "--max-time: 'device fifty' should look like TIER=MS or TIER=PCT%"
            << "Max time: 'device fifty' should look like TIER=MS or TIER=PCT%";
        QTest::newRow("limit tier")
            << 1 << "moon=5"
            << "--max-upload: unknown tier 'moon' (expected device, edge or cloud)"
            << "Max upload: unknown tier 'moon' (expected device, edge or cloud)";
        QTest::newRow("limit number") << 1 << "edge=-3"
                                      << "--max-upload: '-3' is not a number >= 0"
                                      << "Max upload: '-3' is not a number >= 0";
        QTest::newRow("unknown layer") << 2 << "nope"
                                       << "--pin: unknown layer 'nope'"
                                       << "Pins: unknown layer 'nope'";
        QTest::newRow("position past the end")
            << 2 << "#999"
            << "--pin: there is no layer at position #999 (the model has 25 layers, #0 to #24)"
            << "Pins: there is no layer at position #999 (the model has 25 layers, #0 to #24)";
    }

    void messagesNameTheFaceField() {
        QFETCH(int, field);
        QFETCH(QString, value);
        QFETCH(QString, commandLine);
        QFETCH(QString, window);
        PlanQueryText text;
        if (field == 0)
            text.maxTimes = {value.toStdString()};
        if (field == 1)
            text.maxUploads = {value.toStdString()};
        if (field == 2)
            text.pins = {{value.toStdString(), "device"}};
        PlanQueryLabels panel;
        panel.pin = panel.forbid = "Pins";
        panel.maxUpload = "Max upload";
        panel.maxTime = "Max time";
        QCOMPARE(errorOf(text, m_profile), commandLine);
        QCOMPARE(errorOf(text, m_profile, panel), window);
    }

    void whichPlannerTakesWhich() {
        PlanQueryText text;
        text.planner = "jointdnn";
        text.maxUploads = {"device=1"};
        QCOMPARE(
            errorOf(text, m_profile),
            QStringLiteral("--max-upload and --max-time apply to the scission and neurosurgeon "
                           "planners, not jointdnn"));
        text = PlanQueryText{};
        text.returnResult = true;
        QCOMPARE(errorOf(text, m_profile),
                 QStringLiteral("--return-result applies to --planner jointdnn only"));
        text.planner = "jointdnn";
        QCOMPARE(errorOf(text, m_profile), QString());
        text = PlanQueryText{};
        text.tierRules = {{"edge", TierUse::Must}, {"edge", TierUse::MustNot}};
        QCOMPARE(errorOf(text, m_profile),
                 QStringLiteral("--use edge and --skip edge contradict each other"));
    }

    void splitsAtTheLastSeparator() {
        QCOMPARE(splitQueryPart("a@b@cloud", '@', "--pin", "LAYER@TIER"),
                 std::make_pair(std::string("a@b"), std::string("cloud")));
        QVERIFY_THROWS_EXCEPTION(PlanError, splitQueryPart("@cloud", '@', "--pin", "LAYER@TIER"));
        QVERIFY_THROWS_EXCEPTION(PlanError, splitQueryPart("conv1@", '@', "--pin", "LAYER@TIER"));
        QVERIFY_THROWS_EXCEPTION(PlanError, parseQueryNumber("1e16", "--max-upload"));
        QVERIFY_THROWS_EXCEPTION(PlanError, parseQueryNumber("nan", "--max-upload"));
    }
};

CUTLAB_TEST_MAIN(TestPlanQuery, Guiless)
} // namespace tst_planquery

#include "tst_planquery.moc"
