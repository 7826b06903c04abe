// Memory-aware HierTrain and baselines (docs/cost-models.md §2.8): the accounting by hand, the
// planner against a brute force over every plan with capacities that bind, and the baselines'
// feasibility against their own brute forces.
#include "../TestMain.h"
#include "GeneratedProfiles.h"

#include "core/model/PlanError.h"
#include "core/planners/IterationMemoryShortfall.h"
#include "core/training/HierTrainEvaluator.h"
#include "core/training/HierTrainPlanner.h"
#include "core/training/TrainingBaselines.h"
#include "core/training/TrainingMemory.h"
#include "core/training/TrainingMemoryError.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <random>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_hiertrainmemory {

using namespace cutlab::core;

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Σ over layers [begin, end) of a layer field, by a plain loop (not the model's prefix sums).
double layerSum(const Profile& p, int begin, int end, double Layer::*field) {
    double sum = 0;
    for (int i = begin; i < end; ++i)
        sum += p.layers[static_cast<std::size_t>(i)].*field;
    return sum;
}

// A worker's bytes written out from §2.8, independently of core/training/TrainingMemory.
double workerBytes(const Profile& p, int k, int worker, int ms, int ml,
                   const std::array<int, 3>& b) {
    const int n = static_cast<int>(p.layers.size()), batch = b[0] + b[1] + b[2];
    auto held = [&](int end) { return (2 + k) * layerSum(p, 0, end, &Layer::paramBytes); };
    auto out = [&](int begin, int end) { return layerSum(p, begin, end, &Layer::outputBytes); };
    if (worker == 1)
        return b[1] > 0 ? held(ms) + b[1] * out(0, ms) : 0.0;
    if (worker == 2)
        return b[2] > 0 ? held(ml) + b[2] * out(0, ml) : 0.0;
    return held(n) + b[0] * out(0, ms) + (b[0] + b[1]) * out(ms, ml) + batch * out(ml, n);
}

struct Candidate {
    std::array<int, 3> workers;
    int ms, ml;
    std::array<int, 3> samples;
};

// Every plan: every mapping, pair of cuts and split that §2.1 allows.
std::vector<Candidate> everyPlan(const TrainingCostModel& model, int batch) {
    const auto& tiers = model.machineOfTier();
    const int mappings[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    std::vector<Candidate> plans;
    for (const auto& mapping : mappings) {
        const std::array<int, 3> w{tiers[static_cast<std::size_t>(mapping[0])],
                                   tiers[static_cast<std::size_t>(mapping[1])],
                                   tiers[static_cast<std::size_t>(mapping[2])]};
        if (w[0] < 0)
            continue;
        for (int ms : model.cutPositions())
            for (int ml : model.cutPositions())
                for (int bs = 0; ml >= ms && bs <= batch; ++bs)
                    for (int bl = 0; bs + bl <= batch; ++bl)
                        if (!(bs > 0 && (ms == 0 || w[1] < 0)) &&
                            !(bl > 0 && (ml == 0 || w[2] < 0)))
                            plans.push_back({w, ms, ml, {batch - bs - bl, bs, bl}});
    }
    return plans;
}

bool candidateFits(const Profile& p, int k, const std::vector<double>& capacity,
                   const Candidate& c) {
    for (int w = 0; w < 3; ++w) {
        const int machine = c.workers[static_cast<std::size_t>(w)];
        if (machine >= 0 && capacity[static_cast<std::size_t>(machine)] > 0 &&
            workerBytes(p, k, w, c.ms, c.ml, c.samples) >
                capacity[static_cast<std::size_t>(machine)])
            return false;
    }
    return true;
}

// Capacities between the least and the most any plan puts on the machine, on a random subset
// of the machines (at least one), so that they bind.
std::vector<double> bindingCapacities(const Profile& p, int k, const std::vector<Candidate>& plans,
                                      std::mt19937& random) {
    std::vector<double> least(p.machines.size(), kInfinity), most(p.machines.size(), 0);
    for (const Candidate& c : plans)
        for (int w = 0; w < 3; ++w) {
            const int machine = c.workers[static_cast<std::size_t>(w)];
            const double bytes = workerBytes(p, k, w, c.ms, c.ml, c.samples);
            if (machine < 0 || bytes <= 0)
                continue;
            least[static_cast<std::size_t>(machine)] =
                std::min(least[static_cast<std::size_t>(machine)], bytes);
            most[static_cast<std::size_t>(machine)] =
                std::max(most[static_cast<std::size_t>(machine)], bytes);
        }
    std::vector<double> capacity(p.machines.size(), 0);
    const std::size_t always = random() % p.machines.size();
    std::uniform_real_distribution<double> share(0.0, 1.0);
    for (std::size_t m = 0; m < p.machines.size(); ++m)
        if ((m == always || share(random) < 0.5) && most[m] > 0)
            capacity[m] = std::floor(least[m] + share(random) * (most[m] - least[m]) * 1.1);
    return capacity;
}

Profile threeLayerProfile() {
    Profile p;
    p.model.inputBytes = 1000;
    p.model.batch = 1;
    p.machines = {{"d", Tier::Device, ""}, {"e", Tier::Edge, ""}, {"c", Tier::Cloud, ""}};
    p.hasBackward = p.hasUpdate = true;
    for (int i = 0; i < 3; ++i) {
        Layer layer;
        layer.id = "L" + std::to_string(i);
        layer.readsModelInput = i == 0;
        if (i)
            layer.inputs = {i - 1};
        layer.outputBytes = 10.0 * (i + 1);
        layer.paramBytes = 100.0 * (i + 1);
        layer.forwardMs = {4, 2, 1};
        layer.backwardMs = {8, 4, 2};
        layer.updateMs = {0.5, 0.25, 0.1};
        p.layers.push_back(layer);
    }
    return p;
}

// When nothing fits: for each limited machine, the least bytes any plan that fits the other
// machines puts on it; the machine whose need exceeds its capacity the least (ties: the first).
std::pair<int, double> bruteForceShortfall(const Profile& p, int k,
                                           const std::vector<double>& capacity,
                                           const std::vector<Candidate>& plans) {
    std::pair<int, double> best{-1, 0};
    for (std::size_t m = 0; m < capacity.size(); ++m) {
        if (capacity[m] <= 0)
            continue;
        std::vector<double> others = capacity;
        others[m] = 0;
        double least = kInfinity;
        for (const Candidate& c : plans) {
            if (!candidateFits(p, k, others, c))
                continue;
            double bytes = 0;
            for (int w = 0; w < 3; ++w)
                if (c.workers[static_cast<std::size_t>(w)] == static_cast<int>(m))
                    bytes = workerBytes(p, k, w, c.ms, c.ml, c.samples);
            least = std::min(least, bytes);
        }
        if (least < kInfinity &&
            (best.first < 0 ||
             least - capacity[m] < best.second - capacity[static_cast<std::size_t>(best.first)]))
            best = {static_cast<int>(m), least};
    }
    return best;
}

const OptimizerKind kOptimizers[3] = {OptimizerKind::Sgd, OptimizerKind::Momentum,
                                      OptimizerKind::Adam};

} // namespace

class TestHierTrainMemory : public QObject {
    Q_OBJECT
  private slots:
    void workerMemoryByHand() {
        const Profile p = threeLayerProfile();
        const Network network = generatedNetwork(1);
        TrainingCostModel model(p, network, trainingMachines(p));
        model.setMemory({OptimizerKind::Adam, {}});
        // B = 6, m_s = 1, m_l = 2, split (1, 2, 3); weights 100, 200, 300; outputs 10, 20, 30.
        const TrainingMemory o = hierTrainWorkerMemory(model, 0, 1, 2, {1, 2, 3});
        QCOMPARE(o.weights, 600.0);
        QCOMPARE(o.gradients, 600.0);
        QCOMPARE(o.optimizerState, 1200.0);
        QCOMPARE(o.activations, 1 * 10.0 + 3 * 20.0 + 6 * 30.0);
        QCOMPARE(o.total(), 2650.0);
        const TrainingMemory s = hierTrainWorkerMemory(model, 1, 1, 2, {1, 2, 3});
        QCOMPARE(s.total(), 100.0 + 100.0 + 200.0 + 2 * 10.0);
        const TrainingMemory l = hierTrainWorkerMemory(model, 2, 1, 2, {1, 2, 3});
        QCOMPARE(l.total(), 300.0 + 300.0 + 600.0 + 3 * 30.0);
        // A worker without samples holds nothing; O always holds every weight.
        QCOMPARE(hierTrainWorkerMemory(model, 1, 1, 2, {3, 0, 3}).total(), 0.0);
        model.setMemory({OptimizerKind::Sgd, {}});
        QCOMPARE(hierTrainWorkerMemory(model, 0, 0, 0, {0, 0, 6}).total(), 1200.0 + 6 * 60.0);
        // Single tier: everything for B samples.
        model.setMemory({OptimizerKind::Momentum, {0, 0, 1799}});
        QVERIFY_THROWS_EXCEPTION(TrainingMemoryError, planSingleTier(model, Tier::Cloud, 6));
        model.setMemory({OptimizerKind::Momentum, {0, 0, 1800}}); // 3·600 + 6·60 = 2160
        QVERIFY_THROWS_EXCEPTION(TrainingMemoryError, planSingleTier(model, Tier::Cloud, 6));
        model.setMemory({OptimizerKind::Momentum, {0, 0, 2160}});
        QCOMPARE(planSingleTier(model, Tier::Cloud, 6).workerMachine[0], 2);
    }

    void equalsBruteForceWithBindingLimits() {
        int cases = 0, none = 0, changed = 0, named = 0;
        for (unsigned seed = 1; seed <= 120; ++seed) {
            std::mt19937 random(seed * 7717u);
            const Profile p = generatedTrainingProfile(3 + static_cast<int>(seed % 5), seed,
                                                       seed % 3 == 0 ? 0.4 : 0.0);
            const Network network = generatedNetwork(seed);
            TrainingCostModel model(p, network, trainingMachines(p));
            const int batch = 1 + static_cast<int>(random() % 8);
            const int k = static_cast<int>(random() % 3);
            const auto plans = everyPlan(model, batch);
            const std::vector<double> capacity = bindingCapacities(p, k, plans, random);
            const double unlimited = planHierTrain(model, batch).iterationMs();
            model.setMemory({kOptimizers[k], capacity});
            double want = kInfinity;
            for (const Candidate& c : plans)
                if (candidateFits(p, k, capacity, c))
                    want = std::min(
                        want,
                        evaluateHierTrain(model, c.workers, c.ms, c.ml, c.samples).iterationMs());
            ++cases;
            if (want == kInfinity) {
                ++none;
                QVERIFY_THROWS_EXCEPTION(TrainingMemoryError, planHierTrain(model, batch));
                const auto want = bruteForceShortfall(p, k, capacity, plans);
                const auto found = iterationMemoryShortfall("hiertrain", model, batch);
                QCOMPARE(found.machine, want.first);
                if (want.first >= 0) {
                    QCOMPARE(found.bytes, want.second);
                    ++named;
                }
                continue;
            }
            const HierTrainPlan plan = planHierTrain(model, batch);
            QVERIFY2(std::fabs(plan.iterationMs() - want) <= 1e-9 * std::max(1.0, want),
                     qPrintable(QString("seed %1: planner %2, brute force %3")
                                    .arg(seed)
                                    .arg(plan.iterationMs(), 0, 'g', 17)
                                    .arg(want, 0, 'g', 17)));
            QVERIFY(candidateFits(p, k, capacity,
                                  {plan.workerMachine, plan.ms, plan.ml, plan.samples}));
            QCOMPARE(planHierTrainEveryPair(model, batch).iterationMs(), plan.iterationMs());
            if (want > unlimited * (1 + 1e-9))
                ++changed;
        }
        QCOMPARE(cases, 120);
        // The limits bind: some cases have no plan, some a slower one than without limits.
        QVERIFY2(none >= 5 && changed >= 20 && named >= 3,
                 qPrintable(QString("no plan %1 (%2 with one machine named), slower plan %3")
                                .arg(none)
                                .arg(named)
                                .arg(changed)));
    }

    void equalsEveryPairSearchWithLimitsOnLargerProfiles() {
        // The boxes dropped for memory and the restricted rows must not lose the optimum that the
        // search over every pair (with the same restricted lines) finds.
        int planned = 0;
        for (unsigned seed = 1; seed <= 24; ++seed) {
            std::mt19937 random(seed * 911u);
            const Profile p = generatedTrainingProfile(30 + static_cast<int>(seed * 7 % 50), seed);
            const Network network = generatedNetwork(seed);
            TrainingCostModel model(p, network, trainingMachines(p));
            const int batch = 3 + static_cast<int>(random() % 30);
            const double whole =
                pathMemory(model, {{{0, 0, model.layerCount()}}}, batch)[0].total();
            std::uniform_real_distribution<double> share(0.2, 1.2);
            model.setMemory({kOptimizers[seed % 3],
                             {std::floor(share(random) * whole), std::floor(share(random) * whole),
                              std::floor(share(random) * whole)}});
            try {
                const HierTrainPlan plan = planHierTrain(model, batch);
                const double want = planHierTrainEveryPair(model, batch).iterationMs();
                QVERIFY2(std::fabs(plan.iterationMs() - want) <= 1e-9 * std::max(1.0, want),
                         qPrintable(QString("seed %1: %2 vs %3")
                                        .arg(seed)
                                        .arg(plan.iterationMs(), 0, 'g', 17)
                                        .arg(want, 0, 'g', 17)));
                QVERIFY(memoryFits(model, hierTrainMemory(model, plan)));
                ++planned;
            } catch (const TrainingMemoryError&) {
                QVERIFY_THROWS_EXCEPTION(TrainingMemoryError, planHierTrainEveryPair(model, batch));
            }
        }
        QVERIFY(planned >= 12);
    }

    void jointDnnEqualsBruteForceWithinMemory();
    void jaladAndSingleTiersOnlyFit();
};

namespace {

// Every assignment of blocks to the machines of `tiers`, the cheapest whose machines fit.
double jointDnnBruteForce(const TrainingCostModel& model, const std::vector<int>& machines,
                          int batch) {
    const auto& cuts = model.cutPositions();
    const std::size_t blocks = cuts.size() - 1;
    std::size_t count = 1;
    for (std::size_t b = 0; b < blocks; ++b)
        count *= machines.size();
    double best = kInfinity;
    for (std::size_t code = 0; code < count; ++code) {
        std::vector<Segment> segments;
        std::size_t rest = code;
        for (std::size_t b = 0; b < blocks; ++b, rest /= machines.size()) {
            const int machine = machines[rest % machines.size()];
            if (!segments.empty() && segments.back().machine == machine)
                segments.back().end = cuts[b + 1];
            else
                segments.push_back({machine, cuts[b], cuts[b + 1]});
        }
        const TrainingPath path = evaluateTrainingPath(model, segments, batch);
        if (memoryFits(model, pathMemory(model, path, batch)))
            best = std::min(best, path.iterationMs());
    }
    return best;
}

} // namespace

void TestHierTrainMemory::jointDnnEqualsBruteForceWithinMemory() {
    int none = 0, cases = 0;
    for (unsigned seed = 1; seed <= 150; ++seed) {
        std::mt19937 random(seed * 313u);
        const Profile p = generatedTrainingProfile(3 + static_cast<int>(seed % 5), seed);
        const Network network = generatedNetwork(seed);
        TrainingCostModel model(p, network, trainingMachines(p));
        const int batch = 1 + static_cast<int>(random() % 8);
        // Capacities between a quarter and the whole of the model on one machine.
        const double whole = pathMemory(model, {{{0, 0, model.layerCount()}}}, batch)[0].total();
        std::uniform_real_distribution<double> share(0.25, 1.0);
        std::vector<double> capacity;
        for (std::size_t m = 0; m < p.machines.size(); ++m)
            capacity.push_back(random() % 4 == 0 ? 0.0 : std::floor(share(random) * whole));
        model.setMemory({kOptimizers[seed % 3], capacity});
        const bool plus = seed % 2 == 0;
        const std::vector<int> machines = plus ? std::vector<int>{0, 1, 2} : std::vector<int>{0, 2};
        const std::vector<Tier> tiers =
            plus ? std::vector<Tier>{Tier::Device, Tier::Edge, Tier::Cloud}
                 : std::vector<Tier>{Tier::Device, Tier::Cloud};
        const double want = jointDnnBruteForce(model, machines, batch);
        ++cases;
        if (want == kInfinity) {
            ++none;
            QVERIFY_THROWS_EXCEPTION(TrainingMemoryError,
                                     planJointDnnTraining(model, tiers, batch));
            continue;
        }
        const TrainingPath path = planJointDnnTraining(model, tiers, batch);
        QVERIFY2(
            std::fabs(path.iterationMs() - want) <= 1e-9 * std::max(1.0, want),
            qPrintable(QString("seed %1: %2 vs %3").arg(seed).arg(path.iterationMs()).arg(want)));
        QVERIFY(memoryFits(model, pathMemory(model, path, batch)));
    }
    QCOMPARE(cases, 150);
    QVERIFY2(none >= 3 && none < 100, qPrintable(QString("no plan in %1 cases").arg(none)));
}

void TestHierTrainMemory::jaladAndSingleTiersOnlyFit() {
    int refused = 0, planned = 0;
    for (unsigned seed = 1; seed <= 80; ++seed) {
        std::mt19937 random(seed * 29u);
        const Profile p = generatedTrainingProfile(3 + static_cast<int>(seed % 5), seed);
        const Network network = generatedNetwork(seed);
        TrainingCostModel model(p, network, trainingMachines(p));
        const int batch = 1 + static_cast<int>(random() % 8), n = model.layerCount();
        const double whole = pathMemory(model, {{{0, 0, n}}}, batch)[0].total();
        std::uniform_real_distribution<double> share(0.3, 1.05);
        const std::vector<double> capacity{std::floor(share(random) * whole),
                                           std::floor(share(random) * whole),
                                           std::floor(share(random) * whole)};
        model.setMemory({OptimizerKind::Sgd, capacity});
        double want = kInfinity;
        for (int cut : model.cutPositions()) {
            if (cut == 0)
                continue;
            const TrainingPath path =
                evaluateTrainingPath(model, {{1, 0, cut}, {2, cut, n}}, batch, 0.25);
            if (memoryFits(model, pathMemory(model, path, batch)))
                want = std::min(want, path.iterationMs());
        }
        if (want == kInfinity) {
            QVERIFY_THROWS_EXCEPTION(TrainingMemoryError, planJalad(model, batch));
            ++refused;
        } else {
            QCOMPARE(planJalad(model, batch).iterationMs(), want);
            ++planned;
        }
        for (Tier tier : kTiers) {
            const bool fits = whole <= capacity[static_cast<std::size_t>(tierIndex(tier))];
            if (fits)
                QCOMPARE(planSingleTier(model, tier, batch).samples[0], batch);
            else
                QVERIFY_THROWS_EXCEPTION(TrainingMemoryError, planSingleTier(model, tier, batch));
        }
    }
    QVERIFY2(refused > 0 && planned > 0,
             qPrintable(QString("JALAD refused %1, planned %2").arg(refused).arg(planned)));
}

CUTLAB_TEST_MAIN(TestHierTrainMemory, Appless)
} // namespace tst_hiertrainmemory

#include "tst_hiertrainmemory.moc"
