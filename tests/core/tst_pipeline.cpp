// The pipeline planner (docs/cost-models.md §2.3): the DP against a brute force over every stage
// split on small random profiles, in both cut modes; the downset lattice; hand-made cases.
#include "../TestMain.h"
#include "GeneratedProfiles.h"
#include "core/model/ModelStructure.h"
#include "core/pipeline/DownsetLattice.h"
#include "core/pipeline/PipelinePlanner.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_pipeline {

using namespace cutlab::core;

namespace {

// A random DAG of n layers (each reads 0..2 earlier layers), on device d, edge e, cloud c.
Profile randomProfile(int n, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    Profile p;
    p.model.name = "random";
    p.model.batch = 1 + static_cast<int>(unit(random) * 4);
    p.model.inputBytes = unit(random) < 0.2 ? 0 : std::floor(unit(random) * 5000);
    p.machines = {{"d", Tier::Device, ""}, {"e", Tier::Edge, ""}, {"c", Tier::Cloud, ""}};
    for (int i = 0; i < n; ++i) {
        Layer layer;
        layer.id = "L" + std::to_string(i);
        if (i > 0 && unit(random) < 0.85) {
            layer.inputs.push_back(
                std::uniform_int_distribution<int>(std::max(0, i - 3), i - 1)(random));
            if (i > 1 && unit(random) < 0.35) {
                const int other = std::uniform_int_distribution<int>(0, i - 1)(random);
                if (other != layer.inputs[0])
                    layer.inputs.push_back(other);
            }
        }
        layer.readsModelInput = layer.inputs.empty();
        layer.outputBytes = unit(random) < 0.1 ? 0 : std::floor(unit(random) * 3000);
        for (int m = 0; m < 3; ++m) {
            layer.forwardMs.push_back(unit(random) < 0.1 ? 0 : unit(random) * 10 / (1 + m));
            layer.backwardMs.push_back(unit(random) * 20 / (1 + m));
        }
        p.layers.push_back(layer);
    }
    p.hasBackward = true;
    return p;
}

// The shared random tier network, sometimes with a link between copies of one machine.
Network randomNetwork(unsigned seed) {
    Network network = generatedNetwork(seed);
    std::mt19937 random(seed * 31u + 7u);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    if (unit(random) < 0.5)
        network.links.push_back({"same", "same", 20 + unit(random) * 100, unit(random)});
    return network;
}

double transfer(const Network& network, const Profile& p, int from, int to, double bytes) {
    return network.linkBetween(p, from, to)->transferMs(bytes);
}

// The bottleneck of one chain of nested layer sets, computed from the definitions.
double chainCost(const Profile& p, const Network& network, const PipelineRequest& r, int b,
                 const std::vector<std::vector<bool>>& sets) {
    double worst = 0;
    const auto n = p.layers.size();
    for (std::size_t s = 1; s < sets.size(); ++s) {
        const int machine = r.chain[s - 1];
        double sum = 0;
        for (std::size_t v = 0; v < n; ++v)
            if (sets[s][v] && !sets[s - 1][v])
                sum += p.layers[v].forwardMs[machine] + p.layers[v].backwardMs[machine];
        worst = std::max(worst, b * sum / p.model.batch);
        if (s + 1 == sets.size())
            break;
        // Every tensor made inside sets[s] (or the model input) and read outside it.
        double forward = 0, backward = 0;
        auto bytesOf = [&](double perSample, bool gradient) {
            if (r.compression) {
                const long long e = AcceptCodec::elementsOf(perSample);
                forward += r.compression->forwardBytes(b, e);
                if (gradient)
                    backward += r.compression->backwardBytes(b, e);
            } else {
                forward += b * perSample;
                if (gradient)
                    backward += b * perSample;
            }
        };
        bool inputCrosses = false;
        for (std::size_t v = 0; v < n; ++v)
            if (!sets[s][v] && p.layers[v].readsModelInput)
                inputCrosses = true;
        if (inputCrosses)
            bytesOf(p.model.inputBytes, false);
        for (std::size_t v = 0; v < n; ++v) {
            if (!sets[s][v])
                continue;
            bool crosses = false;
            for (std::size_t w = 0; w < n; ++w)
                for (int input : p.layers[w].inputs)
                    if (input == static_cast<int>(v) && !sets[s][w])
                        crosses = true;
            if (crosses)
                bytesOf(p.layers[v].outputBytes, true);
        }
        const double link = transfer(network, p, r.chain[s - 1], r.chain[s], forward) +
                            transfer(network, p, r.chain[s], r.chain[s - 1], backward);
        worst = std::max(worst, link);
    }
    return worst;
}

// Every admissible state, found without the lattice: all subsets closed under inputs (any),
// or the prefixes ending at a cut that only the last layer's tensor crosses (single).
std::vector<std::vector<bool>> bruteStates(const Profile& p, PipelineCutMode mode) {
    const int n = static_cast<int>(p.layers.size());
    std::vector<std::vector<bool>> states;
    for (int mask = 1; mask < (1 << n); ++mask) {
        std::vector<bool> in(static_cast<std::size_t>(n));
        for (int v = 0; v < n; ++v)
            in[static_cast<std::size_t>(v)] = (mask >> v) & 1;
        bool closed = true;
        for (int v = 0; v < n; ++v)
            for (int input : p.layers[static_cast<std::size_t>(v)].inputs)
                if (in[static_cast<std::size_t>(v)] && !in[static_cast<std::size_t>(input)])
                    closed = false;
        if (!closed)
            continue;
        if (mode == PipelineCutMode::Single && mask != (1 << n) - 1) {
            int k = -1;
            while (k + 1 < n && in[static_cast<std::size_t>(k + 1)])
                ++k;
            if (mask != (1 << (k + 1)) - 1)
                continue; // not a prefix
            bool single = true;
            for (int w = k + 1; w < n; ++w) {
                if (p.layers[static_cast<std::size_t>(w)].readsModelInput)
                    single = false;
                for (int input : p.layers[static_cast<std::size_t>(w)].inputs)
                    if (input < k)
                        single = false;
            }
            if (!single)
                continue;
        }
        states.push_back(in);
    }
    return states;
}

double bruteForce(const Profile& p, const Network& network, const PipelineRequest& r, int b) {
    const auto states = bruteStates(p, r.cutMode);
    const std::vector<bool> empty(p.layers.size(), false);
    const std::vector<bool> full(p.layers.size(), true);
    double best = INFINITY;
    std::vector<std::vector<bool>> chain{empty};
    auto strictSubset = [](const std::vector<bool>& a, const std::vector<bool>& c) {
        bool smaller = false;
        for (std::size_t v = 0; v < a.size(); ++v) {
            if (a[v] && !c[v])
                return false;
            if (!a[v] && c[v])
                smaller = true;
        }
        return smaller;
    };
    std::function<void()> extend = [&] {
        if (chain.back() == full) {
            best = std::min(best, chainCost(p, network, r, b, chain));
            return;
        }
        if (chain.size() > r.chain.size())
            return;
        for (const auto& next : states)
            if (strictSubset(chain.back(), next)) {
                chain.push_back(next);
                extend();
                chain.pop_back();
            }
    };
    extend();
    return best;
}

// A long, narrow DAG (more than one 64-layer word): each layer reads one of the two before it,
// any layer still unread two steps on, and now and then an older one, so downsets stay in the
// hundreds or thousands.
Profile longNarrowProfile(int n, unsigned seed) {
    Profile p = randomProfile(n, seed);
    std::mt19937 random(seed * 7919u);
    std::vector<bool> read(static_cast<std::size_t>(n), false);
    for (int i = 0; i < n; ++i) {
        Layer& layer = p.layers[static_cast<std::size_t>(i)];
        layer.inputs.clear();
        auto take = [&](int input) {
            if (std::find(layer.inputs.begin(), layer.inputs.end(), input) == layer.inputs.end())
                layer.inputs.push_back(input);
            read[static_cast<std::size_t>(input)] = true;
        };
        if (i > 0)
            take(i - 1 - static_cast<int>(random() % std::min(2, i)));
        if (i > 1 && !read[static_cast<std::size_t>(i - 2)])
            take(i - 2);
        if (i > 2 && random() % 5 == 0)
            take(std::uniform_int_distribution<int>(0, i - 2)(random));
        layer.readsModelInput = layer.inputs.empty() || random() % 11 == 0;
    }
    return p;
}

// Every downset, found by deciding each layer in file order: out always, in when its inputs are.
std::vector<std::vector<bool>> downsetsByDecision(const Profile& p) {
    const std::size_t n = p.layers.size();
    std::vector<std::vector<bool>> found;
    std::vector<bool> in(n, false);
    std::function<void(std::size_t)> decide = [&](std::size_t v) {
        if (v == n) {
            found.push_back(in);
            return;
        }
        decide(v + 1);
        const auto& inputs = p.layers[v].inputs;
        if (std::all_of(inputs.begin(), inputs.end(),
                        [&](int input) { return in[static_cast<std::size_t>(input)]; })) {
            in[v] = true;
            decide(v + 1);
            in[v] = false;
        }
    };
    decide(0);
    return found;
}

std::vector<bool> asSet(const DownsetLattice& lattice, int d) {
    std::vector<bool> set(static_cast<std::size_t>(lattice.layerCount()), false);
    for (int v : lattice.layersOf(d))
        set[static_cast<std::size_t>(v)] = true;
    return set;
}

Profile linear(int n) {
    Profile p;
    p.machines = {{"d", Tier::Device, ""}};
    for (int i = 0; i < n; ++i) {
        Layer layer;
        layer.id = "n" + std::to_string(i);
        if (i > 0)
            layer.inputs = {i - 1};
        layer.readsModelInput = i == 0;
        layer.forwardMs = {1};
        layer.backwardMs = {1};
        p.layers.push_back(layer);
    }
    p.hasBackward = true;
    return p;
}

} // namespace

