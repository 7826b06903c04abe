// The inference cost model (docs/cost-models.md §1) against numbers worked out by hand on the
// tiny-linear sample over the 3G preset.
#include "../TestMain.h"
#include "../TestPaths.h"

#include "core/inference/InferenceCostModel.h"
#include "core/io/ProfileLoader.h"
#include "core/model/PlanError.h"

#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_costmodel {

using namespace cutlab::core;

class TestCostModel : public QObject {
    Q_OBJECT
    Profile m_profile;
    Network m_network;

  private slots:
    void initTestCase() {
        auto loaded =
            loadProfileFile(sourcePath("sample_profiles/handmade/tiny-linear.json").toStdString());
        QVERIFY(loaded.ok());
        m_profile = *loaded.profile;
        m_network = *networkPreset("3g");
    }

    void threeTierPlan() {
        // device conv1,pool1 | edge conv2,pool2 | cloud fc
        const InferenceCostModel model(m_profile, m_network);
        const auto e = model.evaluate(model.placementFromCuts(1, 3, {0, 1, 2}));
        QCOMPARE(e.computeMs, 45.0 + 16.0 + 1.0);
        QCOMPARE(e.transfers.size(), std::size_t(2));
        QCOMPARE(e.transfers[0].bytes, 50000.0);
        QCOMPARE(e.transfers[0].ms, 67.0 + 250.0); // 0.4 Mbit over 1.6 Mbps
        QCOMPARE(e.transfers[0].latencyMs, 67.0);
        QCOMPARE(e.transfers[0].afterLayer, 1);
        QCOMPARE(e.transfers[1].bytes, 25000.0);
        QCOMPARE(e.transfers[1].ms, 25.0 + 4.0); // 0.2 Mbit over 50 Mbps
        QCOMPARE(e.transferBytes, 75000.0);
        QCOMPARE(e.totalMs, 408.0);
        QCOMPARE(e.stages.size(), std::size_t(3));
        QCOMPARE(e.stages[1].tier, Tier::Edge);
        QCOMPARE(e.stages[1].computeMs, 16.0);
    }
    void allCloudSendsTheInput() {
        const InferenceCostModel model(m_profile, m_network);
        const auto e = model.evaluate(model.placementFromCuts(-1, -1, {0, 1, 2}));
        QCOMPARE(e.transfers.size(), std::size_t(1));
        QCOMPARE(e.transfers[0].afterLayer, -1);
        QCOMPARE(e.transfers[0].bytes, 100000.0);
        QCOMPARE(e.totalMs, 67.0 + 500.0 + 7.0);
    }
    void deviceOnlyHasNoTransfer() {
        const InferenceCostModel model(m_profile, m_network);
        const auto e = model.evaluate(model.placementFromCuts(4, -1, {0, 1, 2}));
        QVERIFY(e.transfers.empty());
        QCOMPARE(e.totalMs, 130.0);
        QCOMPARE(e.stages.size(), std::size_t(1));
    }
    void deviceStraightToCloud() {
        const InferenceCostModel model(m_profile, m_network);
        const auto e = model.evaluate(model.placementFromCuts(0, -1, {0, 1, 2}));
        QCOMPARE(e.transfers[0].from, 0);
        QCOMPARE(e.transfers[0].to, 2);
        QCOMPARE(e.totalMs, 40.0 + 67.0 + 1000.0 + 5.0);
    }
    void inputSizeOverride() {
        const InferenceCostModel model(m_profile, m_network, 200000.0);
        const auto e = model.evaluate(model.placementFromCuts(-1, 4, {0, 1, 2}));
        QCOMPARE(e.transfers[0].bytes, 200000.0);
        QCOMPARE(e.totalMs, 67.0 + 1000.0 + 32.0);
    }
    void zeroBytesCostNothing() {
        Profile p = m_profile;
        p.layers[1].outputBytes = 0;
        const InferenceCostModel model(p, m_network);
        const auto e = model.evaluate(model.placementFromCuts(1, -1, {0, 1, 2}));
        QVERIFY(e.transfers.empty()); // no latency either
        QCOMPARE(e.totalMs, 45.0 + 4.5);
    }
    void returnResultGoesBack() {
        const InferenceCostModel model(m_profile, m_network);
        const auto e = model.evaluate({{0, 0, 1}, {2, 1, 5}}, 0, true);
        QCOMPARE(e.transfers.size(), std::size_t(2));
        QCOMPARE(e.transfers[1].bytes, 4000.0);
        QCOMPARE(e.transfers[1].to, 0);
        QCOMPARE(e.transfers[1].ms, 67.0 + 20.0);
    }
    void invalidCutsAreRefused() {
        auto loaded = loadProfileFile(
            sourcePath("sample_profiles/handmade/tiny-residual.json").toStdString());
        QVERIFY(loaded.ok());
        const InferenceCostModel model(*loaded.profile, m_network);
        QVERIFY_THROWS_EXCEPTION(
            PlanError, model.placementFromCuts(1, -1, {0, -1, 1})); // inside the residual block
        QVERIFY_THROWS_EXCEPTION(PlanError,
                                 model.placementFromCuts(0, 3, {0, -1, 1})); // no edge machine
        const auto e = model.evaluate(model.placementFromCuts(3, -1, {0, -1, 1}));
        QCOMPARE(e.transfers[0].bytes, 4096.0);
    }
    void missingLinkNamesBothEnds() {
        Network network;
        network.name = "partial";
        network.links = {{"device", "edge", 10, 1}};
        const InferenceCostModel model(m_profile, network);
        try {
            model.evaluate(model.placementFromCuts(1, -1, {0, 1, 2}));
            QFAIL("expected a PlanError");
        } catch (const PlanError& error) {
            QCOMPARE(QString(error.what()),
                     QString("the network 'partial' has no link between 'phone' and 'server'"));
        }
    }
    void evaluationMatchesSumOfLayers() {
        auto loaded =
            loadProfileFile(sourcePath("sample_profiles/scission/vgg19.json").toStdString());
        const Profile& p = *loaded.profile;
        const InferenceCostModel model(p, m_network);
        const auto e = model.evaluate(model.placementFromCuts(6, 11, {0, 2, 3}));
        double device = 0;
        for (int i = 0; i <= 6; ++i)
            device += p.layers[static_cast<std::size_t>(i)].forwardMs[0];
        QVERIFY(qAbs(e.stages[0].computeMs - device) < 1e-9);
    }
};

CUTLAB_TEST_MAIN(TestCostModel, Guiless)
} // namespace tst_costmodel

#include "tst_costmodel.moc"
