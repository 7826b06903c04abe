// Roofline time estimates: the presets' figures, hand-computed estimates on a three-layer
// profile, the compute/memory switch, backward and update, the marks an estimated machine and
// the model carry (and that they survive writing the profile and reading it back), and the
// `--machines` text.
#include "../TestMain.h"
#include "../TestPaths.h"

#include "core/io/ProfileLoader.h"
#include "core/io/ProfileWriter.h"
#include "core/model/MachinePreset.h"
#include "core/model/MachineSelection.h"
#include "core/model/RooflineEstimator.h"

#include <QTest>

#include <cmath>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_roofline {

using namespace cutlab::core;

namespace {

// A convolution reading the model input, a ReLU without flops, a dense layer; one measured
// machine. Per sample: input 600,000 bytes; conv 840 MFLOP, 3.2 MB out, 200 kB of weights;
// relu 3.2 MB in and out; dense 16 MFLOP, 3.2 MB in, 40 bytes out, 32 MB of weights.
const char* const kThreeLayers = R"({"format":"cutlab-profile","version":1,
  "model":{"name":"three-layers","input_bytes":600000,"note":"kept"},
  "machines":[{"id":"measured","tier":"device","label":"a phone","speed_factor":3}],
  "layers":[
    {"id":"conv","type":"Conv2D","output_bytes":3200000,"param_bytes":200000,"flops":840000000,
     "forward_ms":{"measured":60},"label":"3x3 conv"},
    {"id":"relu","type":"ReLU","inputs":["conv"],"output_bytes":3200000,
     "forward_ms":{"measured":2}},
    {"id":"dense","type":"Dense","inputs":["relu"],"output_bytes":40,"param_bytes":32000000,
     "flops":16000000,"forward_ms":{"measured":10}}],
  "comment":"a top-level extra"})";

Profile load(const char* text) {
    auto loaded = parseProfile(text);
    if (!loaded.ok())
        qFatal("test profile does not load: %s", loaded.issues.front().text().c_str());
    return *loaded.profile;
}

bool near(double actual, double expected) {
    return std::fabs(actual - expected) <= 1e-9 * std::max(1.0, std::fabs(expected));
}

#define QCOMPARE_NEAR(actual, expected)                                                            \
    QVERIFY2(near((actual), (expected)), qPrintable(QString("%1 = %2, expected %3")                \
                                                        .arg(#actual)                              \
                                                        .arg((actual), 0, 'g', 12)                 \
                                                        .arg((expected), 0, 'g', 12)))

const MachinePreset& preset(const char* id) {
    const MachinePreset* found = findMachinePreset(id);
    if (!found)
        qFatal("no preset %s", id);
    return *found;
}

std::vector<MachineSelection> selection(const char* text) {
    auto parsed = parseMachineSelection(text);
    if (!parsed.ok())
        qFatal("%s", parsed.error.c_str());
    return parsed.machines;
}

} // namespace