class TestPipeline : public QObject {
    Q_OBJECT
  private slots:
    void dpEqualsBruteForce_data() {
        QTest::addColumn<int>("mode");
        QTest::addColumn<unsigned>("seed");
        for (unsigned seed = 1; seed <= 150; ++seed) {
            QTest::addRow("single %u", seed) << 0 << seed;
            QTest::addRow("any %u", seed) << 1 << seed;
        }
    }
    void dpEqualsBruteForce() {
        QFETCH(int, mode);
        QFETCH(unsigned, seed);
        std::mt19937 random(seed * 977u);
        const int layers = 3 + static_cast<int>(seed % 6);
        const Profile p = randomProfile(layers, seed);
        const Network network = randomNetwork(seed);
        PipelineRequest request;
        request.cutMode = mode ? PipelineCutMode::Any : PipelineCutMode::Single;
        const int length = 1 + static_cast<int>(random() % 4);
        for (int i = 0; i < length; ++i)
            request.chain.push_back(static_cast<int>(random() % 3));
        request.microBatch =
            static_cast<int>(random() % 3) == 0 ? 0 : 1 + static_cast<int>(random() % 20);
        if (random() % 3 == 0)
            request.compression =
                AcceptCodec(2 + static_cast<int>(random() % 3), random() % 2 ? 8 : 4);
        const int b = request.microBatch ? request.microBatch : static_cast<int>(p.model.batch);

        const PipelinePlan plan = planPipeline(p, network, request);
        const double expected = bruteForce(p, network, request, b);
        QVERIFY2(std::abs(plan.bottleneckMs - expected) <= 1e-9 * std::max(1.0, expected),
                 qPrintable(QString("DP %1, brute force %2")
                                .arg(plan.bottleneckMs, 0, 'g', 17)
                                .arg(expected, 0, 'g', 17)));
        // The plan is what it claims: its stages re-evaluate to the same bottleneck.
        QVERIFY(!plan.stages.empty() && plan.stages.size() <= request.chain.size());
        std::vector<int> stageOf(p.layers.size(), -1);
        double worst = 0;
        for (const auto& stage : plan.stages) {
            QVERIFY(!stage.layers.empty());
            QCOMPARE(stage.machine, request.chain[static_cast<std::size_t>(stage.chainPosition)]);
            for (int v : stage.layers)
                stageOf[static_cast<std::size_t>(v)] = stage.chainPosition;
            worst = std::max({worst, stage.computeMs, stage.linkMs});
        }
        QCOMPARE(plan.bottleneckMs, worst);
        QCOMPARE(evaluatePipeline(p, network, request, stageOf).bottleneckMs, plan.bottleneckMs);
        QCOMPARE(plan.stages.back().linkMs, 0.0);
        if (request.cutMode == PipelineCutMode::Single) {
            const ModelStructure structure = analyseStructure(p);
            for (std::size_t s = 0; s + 1 < plan.stages.size(); ++s)
                QVERIFY(structure.isValidCutAfter(plan.stages[s].layers.back()));
        }
    }

