// Valid cut points and blocks (docs/formats.md §1) on the hand-made samples and on edge cases.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "GeneratedProfiles.h"

#include "core/io/ProfileLoader.h"
#include "core/model/ModelStructure.h"

#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_modelstructure {

using namespace cutlab::core;

static std::vector<std::string> cutIds(const Profile& p) {
    std::vector<std::string> ids;
    for (int k : analyseStructure(p).cutAfter)
        ids.push_back(p.layers[static_cast<std::size_t>(k)].id);
    return ids;
}

static Profile load(const char* relative) {
    auto result = loadProfileFile(sourcePath(relative).toStdString());
    if (!result.ok())
        qFatal("cannot load %s", relative);
    return *result.profile;
}

static Profile chain(std::vector<std::vector<int>> inputs) {
    Profile p;
    p.machines.push_back({"d", Tier::Device, ""});
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        Layer layer;
        layer.id = "n" + std::to_string(i);
        layer.inputs = inputs[i];
        layer.readsModelInput = inputs[i].empty();
        layer.forwardMs = {1.0};
        p.layers.push_back(layer);
    }
    return p;
}

class TestModelStructure : public QObject {
    Q_OBJECT
  private slots:
    void linearSample() {
        const Profile p = load("sample_profiles/handmade/tiny-linear.json");
        QCOMPARE(cutIds(p), (std::vector<std::string>{"conv1", "pool1", "conv2", "pool2"}));
        QCOMPARE(analyseStructure(p).blocks.size(), std::size_t(5));
    }
    void residualSample() {
        const Profile p = load("sample_profiles/handmade/tiny-residual.json");
        QCOMPARE(cutIds(p), (std::vector<std::string>{"stem", "add"}));
        const auto s = analyseStructure(p);
        QCOMPARE(s.blocks.size(), std::size_t(3));
        QCOMPARE(s.blocks[1].first, 1);
        QCOMPARE(s.blocks[1].last, 3);
        QCOMPARE(s.blockOfLayer, (std::vector<int>{0, 1, 1, 1, 2}));
    }
    void branchingSample() {
        // A residual block (res_a..res_add) and an inception block (inc_1x1..inc_concat) are
        // each one block: no cut inside them.
        const Profile p = load("sample_profiles/handmade/tiny-branching.json");
        QCOMPARE(cutIds(p),
                 (std::vector<std::string>{"stem", "res_add", "pool", "inc_concat", "gap"}));
        const auto s = analyseStructure(p);
        QCOMPARE(s.blocks.size(), std::size_t(6));
        QCOMPARE(p.layers[static_cast<std::size_t>(s.blocks[3].first)].id, std::string("inc_1x1"));
        QCOMPARE(p.layers[static_cast<std::size_t>(s.blocks[3].last)].id,
                 std::string("inc_concat"));
    }
    void scissionModelsAreLinear() {
        const Profile p = load("sample_profiles/scission/resnet50.json");
        QCOMPARE(analyseStructure(p).cutAfter.size(), p.layers.size() - 1);
    }
    void laterLayerReadingTheInputBlocksEarlierCuts() {
        // n2 reads the model input: cuts after n0 and n1 would leave the input behind.
        const Profile p = chain({{}, {0}, {}, {1, 2}, {3}});
        QCOMPARE(analyseStructure(p).cutAfter, (std::vector<int>{3}));
    }
    void singleLayerHasNoCut() {
        const auto s = analyseStructure(chain({{}}));
        QVERIFY(s.cutAfter.empty());
        QCOMPARE(s.blocks.size(), std::size_t(1));
    }
    void deadEndBranchDoesNotCross() {
        // n1 is a side output nobody reads; the edge n0 -> n2 crosses the cut after n1 from a
        // layer other than n1, so that cut is invalid.
        const Profile p = chain({{}, {0}, {0}, {2}});
        QCOMPARE(analyseStructure(p).cutAfter, (std::vector<int>{0, 2}));
    }
    void agreesWithTheDefinitionOnRandomGraphs() {
        for (unsigned seed = 1; seed <= 200; ++seed) {
            const Profile p = generatedProfile(30, 1, seed, 0.3);
            const auto s = analyseStructure(p);
            const int n = static_cast<int>(p.layers.size());
            for (int k = 0; k < n - 1; ++k) {
                bool valid = true; // every edge from {input, 0..k} to {k+1..} starts at k
                for (int j = k + 1; j < n && valid; ++j) {
                    const auto& layer = p.layers[static_cast<std::size_t>(j)];
                    if (layer.readsModelInput)
                        valid = false;
                    for (int i : layer.inputs)
                        if (i <= k && i != k)
                            valid = false;
                }
                QCOMPARE(s.isValidCutAfter(k), valid);
            }
            QVERIFY(!s.isValidCutAfter(n - 1));
        }
    }
};

CUTLAB_TEST_MAIN(TestModelStructure, Guiless)
} // namespace tst_modelstructure

#include "tst_modelstructure.moc"
