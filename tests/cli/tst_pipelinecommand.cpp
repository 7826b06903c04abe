// `cutlab-cli import` and `cutlab-cli train --planner pipeline` (docs/formats.md §4), run
// in-process through the command functions: output, JSON shape, exit codes, atomic writes.
#include "../TestMain.h"
#include "../TestPaths.h"

#include "app/cli/CliError.h"
#include "app/cli/Commands.h"
#include "core/io/ProfileLoader.h"
#include "core/pipeline/PipelinePlanner.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <iostream>
#include <sstream>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_pipelinecommand {

using namespace cutlab::cli;

namespace {

struct Run {
    int status = -1;
    std::string out;
    std::string error; // CliError message (status 2) or NoAnswer's (status 1)
};

// Runs a command as main() would: CliError is exit 2.
Run run(int (*command)(const std::vector<std::string>&),
        const std::vector<std::string>& arguments) {
    Run result;
    std::ostringstream captured;
    auto* previous = std::cout.rdbuf(captured.rdbuf());
    try {
        result.status = command(arguments);
    } catch (const CliError& error) {
        result.status = 2;
        result.error = error.what();
    } catch (const NoAnswer& none) { // exit 1, as main() says it
        result.status = 1;
        result.error = none.what();
    }
    std::cout.rdbuf(previous);
    result.out = captured.str();
    return result;
}

std::string data(const char* relative) {
    return sourcePath(relative).toStdString();
}

} // namespace