    void downsetCounts() {
        QCOMPARE(DownsetLattice::allDownsets(linear(5)).size(), std::size_t(6));
        // Two parallel chains of 2 and 3 layers from the input, joined by a last layer:
        // (2+1)(3+1) downsets without the join, plus the full set.
        Profile p = linear(1);
        p.layers.clear();
        auto add = [&](const std::string& id, std::vector<int> inputs) {
            Layer layer;
            layer.id = id;
            layer.inputs = inputs;
            layer.readsModelInput = inputs.empty();
            layer.forwardMs = {1};
            layer.backwardMs = {1};
            p.layers.push_back(layer);
        };
        add("a1", {});
        add("b1", {});
        add("a2", {0});
        add("b2", {1});
        add("b3", {3});
        add("join", {2, 4});
        const DownsetLattice lattice = DownsetLattice::allDownsets(p);
        QCOMPARE(lattice.size(), std::size_t(13));
        QCOMPARE(DownsetLattice::countDownsets(p), std::size_t(13));
        QCOMPARE(DownsetLattice::countDownsets(p, 5), std::size_t(6)); // capped: "more than 5"
        QCOMPARE(lattice.sizeOf(lattice.emptyDownset()), 0);
        QCOMPARE(lattice.sizeOf(lattice.fullDownset()), 6);
        for (std::size_t i = 1; i < lattice.size(); ++i) {
            QVERIFY(lattice.sizeOf(static_cast<int>(i - 1)) <= lattice.sizeOf(static_cast<int>(i)));
            QVERIFY(lattice.isSubset(0, static_cast<int>(i)));
            QVERIFY(lattice.isSubset(static_cast<int>(i), lattice.fullDownset()));
            for (int v : lattice.layersOf(static_cast<int>(i)))
                for (int input : p.layers[static_cast<std::size_t>(v)].inputs)
                    QVERIFY(lattice.contains(static_cast<int>(i), input));
        }
        // Single mode: the empty set, the valid cut prefixes, everything.
        QCOMPARE(DownsetLattice::validCutPrefixes(linear(5)).size(), std::size_t(6));
        QCOMPARE(DownsetLattice::validCutPrefixes(p).size(), std::size_t(2));
    }

