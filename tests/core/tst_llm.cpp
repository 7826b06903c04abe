// Language models: parameter counts and KV-cache bytes of published configs exactly, bytes per
// weight format by hand, every refused config's sentence, the token cost model's round trip by
// hand, and the planner's optimum against a brute force written from the issue's formulas for
// the three objectives, with and without memory limits.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "LlamaBenchTable.h"

#include "core/io/JsonText.h"
#include "core/llm/HuggingFaceConfig.h"
#include "core/llm/LlmProfile.h"
#include "core/llm/TokenPipeline.h"
#include "core/llm/TokenPlanner.h"
#include "core/model/Network.h"

#include <QTest>

#include <cmath>
#include <functional>
#include <limits>

using namespace cutlab::core;

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_llm {

namespace {

using Json = nlohmann::ordered_json;

LlmArchitecture sampleArchitecture(const QString& name) {
    std::string error;
    const auto text = readTextFile(
        sourcePath("sample_profiles/llm/" + name + ".config.json").toStdString(), error);
    if (!text)
        throw std::runtime_error(error);
    return readHuggingFaceConfig(Json::parse(*text));
}

double sum(const Profile& profile, double (*field)(const Layer&)) {
    double total = 0;
    for (const Layer& layer : profile.layers)
        total += field(layer);
    return total;
}

double kvBytesPerToken(const Profile& profile) {
    return sum(profile, [](const Layer& l) { return l.fields.value("kv_bytes_per_token", 0.0); });
}

double paramBytes(const Profile& profile) {
    return sum(profile, [](const Layer& l) { return l.paramBytes; });
}

Profile sampleProfile(const QString& name, const std::string& weights = "",
                      const std::string& machines = "") {
    LlmImportOptions options;
    options.weights = weights;
    if (!machines.empty())
        options.machines = parseMachineSelection(machines).machines;
    return llmProfile(sampleArchitecture(name), options, "test");
}

// The issue's formulas, written out for one plan: tiers [0,a) device, [a,b) edge, [b,n) cloud.
struct BruteForcePlan {
    double ttft = 0, tpot = 0, generate = 0;
    bool fits = true;
};

double linkMs(const Network& network, const Profile& profile, int from, int to, double bytes) {
    const Link link = *network.linkBetween(profile, from, to);
    if (link.bandwidthMbps == kUnlimitedBandwidth)
        return link.latencyMs;
    return link.latencyMs + bytes * 8 / (link.bandwidthMbps * 1000);
}

BruteForcePlan bruteForce(const Profile& profile, const Network& network, int a, int b,
                          std::array<int, 3> machines) {
    const int n = static_cast<int>(profile.layers.size());
    const double prompt = profile.model.fields["prompt_tokens"].get<double>();
    const double generated = profile.model.fields["generate_tokens"].get<double>();
    const double hidden = profile.model.fields["hidden_bytes"].get<double>();
    const double tied = profile.model.fields.value("tied_embedding_bytes", 0.0);
    BruteForcePlan plan;
    std::vector<int> path{machines[0]};
    const int ends[3] = {a, b, n};
    int start = 0;
    for (int tier = 0; tier < 3; ++tier) {
        if (ends[tier] > start) {
            const auto& id = profile.machines[static_cast<std::size_t>(machines[tier])].id;
            double memory = 0;
            for (int l = start; l < ends[tier]; ++l) {
                const Layer& layer = profile.layers[static_cast<std::size_t>(l)];
                plan.ttft += layer.fields["prefill_ms"][id].get<double>();
                plan.tpot += layer.fields["decode_ms"][id].get<double>();
                memory += layer.paramBytes +
                          layer.fields["kv_bytes_per_token"].get<double>() * (prompt + generated);
            }
            if (ends[tier] == n && start > 0)
                memory += tied;
            const auto& capacity = profile.machines[static_cast<std::size_t>(machines[tier])];
            if (capacity.memoryBytes && memory > *capacity.memoryBytes)
                plan.fits = false;
            if (tier > 0)
                path.push_back(machines[tier]);
        }
        start = ends[tier];
    }
    for (std::size_t i = 1; i < path.size(); ++i) {
        const double perToken = (i == 1 && a == 0) ? 4 : hidden;
        plan.ttft += linkMs(network, profile, path[i - 1], path[i], perToken * prompt) +
                     linkMs(network, profile, path[i], path[i - 1], 4);
        plan.tpot += linkMs(network, profile, path[i - 1], path[i], perToken) +
                     linkMs(network, profile, path[i], path[i - 1], 4);
    }
    plan.generate = plan.ttft + (generated - 1) * plan.tpot;
    return plan;
}

// The least objective over every plan the brute force lists; infinity when none fits.
double bruteForceBest(const Profile& profile, const Network& network, TokenObjective objective) {
    const int n = static_cast<int>(profile.layers.size());
    double best = std::numeric_limits<double>::infinity();
    for (const int d : profile.machinesOfTier(Tier::Device))
        for (const int e : profile.machinesOfTier(Tier::Edge))
            for (const int c : profile.machinesOfTier(Tier::Cloud))
                for (int a = 0; a <= n; ++a)
                    for (int b = a; b <= n; ++b) {
                        const auto plan = bruteForce(profile, network, a, b, {d, e, c});
                        if (!plan.fits)
                            continue;
                        const double value = objective == TokenObjective::Ttft   ? plan.ttft
                                             : objective == TokenObjective::Tpot ? plan.tpot
                                                                                 : plan.generate;
                        best = std::min(best, value);
                    }
    return best;
}

// A token pipeline's tokens per second from its definition: stages in chain order, machines
// with no layers bypassed; 0 when a stage is over its memory.
double pipelineBruteForceRate(const Profile& profile, const Network& network,
                              const std::vector<int>& chain, const std::vector<int>& ends,
                              int sequences) {
    const double context = profile.model.fields["prompt_tokens"].get<double>() +
                           profile.model.fields["generate_tokens"].get<double>();
    const double hidden = profile.model.fields["hidden_bytes"].get<double>();
    const double tied = profile.model.fields.value("tied_embedding_bytes", 0.0);
    const int n = static_cast<int>(profile.layers.size());
    std::vector<int> used;
    double roundTrip = 0, bottleneck = 0;
    int first = 0;
    for (std::size_t i = 0; i < chain.size(); ++i) {
        if (ends[i] <= first)
            continue;
        const Machine& machine = profile.machines[static_cast<std::size_t>(chain[i])];
        double decode = 0, memory = 0;
        for (int l = first; l < ends[i]; ++l) {
            const Layer& layer = profile.layers[static_cast<std::size_t>(l)];
            decode += layer.fields["decode_ms"][machine.id].get<double>();
            memory += layer.paramBytes +
                      sequences * layer.fields["kv_bytes_per_token"].get<double>() * context;
        }
        if (ends[i] == n && first > 0)
            memory += tied;
        if (machine.memoryBytes && memory > *machine.memoryBytes)
            return 0;
        roundTrip += decode;
        bottleneck = std::max(bottleneck, decode);
        if (!used.empty()) {
            const Link link = *network.linkBetween(profile, used.back(), chain[i]);
            const double busy = hidden * 8 / (link.bandwidthMbps * 1000);
            roundTrip += link.latencyMs + busy;
            bottleneck = std::max(bottleneck, busy);
        }
        used.push_back(chain[i]);
        first = ends[i];
    }
    if (used.size() > 1) {
        const Link link = *network.linkBetween(profile, used.back(), used.front());
        const double busy = 4 * 8 / (link.bandwidthMbps * 1000);
        roundTrip += link.latencyMs + busy;
        bottleneck = std::max(bottleneck, busy);
    }
    return 1000 * std::min(sequences / roundTrip, 1 / bottleneck);
}

// Every non-decreasing list of ends over the chain, the last equal to n.
void forEachEnds(int n, std::size_t machines, std::vector<int>& ends,
                 const std::function<void()>& visit) {
    if (ends.size() + 1 == machines) {
        ends.push_back(n);
        visit();
        ends.pop_back();
        return;
    }
    for (int end = ends.empty() ? 0 : ends.back(); end <= n; ++end) {
        ends.push_back(end);
        forEachEnds(n, machines, ends, visit);
        ends.pop_back();
    }
}

} // namespace

class TestLlm : public QObject {
    Q_OBJECT
  private slots:
    // Published parameter counts and KV-cache bytes per token (f16 cache) of each sample.
    void parameterCountsAreExact() {
        QFETCH(QString, name);
        QFETCH(double, parameters);
        QFETCH(double, kvBytes);
        const Profile profile = sampleProfile(name);
        QCOMPARE(llmParameterCount(profile), parameters);
        QCOMPARE(kvBytesPerToken(profile), kvBytes);
        QCOMPARE(profile.layers.front().id, std::string("embed"));
        QCOMPARE(profile.layers.back().id, std::string("output"));
        QCOMPARE(profile.layers[profile.layers.size() - 2].id, std::string("norm"));
    }
    void parameterCountsAreExact_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("parameters");
        QTest::addColumn<double>("kvBytes");
        // the issue's examples, then the model cards' counts
        QTest::newRow("gpt2") << "gpt2" << 124439808.0 << 36864.0;
        QTest::newRow("llama-2-7b") << "llama-2-7b" << 6738415616.0 << 524288.0;
        QTest::newRow("llama-3-8b") << "llama-3-8b" << 8030261248.0 << 131072.0;
        QTest::newRow("llama-3.2-1b") << "llama-3.2-1b" << 1235814400.0 << 32768.0;
        QTest::newRow("llama-3.2-3b") << "llama-3.2-3b" << 3212749824.0 << 114688.0;
        QTest::newRow("mistral-7b") << "mistral-7b" << 7241732096.0 << 131072.0;
        QTest::newRow("qwen2.5-0.5b") << "qwen2.5-0.5b" << 494032768.0 << 12288.0;
        QTest::newRow("phi-3-mini") << "phi-3-mini" << 3821079552.0 << 393216.0;
    }

    // Bytes per format, by hand for Llama-2-7B: its 2-D weights hold every parameter but the
    // norms' 32 x 2 x 4096 + 4096 = 266,240 (kept f32 when quantized).
    void weightBytesFollowTheFormat() {
        const double norms = 266240, matrices = 6738415616.0 - norms;
        QCOMPARE(paramBytes(sampleProfile("llama-2-7b", "f16")), 6738415616.0 * 2);
        QCOMPARE(paramBytes(sampleProfile("llama-2-7b", "f32")), 6738415616.0 * 4);
        QCOMPARE(paramBytes(sampleProfile("llama-2-7b", "q8_0")), matrices / 32 * 34 + norms * 4);
        QCOMPARE(paramBytes(sampleProfile("llama-2-7b", "q4_0")), matrices / 32 * 18 + norms * 4);
        QCOMPARE(paramBytes(sampleProfile("llama-2-7b", "q4_0")), 3791273984.0);
        // q4_k: rows of 4096 are 16 blocks of 256; rows of 11008 are 43 blocks (11,008 = 43 x 256)
        QCOMPARE(paramBytes(sampleProfile("llama-2-7b", "q4_k")), matrices / 256 * 144 + norms * 4);
        // the default is the config's dtype: float16, 2 bytes
        QCOMPARE(paramBytes(sampleProfile("llama-2-7b")), 6738415616.0 * 2);
    }

    // A tied embedding counts once, and the output layer still reads it every token.
    void tiedEmbeddingsCountOnce() {
        const Profile profile = sampleProfile("llama-3.2-1b", "f16");
        const Layer& output = profile.layers.back();
        QCOMPARE(output.paramBytes, 0.0);
        QCOMPARE(output.fields["step_read_bytes"].get<double>(), 128256.0 * 2048 * 2);
        QCOMPARE(profile.model.fields["tied_embedding_bytes"].get<double>(), 128256.0 * 2048 * 2);
        QCOMPARE(profile.model.fields["hidden_bytes"].get<double>(), 2048.0 * 2);
    }

    // Each bad config: one sentence naming the field.
    void badConfigsAreRefused() {
        QFETCH(QString, config);
        QFETCH(QString, message);
        try {
            readHuggingFaceConfig(Json::parse(config.toStdString()));
            QFAIL("the config was accepted");
        } catch (const LlmModelError& error) {
            QCOMPARE(QString(error.what()), message);
        }
    }
    void badConfigsAreRefused_data() {
        QTest::addColumn<QString>("config");
        QTest::addColumn<QString>("message");
        const QString llama = R"({"model_type":"llama","vocab_size":32000,"hidden_size":4096,)"
                              R"("intermediate_size":11008,"num_hidden_layers":32,)";
        QTest::newRow("missing field")
            << R"({"model_type":"llama","vocab_size":32000,"hidden_size":4096})"
            << "the config has no \"num_hidden_layers\", which a llama model needs";
        QTest::newRow("heads do not divide")
            << llama + R"("num_attention_heads":30})"
            << "\"num_attention_heads\" (30) does not divide \"hidden_size\" (4096) and there is "
               "no \"head_dim\"";
        QTest::newRow("more kv heads")
            << llama + R"("num_attention_heads":32,"num_key_value_heads":64})"
            << "\"num_key_value_heads\" (64) is more than \"num_attention_heads\" (32)";
        QTest::newRow("kv heads do not divide")
            << llama + R"("num_attention_heads":32,"num_key_value_heads":6})"
            << "\"num_attention_heads\" (32) is not a multiple of \"num_key_value_heads\" (6)";
        QTest::newRow("absurd vocabulary")
            << R"({"model_type":"llama","vocab_size":1e18,"hidden_size":4096})"
            << "\"vocab_size\" must be a whole number between 0 and 10^15, not 1e+18";
        QTest::newRow("huge vocabulary")
            << R"({"model_type":"gpt2","vocab_size":100000000,"n_embd":768,"n_layer":12,)"
               R"("n_head":12,"n_positions":1024})"
            << "\"vocab_size\" is 100000000; it must be between 1 and 16777216";
        QTest::newRow("no layers")
            << R"({"model_type":"llama","vocab_size":32000,"hidden_size":4096,)"
               R"("intermediate_size":11008,"num_hidden_layers":0,"num_attention_heads":32})"
            << "\"num_hidden_layers\" is 0; it must be between 1 and 1024";
        QTest::newRow("unknown architecture")
            << R"({"model_type":"mamba","vocab_size":32000})"
            << "\"model_type\" is \"mamba\", an architecture CutLab does not read (it reads "
               "llama, mistral, qwen2, gemma, phi3, gpt2)";
        QTest::newRow("no model type") << R"({"vocab_size":32000})"
                                       << "the config has no \"model_type\" (CutLab reads llama, "
                                          "mistral, qwen2, gemma, phi3, gpt2)";
        QTest::newRow("text count") << R"({"model_type":"llama","vocab_size":"32000"})"
                                    << "\"vocab_size\" must be a number";
        QTest::newRow("dtype")
            << llama + R"("num_attention_heads":32,"torch_dtype":"int4"})"
            << "\"torch_dtype\" is \"int4\"; CutLab reads float32, float16 and bfloat16";
    }

    // One token's round trip by hand: the cloud runs every layer, so the token id goes up and
    // the sampled id comes back over the device-cloud link, each paying its latency.
    void roundTripPerTokenByHand() {
        const Profile profile = sampleProfile("gpt2");
        const Network network = *networkPreset("4g");
        const TokenCostModel model(profile, network, tokenModelOf(profile));
        const int n = static_cast<int>(profile.layers.size());
        const int device = profile.machineIndex("phone-sd8g3");
        const int cloud = profile.machineIndex("a100");
        const TokenEvaluation e = model.evaluate({0, 0, {device, -1, cloud}});
        double decode = 0, prefill = 0;
        for (const Layer& layer : profile.layers) {
            decode += layer.fields["decode_ms"]["a100"].get<double>();
            prefill += layer.fields["prefill_ms"]["a100"].get<double>();
        }
        const Link up = *network.linkBetween(profile, device, cloud);
        const Link down = *network.linkBetween(profile, cloud, device);
        const double perToken = up.latencyMs + 4 * 8 / (up.bandwidthMbps * 1000) + down.latencyMs +
                                4 * 8 / (down.bandwidthMbps * 1000);
        QCOMPARE(e.hops.size(), std::size_t{2});
        QVERIFY(std::abs(e.tpotMs - (decode + perToken)) < 1e-9);
        const double first = up.latencyMs + 512 * 4 * 8 / (up.bandwidthMbps * 1000) +
                             down.latencyMs + 4 * 8 / (down.bandwidthMbps * 1000);
        QVERIFY(std::abs(e.ttftMs - (prefill + first)) < 1e-9);
        QVERIFY(std::abs(e.generateMs - (e.ttftMs + 127 * e.tpotMs)) < 1e-6);
        QCOMPARE(n, 15);
        // a split model pays every link's latency twice per token: device | edge | cloud
        const TokenEvaluation split =
            model.evaluate({3, 8, {device, profile.machineIndex("agx-orin"), cloud}});
        QCOMPARE(split.hops.size(), std::size_t{4});
        QCOMPARE(split.hops[0].bytesPerToken, 768.0 * 4); // gpt2 is float32: 4-byte hidden
        QCOMPARE(split.hops[3].bytesPerToken, 4.0);
    }

    // The planner's best equals the brute force's for every objective, network and memory case.
    void plannerMatchesBruteForce() {
        QFETCH(QString, name);
        QFETCH(QString, network);
        QFETCH(double, deviceMemory);
        QFETCH(double, edgeMemory);
        Profile profile = sampleProfile(name, "q4_0",
                                        "phone-sd8g3@device,pi5@device,orin-nano@edge,"
                                        "agx-orin@edge,rtx4090@cloud");
        if (deviceMemory > 0) {
            profile.machines[0].memoryBytes = deviceMemory;
            profile.machines[1].memoryBytes = deviceMemory / 2;
        }
        if (edgeMemory > 0)
            profile.machines[2].memoryBytes = edgeMemory;
        const Network net = *networkPreset(network.toStdString());
        const TokenCostModel model(profile, net, tokenModelOf(profile));
        for (const auto objective :
             {TokenObjective::Ttft, TokenObjective::Tpot, TokenObjective::Generate}) {
            const auto plans = planTokens(model, objective);
            const double expected = bruteForceBest(profile, net, objective);
            if (!std::isfinite(expected)) {
                QVERIFY(plans.empty());
                continue;
            }
            QVERIFY(!plans.empty());
            const double got = objectiveValue(plans.front().evaluation, objective);
            QVERIFY2(std::abs(got - expected) <= 1e-9 * expected,
                     qPrintable(QString("%1 vs %2").arg(got).arg(expected)));
            for (const auto& plan : plans)
                QVERIFY(plan.evaluation.fits());
        }
    }
    void plannerMatchesBruteForce_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("network");
        QTest::addColumn<double>("deviceMemory");
        QTest::addColumn<double>("edgeMemory");
        for (const char* name : {"gpt2", "llama-3.2-1b", "qwen2.5-0.5b"})
            for (const char* network : {"3g", "4g", "fibre"}) {
                QTest::addRow("%s %s unlimited", name, network) << name << network << 0.0 << 0.0;
                QTest::addRow("%s %s limited", name, network) << name << network << 3e8 << 4e8;
            }
        QTest::newRow("nothing fits") << "llama-3.2-1b"
                                      << "4g" << 1e3 << 1e3;
    }

    // Published llama-bench rates: each device's calibration row is reproduced, and the median
    // error on the rows not used for calibration is at most 25 % (the issue's goal).
    void publishedRatesAreMatched() {
        const auto rows = llama_bench::table(sourcePath("").toStdString());
        QVERIFY(rows.size() >= 20);
        int calibrations = 0;
        for (const auto& row : rows)
            if (row.calibration) {
                ++calibrations;
                QVERIFY(std::abs(row.predictedPp - row.pp) <= 1e-6 * row.pp);
                if (row.tg > 0)
                    QVERIFY(std::abs(row.predictedTg - row.tg) <= 1e-6 * row.tg);
            }
        QCOMPARE(calibrations, 7);
        const auto errors = llama_bench::errors(rows);
        QVERIFY(errors.size() >= 20);
        QVERIFY2(llama_bench::median(errors) <= 0.25,
                 qPrintable(QString::number(llama_bench::median(errors))));
    }

    // Token pipelines: the planner's rate equals the best of every assignment over the chain.
    void tokenPipelineMatchesBruteForce() {
        QFETCH(QString, machines);
        QFETCH(int, sequences);
        QFETCH(double, memory);
        Profile profile = sampleProfile("gpt2", "f16", machines.toStdString());
        if (memory > 0)
            for (auto& machine : profile.machines)
                machine.memoryBytes = memory;
        const Network network = *networkPreset("4g");
        const TokenModel tokens = tokenModelOf(profile);
        std::vector<int> chain;
        for (int m = 0; m < static_cast<int>(profile.machines.size()); ++m)
            chain.push_back(m);
        double best = 0;
        std::vector<int> ends;
        forEachEnds(static_cast<int>(profile.layers.size()), chain.size(), ends, [&] {
            best = std::max(best, pipelineBruteForceRate(profile, network, chain, ends, sequences));
        });
        const auto plan = planTokenPipeline(profile, network, tokens, {chain, sequences});
        if (best == 0) {
            QVERIFY(!plan);
            return;
        }
        QVERIFY(plan.has_value());
        QVERIFY2(std::abs(plan->tokensPerSecond - best) <= 1e-9 * best,
                 qPrintable(QString("%1 vs %2").arg(plan->tokensPerSecond).arg(best)));
        // the plan's own figures are those of its assignment
        std::vector<int> planEnds;
        for (const int machine : chain) {
            int end = planEnds.empty() ? 0 : planEnds.back();
            for (const auto& stage : plan->stages)
                if (stage.machine == machine)
                    end = stage.end;
            planEnds.push_back(end);
        }
        QVERIFY(std::abs(pipelineBruteForceRate(profile, network, chain, planEnds, sequences) -
                         plan->tokensPerSecond) <= 1e-9 * best);
    }
    void tokenPipelineMatchesBruteForce_data() {
        QTest::addColumn<QString>("machines");
        QTest::addColumn<int>("sequences");
        QTest::addColumn<double>("memory");
        const char* chains[] = {"pi5@device,orin-nano@edge,rtx4090@cloud",
                                "a=pi5@device,b=pi5@edge,c=pi5@cloud",
                                "phone-sd8g3@device,pi5@edge,laptop-gpu@cloud"};
        for (const char* chain : chains)
            for (const int sequences : {1, 4, 16}) {
                QTest::addRow("%s S=%d", chain, sequences) << chain << sequences << 0.0;
                QTest::addRow("%s S=%d, 150 MB each", chain, sequences)
                    << chain << sequences << 1.5e8;
            }
        QTest::newRow("nothing fits") << chains[0] << 4 << 1e6;
    }

    // "Up to how many tokens does this split fit on the phone": the longest context whose KV
    // cache fits beside the weights, by hand, and a context one token longer does not fit.
    void longestContextOnTheDevice() {
        Profile profile = sampleProfile("llama-3.2-1b", "q4_0");
        const int device = profile.machineIndex("phone-sd8g3");
        double weights = 0, kv = 0;
        for (int l = 0; l < 6; ++l) {
            weights += profile.layers[static_cast<std::size_t>(l)].paramBytes;
            kv += profile.layers[static_cast<std::size_t>(l)]
                      .fields["kv_bytes_per_token"]
                      .get<double>();
        }
        profile.machines[static_cast<std::size_t>(device)].memoryBytes = weights + 5000.5 * kv;
        const Network network = *networkPreset("4g");
        const TokenCostModel model(profile, network, tokenModelOf(profile));
        const TokenEvaluation e =
            model.evaluate({6, 6, {device, -1, profile.machineIndex("a100")}});
        QCOMPARE(e.memory.front().maxContextTokens(), 5000.0);
        QVERIFY(e.memory.front().fits()); // 640 tokens of context fit
        const TokenCostModel longer(profile, network, tokenModelOf(profile, 4872, 128));
        QVERIFY(longer.evaluate({6, 6, {device, -1, profile.machineIndex("a100")}})
                    .memory.front()
                    .fits()); // 5,000 tokens
        const TokenCostModel tooLong(profile, network, tokenModelOf(profile, 4873, 128));
        QVERIFY(!tooLong.evaluate({6, 6, {device, -1, profile.machineIndex("a100")}})
                     .memory.front()
                     .fits()); // 5,001 tokens
    }

    // Other prompt and generation lengths are priced from the machines' token rates.
    void otherLengthsArePricedAgain() {
        const Profile profile = sampleProfile("gpt2");
        const TokenModel own = tokenModelOf(profile);
        const TokenModel again = tokenModelOf(profile, 512, 128);
        const TokenModel longer = tokenModelOf(profile, 2048, 128);
        QCOMPARE(own.prefillMs[3][0],
                 profile.layers[3].fields["prefill_ms"]["phone-sd8g3"].get<double>());
        QCOMPARE(again.prefillMs, own.prefillMs);
        QVERIFY(longer.prefillMs[3][0] > 4 * own.prefillMs[3][0]);
        QVERIFY(longer.decodeMs[3][0] > own.decodeMs[3][0]);
    }
};

CUTLAB_TEST_MAIN(TestLlm, Guiless)
} // namespace tst_llm

#include "tst_llm.moc"