class TestPipelineCommand : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void importWritesTheSampleProfile() {
        const std::string out = m_dir.filePath("alexnet.json").toStdString();
        const Run r =
            run(runImport, {data("tests/data/pipedream/alexnet.txt"), "-o", out, "--source", "s"});
        QCOMPARE(r.status, 0);
        QVERIFY(r.out.empty());
        QFile file(QString::fromStdString(out));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto doc = nlohmann::ordered_json::parse(file.readAll().toStdString());
        QCOMPARE(doc["model"]["name"].get<std::string>(), std::string("alexnet"));
        QCOMPARE(doc["model"]["batch"].get<int>(), 128);
        QCOMPARE(doc["layers"].size(), std::size_t(22));
        QVERIFY(QFileInfo(QString::fromStdString(out)).permissions() & QFileDevice::ReadOther);
        // No temporary file is left beside it.
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden).size(), qsizetype(1));
    }

    void importAddsEstimatedMachines() {
        const std::string out = m_dir.filePath("est.json").toStdString();
        const Run r =
            run(runImport, {data("tests/data/pipedream/vgg16.txt"), "-o", out, "--add-machine",
                            "pi:device:40", "--add-machine", "nuc:edge:2.5"});
        QCOMPARE(r.status, 0);
        QFile file(QString::fromStdString(out));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto doc = nlohmann::ordered_json::parse(file.readAll().toStdString());
        QCOMPARE(doc["machines"].size(), std::size_t(3));
        QCOMPARE(doc["machines"][2]["id"].get<std::string>(), std::string("nuc"));
        QCOMPARE(doc["machines"][2]["tier"].get<std::string>(), std::string("edge"));
        QCOMPARE(doc["machines"][2]["estimated"].get<bool>(), true);
        const double measured = doc["layers"][0]["forward_ms"]["gpu"].get<double>();
        QCOMPARE(doc["layers"][0]["forward_ms"]["pi"].get<double>(), measured * 40);
        QCOMPARE(run(runImport, {data("tests/data/pipedream/vgg16.txt"), "-o", out, "--add-machine",
                                 "pi:phone:4"})
                     .status,
                 2);
        QCOMPARE(run(runImport, {data("tests/data/pipedream/vgg16.txt"), "-o", out, "--add-machine",
                                 "pi:device"})
                     .status,
                 2);
    }

    void importRefusesWithoutTouchingTheOutput() {
        const QString out = m_dir.filePath("kept.json");
        {
            QFile file(out);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("previous");
        }
        Run r = run(runImport,
                    {data("sample_profiles/handmade/tiny-linear.json"), "-o", out.toStdString()});
        QCOMPARE(r.status, 2);
        QVERIFY2(QString::fromStdString(r.error).contains("unknown format"), r.error.c_str());
        QVERIFY(QString::fromStdString(r.error).startsWith(
            QString::fromStdString(data("sample_profiles/handmade/tiny-linear.json"))));
        const QString bad = m_dir.filePath("bad.txt");
        {
            QFile file(bad);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("node1 -- Input -- forward_compute_time=0, activation_size=12\n"
                       "node2 -- ReLU -- forward_compute_time=x, activation_size=4\n");
        }
        r = run(runImport, {bad.toStdString(), "-o", out.toStdString()});
        QCOMPARE(r.status, 2);
        QVERIFY2(QString::fromStdString(r.error).contains(
                     "line 2: forward_compute_time 'x' is not a number"),
                 r.error.c_str());
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("previous"));
        QCOMPARE(run(runImport, {data("tests/data/pipedream/vgg16.txt")}).status, 2); // no -o
        QCOMPARE(
            run(runImport, {m_dir.filePath("missing.txt").toStdString(), "-o", out.toStdString()})
                .status,
            2);
        QCOMPARE(run(runImport,
                     {data("tests/data/pipedream/vgg16.txt"), "-o", "/nonexistent-dir/x.json"})
                     .status,
                 2);
        QCOMPARE(run(runImport, {"--help"}).status, 0);
    }

    void trainJson() {
        const Run r = run(runPipelineTrain, {data("sample_profiles/pipedream/alexnet.json"),
                                             "--planner", "pipeline", "--stages", "gpu,gpu,gpu,gpu",
                                             "--cut-mode", "any", "--network", "ideal", "--json"});
        QCOMPARE(r.status, 0);
        const auto doc = nlohmann::ordered_json::parse(r.out);
        QCOMPARE(doc["format"].get<std::string>(), std::string("cutlab-plan"));
        QCOMPARE(doc["kind"].get<std::string>(), std::string("training"));
        QCOMPARE(doc["planner"].get<std::string>(), std::string("pipeline"));
        QVERIFY(std::abs(doc["bottleneck_ms"].get<double>() - 28.721) < 1e-9);
        QCOMPARE(doc["micro_batch"].get<int>(), 128);
        QCOMPARE(doc["stages"].size(), std::size_t(4));
        std::size_t layers = 0;
        for (const auto& stage : doc["stages"]) {
            for (const char* key : {"machine", "first_layer", "last_layer", "layers", "compute_ms",
                                    "link_ms", "link_bytes"})
                QVERIFY2(stage.contains(key), key);
            QCOMPARE(stage["machine"].get<std::string>(), std::string("gpu"));
            QVERIFY(stage["first_layer"] == stage["layers"].front());
            layers += stage["layers"].size();
        }
        QCOMPARE(layers, std::size_t(22));
        const auto& schedule = doc["schedule"];
        QCOMPARE(schedule["micro_batches"].get<int>(), 16); // 4 x stages
        QCOMPARE(schedule["idle_fraction"].size(), std::size_t(4));
        QVERIFY(schedule["minibatch_ms"].get<double>() >= 16 * 28.721);
        QCOMPARE(schedule["tasks"].size(), std::size_t(4 * 16 * 2 + 3 * 16 * 2));
    }

    void trainOptions() {
        const std::string alexnet = data("sample_profiles/pipedream/alexnet.json");
        Run r = run(runPipelineTrain, {alexnet, "--planner", "pipeline", "--stages", "gpu,gpu",
                                       "--micro-batch", "32", "--micro-batches", "5", "--compress",
                                       "accept:3,4", "--schedule", "gpipe", "--json"});
        QCOMPARE(r.status, 0);
        auto doc = nlohmann::ordered_json::parse(r.out);
        QCOMPARE(doc["micro_batch"].get<int>(), 32);
        QCOMPARE(doc["schedule"]["micro_batches"].get<int>(), 5);
        QCOMPARE(doc["schedule"]["kind"].get<std::string>(), std::string("gpipe"));
        QCOMPARE(doc["compress"].get<std::string>(), std::string("accept:3,4"));
        r = run(runPipelineTrain, {alexnet, "--planner", "pipeline", "--stages", "gpu,gpu",
                                   "--batch", "512", "--json"});
        QCOMPARE(nlohmann::ordered_json::parse(r.out)["schedule"]["micro_batches"].get<int>(), 4);
        r = run(runPipelineTrain, {alexnet, "--planner", "pipeline", "--stages", "gpu,gpu"});
        QCOMPARE(r.status, 0);
        QVERIFY2(QString::fromStdString(r.out).contains("bottleneck "), r.out.c_str());
        QVERIFY(QString::fromStdString(r.out).contains("schedule 1f1b, 8 micro-batches"));

        const std::vector<std::vector<std::string>> bad{
            {alexnet, "--planner", "pipeline"},                        // no --stages
            {alexnet, "--planner", "pipeline", "--stages", "gpu,tpu"}, // unknown machine
            {alexnet, "--planner", "pipeline", "--stages", "gpu", "--cut-mode", "some"},
            {alexnet, "--planner", "pipeline", "--stages", "gpu", "--compress", "accept:5,8"},
            {alexnet, "--planner", "pipeline", "--stages", "gpu", "--compress", "zip"},
            {alexnet, "--planner", "pipeline", "--stages", "gpu", "--micro-batch", "0"},
            {alexnet, "--planner", "pipeline", "--stages", "gpu", "--schedule", "zb"},
            {alexnet, "--planner", "pipeline", "--stages", "gpu", "--batch",
             "100"}, // not a multiple of 128
            {alexnet, "--planner", "pipeline", "--stages", "gpu", "--frobnicate"},
            {alexnet, "--planner", "pipeline", "--stages", "gpu", "--network", "5g"},
            {data("sample_profiles/scission/vgg16.json"), "--planner", "pipeline", "--stages",
             "raspi4"}}; // no backward_ms
        for (const auto& arguments : bad) {
            const Run failed = run(runPipelineTrain, arguments);
            QVERIFY2(failed.status == 2, qPrintable(QString::fromStdString(arguments.back())));
            QVERIFY(failed.out.empty());
            QVERIFY(!failed.error.empty());
        }
        QCOMPARE(run(runPipelineTrain, {"--help"}).status, 0);
    }

    // --schedule auto: with a memory limit that binds, the schedule, the stages that recompute
    // and why, in the JSON and the table; without one, 1F1B with stashing.
    void autoScheduleSaysWhichAndWhy() {
        const std::string alexnet = data("sample_profiles/pipedream/alexnet.json");
        const std::vector<std::string> base{
            alexnet,       "--planner",       "pipeline", "--stages",
            "gpu,gpu,gpu", "--network",       "ideal",    "--micro-batch",
            "32",          "--micro-batches", "8"};
        auto with = [&](std::vector<std::string> more) {
            std::vector<std::string> arguments = base;
            arguments.insert(arguments.end(), more.begin(), more.end());
            return run(runPipelineTrain, arguments);
        };
        const Run free = with({"--schedule", "auto", "--json"});
        QCOMPARE(free.status, 0);
        const auto unlimited = nlohmann::ordered_json::parse(free.out);
        QCOMPARE(unlimited["schedule"]["kind"].get<std::string>(), std::string("1f1b"));
        QVERIFY(unlimited["schedule_reason"].get<std::string>().find("no memory limit") !=
                std::string::npos);
        QCOMPARE(unlimited["schedule"]["time_per_minibatch_ms"].get<double>(),
                 8 * unlimited["schedule"]["period_ms"].get<double>());
        // 400 MB per machine: 1F1B's stashed versions fit no partition, 1F1B-flush does when
        // stages 1 and 2 recompute.
        const std::string limit = "gpu=400MB";
        const Run bound = with({"--schedule", "auto", "--memory", limit, "--json"});
        QCOMPARE(bound.status, 0);
        const auto doc = nlohmann::ordered_json::parse(bound.out);
        QCOMPARE(doc["schedule"]["kind"].get<std::string>(), std::string("1f1b-flush"));
        const std::string reason = doc["schedule_reason"].get<std::string>();
        QVERIFY2(reason.find("1F1B with stashing fits no partition: the closest puts ") == 0,
                 reason.c_str());
        QVERIFY2(reason.find("; 1F1B-flush fits at ") != std::string::npos, reason.c_str());
        QVERIFY2(reason.find("recomputing stage 1 (gpu), stage 2 (gpu)") != std::string::npos,
                 reason.c_str());
        QCOMPARE(doc["stages"][0]["recompute"].get<bool>(), true);
        QCOMPARE(doc["stages"][1]["recompute"].get<bool>(), true);
        QCOMPARE(doc["stages"][2]["recompute"].get<bool>(), false);
        QCOMPARE(doc["recompute"].get<bool>(), false); // as asked
        QCOMPARE(doc["schedule"]["time_per_minibatch_ms"].get<double>(),
                 doc["schedule"]["minibatch_ms"].get<double>());
        QVERIFY(doc["schedule"]["time_per_minibatch_ms"].get<double>() >
                unlimited["schedule"]["time_per_minibatch_ms"].get<double>());
        for (const auto& stage : doc["stages"]) {
            QVERIFY(stage["recompute"].is_boolean());
            QVERIFY(stage["memory_bytes"].get<double>() <= stage["capacity_bytes"].get<double>());
        }
        const Run table = with({"--schedule", "auto", "--memory", limit});
        QCOMPARE(table.status, 0);
        QVERIFY2(table.out.find("schedule auto: " + reason) != std::string::npos,
                 table.out.c_str());
        // Nothing fits under any schedule: exit 1, naming what comes closest.
        const Run none = with({"--schedule", "auto", "--memory", "gpu=1000"});
        QCOMPARE(none.status, 1);
        QVERIFY2(none.error.find("under any schedule, even with recomputation") !=
                     std::string::npos,
                 none.error.c_str());
        for (const char* bad : {"zb", "AUTO", "1f1b,gpipe"}) {
            const Run refused = with({"--schedule", bad});
            QCOMPARE(refused.status, 2);
            QVERIFY(refused.out.empty());
            QVERIFY2(
                refused.error.find("--schedule must be 1f1b, 1f1b-flush, gpipe or auto, not '" +
                                   std::string(bad) + "'") != std::string::npos,
                refused.error.c_str());
        }
        const Run flush = with({"--schedule", "1f1b-flush", "--json"});
        QCOMPARE(flush.status, 0);
        const auto flushed = nlohmann::ordered_json::parse(flush.out);
        QCOMPARE(flushed["schedule"]["kind"].get<std::string>(), std::string("1f1b-flush"));
        QCOMPARE(flushed["schedule"]["time_per_minibatch_ms"].get<double>(),
                 flushed["schedule"]["minibatch_ms"].get<double>());
        for (const auto& stage : flushed["stages"])
            QCOMPARE(stage["memory"]["stashed_weights"].get<double>(), 0.0);
    }

    // Inception-v3's 221,565 downsets are planned exactly; out of time, the best plan found comes
    // with its proven lower bound and the gap, in the table and the JSON.
    void inceptionAnyModeIsExactOrBounded() {
        const std::string inception = data("sample_profiles/pipedream/inception_v3.json");
        const Run exact =
            run(runPipelineTrain, {inception, "--planner", "pipeline", "--stages", "gpu,gpu",
                                   "--cut-mode", "any", "--network", "ideal", "--json"});
        QCOMPARE(exact.status, 0);
        const auto doc = nlohmann::ordered_json::parse(exact.out);
        QCOMPARE(doc["exact"].get<bool>(), true);
        QCOMPARE(doc["cut_states"].get<int>(), 221565);
        QCOMPARE(doc["stages"].size(), std::size_t(2));
        QCOMPARE(doc["lower_bound_ms"].get<double>(), doc["bottleneck_ms"].get<double>());
        QCOMPARE(doc["gap"].get<double>(), 0.0);
        QVERIFY(!doc.contains("note"));

        const Run rushed =
            run(runPipelineTrain, {inception, "--planner", "pipeline", "--stages", "gpu,gpu",
                                   "--cut-mode", "any", "--network", "ideal", "--time-limit", "0"});
        QCOMPARE(rushed.status, 0);
        QVERIFY2(rushed.out.find("(best found; lower bound ") != std::string::npos,
                 rushed.out.c_str());
        QVERIFY2(rushed.out.find("time limit") != std::string::npos, rushed.out.c_str());
        const Run rushedJson =
            run(runPipelineTrain,
                {inception, "--planner", "pipeline", "--stages", "gpu,gpu", "--cut-mode", "any",
                 "--network", "ideal", "--time-limit", "0", "--json"});
        QCOMPARE(rushedJson.status, 0);
        const auto bounded = nlohmann::ordered_json::parse(rushedJson.out);
        QCOMPARE(bounded["exact"].get<bool>(), false);
        QVERIFY(bounded["lower_bound_ms"].get<double>() <= doc["bottleneck_ms"].get<double>());
        QVERIFY(bounded["bottleneck_ms"].get<double>() >= doc["bottleneck_ms"].get<double>());
        QVERIFY(bounded["gap"].get<double>() > 0 && bounded["gap"].get<double>() < 1);
        QVERIFY(bounded.contains("note"));

        for (const char* bad : {"-1", "soon", "", "1e9"}) {
            const Run refused = run(runPipelineTrain, {inception, "--planner", "pipeline",
                                                       "--stages", "gpu", "--time-limit", bad});
            QCOMPARE(refused.status, 2);
            QVERIFY2(refused.error.find("--time-limit") != std::string::npos,
                     refused.error.c_str());
            QVERIFY(refused.out.empty());
        }
    }

    // --times plans on estimated times (FTPipeHD's ratio here) and reports what the partition
    // costs with the measured ones; bad sources are refused.
    void estimatedTimesAreComparedWithTheMeasuredOnes() {
        const std::string profile = data("sample_profiles/torch/resnet18.json");
        const Run r =
            run(runPipelineTrain,
                {profile, "--planner", "pipeline", "--stages", "thisbox-2t,thisbox-1t", "--network",
                 "ideal", "--times", "ratio", "--reference", "thisbox-2t", "--json"});
        QCOMPARE(r.status, 0);
        const auto doc = nlohmann::ordered_json::parse(r.out);
        QCOMPARE(doc["times"].get<std::string>(), std::string("ratio"));
        QCOMPARE(doc["reference"].get<std::string>(), std::string("thisbox-2t"));
        // the partition re-costed with the profile's times
        const cutlab::core::Profile measured =
            *cutlab::core::loadProfileFile(data("sample_profiles/torch/resnet18.json")).profile;
        std::vector<int> stageOf(measured.layers.size(), 0);
        int stage = 0;
        for (const auto& entry : doc["stages"]) {
            for (const auto& id : entry["layers"])
                stageOf[static_cast<std::size_t>(measured.layerIndex(id.get<std::string>()))] =
                    stage;
            ++stage;
        }
        cutlab::core::PipelineRequest request;
        request.chain = {measured.machineIndex("thisbox-2t"), measured.machineIndex("thisbox-1t")};
        QCOMPARE(doc["measured_bottleneck_ms"].get<double>(),
                 cutlab::core::evaluatePipeline(measured, *cutlab::core::networkPreset("ideal"),
                                                request, stageOf)
                     .bottleneckMs);
        const Run table = run(runPipelineTrain, {profile, "--planner", "pipeline", "--stages",
                                                 "thisbox-2t,thisbox-1t", "--times", "ratio"});
        QCOMPARE(table.status, 0);
        QVERIFY2(table.out.find("with the profile's measured times this partition's bottleneck") !=
                     std::string::npos,
                 table.out.c_str());
        for (const std::vector<std::string>& bad :
             {std::vector<std::string>{"--times", "guess"},
              std::vector<std::string>{"--times", "predictor:"},
              std::vector<std::string>{"--times", "predictor:/no/such/predictor.json"},
              std::vector<std::string>{"--times", "ratio", "--reference", "nobody"}}) {
            std::vector<std::string> arguments{profile, "--planner", "pipeline", "--stages",
                                               "thisbox-1t"};
            arguments.insert(arguments.end(), bad.begin(), bad.end());
            const Run refused = run(runPipelineTrain, arguments);
            QCOMPARE(refused.status, 2);
            QVERIFY(refused.out.empty());
            QVERIFY(!refused.error.empty());
        }
    }

  private:
    QTemporaryDir m_dir;
};

CUTLAB_TEST_MAIN(TestPipelineCommand, Guiless)
} // namespace tst_pipelinecommand

#include "tst_pipelinecommand.moc"