    // Beyond the downset limit the planner still answers: the valid cut points give the plan, the
    // trivial bound (the work shared by every machine) the lower bound, and the note says why.
    void beyondTheDownsetLimitPlansWithABound() {
        Profile p = linear(1);
        p.layers.clear();
        // 12 independent layers: 4096 downsets, no valid cut point inside.
        for (int i = 0; i < 12; ++i) {
            Layer layer;
            layer.id = "x" + std::to_string(i);
            layer.readsModelInput = true;
            layer.forwardMs = {1};
            layer.backwardMs = {1};
            p.layers.push_back(layer);
        }
        PipelineRequest request;
        request.chain = {0, 0};
        request.cutMode = PipelineCutMode::Any;
        request.downsetLimit = 1000;
        const Network ideal = *networkPreset("ideal");
        const PipelinePlan capped = planPipeline(p, ideal, request);
        QVERIFY(!capped.exact);
        QCOMPARE(capped.bottleneckMs, 24.0); // one stage: no valid cut point
        QCOMPARE(capped.lowerBoundMs, 12.0); // 24 ms of work on two machines
        QCOMPARE(capped.gap(), 0.5);
        QVERIFY2(QString::fromStdString(capped.note).contains("4,096 downsets"),
                 capped.note.c_str());
        QVERIFY2(QString::fromStdString(capped.note).contains("valid cut points"),
                 capped.note.c_str());
        request.downsetLimit = 4096;
        const PipelinePlan exact = planPipeline(p, ideal, request);
        QVERIFY(exact.exact);
        QCOMPARE(exact.bottleneckMs, 12.0);
        QCOMPARE(exact.lowerBoundMs, 12.0);
        QVERIFY(exact.note.empty());
    }

