// HierTrain (docs/cost-models.md §2.1): the fast search equals brute force on thousands of random
// cases, hand-computed phases, and the special cases it must never lose to.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "GeneratedProfiles.h"

#include "core/model/PlanError.h"
#include "core/training/HierTrainEvaluator.h"
#include "core/training/HierTrainPlanner.h"
#include "core/training/TrainingBaselines.h"

#include <QSet>
#include <QTest>

#include <cmath>
#include <limits>
#include <random>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_hiertrain {

using namespace cutlab::core;

namespace {

// Every mapping, every pair of cuts, every split: the obvious search.
double bruteForce(const TrainingCostModel& model, int batch) {
    const auto& tiers = model.machineOfTier();
    const int mappings[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    double best = std::numeric_limits<double>::infinity();
    for (const auto& mapping : mappings) {
        const std::array<int, 3> workers{tiers[static_cast<std::size_t>(mapping[0])],
                                         tiers[static_cast<std::size_t>(mapping[1])],
                                         tiers[static_cast<std::size_t>(mapping[2])]};
        if (workers[0] < 0)
            continue;
        for (int ms : model.cutPositions())
            for (int ml : model.cutPositions()) {
                if (ml < ms)
                    continue;
                const HierTrainEvaluator evaluator(model, workers, ms, ml, batch);
                for (int bs = 0; bs <= batch; ++bs)
                    for (int bl = 0; bs + bl <= batch; ++bl) {
                        if ((bs > 0 && (ms == 0 || workers[1] < 0)) ||
                            (bl > 0 && (ml == 0 || workers[2] < 0)))
                            continue;
                        best = std::min(best, evaluator.time(bs, bl));
                    }
            }
    }
    return best;
}

// A training profile of `layers` layers on `machinesPerTier` machines per tier whose speeds
// differ by up to `spread` orders of magnitude either way (per machine, and for updates apart),
// so that every mapping and every face of the split can win.
Profile scaledTrainingProfile(int layers, int machinesPerTier, unsigned seed, double skipChance,
                              double spread) {
    Profile p = generatedProfile(layers, machinesPerTier, seed, skipChance);
    std::mt19937 random(seed * 31337u + 5u);
    std::uniform_real_distribution<double> exponent(-spread, spread), factor(0.5, 3.0),
        update(0.0, 0.5), params(0.0, 5.0e5), chance(0.0, 1.0);
    std::vector<double> speed, updateSpeed;
    for (std::size_t m = 0; m < p.machines.size(); ++m) {
        speed.push_back(std::pow(10.0, exponent(random)));
        updateSpeed.push_back(std::pow(10.0, exponent(random)));
    }
    const double bytesScale = std::pow(10.0, exponent(random));
    for (auto& layer : p.layers) {
        for (std::size_t m = 0; m < layer.forwardMs.size(); ++m) {
            layer.forwardMs[m] *= speed[m];
            layer.backwardMs.push_back(layer.forwardMs[m] * factor(random));
            layer.updateMs.push_back(update(random) * updateSpeed[m]);
        }
        layer.paramBytes = chance(random) < 0.3 ? 0.0 : std::floor(params(random));
        layer.outputBytes = std::floor(layer.outputBytes / 20.0 * bytesScale);
    }
    p.model.inputBytes = chance(random) < 0.1 ? 0.0 : std::floor(20000.0 * bytesScale);
    p.hasBackward = p.hasUpdate = true;
    return p;
}

Profile twoLayerProfile() {
    Profile p;
    p.model.inputBytes = 1000;
    p.machines = {{"d", Tier::Device, ""}, {"e", Tier::Edge, ""}, {"c", Tier::Cloud, ""}};
    p.hasBackward = p.hasUpdate = true;
    for (int i = 0; i < 2; ++i) {
        Layer layer;
        layer.id = "L" + std::to_string(i);
        layer.readsModelInput = i == 0;
        if (i)
            layer.inputs = {0};
        layer.outputBytes = 500;
        layer.paramBytes = 1000;
        layer.forwardMs = {4, 2, 1};
        layer.backwardMs = {8, 4, 2};
        layer.updateMs = {0.5, 0.25, 0.1};
        p.layers.push_back(layer);
    }
    return p;
}

} // namespace

class TestHierTrain : public QObject {
    Q_OBJECT
  private slots:
    void equalsBruteForceOnRandomCases() {
        int cases = 0;
        for (unsigned seed = 1; seed <= 2500; ++seed) {
            const Profile p = generatedTrainingProfile(1 + static_cast<int>(seed % 5), seed,
                                                       seed % 3 == 0 ? 0.4 : 0.0);
            const Network network = generatedNetwork(seed);
            const TrainingCostModel model(p, network, trainingMachines(p));
            const int batch = 1 + static_cast<int>((seed * 37) % 14);
            const HierTrainPlan plan = planHierTrain(model, batch);
            const double want = bruteForce(model, batch);
            QVERIFY2(qAbs(plan.iterationMs() - want) <= 1e-9 * std::max(1.0, want),
                     qPrintable(QString("seed %1: fast %2, brute force %3")
                                    .arg(seed)
                                    .arg(plan.iterationMs(), 0, 'g', 17)
                                    .arg(want, 0, 'g', 17)));
            // The returned plan is what it says.
            QCOMPARE(plan.samples[0] + plan.samples[1] + plan.samples[2], batch);
            QVERIFY(plan.ms <= plan.ml);
            const auto again =
                evaluateHierTrain(model, plan.workerMachine, plan.ms, plan.ml, plan.samples);
            QCOMPARE(again.iterationMs(), plan.iterationMs());
            ++cases;
        }
        QCOMPARE(cases, 2500);
    }
    void equalsEveryPairSearchOnLargeProfiles() {
        // The bounds drop whole ranges of cut pairs; the search over every pair must agree.
        // Profiles of 60 to 240 layers, most with every layer a valid cut, several machines per
        // tier (one picked at random, sometimes none on the edge or the cloud) and extreme speed
        // ratios.
        QSet<int> oTiers;
        int threeWorkers = 0;
        for (unsigned seed = 1; seed <= 120; ++seed) {
            std::mt19937 random(seed);
            const int layers = std::uniform_int_distribution<int>(60, 240)(random);
            const int perTier = 1 + static_cast<int>(seed % 3);
            const double skip = seed % 4 == 0 ? 0.1 : 0.0; // most: every layer a valid cut
            const Profile p =
                scaledTrainingProfile(layers, perTier, seed, skip, seed % 5 == 0 ? 0.5 : 2.5);
            std::vector<bool> allowed(p.machines.size(), false);
            for (int tier = 0; tier < 3; ++tier) {
                if (tier > 0 && seed % 7 == static_cast<unsigned>(tier))
                    continue; // no machine on that tier
                allowed[static_cast<std::size_t>(
                    tier * perTier + std::uniform_int_distribution<int>(0, perTier - 1)(random))] =
                    true;
            }
            const char* presets[] = {"3g", "4g", "fibre", "ideal"};
            const Network network =
                seed % 3 == 0 ? *networkPreset(presets[seed / 3 % 4]) : generatedNetwork(seed);
            const TrainingCostModel model(p, network, trainingMachines(p, allowed));
            const int batch = seed % 6 == 0 ? 1 + static_cast<int>(seed % 4)
                                            : std::uniform_int_distribution<int>(3, 160)(random);
            const HierTrainPlan fast = planHierTrain(model, batch);
            const HierTrainPlan reference = planHierTrainEveryPair(model, batch);
            const double want = reference.iterationMs();
            QVERIFY2(
                std::fabs(fast.iterationMs() - want) <= 1e-9 * std::max(1.0, want),
                qPrintable(QString("seed %1 (%2 layers, %3 cuts, B = %4): fast %5, every pair %6")
                               .arg(seed)
                               .arg(layers)
                               .arg(model.cutPositions().size())
                               .arg(batch)
                               .arg(fast.iterationMs(), 0, 'g', 17)
                               .arg(want, 0, 'g', 17)));
            QCOMPARE(fast.samples[0] + fast.samples[1] + fast.samples[2], batch);
            QVERIFY(fast.ms <= fast.ml);
            QCOMPARE(evaluateHierTrain(model, fast.workerMachine, fast.ms, fast.ml, fast.samples)
                         .iterationMs(),
                     fast.iterationMs());
            oTiers.insert(
                tierIndex(p.machines[static_cast<std::size_t>(reference.workerMachine[0])].tier));
            if (reference.samples[0] > 0 && reference.samples[1] > 0 && reference.samples[2] > 0)
                ++threeWorkers;
        }
        // The cases are varied enough: O lands on more than one tier, and some optima use all three
        // workers.
        QVERIFY(oTiers.size() >= 2);
        QVERIFY(threeWorkers >= 3);
    }
    void phasesByHand() {
        // o = cloud, s = device, l = edge; m_s = 1, m_l = 2; b_o = 2, b_s = 1, b_l = 1; ideal
        // network, so only compute counts.
        const Profile p = twoLayerProfile();
        const Network network = *networkPreset("ideal");
        const TrainingCostModel model(p, network, trainingMachines(p));
        const auto plan = evaluateHierTrain(model, {2, 0, 1}, 1, 2, {2, 1, 1});
        QCOMPARE(plan.phases.tf1,
                 std::max({1.0 * 2, 2.0 * 1, 4.0 * 1})); // F_o(L0)·b_o, F_l(L0)·b_l, F_s(L0)·b_s
        QCOMPARE(plan.phases.tf2, std::max(1.0 * 3, 2.0 * 1)); // O on b_o + b_s, L on b_l
        QCOMPARE(plan.phases.tf3, 0.0);
        QCOMPARE(plan.phases.tb3, 0.0);
        QCOMPARE(plan.phases.tb2, std::max(2.0 * 3, 4.0 * 1));
        QCOMPARE(plan.phases.tb1, std::max({2.0 * 2, 8.0 * 1, 4.0 * 1}));
        QCOMPARE(plan.phases.tup, std::max({0.2, 0.5, 0.5})); // O all layers, S one, L two
        QCOMPARE(plan.iterationMs(), 4.0 + 3.0 + 6.0 + 8.0 + 0.5);
    }
    void transfersByHand() {
        // All on the edge over 3G: the device first sends B·Q = 4000 B at 1.6 Mbps after 67 ms.
        const Profile p = twoLayerProfile();
        const Network network = *networkPreset("3g");
        const TrainingCostModel model(p, network, trainingMachines(p));
        const auto plan = planSingleTier(model, Tier::Edge, 4);
        QCOMPARE(plan.phases.tf1, 67.0 + 4000.0 * 8 / 1600);
        QCOMPARE(plan.phases.tf3, 4.0 * 4);
        QCOMPARE(plan.phases.tb3, 8.0 * 4);
        QCOMPARE(plan.phases.tup, 0.5);
        // S on the device with m_s = 1 and one sample: its output (500 B) goes up and its
        // gradient comes down, each paying latency; the weight exchange is 2·1000 B once.
        const auto hybrid = evaluateHierTrain(model, {1, 0, -1}, 1, 1, {3, 1, 0});
        QCOMPARE(hybrid.phases.tf1,
                 std::max(67.0 + 3000.0 * 8 / 1600 + 2.0 * 3, 4.0 + 67.0 + 500.0 * 8 / 1600));
        QCOMPARE(hybrid.phases.tup, std::max(0.5, 67.0 + 2000.0 * 8 / 1600 + 0.5));
    }
    void neverSlowerThanOneMachine() {
        for (unsigned seed = 1; seed <= 300; ++seed) {
            const Profile p = generatedTrainingProfile(8, seed);
            const Network network = generatedNetwork(seed);
            const TrainingCostModel model(p, network, trainingMachines(p));
            const int batch = 32;
            const double hier = planHierTrain(model, batch).iterationMs();
            for (Tier tier : kTiers)
                QVERIFY(hier <= planSingleTier(model, tier, batch).iterationMs() + 1e-9);
        }
    }
    void jointDnnPlusNeverSlowerThanJointDnn() {
        for (unsigned seed = 1; seed <= 300; ++seed) {
            const Profile p = generatedTrainingProfile(10, seed, 0.2);
            const Network network = generatedNetwork(seed);
            const TrainingCostModel model(p, network, trainingMachines(p));
            const double joint =
                planJointDnnTraining(model, {Tier::Device, Tier::Cloud}, 16).iterationMs();
            const double plus =
                planJointDnnTraining(model, {Tier::Device, Tier::Edge, Tier::Cloud}, 16)
                    .iterationMs();
            QVERIFY(plus <= joint + 1e-9);
            QVERIFY(joint <= planSingleTier(model, Tier::Device, 16).iterationMs() + 1e-9);
        }
    }
    void baselinesByHand() {
        const Profile p = twoLayerProfile();
        const Network network = *networkPreset("ideal");
        const TrainingCostModel model(p, network, trainingMachines(p));
        // Ideal network: JointDNN puts everything on the cloud: B·(1+2)·2 + 0.2 of updates.
        const auto joint = planJointDnnTraining(model, {Tier::Device, Tier::Cloud}, 4);
        QCOMPARE(joint.iterationMs(), 4 * 3.0 * 2 + 0.2);
        QCOMPARE(joint.segments.size(), std::size_t(1));
        QCOMPARE(joint.segments[0].machine, 2);
        // JALAD: the edge runs at least L0; best is L0 on the edge, L1 on the cloud.
        const auto jalad = planJalad(model, 4);
        QCOMPARE(jalad.iterationMs(), 4 * (2.0 + 4.0) + 4 * (1.0 + 2.0) + 0.25 + 0.1);
        const Network slow = *networkPreset("3g");
        const TrainingCostModel slowModel(p, slow, trainingMachines(p));
        const auto compressed = evaluateTrainingPath(slowModel, {{1, 0, 1}, {2, 1, 2}}, 4, 0.25);
        // input 4000 B device→edge, then 4·500/4 = 500 B each way at 50 Mbps + 25 ms
        QCOMPARE(compressed.transferMs,
                 (67.0 + 4000.0 * 8 / 1600) + 2 * (25.0 + 500.0 * 8 / 50000));
        QCOMPARE(compressed.transferBytes, 4000.0 + 500.0 + 500.0);
    }
    void refusesProfilesWithoutTrainingTimes() {
        Profile p = twoLayerProfile();
        p.hasBackward = false;
        const Network network = *networkPreset("ideal");
        QVERIFY_THROWS_EXCEPTION(PlanError, TrainingCostModel(p, network, trainingMachines(p)));
    }
};

CUTLAB_TEST_MAIN(TestHierTrain, Guiless)
} // namespace tst_hiertrain

#include "tst_hiertrain.moc"
