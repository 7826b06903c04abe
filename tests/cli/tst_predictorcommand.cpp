// `cutlab-cli predictor train|eval|predict` (docs/formats.md §4.14), run as the built program on
// a small profile (HierTrain's LeNet-5: 7 layers with flops, three machines): train → eval →
// predict with their exit codes and output, and every refusal with exit 2, its message on
// stderr, nothing on stdout and no output file.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "CliRun.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_predictorcommand {

using Json = nlohmann::json;

namespace {

const char* const kProfile = "sample_profiles/hiertrain/lenet5-cifar10.json";

Json readJson(const QString& path) {
    std::ifstream in(path.toStdString());
    return Json::parse(in);
}

} // namespace

class TestPredictorCommand : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_profile = sourcePath(kProfile);
    }

    void trainEvalPredict() {
        const CliRun train = runCli(
            {"predictor", "train", m_profile, "-o", "lenet.json", "--epochs", "60", "--seed", "3"},
            m_dir.path());
        QVERIFY2(train.status == 0, qPrintable(train.err));
        QVERIFY(train.out.startsWith("lenet.json: predictor for lenet5"));
        QVERIFY(train.out.contains("trained on raspi3, nuc-i3-1core, gtx1080ti"));
        QVERIFY(train.out.contains("sorted by flops"));
        const Json model = readJson(m_dir.filePath("lenet.json"));
        QCOMPARE(model["format"].get<std::string>(), std::string("cutlab-latency-predictor"));
        QCOMPARE(model["training"]["seed"].get<int>(), 3);
        QCOMPARE(model["representative_sub_models"]["sub_models"].size(), std::size_t{10});

        // Training twice with one seed writes the same file.
        const CliRun again = runCli(
            {"predictor", "train", m_profile, "-o", "again.json", "--epochs", "60", "--seed", "3"},
            m_dir.path());
        QCOMPARE(again.status, 0);
        QCOMPARE(readJson(m_dir.filePath("again.json")).dump(), model.dump());

        // Every machine was trained on: each row is a leave-one-out retraining.
        const CliRun eval =
            runCli({"predictor", "eval", "lenet.json", m_profile, "--json"}, m_dir.path());
        QVERIFY2(eval.status == 0, qPrintable(eval.err));
        const Json table = Json::parse(eval.out.toStdString());
        QCOMPARE(table["machines"].size(), std::size_t{3});
        for (const Json& row : table["machines"]) {
            QCOMPARE(row["evaluation"].get<std::string>(), std::string("leave-one-out"));
            QCOMPARE(row["sub_models"].get<int>(), 28); // 7·8/2
            QVERIFY(row["predictor_mape"].get<double>() >= 0);
            QVERIFY(row["ratio_mape"].get<double>() >= 0);
        }
        const CliRun text = runCli({"predictor", "eval", "lenet.json", m_profile}, m_dir.path());
        QCOMPARE(text.status, 0);
        QVERIFY(text.out.startsWith("machine "));
        QVERIFY(text.out.contains("\nmean "));

        const CliRun predict = runCli({"predictor", "predict", "lenet.json", m_profile, "--machine",
                                       "raspi3", "--layers", "#1..#4", "--json"},
                                      m_dir.path());
        QVERIFY2(predict.status == 0, qPrintable(predict.err));
        const Json one = Json::parse(predict.out.toStdString());
        QCOMPARE(one["layers"].get<int>(), 4);
        QVERIFY(one["predicted_ms"].get<double>() > 0);
        QVERIFY(one["ratio_ms"].is_number());
        // On a machine it was trained on, the predictor is close to the profile's own sum.
        const double profileMs = one["profile_ms"].get<double>();
        QVERIFY(std::abs(one["predicted_ms"].get<double>() - profileMs) / profileMs < 0.25);
    }

    void heldOutMachineIsEvaluatedAsItIs() {
        const CliRun train = runCli({"predictor", "train", m_profile, "-o", "held.json", "--epochs",
                                     "40", "--hold-out", "gtx1080ti"},
                                    m_dir.path());
        QVERIFY2(train.status == 0, qPrintable(train.err));
        const Json model = readJson(m_dir.filePath("held.json"));
        QCOMPARE(model["training"]["machines"].size(), std::size_t{2});
        const CliRun eval =
            runCli({"predictor", "eval", "held.json", m_profile, "--json"}, m_dir.path());
        QCOMPARE(eval.status, 0);
        const Json table = Json::parse(eval.out.toStdString());
        QCOMPARE(table["machines"][2]["machine"].get<std::string>(), std::string("gtx1080ti"));
        QCOMPARE(table["machines"][2]["evaluation"].get<std::string>(), std::string("held-out"));
        QCOMPARE(table["machines"][2]["reference_machine"].get<std::string>(),
                 std::string("raspi3"));
    }

    void badInputIsRefused_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("output"); // must not exist afterwards
        const QString profile = sourcePath(kProfile);
        QTest::newRow("malformed model")
            << QStringList{"predictor", "eval", "bad.json", profile}
            << "cutlab-cli predictor: bad.json: error: /network: not an object"
            << "";
        QTest::newRow("not JSON") << QStringList{"predictor", "predict", "garbage.json", profile,
                                                 "--machine", "raspi3",  "--layers",     "#0"}
                                  << "cutlab-cli predictor: garbage.json: error: "
                                  << "";
        QTest::newRow("other model")
            << QStringList{"predictor", "eval", "small.json",
                           sourcePath("sample_profiles/handmade/tiny-linear.json")}
            << "has 5 layers; the predictor small.json was trained on a model of 7"
            << "";
        QTest::newRow("unknown machine")
            << QStringList{"predictor", "predict", "small.json", profile,
                           "--machine", "nope",    "--layers",   "#0..#2"}
            << "cutlab-cli predictor: --machine: no machine 'nope' in the profiles"
            << "";
        QTest::newRow("layers reversed")
            << QStringList{"predictor", "predict", "small.json", profile,
                           "--machine", "raspi3",  "--layers",   "#3..#1"}
            << "--layers:"
            << "";
        QTest::newRow("hold out everything")
            << QStringList{"predictor",
                           "train",
                           profile,
                           "-o",
                           "none.json",
                           "--hold-out",
                           "raspi3,nuc-i3-1core,gtx1080ti"}
            << "cutlab-cli predictor: --hold-out leaves no machine to train on"
            << "none.json";
        QTest::newRow("invalid profile")
            << QStringList{"predictor", "train", "bad.json", "-o", "none.json"}
            << "cutlab-cli predictor: bad.json: error: "
            << "none.json";
        QTest::newRow("unwritable output")
            << QStringList{"predictor", "train", profile, "-o", "missing-dir/out.json",
                           "--epochs",  "1"}
            << "missing-dir/out.json: error: "
            << "missing-dir/out.json";
        QTest::newRow("no output")
            << QStringList{"predictor", "train", profile} << "train needs -o MODEL.json"
            << "";
        QTest::newRow("unknown action")
            << QStringList{"predictor", "fit", profile} << "unknown action 'fit'"
            << "";
    }
    void badInputIsRefused() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        QFETCH(QString, output);
        // A predictor file whose network is not an object, one that is not JSON, a small model.
        QFile bad(m_dir.filePath("bad.json"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(R"({"format": "cutlab-latency-predictor", "version": 1,
          "model": {"name": "x", "layers": ["a"]},
          "representative_sub_models": {"sorted_by": "flops", "sub_models": [
            {"first_index": 0, "last_index": 0}, {"first_index": 0, "last_index": 0},
            {"first_index": 0, "last_index": 0}, {"first_index": 0, "last_index": 0},
            {"first_index": 0, "last_index": 0}, {"first_index": 0, "last_index": 0},
            {"first_index": 0, "last_index": 0}, {"first_index": 0, "last_index": 0},
            {"first_index": 0, "last_index": 0}, {"first_index": 0, "last_index": 0}]},
          "training": {"machines": ["m"], "reference_machine": "m", "epochs": 1, "seed": 1,
            "batch_size": 64, "learning_rate": 0.002, "max_sub_models_per_machine": 1000,
            "mixed_machines": 0, "sample_budget": 100, "samples": 1, "final_loss": 0},
          "normalisation": {"offset_fraction": 0.01, "hardware_log_mean": [0,0,0,0,0,0,0,0,0,0],
            "hardware_log_scale": [1,1,1,1,1,1,1,1,1,1], "target_log_mean": 0,
            "target_log_scale": 1},
          "network": [1, 2]})");
        bad.close();
        QFile garbage(m_dir.filePath("garbage.json"));
        QVERIFY(garbage.open(QIODevice::WriteOnly));
        garbage.write("{\"format\": \"cutlab-latency-predictor\", ");
        garbage.close();
        if (!QFile::exists(m_dir.filePath("small.json")))
            QCOMPARE(runCli({"predictor", "train", m_profile, "-o", "small.json", "--epochs", "1"},
                            m_dir.path())
                         .status,
                     0);

        const CliRun run = runCli(arguments, m_dir.path());
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QCOMPARE(run.err.count('\n') >= 1, true);
        QVERIFY2(run.out.isEmpty(), qPrintable(run.out));
        if (!output.isEmpty())
            QVERIFY(!QFile::exists(m_dir.filePath(output)));
    }

    // A predictor file whose numbers are in range one by one but whose predictions are not
    // (huge weights) is refused with a sentence wherever it is used (it once gave "bottleneck
    // inf ms (optimal)", exit 0); one whose training settings would retrain for hours is refused
    // when read.
    void outOfRangePredictorsAreRefused() {
        QCOMPARE(runCli({"predictor", "train", m_profile, "-o", "base.json", "--epochs", "1"},
                        m_dir.path())
                     .status,
                 0);
        Json huge = readJson(m_dir.filePath("base.json"));
        for (auto& layer : huge["network"]["layers"])
            for (auto& row : layer["weights"])
                for (auto& weight : row)
                    weight = 1e300;
        std::ofstream(m_dir.filePath("huge.json").toStdString()) << huge.dump();
        const QString notFinite = "huge.json: error: the latency predictor for 'lenet5-cifar10' "
                                  "predicts a time that is not a finite number of ms";
        const CliRun predict = runCli({"predictor", "predict", "huge.json", m_profile, "--machine",
                                       "raspi3", "--layers", "#0..#6"},
                                      m_dir.path());
        QCOMPARE(predict.status, 2);
        QVERIFY2(predict.err.contains(notFinite), qPrintable(predict.err));
        const CliRun train =
            runCli({"train", m_profile, "--planner", "pipeline", "--stages", "raspi3,gtx1080ti",
                    "--times", "predictor:huge.json", "--reference", "raspi3"},
                   m_dir.path());
        QCOMPARE(train.status, 2);
        QVERIFY2(train.err.contains("predicts a time that is not a finite number of ms"),
                 qPrintable(train.err));
        QVERIFY2(!train.out.contains("inf") && !train.err.contains("internal error"),
                 qPrintable(train.out + train.err));

        Json slow = readJson(m_dir.filePath("base.json"));
        slow["training"]["epochs"] = 100000;
        std::ofstream(m_dir.filePath("slow.json").toStdString()) << slow.dump();
        const CliRun eval = runCli({"predictor", "eval", "slow.json", m_profile}, m_dir.path());
        QCOMPARE(eval.status, 2);
        QVERIFY2(eval.err.contains("slow.json: error: /training: epochs x sample_budget is "
                                   "800000000; at most 1e8"),
                 qPrintable(eval.err));
    }

  private:
    QTemporaryDir m_dir;
    QString m_profile;
};

CUTLAB_TEST_MAIN(TestPredictorCommand, Guiless)
} // namespace tst_predictorcommand

#include "tst_predictorcommand.moc"