    // The search and the pairwise DP it replaced agree on graphs too large for the brute force
    // (both cut modes, communication, compression, chains of different machines), with the same
    // number of stages, and the search says its answer is exact.
    void searchEqualsPairwiseDp_data() {
        QTest::addColumn<int>("mode");
        QTest::addColumn<unsigned>("seed");
        for (unsigned seed = 1; seed <= 60; ++seed) {
            QTest::addRow("single %u", seed) << 0 << seed;
            QTest::addRow("any %u", seed) << 1 << seed;
        }
    }
    void searchEqualsPairwiseDp() {
        QFETCH(int, mode);
        QFETCH(unsigned, seed);
        std::mt19937 random(seed * 131u);
        const Profile p = randomProfile(10 + static_cast<int>(seed % 9), seed + 1000);
        const Network network = randomNetwork(seed + 1000);
        PipelineRequest request;
        request.cutMode = mode ? PipelineCutMode::Any : PipelineCutMode::Single;
        const int length = 1 + static_cast<int>(random() % 6);
        for (int i = 0; i < length; ++i)
            request.chain.push_back(static_cast<int>(random() % 3));
        request.microBatch = 1 + static_cast<int>(random() % 16);
        if (random() % 3 == 0)
            request.compression =
                AcceptCodec(2 + static_cast<int>(random() % 3), random() % 2 ? 8 : 4);
        const PipelinePlan searched = planPipeline(p, network, request);
        request.method = PipelineMethod::PairDp;
        const PipelinePlan paired = planPipeline(p, network, request);
        QVERIFY2(std::abs(searched.bottleneckMs - paired.bottleneckMs) <=
                     1e-9 * std::max(1.0, paired.bottleneckMs),
                 qPrintable(QString("search %1, pairwise DP %2")
                                .arg(searched.bottleneckMs, 0, 'g', 17)
                                .arg(paired.bottleneckMs, 0, 'g', 17)));
        QCOMPARE(searched.stages.size(), paired.stages.size());
        QVERIFY(searched.exact);
        QCOMPARE(searched.lowerBoundMs, searched.bottleneckMs);
        QCOMPARE(searched.states, paired.states);
    }

    // Out of time, the search returns a valid plan and a bound that no plan beats.
    void outOfTimeGivesAPlanAndAProvenBound() {
        for (unsigned seed = 1; seed <= 20; ++seed) {
            const Profile p = randomProfile(14, seed + 2000);
            const Network network = randomNetwork(seed + 2000);
            PipelineRequest request;
            request.cutMode = PipelineCutMode::Any;
            request.chain = {0, 1, 2, 0};
            request.timeLimitMs = 0;
            const PipelinePlan rushed = planPipeline(p, network, request);
            request.method = PipelineMethod::PairDp;
            const PipelinePlan best = planPipeline(p, network, request);
            QVERIFY(!rushed.exact);
            QVERIFY2(QString::fromStdString(rushed.note).contains("time limit"),
                     rushed.note.c_str());
            QVERIFY(rushed.bottleneckMs >= best.bottleneckMs - 1e-9);
            QVERIFY(rushed.lowerBoundMs <= best.bottleneckMs + 1e-9);
            QVERIFY(rushed.lowerBoundMs <= rushed.bottleneckMs);
            QVERIFY(rushed.gap() >= 0 && rushed.gap() <= 1);
            std::vector<int> stageOf(p.layers.size(), -1);
            for (const auto& stage : rushed.stages)
                for (int v : stage.layers)
                    stageOf[static_cast<std::size_t>(v)] = stage.chainPosition;
            QCOMPARE(evaluatePipeline(p, network, request, stageOf).bottleneckMs,
                     rushed.bottleneckMs);
        }
    }

