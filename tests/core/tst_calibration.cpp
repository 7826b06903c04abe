// Calibrated machines: module paths of torch's ONNX node names, which measured layer each node
// belongs to, a fit that recovers a known machine from times it generated, the prior for classes
// seen in few layers, the `cutlab-machine` file, and machine files in `--machines`.
#include "../TestMain.h"
#include "core/io/MachineFile.h"
#include "core/io/ProfileLoader.h"
#include "core/model/MachineSelection.h"
#include "core/model/ModulePaths.h"
#include "core/model/RooflineCalibration.h"
#include "core/model/RooflineEstimator.h"

#include <QTest>

#include <cmath>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_calibration {

using namespace cutlab::core;
using Json = nlohmann::ordered_json;

namespace {

// One node per operator, named as torch 1.13's exporter names them; batch 1, one sample.
struct NodeSpec {
    const char* name;
    const char* operatorClass;
    double flops;
    double outputBytes;
    double paramBytes;
};

const std::vector<NodeSpec> kNodes = {
    {"/conv1/Conv", "convolution", 1.2e8, 400000, 10000},
    {"/relu/Relu", "elementwise", 1e5, 400000, 0},
    {"/Reshape", "data_movement", 0, 400000, 0},
    {"/layer1/layer1.0/conv1/Conv", "convolution", 5e7, 200000, 40000},
    {"/layer1/layer1.0/relu_1/Relu", "elementwise", 5e4, 200000, 0},
    {"/layer1/layer1.0/dw/Conv", "grouped_convolution", 1.8e6, 200000, 2000},
    {"/maxpool/MaxPool", "pooling", 4.5e5, 50000, 0},
    {"/Flatten", "data_movement", 0, 50000, 0},
    {"/fc/Gemm", "matrix_vector", 2.5e6, 4000, 5000000},
};

Profile load(const Json& document) {
    auto loaded = parseProfile(document.dump());
    if (!loaded.ok())
        qFatal("test profile does not load: %s", loaded.issues.front().text().c_str());
    return *loaded.profile;
}

Profile importedModel() {
    Json layers = Json::array();
    for (std::size_t i = 0; i < kNodes.size(); ++i) {
        const NodeSpec& node = kNodes[i];
        Json layer = {{"id", node.name},
                      {"operator_class", node.operatorClass},
                      {"flops", node.flops},
                      {"output_bytes", node.outputBytes},
                      {"param_bytes", node.paramBytes},
                      {"forward_ms", {{"pi4", 1}}}};
        if (i > 0)
            layer["inputs"] = Json::array({kNodes[i - 1].name});
        layers.push_back(layer);
    }
    return load({{"format", "cutlab-profile"},
                 {"version", 1},
                 {"model", {{"name", "tiny"}, {"input_bytes", 600000}}},
                 {"machines", Json::array({{{"id", "pi4"}, {"tier", "device"}}})},
                 {"layers", layers}});
}

// The machine the measured times come from: 0.02 ms per operator, a ridge point of 8 flops per
// byte, each class at its own rate.
MachinePreset knownMachine() {
    MachinePreset machine;
    machine.id = "known";
    machine.peakGflops = 16;
    machine.achievedFraction = 1;
    machine.memoryGBps = 2;
    machine.overheadMs = 0.02;
    machine.classRooflines = {
        {OperatorClass::Convolution, 40, 5}, {OperatorClass::GroupedConvolution, 4, 0.5},
        {OperatorClass::Elementwise, 16, 2}, {OperatorClass::DataMovement, 32, 4},
        {OperatorClass::Pooling, 8, 1},      {OperatorClass::MatrixVector, 24, 3}};
    return machine;
}

// A measured profile whose layers group the imported nodes by `layerOfNode` (ids `layerIds`),
// each layer's time the sum of its nodes' times on `machine`.
Profile measuredProfile(const std::vector<std::string>& layerIds,
                        const std::vector<int>& layerOfNode, const MachinePreset& machine) {
    const Profile imported = importedModel();
    std::vector<double> ms(layerIds.size(), 0.0);
    for (std::size_t n = 0; n < kNodes.size(); ++n)
        ms[static_cast<std::size_t>(layerOfNode[n])] +=
            estimateLayerTimes(imported, static_cast<int>(n), machine).forwardMs;
    Json layers = Json::array();
    for (std::size_t l = 0; l < layerIds.size(); ++l)
        layers.push_back(
            {{"id", layerIds[l]}, {"output_bytes", 1000}, {"forward_ms", {{"box", ms[l]}}}});
    return load({{"format", "cutlab-profile"},
                 {"version", 1},
                 {"model", {{"name", "tiny"}, {"input_bytes", 600000}}},
                 {"machines", Json::array({{{"id", "box"}, {"tier", "edge"}}})},
                 {"layers", layers}});
}

CalibrationSample coarseSample(const MachinePreset& machine) {
    return {"coarse.json",
            measuredProfile({"conv1", "relu", "layer1", "maxpool", "fc"},
                            {0, 1, 1, 2, 2, 2, 3, 3, 4}, machine),
            0, importedModel()};
}

CalibrationSample fineSample(const MachinePreset& machine) {
    return {"fine.json",
            measuredProfile({"conv1", "relu", "layer1.0.conv1", "layer1.0.relu", "layer1.0.dw",
                             "maxpool", "fc"},
                            {0, 1, 1, 2, 3, 4, 5, 5, 6}, machine),
            0, importedModel()};
}

bool near(double actual, double expected, double tolerance = 1e-6) {
    return std::fabs(actual - expected) <= tolerance * std::max(1e-12, std::fabs(expected));
}

} // namespace

