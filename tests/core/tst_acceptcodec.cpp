// AccEPT codec sizes (docs/cost-models.md §2.4) against numbers worked out by hand, and their use
// on a pipeline link.
#include "../TestMain.h"
#include "core/compression/AcceptCodec.h"
#include "core/pipeline/PipelinePlanner.h"

#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_acceptcodec {

using namespace cutlab::core;

class TestAcceptCodec : public QObject {
    Q_OBJECT
  private slots:
    void forwardSizes_data() {
        QTest::addColumn<int>("bits");
        QTest::addColumn<int>("samples");
        QTest::addColumn<int>("elements");
        QTest::addColumn<double>("bytes");
        // 32k + ceil(n/8)*8*E*k + 32 bits
        QTest::newRow("k2 n128 E1000")
            << 2 << 128 << 1000 << 32012.0;                 // 64 + 16*8*1000*2 + 32 = 256096 bits
        QTest::newRow("k3 n10 E5") << 3 << 10 << 5 << 46.0; // 96 + 2*8*5*3 + 32 = 368 bits
        QTest::newRow("k4 n1 E1") << 4 << 1 << 1 << 24.0;   // 128 + 1*8*1*4 + 32 = 192 bits
        QTest::newRow("k2 n9 E3") << 2 << 9 << 3 << 24.0;   // 64 + 2*8*3*2 + 32 = 192 bits
        QTest::newRow("k4 n16 E7") << 4 << 16 << 7 << 76.0; // 128 + 2*8*7*4 + 32 = 608 bits
        QTest::newRow("nothing") << 2 << 0 << 10 << 0.0;
    }
    void forwardSizes() {
        QFETCH(int, bits);
        QFETCH(int, samples);
        QFETCH(int, elements);
        QFETCH(double, bytes);
        QCOMPARE(AcceptCodec(bits, 8).forwardBytes(samples, elements), bytes);
    }
    void backwardSizes_data() {
        QTest::addColumn<int>("bits");
        QTest::addColumn<int>("samples");
        QTest::addColumn<int>("elements");
        QTest::addColumn<double>("bytes");
        // k = 8: 8nE + 32 bits; k = 4: 8*ceil(n/2)*E + 32 bits
        QTest::newRow("k8 n10 E5") << 8 << 10 << 5 << 54.0; // 400 + 32 = 432 bits
        QTest::newRow("k4 n11 E5") << 4 << 11 << 5 << 34.0; // 8*6*5 + 32 = 272 bits
        QTest::newRow("k4 n10 E5") << 4 << 10 << 5 << 29.0; // 8*5*5 + 32 = 232 bits
        QTest::newRow("k8 n128 E1000") << 8 << 128 << 1000 << 128004.0;
        QTest::newRow("k4 n1 E3") << 4 << 1 << 3 << 7.0; // 8*1*3 + 32 = 56 bits
    }
    void backwardSizes() {
        QFETCH(int, bits);
        QFETCH(int, samples);
        QFETCH(int, elements);
        QFETCH(double, bytes);
        QCOMPARE(AcceptCodec(2, bits).backwardBytes(samples, elements), bytes);
    }
    void plainSizesAndElements() {
        QCOMPARE(AcceptCodec::uncompressedBytes(128, 1000), 512000.0);
        QCOMPARE(AcceptCodec::elementsOf(4000), 1000LL);
        QCOMPARE(AcceptCodec::elementsOf(4001), 1001LL); // a partial float still takes a value
        QCOMPARE(AcceptCodec::elementsOf(0.03125), 1LL); // PipeDream's Size node: 4 bytes / 128
        QCOMPARE(AcceptCodec::elementsOf(0), 0LL);
    }
    void refusesOtherBitWidths() {
        QVERIFY_THROWS_EXCEPTION(PlanError, AcceptCodec(1, 8));
        QVERIFY_THROWS_EXCEPTION(PlanError, AcceptCodec(5, 8));
        QVERIFY_THROWS_EXCEPTION(PlanError, AcceptCodec(2, 16));
        QVERIFY_THROWS_EXCEPTION(PlanError, AcceptCodec(2, 2));
        QCOMPARE(AcceptCodec().forwardBits(), 2);
        QCOMPARE(AcceptCodec().backwardBits(), 8);
    }
    // Two layers on two machines; the link carries layer a's 4000-byte output for b = 10 samples.
    void pipelineLinkUsesCodecSizes() {
        Profile p;
        p.model.batch = 10;
        p.machines = {{"d", Tier::Device, ""}, {"e", Tier::Edge, ""}};
        for (int i = 0; i < 2; ++i) {
            Layer layer;
            layer.id = i == 0 ? "a" : "b";
            if (i == 0)
                layer.readsModelInput = true;
            else
                layer.inputs = {0};
            layer.outputBytes = 4000;
            layer.forwardMs = {10, 10};
            layer.backwardMs = {20, 20};
            p.layers.push_back(layer);
        }
        p.hasBackward = true;
        Network network;
        network.name = "lab";
        network.links = {{"device", "edge", 8, 1}}; // 8 Mbps = 1 byte per µs = 1000 bytes per ms
        PipelineRequest request;
        request.chain = {0, 1};
        request.compression = AcceptCodec(3, 4);
        const PipelinePlan plan = evaluatePipeline(p, network, request, {0, 1});
        // forward: 32*3 + ceil(10/8)*8*1000*3 + 32 = 48128 bits = 6016 bytes
        // backward: 8*ceil(10/2)*1000 + 32 = 40032 bits = 5004 bytes
        QCOMPARE(plan.stages[0].linkForwardBytes, 6016.0);
        QCOMPARE(plan.stages[0].linkBackwardBytes, 5004.0);
        QCOMPARE(plan.stages[0].linkBytes, 11020.0);
        QCOMPARE(plan.stages[0].linkMs, (1 + 6.016) + (1 + 5.004));
        request.compression.reset();
        const PipelinePlan plain = evaluatePipeline(p, network, request, {0, 1});
        QCOMPARE(plain.stages[0].linkForwardBytes, 40000.0);
        QCOMPARE(plain.stages[0].linkMs, 2 * (1 + 40.0));
    }
};

CUTLAB_TEST_MAIN(TestAcceptCodec, Guiless)
} // namespace tst_acceptcodec

#include "tst_acceptcodec.moc"