    // On graphs longer than one 64-layer word, the lattice holds exactly the downsets, and its
    // membership, subset and difference answers agree with plain sets.
    void longGraphLatticeMatchesPlainSets() {
        for (unsigned seed = 1; seed <= 6; ++seed) {
            const Profile p = longNarrowProfile(70 + static_cast<int>(seed) * 23, seed + 4000);
            const DownsetLattice lattice = DownsetLattice::allDownsets(p);
            std::vector<std::vector<bool>> expected = downsetsByDecision(p);
            QVERIFY2(expected.size() > p.layers.size() + 1 && expected.size() < 20000,
                     qPrintable(QString::number(expected.size())));
            std::vector<std::vector<bool>> listed;
            for (int d = 0; d < static_cast<int>(lattice.size()); ++d)
                listed.push_back(asSet(lattice, d));
            std::vector<std::vector<bool>> sortedListed = listed;
            std::sort(expected.begin(), expected.end());
            std::sort(sortedListed.begin(), sortedListed.end());
            QVERIFY(sortedListed == expected);
            QCOMPARE(DownsetLattice::countDownsets(p), expected.size());

            std::mt19937 random(seed);
            for (int d = 0; d < static_cast<int>(lattice.size()); ++d) {
                const auto& set = listed[static_cast<std::size_t>(d)];
                QCOMPARE(lattice.sizeOf(d),
                         static_cast<int>(std::count(set.begin(), set.end(), true)));
                for (int v = 0; v < lattice.layerCount(); ++v)
                    QCOMPARE(lattice.contains(d, v), bool(set[static_cast<std::size_t>(v)]));
                for (const int* c = lattice.lowerCoversBegin(d); c != lattice.lowerCoversEnd(d);
                     ++c) {
                    QVERIFY(lattice.isSubset(*c, d));
                    QVERIFY(!lattice.isSubset(d, *c));
                    const std::vector<int> between = lattice.layersBetween(*c, d);
                    QCOMPARE(between.size(), std::size_t(1));
                    QVERIFY(set[static_cast<std::size_t>(between[0])] &&
                            !lattice.contains(*c, between[0]));
                }
                // a random other downset: subset and difference as plain sets say
                const int e = static_cast<int>(random() % lattice.size());
                const auto& other = listed[static_cast<std::size_t>(e)];
                bool subset = true;
                std::vector<int> difference;
                for (std::size_t v = 0; v < set.size(); ++v) {
                    subset = subset && (!other[v] || set[v]);
                    if (set[v] && !other[v])
                        difference.push_back(static_cast<int>(v));
                }
                QCOMPARE(lattice.isSubset(e, d), subset);
                if (subset)
                    QCOMPARE(lattice.layersBetween(e, d), difference);
            }
            // the valid cut prefixes: layers 0..last of each, nested
            const DownsetLattice prefixes = DownsetLattice::validCutPrefixes(p);
            const ModelStructure structure = analyseStructure(p);
            QCOMPARE(prefixes.size(), structure.cutAfter.size() + 2);
            for (int d = 1; d < static_cast<int>(prefixes.size()); ++d) {
                const int last = d == prefixes.fullDownset()
                                     ? lattice.layerCount() - 1
                                     : structure.cutAfter[static_cast<std::size_t>(d - 1)];
                for (int v = 0; v < lattice.layerCount(); ++v)
                    QCOMPARE(prefixes.contains(d, v), v <= last);
                QVERIFY(prefixes.isSubset(d - 1, d));
                QCOMPARE(prefixes.layersBetween(d - 1, d).size(),
                         static_cast<std::size_t>(prefixes.sizeOf(d) - prefixes.sizeOf(d - 1)));
            }
        }
    }

    // On long graphs the planner's state costs (worked out incrementally from each state's cover)
    // give the plan that a brute force over every nested pair of downsets finds with the
    // partition evaluator, in both cut modes, on chains of different machines with links.
    void longGraphPlansMatchBruteForce() {
        for (unsigned seed = 1; seed <= 4; ++seed) {
            Profile p = longNarrowProfile(66 + static_cast<int>(seed) * 9, seed + 5000);
            for (Layer& layer : p.layers) // quick layers: the links weigh as much as the stages
                for (std::size_t m = 0; m < layer.forwardMs.size(); ++m) {
                    layer.forwardMs[m] /= 40;
                    layer.backwardMs[m] /= 40;
                }
            const Network network = randomNetwork(seed + 5000);
            const std::vector<std::vector<bool>> all = downsetsByDecision(p);
            for (int mode = 0; mode < 2; ++mode) {
                PipelineRequest request;
                request.cutMode = mode ? PipelineCutMode::Any : PipelineCutMode::Single;
                request.chain = {static_cast<int>(seed % 3), static_cast<int>((seed + 1) % 3),
                                 static_cast<int>((seed + 2) % 3)};
                request.microBatch = 4;
                if (seed % 2 == 0)
                    request.compression = AcceptCodec(2, 8);
                std::vector<std::vector<bool>> states;
                if (mode == 0) { // prefixes ending at a valid cut point
                    const ModelStructure structure = analyseStructure(p);
                    for (int last : structure.cutAfter) {
                        std::vector<bool> prefix(p.layers.size(), false);
                        std::fill(prefix.begin(), prefix.begin() + last + 1, true);
                        states.push_back(prefix);
                    }
                } else {
                    for (const auto& set : all)
                        if (std::count(set.begin(), set.end(), true) > 0 &&
                            std::count(set.begin(), set.end(), false) > 0)
                            states.push_back(set);
                }
                auto cost = [&](const std::vector<int>& stageOf) {
                    return evaluatePipeline(p, network, request, stageOf).bottleneckMs;
                };
                double best = cost(std::vector<int>(p.layers.size(), 0));
                for (std::size_t i = 0; i < states.size(); ++i) {
                    std::vector<int> stageOf(p.layers.size());
                    for (std::size_t v = 0; v < p.layers.size(); ++v)
                        stageOf[v] = states[i][v] ? 0 : 1;
                    best = std::min(best, cost(stageOf));
                    for (std::size_t j = 0; j < states.size(); ++j) {
                        bool nested = true, larger = false;
                        for (std::size_t v = 0; v < p.layers.size() && nested; ++v) {
                            nested = !states[i][v] || states[j][v];
                            larger = larger || (states[j][v] && !states[i][v]);
                        }
                        if (!nested || !larger)
                            continue;
                        for (std::size_t v = 0; v < p.layers.size(); ++v)
                            stageOf[v] = states[i][v] ? 0 : (states[j][v] ? 1 : 2);
                        best = std::min(best, cost(stageOf));
                    }
                }
                const PipelinePlan plan = planPipeline(p, network, request);
                QVERIFY(plan.exact);
                QVERIFY2(std::abs(plan.bottleneckMs - best) <= 1e-9 * std::max(1.0, best),
                         qPrintable(QString("%1: planner %2, brute force %3 over %4 states")
                                        .arg(mode ? "any" : "single")
                                        .arg(plan.bottleneckMs, 0, 'g', 17)
                                        .arg(best, 0, 'g', 17)
                                        .arg(states.size())));
            }
        }
    }

