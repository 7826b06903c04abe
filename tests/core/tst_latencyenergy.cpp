// The latency–energy plane (docs/cost-models.md §1.11): its Pareto front against a brute force
// over every placement, with every placement listed and with one per group of equal energy.
#include "../TestMain.h"
#include "GeneratedProfiles.h"
#include "InferenceBruteForce.h"

#include "core/inference/LatencyEnergyPlans.h"
#include "core/model/DevicePower.h"
#include "core/model/NetworkEdit.h"

#include <QTest>

#include <cmath>
#include <limits>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_latencyenergy {

using namespace cutlab::core;
using namespace inference_brute_force;

namespace {

Profile withPower(Profile profile, double computeWatts, const char* radio) {
    for (Machine& machine : profile.machines)
        if (machine.tier == Tier::Device)
            machine.power =
                DevicePower{computeWatts, radioPreset(radio)->uplink, radioPreset(radio)->downlink};
    return profile;
}

// A chain whose tensors shrink layer by layer (as a CNN's do) on a slow device: sending later
// costs the radio less and takes longer, so the fronts have many points.
Profile shrinkingChain(int layers, int machinesPerTier, unsigned seed, double skipChance) {
    Profile profile = generatedProfile(layers, machinesPerTier, seed, skipChance);
    profile.model.inputBytes = 3e6;
    for (std::size_t i = 0; i < profile.layers.size(); ++i) {
        for (std::size_t m = 0; m < profile.machines.size(); ++m)
            if (profile.machines[m].tier == Tier::Device)
                profile.layers[i].forwardMs[m] *= 50;
        profile.layers[i].outputBytes =
            std::round(3e6 * std::pow(0.7, static_cast<double>(i + 1)) *
                       (0.8 + 0.4 * static_cast<double>((seed * 7 + i * 13) % 10) / 10));
    }
    return profile;
}

// (latency, energy) of the points no other point dominates, by brute force over every plan.
std::vector<std::pair<double, double>> bruteForceFront(const InferenceCostModel& model) {
    InferenceQuery query;
    query.top = std::numeric_limits<int>::max();
    std::vector<std::pair<double, double>> all, front;
    for (const RankedPlan& plan : bruteForce(model, query))
        all.emplace_back(plan.evaluation.totalMs, *plan.evaluation.energyMj);
    for (const auto& p : all) {
        bool dominated = false;
        for (const auto& q : all)
            dominated = dominated || (q.first <= p.first && q.second <= p.second && q != p);
        if (!dominated && std::find(front.begin(), front.end(), p) == front.end())
            front.push_back(p);
    }
    std::sort(front.begin(), front.end());
    return front;
}

std::vector<std::pair<double, double>> frontOf(const LatencyEnergyPlans& plans) {
    std::vector<std::pair<double, double>> front;
    for (const auto& point : plans.points)
        if (point.onFront)
            front.emplace_back(point.latencyMs, point.energyMj);
    return front;
}

} // namespace

class TestLatencyEnergy : public QObject {
    Q_OBJECT
  private slots:
    void frontEqualsBruteForce() {
        int fronts = 0;
        for (unsigned seed = 1; seed <= 40; ++seed) {
            // a thrifty processor and a fast uplink: computing saves energy, sending saves time
            const Profile profile =
                withPower(shrinkingChain(14, 1 + seed % 3, seed, seed % 2 ? 0.25 : 0.0),
                          0.05 * seed, seed % 3 == 0 ? "3g" : "lte");
            Network network = *networkPreset("4g");
            setUplinkBandwidth(network, profile, 20.0 + 10.0 * seed);
            const InferenceCostModel model(profile, network);
            const auto expected = bruteForceFront(model);
            const auto every = latencyEnergyPlans(model, std::numeric_limits<std::size_t>::max());
            const auto grouped = latencyEnergyPlans(model, 0);
            QVERIFY(every.everyPlacement);
            QVERIFY(!grouped.everyPlacement);
            QCOMPARE(every.points.size(), every.placementCount);
            QCOMPARE(frontOf(every), expected);
            QCOMPARE(frontOf(grouped), expected);
            fronts += expected.size() > 2;
        }
        QVERIFY(fronts > 10); // the fronts are not trivial
    }

    void noPowerNoPoints() {
        const Profile profile = generatedProfile(10, 1, 3);
        const Network network = *networkPreset("4g");
        const InferenceCostModel model(profile, network);
        QVERIFY(latencyEnergyPlans(model).points.empty());
    }
};

CUTLAB_TEST_MAIN(TestLatencyEnergy, Appless)
} // namespace tst_latencyenergy

#include "tst_latencyenergy.moc"
