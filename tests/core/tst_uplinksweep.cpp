// The uplink sweep (docs/cost-models.md §1.7): its best plans against the planner run on the
// network at every bandwidth, its totals against the cost model there, and its crossings
// against the plans on either side of them.
#include "../TestMain.h"
#include "../TestPaths.h"

#include "core/inference/BandwidthSweep.h"
#include "core/inference/JointDnnPlanner.h"
#include "core/inference/PlacementIdentity.h"
#include "core/inference/ScissionPlanner.h"
#include "core/io/ProfileLoader.h"
#include "core/model/NetworkEdit.h"

#include <QTest>

#include <cmath>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_uplinksweep {

using namespace cutlab::core;

namespace {

Profile load(const char* path) {
    auto loaded = loadProfileFile(sourcePath(path).toStdString());
    if (!loaded.profile)
        qFatal("cannot load %s", path);
    return *loaded.profile;
}

bool near(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

// The planner's best plan on the sweep's network at `mbps`, run directly.
std::optional<RankedPlan> directBest(const UplinkSweep& sweep, InferencePlannerFunction planner,
                                     double mbps) {
    const Network network = sweep.networkAt(mbps);
    const InferenceCostModel model(sweep.profile(), network);
    InferenceQuery query;
    auto plans = planner(model, query);
    if (plans.empty())
        return std::nullopt;
    return plans.front();
}

const char* const kSamples[] = {
    "sample_profiles/scission/vgg19.json", "sample_profiles/scission/resnet50.json",
    "sample_profiles/scission/mobilenetv2.json", "sample_profiles/handmade/tiny-branching.json"};

} // namespace

class TestUplinkSweep : public QObject {
    Q_OBJECT
  private slots:
    void bestPlansEqualThePlannerAtEveryPoint_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("preset");
        QTest::addColumn<bool>("reference");
        for (const char* path : kSamples)
            for (const char* preset : {"3g", "4g", "fibre"})
                for (bool reference : {false, true})
                    QTest::addRow("%s %s %s", path, preset, reference ? "scaled" : "set")
                        << path << preset << reference;
    }
    void bestPlansEqualThePlannerAtEveryPoint() {
        QFETCH(QString, path);
        QFETCH(QString, preset);
        QFETCH(bool, reference);
        const Profile profile = load(qPrintable(path));
        const Network network = *networkPreset(preset.toStdString());
        const UplinkSweep sweep(profile, network, std::nullopt, logSpace(0.01, 1000, 121),
                                reference ? std::optional(Tier::Cloud) : std::nullopt);
        for (InferencePlannerFunction planner : {&rankScission, &planJointDnn}) {
            const SweepResult result = sweepBestPlans(sweep, planner, {}, {-1, -1, -1});
            QCOMPARE(result.bestMs.size(), sweep.mbps().size());
            for (std::size_t i = 0; i < sweep.mbps().size(); ++i) {
                const auto direct = directBest(sweep, planner, sweep.mbps()[i]);
                QVERIFY(direct);
                QVERIFY2(near(result.bestMs[i], direct->evaluation.totalMs),
                         qPrintable(QString("%1 Mbps: %2 against %3")
                                        .arg(sweep.mbps()[i])
                                        .arg(result.bestMs[i])
                                        .arg(direct->evaluation.totalMs)));
            }
            QVERIFY(result.exactCrossings);
            // Each crossing lies between two sampled points whose best plans differ, and the
            // plans just below and just above it differ and tie at it.
            for (const SweepCrossing& crossing : result.crossings) {
                QVERIFY(crossing.mbps > 0.01 && crossing.mbps < 1000);
                const auto below = directBest(sweep, planner, crossing.mbps * (1 - 1e-7));
                const auto above = directBest(sweep, planner, crossing.mbps * (1 + 1e-7));
                QVERIFY(below && above);
                QVERIFY(!inference_brute_force::samePlacement(*below, *above));
                const double lineBelow = sweep.totals(*below, false).front() -
                                         sweep.slopeOf(below->evaluation) / sweep.mbps().front() +
                                         sweep.slopeOf(below->evaluation) / crossing.mbps;
                QVERIFY2(near(lineBelow, crossing.totalMs),
                         qPrintable(QString("%1 against %2").arg(lineBelow).arg(crossing.totalMs)));
            }
            QVERIFY(result.crossings.size() >= result.changes.size());
        }
    }

    void totalsEqualTheCostModelAtEveryPoint() {
        const Profile profile = load("sample_profiles/scission/vgg19.json");
        const Network network = *networkPreset("4g");
        for (bool reference : {false, true}) {
            const UplinkSweep sweep(profile, network, std::nullopt,
                                    logSpaceThrough(0.1, 100, 61, 6.0),
                                    reference ? std::optional(Tier::Cloud) : std::nullopt);
            const int n = static_cast<int>(profile.layers.size());
            for (const auto& [deviceEnd, edgeEnd] :
                 std::vector<std::pair<int, int>>{{0, 0}, {3, 3}, {3, 10}, {0, n}, {n, n}}) {
                const TierPlacement placement{{0, 2, 3}, deviceEnd, edgeEnd};
                const auto totals = sweep.totals(placement);
                for (std::size_t i = 0; i < totals.size(); ++i) {
                    const Network at = sweep.networkAt(sweep.mbps()[i]);
                    const InferenceCostModel model(profile, at);
                    QVERIFY(near(totals[i], model.evaluate(placement).totalMs));
                }
            }
        }
    }
};

CUTLAB_TEST_MAIN(TestUplinkSweep, Appless)
} // namespace tst_uplinksweep

#include "tst_uplinksweep.moc"