    // A long model's downsets take a few bytes each: a 20,000-layer chain (20,001 downsets,
    // 313 words of bits each when kept whole, 2.5 KB) stays under 48 bytes per downset, covers
    // and sizes included.
    void longChainLatticeIsCompact() {
        const DownsetLattice lattice = DownsetLattice::allDownsets(linear(20000));
        QCOMPARE(lattice.size(), std::size_t(20001));
        QVERIFY2(lattice.memoryBytes() < 48 * lattice.size(),
                 qPrintable(QString::number(lattice.memoryBytes())));
        QVERIFY(lattice.contains(12345, 12343) && !lattice.contains(12345, 12345));
        QCOMPARE(lattice.layersBetween(100, 12345).size(), std::size_t(12245));
        const DownsetLattice prefixes = DownsetLattice::validCutPrefixes(linear(20000));
        QCOMPARE(prefixes.size(), std::size_t(20001));
        QVERIFY(prefixes.memoryBytes() < 48 * prefixes.size());
    }

    // Each downset's lower covers are itself minus one of its maximal layers, all of them.
    void lowerCoversAreComplete() {
        for (unsigned seed = 1; seed <= 10; ++seed) {
            const Profile p = randomProfile(9, seed + 3000);
            const DownsetLattice lattice = DownsetLattice::allDownsets(p);
            for (int d = 1; d < static_cast<int>(lattice.size()); ++d) {
                int expected = 0; // maximal layers of d: in d, no reader in d
                for (int v = 0; v < lattice.layerCount(); ++v) {
                    if (!lattice.contains(d, v))
                        continue;
                    bool maximal = true;
                    for (int w = 0; w < lattice.layerCount(); ++w)
                        for (int input : p.layers[static_cast<std::size_t>(w)].inputs)
                            maximal = maximal && !(input == v && lattice.contains(d, w));
                    expected += maximal;
                }
                QCOMPARE(static_cast<int>(lattice.lowerCoversEnd(d) - lattice.lowerCoversBegin(d)),
                         expected);
                for (const int* c = lattice.lowerCoversBegin(d); c != lattice.lowerCoversEnd(d);
                     ++c) {
                    QVERIFY(lattice.isSubset(*c, d));
                    QCOMPARE(lattice.sizeOf(*c), lattice.sizeOf(d) - 1);
                }
                const int added = lattice.addedLayer(d);
                QVERIFY(lattice.contains(d, added) &&
                        !lattice.contains(*lattice.lowerCoversBegin(d), added));
            }
        }
    }

    void refusesProfilesWithoutBackward() {
        Profile p = linear(3);
        p.hasBackward = false;
        for (auto& layer : p.layers)
            layer.backwardMs.clear();
        PipelineRequest request;
        request.chain = {0};
        try {
            planPipeline(p, *networkPreset("3g"), request);
            QFAIL("planned without backward times");
        } catch (const PlanError& error) {
            QVERIFY2(QString(error.what()).contains("backward_ms"), error.what());
        }
    }