class TestRoofline : public QObject {
    Q_OBJECT
  private slots:
    void presetsCarryTheirDatasheetFigures_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("peak");
        QTest::addColumn<double>("fraction");
        QTest::addColumn<double>("gbps");
        QTest::addColumn<QString>("tier");
        QTest::newRow("pi3") << "pi3" << 38.4 << 0.25 << 2.0 << "device";
        QTest::newRow("pi4") << "pi4" << 48.0 << 0.35 << 4.0 << "device";
        QTest::newRow("jetson-nano") << "jetson-nano" << 236.0 << 0.5 << 25.6 << "device";
        QTest::newRow("nuc-i3") << "nuc-i3" << 76.8 << 0.6 << 15.0 << "edge";
        QTest::newRow("i7-6700k") << "i7-6700k" << 512.0 << 0.6 << 34.1 << "edge";
        QTest::newRow("gtx1080ti") << "gtx1080ti" << 11340.0 << 0.6 << 484.0 << "cloud";
        QTest::newRow("v100") << "v100" << 15700.0 << 0.6 << 900.0 << "cloud";
    }
    void presetsCarryTheirDatasheetFigures() {
        QFETCH(QString, id);
        QFETCH(double, peak);
        QFETCH(double, fraction);
        QFETCH(double, gbps);
        QFETCH(QString, tier);
        const MachinePreset& p = preset(id.toUtf8().constData());
        QCOMPARE(p.peakGflops, peak);
        QCOMPARE(p.achievedFraction, fraction);
        QCOMPARE(p.memoryGBps, gbps);
        QCOMPARE(QString::fromStdString(tierName(p.defaultTier)), tier);
        QVERIFY(p.overheadMs > 0 && p.overheadMs <= 0.1);
        QVERIFY(!p.label.empty() && !p.source.empty() && !p.fractionReason.empty());
    }
    void presetList() {
        QCOMPARE(QString::fromStdString(machinePresetIds()),
                 QString("pi3, pi4, jetson-nano, nuc-i3, i7-6700k, gtx1080ti, v100, phone-sd8g3, "
                         "pi5, orin-nano, agx-orin, laptop-gpu, rtx4090, a100, h100"));
        QVERIFY(findMachinePreset("pi6") == nullptr);
        QCOMPARE_NEAR(preset("pi4").achievedGflops(), 16.8);
        QCOMPARE_NEAR(preset("gtx1080ti").achievedGflops(), 6804.0);
    }

    // pi4: 48 x 0.35 = 16.8 GFLOP/s, 4 GB/s, 0.05 ms per layer.
    // gtx1080ti: 11340 x 0.6 = 6804 GFLOP/s, 484 GB/s, 0.01 ms per layer.
    // Bytes moved: conv 600,000 in + 3,200,000 out + 200,000 weights = 4,000,000;
    //              relu 3,200,000 + 3,200,000 = 6,400,000;
    //              dense 3,200,000 + 40 + 32,000,000 = 35,200,040.
    void handComputedEstimates_data() {
        QTest::addColumn<QString>("presetId");
        QTest::addColumn<int>("layer");
        QTest::addColumn<double>("forward");
        QTest::addColumn<double>("update");
        QTest::addColumn<bool>("computeBound");
        // conv on pi4: compute 840e6 / 16.8e9 s = 50 ms; memory 4e6 / 4e9 s = 1 ms;
        // forward 0.05 + 50 = 50.05; update 3 x 200,000 / 4e9 s = 0.15 ms.
        QTest::newRow("pi4 conv") << "pi4" << 0 << 50.05 << 0.15 << true;
        // relu on pi4: no flops; memory 6.4e6 / 4e9 s = 1.6 ms; forward 1.65; no weights.
        QTest::newRow("pi4 relu") << "pi4" << 1 << 1.65 << 0.0 << false;
        // dense on pi4: compute 16e6 / 16.8e9 s = 0.952 ms; memory 35,200,040 / 4e9 s =
        // 8.80001 ms; forward 0.05 + 8.80001 = 8.85001; update 3 x 32e6 / 4e9 s = 24 ms.
        QTest::newRow("pi4 dense") << "pi4" << 2 << 8.85001 << 24.0 << false;
        // conv on gtx1080ti: compute 840e6 / 6804e9 s = 1/8.1 ms = 0.12345679 ms; memory
        // 4e6 / 484e9 s = 0.00826 ms; forward 0.01 + 0.12345679 = 0.13345679;
        // update 6e5 / 484e9 s = 0.00123967 ms.
        QTest::newRow("gtx1080ti conv") << "gtx1080ti" << 0 << 0.01 + 1 / 8.1 << 0.6 / 484 << true;
        // relu on gtx1080ti: memory 6.4e6 / 484e9 s = 0.01322314 ms; forward 0.02322314.
        QTest::newRow("gtx1080ti relu") << "gtx1080ti" << 1 << 0.01 + 6.4 / 484 << 0.0 << false;
        // dense on gtx1080ti: compute 16e6 / 6804e9 s = 0.00235 ms; memory 35,200,040 / 484e9 s
        // = 0.07272736 ms; forward 0.08272736; update 96e6 / 484e9 s = 0.19834711 ms.
        QTest::newRow("gtx1080ti dense")
            << "gtx1080ti" << 2 << 0.01 + 35.20004 / 484 << 96.0 / 484 << false;
    }
    void handComputedEstimates() {
        QFETCH(QString, presetId);
        QFETCH(int, layer);
        QFETCH(double, forward);
        QFETCH(double, update);
        QFETCH(bool, computeBound);
        const Profile profile = load(kThreeLayers);
        const RooflineLayerTimes times =
            estimateLayerTimes(profile, layer, preset(presetId.toUtf8().constData()));
        QCOMPARE_NEAR(times.forwardMs, forward);
        QCOMPARE_NEAR(times.backwardMs, 2 * forward);
        QCOMPARE_NEAR(times.updateMs, update);
        QCOMPARE(times.computeBound(), computeBound);
    }
    void inputBytesComeFromTheProducers() {
        Profile profile = load(kThreeLayers);
        QCOMPARE(layerInputBytes(profile, 0), 600000.0); // the model input
        QCOMPARE(layerInputBytes(profile, 2), 3200000.0);
        QCOMPARE(layerBytesMoved(profile, 2), 35200040.0);
        // Two producers: their outputs add up.
        profile.layers[2].inputs = {0, 1};
        QCOMPARE(layerInputBytes(profile, 2), 6400000.0);
    }

    // The roofline's knee: on pi4 the conv moves 4e6 bytes (1 ms at 4 GB/s), so 16.8 MFLOP
    // (1 ms at 16.8 GFLOP/s) is where compute starts to bound it.
    void computeOrMemoryBound_data() {
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("forward");
        QTest::addColumn<bool>("computeBound");
        QTest::newRow("no flops: memory") << 0.0 << 1.05 << false;
        QTest::newRow("half the knee: memory") << 8.4e6 << 1.05 << false;
        QTest::newRow("twice the knee: compute") << 33.6e6 << 2.05 << true;
        QTest::newRow("ten times: compute") << 168e6 << 10.05 << true;
    }
    void computeOrMemoryBound() {
        QFETCH(double, flops);
        QFETCH(double, forward);
        QFETCH(bool, computeBound);
        Profile profile = load(kThreeLayers);
        profile.layers[0].flops = flops;
        const RooflineLayerTimes times = estimateLayerTimes(profile, 0, preset("pi4"));
        QCOMPARE_NEAR(times.forwardMs, forward);
        QCOMPARE(times.computeBound(), computeBound);
    }

    // Times are given at model.batch samples: flops and activations scale, weights are read once.
    void batchScalesActivationsNotWeights() {
        Profile profile = load(kThreeLayers);
        profile.model.batch = 4;
        // conv: compute 4 x 50 = 200 ms; memory (4 x 3.8e6 + 2e5) / 4e9 s = 3.85 ms.
        QCOMPARE_NEAR(estimateLayerTimes(profile, 0, preset("pi4")).forwardMs, 200.05);
        // dense: memory (4 x 3,200,040 + 32e6) / 4e9 s = 11.20004 ms; compute 3.81 ms.
        const RooflineLayerTimes dense = estimateLayerTimes(profile, 2, preset("pi4"));
        QCOMPARE_NEAR(dense.forwardMs, 11.25004);
        QCOMPARE_NEAR(dense.updateMs, 24.0); // per iteration, not per sample
    }

    // On a whole model and every preset: backward is 2 x forward, update 3 x weights / bandwidth.
    void backwardAndUpdateOnEveryLayerAndPreset() {
        const auto loaded = loadProfileFile(
            sourcePath("sample_profiles/hiertrain/alexnet-tinyimagenet.json").toStdString());
        QVERIFY(loaded.ok());
        const Profile& profile = *loaded.profile;
        for (const MachinePreset& p : machinePresets())
            for (int l = 0; l < static_cast<int>(profile.layers.size()); ++l) {
                const RooflineLayerTimes times = estimateLayerTimes(profile, l, p);
                QCOMPARE_NEAR(times.backwardMs, 2 * times.forwardMs);
                QCOMPARE_NEAR(times.updateMs,
                              3 * profile.layers[static_cast<std::size_t>(l)].paramBytes /
                                  (p.memoryGBps * 1e9) * 1e3);
                QVERIFY(times.forwardMs >= p.overheadMs);
            }
    }

    void addsMarkedMachinesWithTheirTimes() {
        Profile profile = load(kThreeLayers);
        const EstimateSummary summary =
            addEstimatedMachines(profile, selection("pi4@device,gtx1080ti@cloud"));
        QCOMPARE(summary.added, (std::vector<std::string>{"pi4", "gtx1080ti"}));
        QVERIFY(summary.replaced.empty());
        QCOMPARE(profile.machines.size(), std::size_t(3));
        const Machine& pi = profile.machines[1];
        QCOMPARE(pi.id, std::string("pi4"));
        QCOMPARE(pi.tier, Tier::Device);
        QCOMPARE(pi.label, std::string("Raspberry Pi 4 B (4 x Cortex-A72 1.5 GHz) (roofline "
                                       "estimate)"));
        QVERIFY(isEstimatedMachine(pi));
        QVERIFY(!isEstimatedMachine(profile.machines[0]));
        QCOMPARE(pi.fields["preset"].get<std::string>(), std::string("pi4"));
        QCOMPARE(QString::fromStdString(pi.fields["estimate"].get<std::string>()),
                 QString("roofline: pi4 preset, 16.8 GFLOP/s fp32 (0.35 x 48 peak), 4 GB/s, "
                         "0.05 ms per layer; forward = overhead + max(flops / FLOP/s, bytes "
                         "moved / bandwidth), backward = 2 x forward, update = 3 x param_bytes "
                         "/ bandwidth"));
        QCOMPARE(profile.machines[2].tier, Tier::Cloud);
        // The measured machine stays first with its times; the estimates follow.
        QCOMPARE(profile.layers[0].forwardMs[0], 60.0);
        QCOMPARE_NEAR(profile.layers[0].forwardMs[1], 50.05);
        QCOMPARE_NEAR(profile.layers[2].forwardMs[2], 0.01 + 35.20004 / 484);
        // The measured machine has no backward or update times, so none are added.
        QVERIFY(!profile.hasBackward && !profile.hasUpdate);
        QVERIFY(profile.layers[0].backwardMs.empty());
        QCOMPARE(profile.model.fields["times"].get<std::string>(), std::string("partly estimated"));
    }
    void replacingEveryMachineEstimatesTrainingTimesToo() {
        Profile profile = load(kThreeLayers);
        const EstimateSummary summary =
            addEstimatedMachines(profile, selection("measured=pi4@device,v100"), true);
        QCOMPARE(summary.replaced, std::vector<std::string>{"measured"});
        QCOMPARE(summary.added, std::vector<std::string>{"v100"});
        QCOMPARE(profile.machines[0].id, std::string("measured"));
        QVERIFY(!profile.machines[0].fields.contains("speed_factor")); // the old entry is gone
        QCOMPARE_NEAR(profile.layers[0].forwardMs[0], 50.05);
        QVERIFY(profile.hasBackward && profile.hasUpdate);
        QCOMPARE_NEAR(profile.layers[0].backwardMs[0], 100.1);
        QCOMPARE_NEAR(profile.layers[2].updateMs[0], 24.0);
        QCOMPARE(profile.model.fields["times"].get<std::string>(), std::string("estimated"));
    }
    void measuredTrainingTimesGetEstimatedCompanions() {
        Profile profile = load(R"({"format":"cutlab-profile","version":1,
            "model":{"input_bytes":100},
            "machines":[{"id":"m","tier":"edge"}],
            "layers":[{"id":"a","output_bytes":100,"flops":1e6,"param_bytes":400,
                       "forward_ms":{"m":1},"backward_ms":{"m":2},"update_ms":{"m":0.1}}]})");
        addEstimatedMachines(profile, selection("pi3"));
        QVERIFY(profile.hasBackward && profile.hasUpdate);
        QCOMPARE(profile.layers[0].backwardMs.size(), std::size_t(2));
        QCOMPARE(profile.layers[0].backwardMs[0], 2.0);
        // pi3: 38.4 x 0.25 = 9.6 GFLOP/s: 1e6 / 9.6e9 s = 0.1041667 ms > 200 bytes / 2e9 s;
        // forward 0.1 + 0.1041667, backward twice that; update 3 x 400 / 2e9 s = 0.0006 ms.
        QCOMPARE_NEAR(profile.layers[0].backwardMs[1], 2 * (0.1 + 1 / 9.6));
        QCOMPARE_NEAR(profile.layers[0].updateMs[1], 0.0006);
    }
    // What an importer has before any time is known: layers with flops and bytes, no machine.
    void aProfileWithoutMachinesGetsEveryTime() {
        Profile profile;
        profile.model.name = "imported";
        profile.model.inputBytes = 600000;
        Layer conv;
        conv.id = "conv";
        conv.readsModelInput = true;
        conv.outputBytes = 3200000;
        conv.paramBytes = 200000;
        conv.flops = 840e6;
        Layer relu;
        relu.id = "relu";
        relu.inputs = {0};
        relu.outputBytes = 3200000;
        profile.layers = {conv, relu};
        addEstimatedMachines(profile, defaultMachinesForTiers());
        QCOMPARE(profile.machines.size(), std::size_t(3));
        QVERIFY(profile.hasBackward && profile.hasUpdate);
        QCOMPARE(profile.layers[1].forwardMs.size(), std::size_t(3));
        QCOMPARE_NEAR(profile.layers[0].forwardMs[0], 50.05); // pi4, as above
        QCOMPARE_NEAR(profile.layers[1].forwardMs[0], 1.65);
        QCOMPARE(profile.model.fields["times"].get<std::string>(), std::string("estimated"));
        const auto written = parseProfile(profileToJson(profile).dump());
        QVERIFY2(written.ok(), written.issues.empty() ? "" : written.issues.front().text().c_str());
        QCOMPARE(written.profile->layers[1].inputs, std::vector<int>{0});
        QVERIFY(isEstimatedMachine(written.profile->machines[2]));
    }
    void refusalsChangeNothing_data() {
        QTest::addColumn<QString>("machines");
        QTest::addColumn<bool>("noFlops");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("message");
        QTest::newRow("existing id")
            << "measured=pi4" << false << int(EstimateError::Kind::MachineExists)
            << "machine 'measured' is already in the profile";
        QTest::newRow("no flops")
            << "pi4" << true << int(EstimateError::Kind::NoFlops)
            << "the profile has no flops (every layer's flops is 0 or missing), so there is "
               "nothing to estimate compute times from";
    }
    void refusalsChangeNothing() {
        QFETCH(QString, machines);
        QFETCH(bool, noFlops);
        QFETCH(int, kind);
        QFETCH(QString, message);
        Profile profile = load(kThreeLayers);
        if (noFlops)
            for (Layer& layer : profile.layers)
                layer.flops = 0;
        const std::string before = profileToJson(profile).dump();
        try {
            addEstimatedMachines(profile, selection(machines.toUtf8().constData()));
            QFAIL("no EstimateError");
        } catch (const EstimateError& error) {
            QCOMPARE(int(error.kind()), kind);
            QCOMPARE(QString(error.what()), message);
        }
        QCOMPARE(profileToJson(profile).dump(), before);
    }
    void aRepeatedIdIsRefused() {
        Profile profile = load(kThreeLayers);
        MachineSelection pi{preset("pi4"), Tier::Device, "x"};
        try {
            addEstimatedMachines(profile, {pi, pi});
            QFAIL("no EstimateError");
        } catch (const EstimateError& error) {
            QCOMPARE(error.kind(), EstimateError::Kind::RepeatedId);
        }
        QCOMPARE(profile.machines.size(), std::size_t(1));
    }

    // The marks are fields of the machine and the model: written by profileToJson, read back by
    // the loader, with every other extra field of the file.
    void marksSurviveWritingAndReadingBack() {
        Profile profile = load(kThreeLayers);
        addEstimatedMachines(profile, selection("pi4@device,gtx1080ti@cloud"));
        const std::string text = profileToJson(profile).dump(2);
        const auto reread = parseProfile(text);
        QVERIFY2(reread.ok(), reread.issues.empty() ? "" : reread.issues.front().text().c_str());
        const Profile& back = *reread.profile;
        QCOMPARE(back.machines.size(), std::size_t(3));
        for (int m : {1, 2}) {
            const Machine& machine = back.machines[static_cast<std::size_t>(m)];
            QVERIFY(isEstimatedMachine(machine));
            QVERIFY(machine.fields["estimate"] ==
                    profile.machines[std::size_t(m)].fields["estimate"]);
            QVERIFY(machine.fields["estimate"].get<std::string>().rfind("roofline: ", 0) == 0);
            QCOMPARE(machine.label, profile.machines[std::size_t(m)].label);
        }
        QCOMPARE(back.machines[2].fields["preset"].get<std::string>(), std::string("gtx1080ti"));
        QCOMPARE(back.model.fields["times"].get<std::string>(), std::string("partly estimated"));
        // The file's own extras are kept.
        QCOMPARE(back.model.fields["note"].get<std::string>(), std::string("kept"));
        QCOMPARE(back.machines[0].fields["speed_factor"].get<int>(), 3);
        QCOMPARE(back.layers[0].fields["label"].get<std::string>(), std::string("3x3 conv"));
        QCOMPARE(back.otherFields["comment"].get<std::string>(), std::string("a top-level extra"));
        // The times come back as computed.
        for (std::size_t l = 0; l < back.layers.size(); ++l)
            QCOMPARE(back.layers[l].forwardMs, profile.layers[l].forwardMs);
        // Writing the re-read profile gives the same text.
        QCOMPARE(profileToJson(back).dump(2), text);
    }

    void machineSelectionText_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected"); // "id:preset@tier ..." or the error
        QTest::newRow("three tiers")
            << "pi4@device,nuc-i3@edge,gtx1080ti@cloud"
            << "pi4:pi4@device nuc-i3:nuc-i3@edge gtx1080ti:gtx1080ti@cloud";
        QTest::newRow("default tiers") << "pi3,i7-6700k,v100"
                                       << "pi3:pi3@device i7-6700k:i7-6700k@edge v100:v100@cloud";
        QTest::newRow("spaces, another tier") << " jetson-nano @ edge , v100 "
                                              << "jetson-nano:jetson-nano@edge v100:v100@cloud";
        QTest::newRow("named twice") << "a=pi4@device,b=pi4@edge"
                                     << "a:pi4@device b:pi4@edge";
        QTest::newRow("unknown preset")
            << "pi4@device,pi6@device"
            << "unknown preset 'pi6' (known: pi3, pi4, jetson-nano, nuc-i3, i7-6700k, gtx1080ti, "
               "v100, phone-sd8g3, pi5, orin-nano, agx-orin, laptop-gpu, rtx4090, a100, h100)";
        QTest::newRow("unknown tier")
            << "pi4@fog"
            << "unknown tier 'fog' in 'pi4@fog' (expected device, edge or cloud)";
        QTest::newRow("no tier after @")
            << "pi4@"
            << "unknown tier '' in 'pi4@' (expected device, edge or cloud)";
        QTest::newRow("no preset")
            << "@edge"
            << "'@edge' names no preset (known: pi3, pi4, jetson-nano, nuc-i3, i7-6700k, "
               "gtx1080ti, v100, phone-sd8g3, pi5, orin-nano, agx-orin, laptop-gpu, rtx4090, "
               "a100, h100)";
        QTest::newRow("empty id") << "=pi4"
                                  << "'=pi4' has an empty machine id before '='";
        QTest::newRow("nothing") << " "
                                 << "no machines given (expected PRESET@TIER,... e.g. "
                                    "pi4@device,nuc-i3@edge,gtx1080ti@cloud)";
        QTest::newRow("empty entry")
            << "pi4,,v100"
            << "an empty entry in 'pi4,,v100' (two commas in a row, or one at an end)";
        QTest::newRow("trailing comma")
            << "pi4,"
            << "an empty entry in 'pi4,' (two commas in a row, or one at an end)";
        QTest::newRow("same id twice")
            << "pi4@device,pi4@edge"
            << "machine id 'pi4' is given twice (name one of them: ID=PRESET@TIER)";
        QTest::newRow("custom machine between presets")
            << "pi4,box=50,20,v100"
            << "pi4:pi4@device box:custom@device v100:v100@cloud";
        QTest::newRow("custom machine with a tier") << "box=50,20@edge, lab = 1e3 @cloud , 800"
                                                    << "box:custom@edge lab:custom@cloud";
        QTest::newRow("custom machine without its GB/s")
            << "box=50,v100"
            << "custom machine 'box' needs its GB/s after its GFLOP/s (box=GFLOPS,"
               "GBPS, e.g. box=50,20)";
        QTest::newRow("custom machine at the end")
            << "pi4,box=50"
            << "custom machine 'box' needs its GB/s after its GFLOP/s (box=GFLOPS,"
               "GBPS, e.g. box=50,20)";
        QTest::newRow("a bare number")
            << "pi4,20"
            << "'20' is a bare number: a custom machine is written NAME=GFLOPS,GBPS";
        QTest::newRow("zero GB/s")
            << "box=50,0"
            << "custom machine 'box': GFLOPS and GBPS must be positive numbers up to "
               "1e9 (box=GFLOPS,GBPS, e.g. box=50,20)";
        QTest::newRow("tier twice") << "box=50@edge,20@cloud"
                                    << "custom machine 'box' names its tier twice";
    }
    void machineSelectionText() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const MachineSelectionParse parsed = parseMachineSelection(text.toStdString());
        QString actual = QString::fromStdString(parsed.error);
        if (parsed.ok()) {
            QStringList machines;
            for (const MachineSelection& m : parsed.machines)
                machines << QString::fromStdString(m.machineId + ":" + m.preset.id + "@" +
                                                   tierName(m.tier));
            actual = machines.join(' ');
        } else {
            QVERIFY(parsed.machines.empty());
        }
        QCOMPARE(actual, expected);
    }
    // A custom machine is its own roofline: forward = max(flops / GFLOP/s, bytes / GB/s), no
    // overhead (box=50,20: 50 GFLOP/s reached, 20 GB/s).
    void customMachineEstimatesByHand() {
        const Profile profile = load(kThreeLayers);
        const MachineSelection box = selection("box=50,20@edge").front();
        QCOMPARE(box.tier, Tier::Edge);
        QCOMPARE(box.preset.label, std::string("custom machine, 50 GFLOP/s, 20 GB/s"));
        for (int layer = 0; layer < static_cast<int>(profile.layers.size()); ++layer) {
            const auto& entry = profile.layers[static_cast<std::size_t>(layer)];
            const double compute = entry.flops * profile.model.batch / 50e9 * 1e3;
            const double memory = layerBytesMoved(profile, layer) / 20e9 * 1e3;
            QCOMPARE(estimateLayerTimes(profile, layer, box.preset).forwardMs,
                     std::max(compute, memory));
        }
    }
    void defaultMachinesForTheThreeTiers() {
        const std::vector<MachineSelection> machines = defaultMachinesForTiers();
        QCOMPARE(machines.size(), std::size_t(3));
        QCOMPARE(machines[0].machineId, std::string("pi4"));
        QCOMPARE(machines[0].tier, Tier::Device);
        QCOMPARE(machines[1].machineId, std::string("nuc-i3"));
        QCOMPARE(machines[1].tier, Tier::Edge);
        QCOMPARE(machines[2].machineId, std::string("gtx1080ti"));
        QCOMPARE(machines[2].tier, Tier::Cloud);
    }
};

CUTLAB_TEST_MAIN(TestRoofline, Guiless)
} // namespace tst_roofline

#include "tst_roofline.moc"
