// `plan --objective energy` (docs/cost-models.md §1.11): the device's energy per frame computed
// here from its definition, Scission's search against a brute force on every sample, a
// hand-computed case, and the profile's "power" field read and refused as documented.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "InferenceBruteForce.h"

#include "core/inference/NeurosurgeonPlanner.h"
#include "core/inference/ScissionPlanner.h"
#include "core/io/ProfileLoader.h"
#include "core/model/PlanError.h"
#include "core/planners/PlanQueryText.h"

#include <QTest>

#include <algorithm>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_energy {

using namespace cutlab::core;
using namespace inference_brute_force;

namespace {

// Layer by layer on the origin × its watts; each transfer it sends (receives) for
// bytes·8/(bw·1000) ms at α·bw + β mW of its uplink (downlink).
double energyByDefinition(const InferenceCostModel& model, const Evaluation& evaluation) {
    const Profile& profile = model.profile();
    const int device = evaluation.origin;
    const DevicePower& power = *profile.machines[static_cast<std::size_t>(device)].power;
    double energy = 0;
    for (const StageCost& stage : evaluation.stages)
        if (stage.machine == device)
            for (int i = stage.begin; i < stage.end; ++i)
                energy += profile.layers[static_cast<std::size_t>(i)]
                              .forwardMs[static_cast<std::size_t>(device)] /
                          profile.model.batch * power.computeWatts;
    for (const TransferCost& transfer : evaluation.transfers) {
        if (transfer.from != device && transfer.to != device)
            continue;
        const Link link = *model.network().linkBetween(profile, transfer.from, transfer.to);
        const RadioPower& radio = transfer.from == device ? power.uplink : power.downlink;
        const double ms = transfer.bytes * 8 / (link.bandwidthMbps * 1000);
        energy += ms * (radio.alphaMwPerMbps * link.bandwidthMbps + radio.betaMw) / 1000;
    }
    return energy;
}

bool close(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

Profile withDevicePower(Profile profile, const char* radio) {
    const auto preset = *radioPreset(radio);
    for (Machine& machine : profile.machines)
        if (machine.tier == Tier::Device)
            machine.power = DevicePower{2.5, preset.uplink, preset.downlink};
    return profile;
}

Profile handProfile() {
    // a (phone 10 ms, server 1 ms) -> b (phone 40 ms, server 5 ms); a sends 2,500 bytes.
    Profile profile;
    profile.model.name = "two";
    profile.model.inputBytes = 1000;
    profile.machines = {{"phone", Tier::Device, ""}, {"server", Tier::Cloud, ""}};
    profile.machines[0].power = DevicePower{2, radioPreset("lte")->uplink, {}};
    profile.layers.resize(2);
    profile.layers[0].id = "a";
    profile.layers[0].readsModelInput = true;
    profile.layers[0].forwardMs = {10, 1};
    profile.layers[0].outputBytes = 2500;
    profile.layers[1].id = "b";
    profile.layers[1].inputs = {0};
    profile.layers[1].forwardMs = {40, 5};
    profile.layers[1].outputBytes = 4;
    return profile;
}

} // namespace

class TestEnergy : public QObject {
    Q_OBJECT
  private slots:
    void everySampleAgainstBruteForce() {
        int checked = 0;
        for (const QString& path : sampleProfilePaths()) {
            const auto loaded = loadProfileFile(path.toStdString());
            if (!loaded.profile || loaded.profile->machinesOfTier(Tier::Cloud).empty() ||
                loaded.profile->machinesOfTier(Tier::Device).empty())
                continue;
            for (const char* preset : {"3g", "4g"}) {
                const Profile profile =
                    withDevicePower(*loaded.profile, preset[0] == '3' ? "3g" : "lte");
                const Network network = *networkPreset(preset);
                const InferenceCostModel model(profile, network);
                InferenceQuery query;
                query.objective = Objective::Energy;
                query.top = 5;
                const std::vector<RankedPlan> got = rankScission(model, query);
                InferenceQuery all = query;
                all.top = 1000000;
                std::vector<double> want;
                for (const RankedPlan& plan : bruteForce(model, all)) {
                    const double energy = energyByDefinition(model, plan.evaluation);
                    QVERIFY2(close(*plan.evaluation.energyMj, energy),
                             qPrintable(path + ": evaluate() says another energy"));
                    want.push_back(energy);
                }
                std::sort(want.begin(), want.end());
                QCOMPARE(got.size(), std::min<std::size_t>(5, want.size()));
                for (std::size_t i = 0; i < got.size(); ++i)
                    QVERIFY2(close(energyByDefinition(model, got[i].evaluation), want[i]),
                             qPrintable(path + QString(" %1 rank %2").arg(preset).arg(i + 1)));
                ++checked;
            }
        }
        QVERIFY(checked >= 10);
    }