    void missingLinkNamesBothEnds() {
        Profile p = linear(3);
        p.machines = {{"c1", Tier::Cloud, ""}, {"c2", Tier::Cloud, ""}};
        for (auto& layer : p.layers) {
            layer.forwardMs = {1, 1};
            layer.backwardMs = {1, 1};
        }
        PipelineRequest request;
        request.chain = {0, 1};
        try {
            planPipeline(p, *networkPreset("3g"), request);
            QFAIL("planned over a missing cloud-cloud link");
        } catch (const PlanError& error) {
            QVERIFY2(QString(error.what()).contains("'c1'") &&
                         QString(error.what()).contains("'c2'"),
                     error.what());
        }
        // A repeated machine needs no link: the copies talk for free without a "same" link.
        request.chain = {0, 0, 0};
        QCOMPARE(planPipeline(p, *networkPreset("3g"), request).bottleneckMs, 2.0);
    }

    // A skip connection over a middle stage is relayed over both links, the model input too.
    void relayedTensors() {
        Profile p = linear(4);
        p.model.inputBytes = 100;
        p.layers[3].inputs = {2, 0};
        p.layers[1].inputs = {};
        p.layers[1].readsModelInput = true; // n1 reads the model input
        for (std::size_t v = 0; v < 4; ++v)
            p.layers[v].outputBytes = 1000.0 * static_cast<double>(v + 1);
        Network network;
        network.name = "lab";
        network.links = {{"same", "same", 8, 0}}; // 1000 bytes per ms
        PipelineRequest request;
        request.chain = {0, 0, 0};
        request.microBatch = 1;
        const PipelinePlan plan = evaluatePipeline(p, network, request, {0, 1, 1, 2});
        QCOMPARE(plan.stages.size(), std::size_t(3));
        // link 0: input (n1 is in stage 1) forward only, and n0 (read by n3 in stage 2) both ways
        QCOMPARE(plan.stages[0].crossing, (std::vector<int>{-1, 0}));
        QCOMPARE(plan.stages[0].linkForwardBytes, 100.0 + 1000.0);
        QCOMPARE(plan.stages[0].linkBackwardBytes, 1000.0);
        QCOMPARE(plan.stages[0].linkMs, 1.1 + 1.0);
        // link 1: n0 relayed, n2 read by n3
        QCOMPARE(plan.stages[1].crossing, (std::vector<int>{0, 2}));
        QCOMPARE(plan.stages[1].linkBytes, 2.0 * (1000.0 + 3000.0));
        QCOMPARE(plan.stages[1].linkMs, 8.0);
        QCOMPARE(plan.bottleneckMs, 8.0);
        // Going back along the chain is refused.
        QVERIFY_THROWS_EXCEPTION(
            PlanError, evaluatePipeline(p, network, request, {0, 1, 0, 2})); // n2 reads n1
        QVERIFY_THROWS_EXCEPTION(
            PlanError, evaluatePipeline(p, network, request, {0, 0, 2, 2})); // stage 2 empty
    }

    // Hand-computed: 4 layers, 1 ms forward + 1 ms backward per sample each, chain d -> e over
    // a 8 Mbps / 2 ms link, micro-batch 2: the best split is 2 + 2 layers, the cut after
    // n1 (500 bytes per sample) costs 2·(2 + 1000/1000) = 6 ms < 8 ms of compute per stage.
    void handComputedTwoMachines() {
        Profile p = linear(4);
        p.machines = {{"d", Tier::Device, ""}, {"e", Tier::Edge, ""}};
        const double bytes[4] = {4000, 500, 4000, 10};
        for (std::size_t v = 0; v < 4; ++v) {
            p.layers[v].forwardMs = {1, 1};
            p.layers[v].backwardMs = {1, 1};
            p.layers[v].outputBytes = bytes[v];
        }
        Network network;
        network.name = "lab";
        network.links = {{"device", "edge", 8, 2}};
        PipelineRequest request;
        request.chain = {0, 1};
        request.microBatch = 2;
        const PipelinePlan plan = planPipeline(p, network, request);
        QCOMPARE(plan.stages.size(), std::size_t(2));
        QCOMPARE(plan.stages[0].layers, (std::vector<int>{0, 1}));
        QCOMPARE(plan.stages[0].computeMs, 8.0);
        QCOMPARE(plan.stages[0].forwardMs, 4.0);
        QCOMPARE(plan.stages[0].linkBytes, 2000.0);
        QCOMPARE(plan.stages[0].linkMs, 6.0);
        QCOMPARE(plan.bottleneckMs, 8.0);
        QCOMPARE(plan.states, std::size_t(5));
    }
};

CUTLAB_TEST_MAIN(TestPipeline, Guiless)
} // namespace tst_pipeline

#include "tst_pipeline.moc"
