// Networks: presets, cutlab-network JSON, Scission CSV, link lookup and transfer times.
#include "../TestMain.h"
#include "../TestPaths.h"

#include "core/io/NetworkFile.h"
#include "core/model/Network.h"

#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_network {

using namespace cutlab::core;

static Profile threeTierProfile() {
    Profile p;
    p.machines = {{"raspi4", Tier::Device, ""},
                  {"vm2Core", Tier::Edge, ""},
                  {"gpu", Tier::Cloud, ""},
                  {"gpu2", Tier::Cloud, ""}};
    return p;
}

class TestNetwork : public QObject {
    Q_OBJECT
  private slots:
    void presetsHaveScissionsFigures() {
        const auto g3 = networkPreset("3g");
        QVERIFY(g3);
        QCOMPARE(g3->linkBetweenTiers(Tier::Device, Tier::Edge)->bandwidthMbps, 1.6);
        QCOMPARE(g3->linkBetweenTiers(Tier::Device, Tier::Cloud)->latencyMs, 67.0);
        QCOMPARE(g3->linkBetweenTiers(Tier::Edge, Tier::Cloud)->bandwidthMbps, 50.0);
        QCOMPARE(networkPreset("4g")->linkBetweenTiers(Tier::Device, Tier::Edge)->bandwidthMbps,
                 12.4);
        QCOMPARE(networkPreset("4g")->linkBetweenTiers(Tier::Device, Tier::Edge)->latencyMs, 55.0);
        QCOMPARE(networkPreset("fibre")->linkBetweenTiers(Tier::Device, Tier::Cloud)->bandwidthMbps,
                 20.0);
        QCOMPARE(networkPreset("fibre")->linkBetweenTiers(Tier::Edge, Tier::Cloud)->latencyMs,
                 25.0);
        QVERIFY(!networkPreset("5g"));
    }
    void transferTime() {
        const Link link{"a", "b", 1.6, 67};
        QCOMPARE(link.transferMs(0), 0.0);                // nothing sent costs nothing
        QCOMPARE(link.transferMs(200000), 67.0 + 1000.0); // 1.6 Mbit at 1.6 Mbps = 1 s
        const Link unlimited{"a", "b", kUnlimitedBandwidth, 0};
        QCOMPARE(unlimited.transferMs(1e12), 0.0);
    }
    void idealIsFree() {
        const Profile p = threeTierProfile();
        const auto ideal = networkPreset("ideal");
        for (int a = 0; a < 4; ++a)
            for (int b = 0; b < 4; ++b)
                QCOMPARE(ideal->linkBetween(p, a, b)->transferMs(1e9), 0.0);
    }
    void scissionCsvWithSpaces() {
        const auto result = loadNetwork(
            sourcePath("tests/data/scission-reference/network_stats.csv").toStdString());
        QVERIFY(result.ok());
        QCOMPARE(result.network->links.size(), std::size_t(8));
        QCOMPARE(result.network->links[0].from, std::string("raspi4"));
        QCOMPARE(result.network->links[0].to, std::string("2500"));
        QCOMPARE(result.network->links[0].latencyMs, 66.7);
        QCOMPARE(result.network->links[0].bandwidthMbps, 1.6);
    }
    void machineLevelOverridesTierLevel() {
        const auto result =
            parseNetwork(R"({"format":"cutlab-network","version":1,"name":"lab","links":[
            {"from":"device","to":"cloud","bandwidth_mbps":10,"latency_ms":5},
            {"from":"gpu2","to":"raspi4","bandwidth_mbps":100,"latency_ms":1},
            {"from":"edge","to":"cloud","bandwidth_mbps":50,"latency_ms":20},
            {"from":"cloud","to":"edge","bandwidth_mbps":5,"latency_ms":20}]})",
                         "x");
        QVERIFY(result.ok());
        const Profile p = threeTierProfile();
        const Network& n = *result.network;
        QCOMPARE(n.name, std::string("lab"));
        QCOMPARE(n.linkBetween(p, 0, 2)->bandwidthMbps, 10.0);  // tier level
        QCOMPARE(n.linkBetween(p, 0, 3)->bandwidthMbps, 100.0); // machine level, reverse direction
        QCOMPARE(n.linkBetween(p, 2, 0)->bandwidthMbps, 10.0);  // symmetric
        QCOMPARE(n.linkBetween(p, 1, 2)->bandwidthMbps, 50.0);
        QCOMPARE(n.linkBetween(p, 2, 1)->bandwidthMbps, 5.0); // reverse given explicitly
        QVERIFY(!networkPreset("3g")->linkBetween(p, 2, 3));  // cloud to cloud: missing
        QCOMPARE(n.linkBetween(p, 2, 2)->transferMs(1e6),
                 0.0); // same machine, no "same" link: free
    }
    void roundTripThroughJson() {
        const auto ideal = *networkPreset("ideal");
        const auto text = networkToJson(ideal).dump();
        const auto back = parseNetwork(text, "y");
        QVERIFY(back.ok());
        QCOMPARE(back.network->links.size(), ideal.links.size());
        QCOMPARE(back.network->links[0].bandwidthMbps, kUnlimitedBandwidth);
    }
    void badNetworks_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("csv header")
            << "a,b,c\n"
            << "line 1: expected the header source,destination,ping(ms),bandwidth(mbps)";
        QTest::newRow("csv bandwidth")
            << "source,destination,ping(ms),bandwidth(mbps)\nx,y,1,fast\n"
            << "line 2: bandwidth 'fast' is not a number of Mbps > 0";
        QTest::newRow("csv fields") << "source,destination,ping(ms),bandwidth(mbps)\nx,y,1\n"
                                    << "line 2: expected 4 comma-separated values, found 3";
        QTest::newRow("json format")
            << R"({"format":"cutlab-profile"})"
            << "/format: this is not a CutLab network: expected \"format\": \"cutlab-network\"";
        QTest::newRow("zero bandwidth")
            << R"({"format":"cutlab-network","links":[{"from":"device","to":"edge","bandwidth_mbps":0}]})"
            << "/links/0/bandwidth_mbps: must be greater than 0 (null means unlimited)";
        QTest::newRow("truncated")
            << R"({"format":"cutlab-network",)"
            << "the JSON document ends early at line 1, column 28 (the file looks truncated)";
    }
    void badNetworks() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const auto result = parseNetwork(text.toStdString(), "x");
        QVERIFY(!result.ok());
        QCOMPARE(QString::fromStdString(result.issues.front().text()), message);
    }
    void unknownPresetOrMissingFile() {
        const auto result = loadNetwork("5g");
        QVERIFY(!result.ok());
        QCOMPARE(QString::fromStdString(result.issues.front().text()),
                 QString("no such file (and not a preset: 3g, 4g, fibre, ideal)"));
    }
};

CUTLAB_TEST_MAIN(TestNetwork, Guiless)
} // namespace tst_network

#include "tst_network.moc"