    void handComputedEnergy() {
        // LTE uplink at 1 Mbit/s: 438.39 + 1288.04 = 1726.43 mW. All on the server: the input's
        // 1,000 bytes take 8 ms = 13.81144 mJ. Cut after a: 10 ms × 2 W + 20 ms × 1726.43 mW
        // = 54.5286 mJ. All on the phone: 50 ms × 2 W = 100 mJ.
        const Profile profile = handProfile();
        const Network network{"hand", {{"device", "cloud", 1, 50}}};
        const InferenceCostModel model(profile, network);
        InferenceQuery query;
        query.objective = Objective::Energy;
        query.top = 3;
        const std::vector<RankedPlan> plans = rankScission(model, query);
        QCOMPARE(plans.size(), std::size_t(3));
        QVERIFY(close(*plans[0].evaluation.energyMj, 13.81144));
        QVERIFY(close(*plans[1].evaluation.energyMj, 54.5286));
        QVERIFY(close(*plans[2].evaluation.energyMj, 100.0));
        const std::vector<RankedPlan> neurosurgeon = planNeurosurgeon(model, query);
        QCOMPARE(neurosurgeon.size(), std::size_t(3));
        for (std::size_t i = 0; i < 3; ++i)
            QVERIFY(close(*neurosurgeon[i].evaluation.energyMj, *plans[i].evaluation.energyMj));
    }

    void aDeviceWithoutPowerIsRefused() {
        Profile profile = handProfile();
        profile.machines[0].power.reset();
        PlanQueryText text;
        text.planner = "scission";
        text.objective = Objective::Energy;
        try {
            resolvePlanQuery(text, profile, {});
            QFAIL("energy was planned without the device's power");
        } catch (const PlanError& error) {
            QVERIFY2(QString(error.what()).contains("machine 'phone' has none"), error.what());
        }
        text.planner = "jointdnn";
        profile = handProfile();
        QVERIFY_THROWS_EXCEPTION(PlanError, resolvePlanQuery(text, profile, {}));
    }

    void theProfileCarriesPower_data() {
        QTest::addColumn<QString>("power");
        QTest::addColumn<QString>("problem"); // empty: reads
        QTest::addColumn<double>("uplinkAlpha");
        QTest::newRow("preset") << R"({"compute_w": 3, "radio": "wifi"})"
                                << "" << 283.17;
        QTest::newRow("own uplink")
            << R"({"compute_w": 3, "radio": "3g", "uplink": {"alpha_mw_per_mbps": 1, "beta_mw": 2}})"
            << "" << 1.0;
        QTest::newRow("both directions")
            << R"({"compute_w": 0, "uplink": {"alpha_mw_per_mbps": 5, "beta_mw": 2},
                  "downlink": {"alpha_mw_per_mbps": 1, "beta_mw": 2}})"
            << "" << 5.0;
        QTest::newRow("unknown radio") << R"({"compute_w": 3, "radio": "5g"})"
                                       << "/machines/0/power/radio: unknown radio '5g'" << 0.0;
        QTest::newRow("no radio") << R"({"compute_w": 3})"
                                  << "needs radio" << 0.0;
        QTest::newRow("no watts") << R"({"radio": "lte"})"
                                  << "needs compute_w" << 0.0;
        QTest::newRow("negative") << R"({"compute_w": -1, "radio": "lte"})"
                                  << "/machines/0/power/compute_w" << 0.0;
        QTest::newRow("half a direction")
            << R"({"compute_w": 1, "radio": "lte", "uplink": {"beta_mw": 2}})"
            << "needs alpha_mw_per_mbps and beta_mw" << 0.0;
        QTest::newRow("not an object") << R"("lte")"
                                       << "must be an object" << 0.0;
    }

    void theProfileCarriesPower() {
        QFETCH(QString, power);
        QFETCH(QString, problem);
        QFETCH(double, uplinkAlpha);
        const QString text = QString(R"({"format": "cutlab-profile", "version": 1,
            "model": {"name": "m", "input_bytes": 10},
            "machines": [{"id": "phone", "tier": "device", "power": %1}],
            "layers": [{"id": "a", "forward_ms": {"phone": 1}, "output_bytes": 4}]})")
                                 .arg(power);
        const auto loaded = parseProfile(text.toStdString());
        if (problem.isEmpty()) {
            QVERIFY2(loaded.ok(), loaded.issues.empty() ? "" : loaded.issues[0].text().c_str());
            QCOMPARE(loaded.profile->machines[0].power->uplink.alphaMwPerMbps, uplinkAlpha);
            return;
        }
        QVERIFY(!loaded.ok());
        QString all;
        for (const auto& issue : loaded.issues)
            all += QString::fromStdString(issue.text()) + "\n";
        QVERIFY2(all.contains(problem), qPrintable(all));
    }
};

CUTLAB_TEST_MAIN(TestEnergy, Guiless)
} // namespace tst_energy

#include "tst_energy.moc"