class TestCalibration : public QObject {
    Q_OBJECT
  private slots:
    void modulePathsOfTorchNodeNames() {
        QCOMPARE(modulePathOfNode("/layer1/layer1.0/conv1/Conv"), std::string("layer1.0.conv1"));
        QCOMPARE(modulePathOfNode("/features/features.0/features.0.0/Conv"),
                 std::string("features.0.0"));
        QCOMPARE(modulePathOfNode("/fc/Gemm"), std::string("fc"));
        QCOMPARE(modulePathOfNode("/Flatten"), std::string());
        QCOMPARE(modulePathOfNode("Conv_0"), std::string());
        QCOMPARE(modulePathOfNode(""), std::string());
    }
    void nodesBelongToTheirModulesLayer() {
        const Profile measured = coarseSample(knownMachine()).measured;
        const NodeAssignment assignment = assignNodesToLayers(measured, importedModel());
        // /Reshape follows relu; relu_1 is layer1's; /Flatten follows maxpool
        QCOMPARE(assignment.layerOfNode, (std::vector<int>{0, 1, 1, 2, 2, 2, 3, 3, 4}));
        QCOMPARE(assignment.matchedNodes, 7);
        const Profile fine = fineSample(knownMachine()).measured;
        // "relu_1", the module's second call, is the layer "layer1.0.relu"
        QCOMPARE(assignNodesToLayers(fine, importedModel()).layerOfNode,
                 (std::vector<int>{0, 1, 1, 2, 3, 4, 5, 5, 6}));
        // the profiler names a module's second call "#2": "relu_1" is that layer when present
        const Profile calls = measuredProfile(
            {"conv1", "relu", "layer1.0.conv1", "layer1.0.relu#2", "layer1.0.dw", "maxpool", "fc"},
            {0, 1, 1, 2, 3, 4, 5, 5, 6}, knownMachine());
        QCOMPARE(assignNodesToLayers(calls, importedModel()).layerOfNode,
                 (std::vector<int>{0, 1, 1, 2, 3, 4, 5, 5, 6}));
        Profile renamed = calls;
        renamed.layers[3].id = "layer1.0.relu#3";
        QCOMPARE(assignNodesToLayers(renamed, importedModel()).layerOfNode,
                 (std::vector<int>{0, 1, 1, 2, 2, 4, 5, 5, 6}));
    }
    void aProfileOfOtherModulesMatchesNothing() {
        Profile measured = coarseSample(knownMachine()).measured;
        for (Layer& layer : measured.layers)
            layer.id = "block" + layer.id;
        QVERIFY(assignNodesToLayers(measured, importedModel()).layerOfNode.empty());
        CalibrationSample sample{"other.json", measured, 0, importedModel()};
        try {
            calibrateMachine({sample});
            QFAIL("calibrated on a profile of other modules");
        } catch (const CalibrationError& error) {
            QVERIFY(std::string(error.what()).find("other.json: no operator") == 0);
            QVERIFY(std::string(error.what()).find("module paths") != std::string::npos);
        }
    }
    // Times generated by a known machine are explained exactly: every node's estimate is the
    // known machine's, and compute-bound classes get their GFLOP/s back.
    void theFitRecoversTheMachineThatMadeTheTimes() {
        const MachinePreset known = knownMachine();
        const std::vector<CalibrationSample> samples = {coarseSample(known), fineSample(known)};
        const MachinePreset fitted = calibrateMachine(samples, {0.0});
        QVERIFY(near(fitted.overheadMs, 0.02));
        const Profile imported = importedModel();
        for (int n = 0; n < static_cast<int>(imported.layers.size()); ++n)
            QVERIFY2(near(estimateLayerTimes(imported, n, fitted).forwardMs,
                          estimateLayerTimes(imported, n, known).forwardMs),
                     kNodes[static_cast<std::size_t>(n)].name);
        QVERIFY(near(fitted.rooflineFor(OperatorClass::Convolution).gflops, 40));
        QVERIFY(near(fitted.rooflineFor(OperatorClass::MatrixVector).gbps, 3));
        const CalibrationScore score = scoreMachine(samples, fitted);
        QCOMPARE(score.layers.size(), std::size_t(12));
        QVERIFY(score.medianError < 1e-6);
        QVERIFY(near(score.spearman, 1.0));
        // a class the samples never show runs at the machine-wide figures
        const ClassRoofline unseen = fitted.rooflineFor(OperatorClass::MatrixMultiply);
        QCOMPARE(unseen.gflops, fitted.achievedGflops());
        QCOMPARE(unseen.gbps, fitted.memoryGBps);
    }
    // One coarse profile cannot separate seven unknowns: the prior keeps every class's rate
    // finite and near the all-class rate instead of 0 or infinite.
    void thePriorKeepsFewLayersSensible() {
        const MachinePreset fitted = calibrateMachine({coarseSample(knownMachine())});
        QCOMPARE(fitted.classRooflines.size(), std::size_t(6));
        for (const ClassRoofline& rate : fitted.classRooflines) {
            QVERIFY(std::isfinite(rate.gflops) && rate.gflops > 0);
            QVERIFY(rate.gbps > fitted.memoryGBps / 1000 && rate.gbps < fitted.memoryGBps * 1000);
        }
        QVERIFY(scoreMachine({coarseSample(knownMachine())}, fitted).medianError < 0.25);
    }
    // A class two hundred times slower than the rest (depthwise convolutions on a CPU) is fitted
    // as such with the default prior, which pulls on a log scale.
    void theDefaultPriorLetsAClassBeMuchSlower() {
        MachinePreset known = knownMachine();
        known.classRooflines[1] = {OperatorClass::GroupedConvolution, 0.2, 0.025};
        const std::vector<CalibrationSample> samples = {coarseSample(known), fineSample(known)};
        const MachinePreset fitted = calibrateMachine(samples);
        const Profile imported = importedModel();
        const int dw = 5; // "/layer1/layer1.0/dw/Conv"
        const double truth = estimateLayerTimes(imported, dw, known).forwardMs;
        const double estimate = estimateLayerTimes(imported, dw, fitted).forwardMs;
        QVERIFY2(std::fabs(estimate / truth - 1) < 0.1,
                 qPrintable(QString("%1 ms against %2 ms").arg(estimate).arg(truth)));
        QVERIFY(scoreMachine(samples, fitted).medianError < 0.1);
    }
    void spearmanByHand() {
        QCOMPARE(spearmanCorrelation({1, 2, 3, 4}, {10, 20, 30, 40}), 1.0);
        QCOMPARE(spearmanCorrelation({1, 2, 3, 4}, {4, 3, 2, 1}), -1.0);
        // ranks 1,2,3 against 1,3,2: 1 - 6 x 2 / (3 x 8) = 0.5
        QVERIFY(near(spearmanCorrelation({1, 2, 3}, {1, 3, 2}), 0.5));
        // ties take their average rank: (1.5, 1.5, 3) against (1, 2, 3)
        QVERIFY(near(spearmanCorrelation({5, 5, 9}, {1, 2, 3}), std::sqrt(3.0) / 2));
        QCOMPARE(spearmanCorrelation({1}, {2}), 0.0);
    }
    void machineFilesRoundTrip() {
        MachinePreset machine = knownMachine();
        machine.label = "a box";
        machine.defaultTier = Tier::Edge;
        machine.source = "test";
        const Json document = machineToJson(machine, {{"layers", 12}});
        QVERIFY(document["format"] == Json("cutlab-machine"));
        QVERIFY(document["calibration"]["layers"] == Json(12));
        std::string error;
        const auto read = machineFromJson(document, error);
        QVERIFY2(read.has_value(), error.c_str());
        QCOMPARE(read->id, std::string("known"));
        QCOMPARE(read->defaultTier, Tier::Edge);
        QCOMPARE(read->achievedGflops(), 16.0);
        QCOMPARE(read->classRooflines.size(), std::size_t(6));
        QCOMPARE(read->rooflineFor(OperatorClass::Pooling).gbps, 1.0);
    }
    void badMachineFilesSayWhy_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("format") << "format"
                                << "\"cutlab-profile\""
                                << "not a cutlab-machine";
        QTest::newRow("version") << "version"
                                 << "2"
                                 << "'version' must be 1";
        QTest::newRow("id") << "id"
                            << "\"\""
                            << "'id' must be a non-empty string";
        QTest::newRow("tier") << "tier"
                              << "\"fog\""
                              << "unknown tier 'fog'";
        QTest::newRow("gflops") << "gflops"
                                << "0"
                                << "'gflops' must be above 0";
        QTest::newRow("gbps") << "gbps"
                              << "\"fast\""
                              << "'gbps' must be a number";
        QTest::newRow("overhead") << "overhead_ms"
                                  << "-1"
                                  << "'overhead_ms' must be 0";
        QTest::newRow("class") << "classes"
                               << R"([{"operator_class":"fft","gflops":1,"gbps":1}])"
                               << "classes[0]: unknown operator class 'fft'";
        QTest::newRow("twice") << "classes"
                               << R"([{"operator_class":"pooling","gflops":1,"gbps":1},
                                      {"operator_class":"pooling","gflops":2,"gbps":1}])"
                               << "classes[1]: 'pooling' is listed twice";
        QTest::newRow("rate") << "classes"
                              << R"([{"operator_class":"pooling","gflops":1e10,"gbps":1}])"
                              << "classes[0]: 'gflops' must be above 0 and at most 1e9";
    }
    void badMachineFilesSayWhy() {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, message);
        Json document = machineToJson(knownMachine(), nullptr);
        document[key.toStdString()] = Json::parse(value.toStdString());
        std::string error;
        QVERIFY(!machineFromJson(document, error).has_value());
        QVERIFY2(error.find(message.toStdString()) != std::string::npos, error.c_str());
    }
    void machineFilesInTheMachineList() {
        const MachineFileReader reader = [](const std::string& path,
                                            std::string& error) -> std::optional<MachinePreset> {
            if (path != "box.json") {
                error = path + ": no such file";
                return std::nullopt;
            }
            MachinePreset machine = knownMachine();
            machine.defaultTier = Tier::Edge;
            return machine;
        };
        auto parsed = parseMachineSelection("pi4, box.json, phone=box.json@device", reader);
        QVERIFY2(parsed.ok(), parsed.error.c_str());
        QCOMPARE(parsed.machines.size(), std::size_t(3));
        QCOMPARE(parsed.machines[1].machineId, std::string("known"));
        QCOMPARE(parsed.machines[1].tier, Tier::Edge);
        QCOMPARE(parsed.machines[2].machineId, std::string("phone"));
        QCOMPARE(parsed.machines[2].tier, Tier::Device);
        QCOMPARE(parsed.machines[2].preset.classRooflines.size(), std::size_t(6));
        QCOMPARE(parseMachineSelection("other.json", reader).error,
                 std::string("other.json: no such file"));
        QCOMPARE(parseMachineSelection("box.json@fog", reader).error,
                 std::string("unknown tier 'fog' in 'box.json@fog' (expected device, edge or "
                             "cloud)"));
        QVERIFY(parseMachineSelection("box.json").error.find("not read here") != std::string::npos);
        QVERIFY(parseMachineSelection("=box.json", reader).error.find("empty machine id") !=
                std::string::npos);
    }
    // A calibrated machine prices each class at its own rate: a depthwise convolution of the
    // same flops as a dense one takes 10 x longer on the known machine.
    void classRatesPriceEachClass() {
        const Profile imported = importedModel();
        const MachinePreset machine = knownMachine();
        const double conv = 0.02 + std::max(1.2e8 / 40e9, (600000.0 + 400000 + 10000) / 5e9) * 1e3;
        QVERIFY(near(estimateLayerTimes(imported, 0, machine).forwardMs, conv, 1e-12));
        const double dw = 0.02 + std::max(1.8e6 / 4e9, (200000.0 + 200000 + 2000) / 0.5e9) * 1e3;
        QVERIFY(near(estimateLayerTimes(imported, 5, machine).forwardMs, dw, 1e-12));
        QVERIFY(rooflineNote(machine).find("grouped_convolution 4 GFLOP/s 0.5 GB/s") !=
                std::string::npos);
    }
};

CUTLAB_TEST_MAIN(TestCalibration, Guiless)
} // namespace tst_calibration

#include "tst_calibration.moc"
