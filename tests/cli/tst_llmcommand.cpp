// Language models through the built cutlab-cli: import of every sample config and the tiny GGUF
// (read back with the profile loader, info --json's totals), every bad config and GGUF file
// refused with exit 2, one sentence and nothing written, and plan --objective ttft|tpot|generate
// --json read back (its plan equal to the core planner's, memory refusals naming a capacity).
#include "../TestMain.h"
#include "../TestPaths.h"
#include "CliRun.h"

#include "core/io/MachineFile.h"
#include "core/io/ProfileLoader.h"
#include "core/llm/TokenPipeline.h"
#include "core/llm/TokenPlanner.h"
#include "core/model/Network.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_llmcommand {

using Json = nlohmann::ordered_json;
using namespace cutlab::core;

namespace {

QString sample(const QString& name) {
    return sourcePath("sample_profiles/llm/" + name);
}

void writeText(const QString& path, const QByteArray& text) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

Json readJson(const QString& text) {
    return Json::parse(text.toStdString());
}

} // namespace

class TestLlmCommand : public QObject {
    Q_OBJECT
  private slots:
    // Every sample imports, reads back as a profile, and info --json gives its totals.
    void samplesImport() {
        QFETCH(QString, file);
        QFETCH(double, parameters);
        QTemporaryDir dir;
        const QString out = dir.filePath("model.json");
        const CliRun run = runCli({"import", sample(file), "-o", out});
        QCOMPARE(run.status, 0);
        QVERIFY2(run.err.isEmpty(), qPrintable(run.err));
        const auto loaded = loadProfileFile(out.toStdString());
        QVERIFY(loaded.ok());
        const CliRun info = runCli({"info", out, "--json"});
        QCOMPARE(info.status, 0);
        const Json summary = readJson(info.out)["language_model"];
        QCOMPARE(summary["parameters"].get<double>(), parameters);
        double weights = 0;
        for (const auto& layer : loaded.profile->layers)
            weights += layer.paramBytes;
        QCOMPARE(summary["weight_bytes"].get<double>(), weights);
    }
    void samplesImport_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("parameters");
        QTest::newRow("gpt2") << "gpt2.config.json" << 124439808.0;
        QTest::newRow("llama-2-7b") << "llama-2-7b.config.json" << 6738415616.0;
        QTest::newRow("llama-3-8b") << "llama-3-8b.config.json" << 8030261248.0;
        QTest::newRow("llama-3.2-1b") << "llama-3.2-1b.config.json" << 1235814400.0;
        QTest::newRow("llama-3.2-3b") << "llama-3.2-3b.config.json" << 3212749824.0;
        QTest::newRow("mistral-7b") << "mistral-7b.config.json" << 7241732096.0;
        QTest::newRow("qwen2.5-0.5b") << "qwen2.5-0.5b.config.json" << 494032768.0;
        QTest::newRow("phi-3-mini") << "phi-3-mini.config.json" << 3821079552.0;
        // 256 x 64 embedding and output, 2 blocks of 36,992, the final norm's 64
        QTest::newRow("tiny gguf") << "tiny-llama.gguf" << 106816.0;
    }

    // The weight type and KV cache options reach the profile; the GGUF file's own bytes.
    void optionsReachTheProfile() {
        QTemporaryDir dir;
        const QString out = dir.filePath("m.json");
        QCOMPARE(runCli({"import", sample("llama-2-7b.config.json"), "-o", out, "--weights", "q4_0",
                         "--kv-cache", "q8_0", "--prompt", "1024", "--generate", "64"})
                     .status,
                 0);
        const Json info = readJson(runCli({"info", out, "--json"}).out)["language_model"];
        QCOMPARE(info["weight_bytes"].get<double>(), 3791273984.0);
        // q8_0: 34 bytes per 32 values; 32 blocks x 2 x 4096 values a token
        QCOMPARE(info["kv_bytes_per_token"].get<double>(), 32 * 2 * 4096.0 / 32 * 34);
        QCOMPARE(info["prompt_tokens"].get<int>(), 1024);
        QCOMPARE(info["generate_tokens"].get<int>(), 64);
        const CliRun gguf = runCli({"import", sample("tiny-llama.gguf"), "-o", out});
        QCOMPARE(gguf.status, 0);
        // Q8_0 matrices (106,496 values, 34 bytes per 32) and F32 norms (320 values)
        QCOMPARE(readJson(runCli({"info", out, "--json"}).out)["language_model"]["weight_bytes"]
                     .get<double>(),
                 106496.0 / 32 * 34 + 320 * 4);
    }

    // Bad configs, GGUF files and options: exit 2, the file named, one sentence, nothing written.
    void badInputIsRefused() {
        QFETCH(QByteArray, content);
        QFETCH(QStringList, options);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString model = dir.filePath(content.startsWith("GGUF") ? "m.gguf" : "config.json");
        writeText(model, content);
        const QString out = dir.filePath("out.json");
        const CliRun run = runCli(QStringList{"import", model, "-o", out} + options);
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY(!QFile::exists(out));
    }
    void badInputIsRefused_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("message");
        const QByteArray gpt2 = R"({"model_type":"gpt2","vocab_size":50257,"n_embd":768,)"
                                R"("n_layer":12,"n_head":12,"n_positions":1024})";
        QTest::newRow("heads do not divide")
            << QByteArray(R"({"model_type":"gpt2","vocab_size":50257,"n_embd":768,"n_layer":12,)"
                          R"("n_head":10,"n_positions":1024})")
            << QStringList{} << "\"n_head\" (10) does not divide \"n_embd\" (768)";
        QTest::newRow("unknown architecture")
            << QByteArray(R"({"model_type":"rwkv"})") << QStringList{}
            << "\"model_type\" is \"rwkv\", an architecture CutLab does not read";
        QTest::newRow("weights")
            << gpt2 << QStringList{"--weights", "q3"}
            << "--weights must be f32, f16, bf16, q8_0, q4_0 or q4_k, not 'q3'";
        QTest::newRow("kv cache") << gpt2 << QStringList{"--kv-cache", "f32"}
                                  << "--kv-cache must be f16 or q8_0, not 'f32'";
        QTest::newRow("malformed json") << QByteArray(R"({"model_type":"gpt2",)") << QStringList{}
                                        << "the JSON document ends early";
        QTest::newRow("gguf truncated")
            << QByteArray("GGUF\x03\0\0\0\x01\0\0\0\0\0\0\0", 16) << QStringList{}
            << "the file ends at byte 16, inside the header's counts: it looks truncated";
    }

    // plan --objective: the JSON's first plan is the core planner's optimum, with its figures.
    void planMatchesThePlanner() {
        QFETCH(QString, objective);
        QTemporaryDir dir;
        const QString profilePath = dir.filePath("m.json");
        QCOMPARE(runCli({"import", sample("llama-3.2-1b.config.json"), "-o", profilePath,
                         "--weights", "q4_0"})
                     .status,
                 0);
        const CliRun run = runCli({"plan", profilePath, "--objective", objective, "--network", "4g",
                                   "--json", "--top", "3"});
        QCOMPARE(run.status, 0);
        const Json plans = readJson(run.out)["plans"];
        QCOMPARE(plans.size(), std::size_t{3});
        const Profile profile = *loadProfileFile(profilePath.toStdString()).profile;
        const Network network = *networkPreset("4g");
        const TokenCostModel model(profile, network, tokenModelOf(profile));
        const auto best = planTokens(model, *tokenObjectiveNamed(objective.toStdString())).front();
        QCOMPARE(plans[0]["ttft_ms"].get<double>(), best.evaluation.ttftMs);
        QCOMPARE(plans[0]["tpot_ms"].get<double>(), best.evaluation.tpotMs);
        QCOMPARE(plans[0]["generate_ms"].get<double>(), best.evaluation.generateMs);
        QVERIFY(plans[0]["memory"].size() >= 1);
        QVERIFY(plans[0]["memory"][0].contains("weights_bytes"));
        QVERIFY(plans[0]["memory"][0].contains("kv_cache_bytes"));
    }
    void planMatchesThePlanner_data() {
        QTest::addColumn<QString>("objective");
        QTest::newRow("ttft") << "ttft";
        QTest::newRow("tpot") << "tpot";
        QTest::newRow("generate") << "generate";
    }

    // A token pipeline over a chain: the JSON is the core planner's plan; a chain over memory
    // exits 1 with a sentence; a missing --stages is refused.
    void tokenPipelineThroughTheCli() {
        QTemporaryDir dir;
        const QString profilePath = dir.filePath("m.json");
        QCOMPARE(runCli({"import", sample("llama-3.2-1b.config.json"), "-o", profilePath,
                         "--machines", "pi5@device,orin-nano@edge,rtx4090@cloud"})
                     .status,
                 0);
        const CliRun run = runCli({"plan", profilePath, "--planner", "token-pipeline", "--stages",
                                   "pi5,orin-nano,rtx4090", "--sequences", "8", "--json"});
        QCOMPARE(run.status, 0);
        const Json plan = readJson(run.out);
        const Profile profile = *loadProfileFile(profilePath.toStdString()).profile;
        const Network network = *networkPreset("3g");
        const auto best =
            planTokenPipeline(profile, network, tokenModelOf(profile), {{0, 1, 2}, 8});
        QVERIFY(best.has_value());
        QCOMPARE(plan["tokens_per_second"].get<double>(), best->tokensPerSecond);
        QCOMPARE(plan["sequences"].get<int>(), 8);
        QCOMPARE(plan["stages"].size(), best->stages.size());
        const CliRun tight = runCli({"plan", profilePath, "--planner", "token-pipeline", "--stages",
                                     "pi5,orin-nano", "--memory", "pi5=1000000,orin-nano=1000000"});
        QCOMPARE(tight.status, 1);
        QVERIFY(tight.err.contains("no split over the chain fits the machines' memory"));
        const CliRun bare = runCli({"plan", profilePath, "--planner", "token-pipeline"});
        QCOMPARE(bare.status, 2);
        QVERIFY(bare.err.contains("--planner token-pipeline needs --stages"));
    }

    // calibrate --tokens: the shares that reproduce a published llama-bench row (Raspberry Pi 5,
    // Llama-3.2-1B Q4_K_M, 0.745 GiB: pp512 72.93, tg128 10.81), read back as a machine file that
    // import --machines takes; without a rate it is refused.
    void calibrateTokensWritesAMachine() {
        QTemporaryDir dir;
        const QString machine = dir.filePath("pi5.json");
        const CliRun run = runCli({"calibrate", "--tokens", sample("llama-3.2-1b.config.json"),
                                   "--preset", "pi5", "--weights", "q4_k", "--model-bytes",
                                   QString::number(0.745 * 1073741824.0, 'f', 0), "--pp", "72.93",
                                   "--tg", "10.81", "-o", machine, "--id", "mypi"});
        QCOMPARE(run.status, 0);
        QVERIFY2(run.out.contains("(pp512 72.9, tg128 10.81 tokens/s)"), qPrintable(run.out));
        std::string error;
        const auto read = readMachineFile(machine.toStdString(), error);
        QVERIFY2(read.has_value(), error.c_str());
        QCOMPARE(read->id, std::string("mypi"));
        QVERIFY(read->tokenComputeShare > 0 && read->tokenComputeShare <= 4);
        QVERIFY(read->tokenBandwidthShare > 0 && read->tokenBandwidthShare <= 4);
        QVERIFY(read->tokenBandwidthShare != findMachinePreset("pi5")->tokenBandwidthShare);
        const QString profile = dir.filePath("m.json");
        QCOMPARE(runCli({"import", sample("llama-3.2-1b.config.json"), "-o", profile, "--machines",
                         machine + "@device,a100@cloud"})
                     .status,
                 0);
        const Profile imported = *loadProfileFile(profile.toStdString()).profile;
        QCOMPARE(readTokenRates(imported.machines[0])->gbps,
                 read->memoryGBps * read->tokenBandwidthShare);
        const CliRun bare = runCli({"calibrate", "--tokens", sample("gpt2.config.json"), "--preset",
                                    "pi5", "-o", dir.filePath("x.json")});
        QCOMPARE(bare.status, 2);
        QVERIFY(bare.err.contains("give a measured --pp or --tg"));
        QVERIFY(!QFile::exists(dir.filePath("x.json")));
    }

    // sweep over the uplink's bandwidth: each step's value is the planner's best at that step.
    void sweepGivesTheBestAtEachBandwidth() {
        QTemporaryDir dir;
        const QString profilePath = dir.filePath("m.json");
        QCOMPARE(runCli({"import", sample("qwen2.5-0.5b.config.json"), "-o", profilePath}).status,
                 0);
        const CliRun run = runCli({"sweep", profilePath, "--vary", "uplink", "--from", "1", "--to",
                                   "100", "--steps", "3", "--planners", "ttft,tpot", "--json"});
        QCOMPARE(run.status, 0);
        const Json sweep = readJson(run.out);
        const Profile profile = *loadProfileFile(profilePath.toStdString()).profile;
        for (std::size_t step = 0; step < 3; ++step) {
            Network network = *networkPreset("3g");
            for (auto& link : network.links)
                if (link.from == "device" || link.to == "device")
                    link.bandwidthMbps = sweep["mbps"][step].get<double>();
            const TokenCostModel model(profile, network, tokenModelOf(profile));
            QCOMPARE(sweep["series_ms"]["tpot"][step].get<double>(),
                     planTokens(model, TokenObjective::Tpot).front().evaluation.tpotMs);
        }
        // more bandwidth never makes the first token later
        QVERIFY(sweep["series_ms"]["ttft"][2].get<double>() <=
                sweep["series_ms"]["ttft"][0].get<double>());
    }

    // No split fits: exit 1 and the least memory that gives one, as plan --memory says it.
    void memoryRefusalNamesACapacity() {
        QTemporaryDir dir;
        const QString profilePath = dir.filePath("m.json");
        QCOMPARE(runCli({"import", sample("llama-2-7b.config.json"), "-o", profilePath}).status, 0);
        const CliRun run = runCli({"plan", profilePath, "--objective", "tpot", "--memory",
                                   "phone-sd8g3=4000000000,agx-orin=2000000000,a100=1000000000"});
        QCOMPARE(run.status, 1);
        QVERIFY2(run.err.contains("no plan fits the machines' memory: agx-orin (edge) would need "),
                 qPrintable(run.err));
        // the capacity it names gives a plan
        const QString need = run.err.section("--memory agx-orin=", 1).section(')', 0, 0);
        const CliRun fits =
            runCli({"plan", profilePath, "--objective", "tpot", "--memory",
                    "phone-sd8g3=4000000000,agx-orin=" + need + ",a100=1000000000"});
        QCOMPARE(fits.status, 0);
    }
};

CUTLAB_TEST_MAIN(TestLlmCommand, Guiless)
} // namespace tst_llmcommand

#include "tst_llmcommand.moc"
