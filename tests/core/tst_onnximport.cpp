// ONNX import: the small models of tests/data/onnx (made by make_onnx_models.py, weights
// stripped) against figures computed by hand, and malformed files with their messages.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "ImportedGraphs.h"

#include "core/io/ProfileLoader.h"
#include "core/model/ModelStructure.h"
#include "core/onnx/ModelFileImport.h"
#include "core/onnx/OnnxImport.h"
#include "core/onnx/OperatorFlops.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include <map>

#include <sys/stat.h>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_onnximport {

using namespace cutlab::core;

namespace {

std::string model(const char* name) {
    return sourcePath(QStringLiteral("tests/data/onnx/%1").arg(name)).toStdString();
}

struct Expected {
    const char* id;
    const char* type;
    std::vector<std::string> inputs;
    double outputBytes;
    double paramBytes;
    double flops;
};

void compareLayers(const nlohmann::ordered_json& document, const std::vector<Expected>& expected) {
    const auto& layers = document["layers"];
    QCOMPARE(layers.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const auto& layer = layers[i];
        const Expected& e = expected[i];
        QCOMPARE(QString::fromStdString(layer["id"].get<std::string>()), QString(e.id));
        QCOMPARE(QString::fromStdString(layer["type"].get<std::string>()), QString(e.type));
        QCOMPARE(layer["inputs"].get<std::vector<std::string>>(), e.inputs);
        QCOMPARE(layer["output_bytes"].get<double>(), e.outputBytes);
        QCOMPARE(layer["param_bytes"].get<double>(), e.paramBytes);
        QCOMPARE(layer["flops"].get<double>(), e.flops);
    }
}

std::vector<std::string> cutsAfter(const Profile& profile) {
    const ModelStructure structure = analyseStructure(profile);
    std::vector<std::string> ids;
    for (int k : structure.cutAfter)
        ids.push_back(profile.layers[static_cast<std::size_t>(k)].id);
    return ids;
}

} // namespace

class TestOnnxImport : public QObject {
    Q_OBJECT
  private slots:
    // Conv 3→8 3×3 on 32×32, Relu, MaxPool 2, Reshape by a Constant shape, Gemm 2048→10 whose
    // weight passes through an Identity, Softmax; batch N read as 1.
    void linearChain() {
        const auto document = importOnnxGraph(model("linear.onnx"), {});
        QCOMPARE(document["model"]["input_bytes"].get<double>(), 3.0 * 32 * 32 * 4);
        QCOMPARE(document["model"]["batch"].get<double>(), 1.0);
        QCOMPARE(QString::fromStdString(document["model"]["name"].get<std::string>()),
                 QString("linear"));
        compareLayers(
            document,
            {
                // 8×32×32 outputs × 3 channels × 9 taps × 2; (8·3·9 + 8) weights
                {"conv",
                 "Conv",
                 {},
                 8 * 32 * 32 * 4,
                 (8 * 3 * 9 + 8) * 4,
                 2.0 * 8 * 32 * 32 * 3 * 9},
                {"relu", "Relu", {"conv"}, 8 * 32 * 32 * 4, 0, 8 * 32 * 32},
                // each of the 8×16×16 outputs reads its 2×2 window
                {"pool", "MaxPool", {"relu"}, 8 * 16 * 16 * 4, 0, 8 * 16 * 16 * 4},
                // the Constant shape is folded: neither an edge nor a parameter
                {"flatten", "Reshape", {"pool"}, 2048 * 4, 0, 0},
                // the weight through Identity still counts: (2048·10 + 10) floats
                {"fc", "Gemm", {"flatten"}, 10 * 4, (2048 * 10 + 10) * 4, 2.0 * 10 * 2048},
                {"softmax", "Softmax", {"fc"}, 10 * 4, 0, 10},
            });
        QCOMPARE(document["layers"][0]["output_shape"].get<std::vector<std::int64_t>>(),
                 (std::vector<std::int64_t>{1, 8, 32, 32}));
        const Profile profile = loadWithOneMachine(document);
        QCOMPARE(cutsAfter(profile),
                 (std::vector<std::string>{"conv", "relu", "pool", "flatten", "fc"}));
    }

    // The Add reads the Relu again: no cut inside the residual block.
    void residualBlock() {
        const auto document = importOnnxGraph(model("residual.onnx"), {});
        const double act = 4 * 8 * 8 * 4, conv = 2.0 * 4 * 8 * 8 * 4 * 9, weights = 4 * 4 * 9 * 4;
        compareLayers(document, {
                                    {"stem", "Conv", {}, act, weights, conv},
                                    {"relu", "Relu", {"stem"}, act, 0, 4 * 8 * 8},
                                    {"res_a", "Conv", {"relu"}, act, weights, conv},
                                    {"res_b", "Conv", {"res_a"}, act, weights, conv},
                                    {"add", "Add", {"res_b", "relu"}, act, 0, 4 * 8 * 8},
                                    // reads all 4×8×8 inputs
                                    {"gap", "GlobalAveragePool", {"add"}, 4 * 4, 0, 4 * 8 * 8},
                                    {"flatten", "Flatten", {"gap"}, 4 * 4, 0, 0},
                                });
        QCOMPARE(cutsAfter(loadWithOneMachine(document)),
                 (std::vector<std::string>{"stem", "relu", "add", "gap"}));
    }

    // Unnamed nodes take their first output's name; three branches meet in a Concat.
    void inceptionBranches() {
        const auto document = importOnnxGraph(model("inception.onnx"), {});
        compareLayers(
            document,
            {
                {"stem_out", "Conv", {}, 8 * 256 * 4, 8 * 3 * 4, 2.0 * 8 * 256 * 3},
                {"b1", "Conv", {"stem_out"}, 4 * 256 * 4, 4 * 8 * 4, 2.0 * 4 * 256 * 8},
                {"b3", "Conv", {"stem_out"}, 4 * 256 * 4, 4 * 8 * 9 * 4, 2.0 * 4 * 256 * 8 * 9},
                {"bp", "MaxPool", {"stem_out"}, 8 * 256 * 4, 0, 8 * 256 * 9}, // 3×3 windows
                {"cat", "Concat", {"b1", "b3", "bp"}, 16 * 256 * 4, 0, 0},
                {"out", "Relu", {"cat"}, 16 * 256 * 4, 0, 16 * 256},
            });
        QCOMPARE(cutsAfter(loadWithOneMachine(document)),
                 (std::vector<std::string>{"stem_out", "cat"}));
    }

    // A Split with two outputs is one layer whose output is both tensors; two graph outputs.
    void multiOutputNode() {
        const auto document = importOnnxGraph(model("multi_output.onnx"), {});
        compareLayers(document, {
                                    // the split sizes are an int64 initializer:
                                    // sizes, not weights (formats.md)
                                    {"split", "Split", {}, (32 + 64) * 4, 0, 0},
                                    {"relu", "Relu", {"split"}, 32 * 4, 0, 32},
                                    {"sigmoid", "Sigmoid", {"split"}, 64 * 4, 0, 64},
                                    // [1,2,4,4] × [4,5]: 40 outputs × 4 terms × 2
                                    {"matmul", "MatMul", {"relu"}, 40 * 4, 4 * 5 * 4, 2.0 * 40 * 4},
                                });
        QCOMPARE(cutsAfter(loadWithOneMachine(document)), (std::vector<std::string>{"split"}));
    }

    // The batch N is 1; the height H needs --dim H=VALUE.
    void symbolicDimensions() {
        const QString error = importError(model("symbolic.onnx"));
        QVERIFY2(error.contains("'H'") && error.contains("--dim H=VALUE") && error.contains("'x'"),
                 qPrintable(error));
        OnnxImportOptions options;
        options.dimensions["H"] = 5;
        const auto document = importOnnxGraph(model("symbolic.onnx"), options);
        QCOMPARE(document["model"]["input_bytes"].get<double>(), 3.0 * 5 * 8 * 4);
        QCOMPARE(document["layers"][1]["output_bytes"].get<double>(), 3.0 * 5 * 8 * 4);
        // a given batch replaces the 1
        options.dimensions["N"] = 4;
        QCOMPARE(
            importOnnxGraph(model("symbolic.onnx"), options)["model"]["input_bytes"].get<double>(),
            4 * 3.0 * 5 * 8 * 4);
    }

    // Weights in an external file that is absent: shapes come from the model, the data is
    // never read.
    void externalWeightsNeedNotExist() {
        QVERIFY(!QFile::exists(sourcePath("tests/data/onnx/external.weights")));
        const auto external = importOnnxGraph(model("external.onnx"), {});
        const auto inline_ = importOnnxGraph(model("linear.onnx"), {});
        QCOMPARE(external["layers"].size(), inline_["layers"].size());
        for (std::size_t i = 0; i < external["layers"].size(); ++i)
            QCOMPARE(external["layers"][i]["param_bytes"].get<double>(),
                     inline_["layers"][i]["param_bytes"].get<double>());
        QCOMPARE(external["layers"][4]["param_bytes"].get<double>(), (2048.0 * 10 + 10) * 4);
    }

    void malformedFiles_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QTest::newRow("text") << "not_onnx.onnx"
                              << "not an ONNX model";
        QTest::newRow("truncated") << "truncated.onnx"
                                   << "truncated";
        QTest::newRow("opset 99") << "opset99.onnx"
                                  << "opset 99 is newer than this importer";
        QTest::newRow("missing") << "no_such_model.onnx"
                                 << "cannot be read";
    }
    void malformedFiles() {
        QFETCH(QString, file);
        QFETCH(QString, message);
        const QString error = importError(model(qPrintable(file)));
        QVERIFY2(error.contains(message), qPrintable(error));
    }

    void contentDetection() {
        QFile file(sourcePath("tests/data/onnx/linear.onnx"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray head = file.read(16);
        QVERIFY(looksLikeOnnx(std::string_view(head.constData(), head.size())));
        QVERIFY(!looksLikeOnnx("node1 -- Conv2d -- forward_compute_time=1"));
        QVERIFY(!looksLikeOnnx("{\"format\": \"cutlab-profile\"}"));
        QVERIFY(!looksLikeOnnx(""));
    }

    // A FIFO named like a model is not read to detect its format (`cutlab f.json` on a FIFO
    // once waited for ever for a writer).
    void aFifoIsNoModelFile() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath("f.json");
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        QCOMPARE(static_cast<int>(detectModelFileFormat(fifo.toStdString())),
                 static_cast<int>(ModelFileFormat::Unknown));
    }

    void flopsByHand() {
        using Shapes = OperatorShapes;
        using Dims = std::vector<std::vector<std::int64_t>>;
        // Conv 16→32, 3×3, group 4 (weight [32, 4, 3, 3]) on a 10×10 output
        QCOMPARE(
            operatorFlops("Conv",
                          Shapes{Dims{{1, 16, 10, 10}, {32, 4, 3, 3}}, Dims{{1, 32, 10, 10}}, {}}),
            2.0 * 32 * 100 * 4 * 9);
        // depthwise 3×3 on 32 channels (group 32, weight [32, 1, 3, 3]): 9 taps per output
        QCOMPARE(operatorFlops("Conv",
                               Shapes{Dims{{1, 32, 8, 8}, {32, 1, 3, 3}}, Dims{{1, 32, 8, 8}}, {}}),
                 2.0 * 32 * 64 * 1 * 9);
        // ConvTranspose 8→4 2×2 stride 2 on 5×5 (weight [8, 4, 2, 2])
        QCOMPARE(operatorFlops("ConvTranspose",
                               Shapes{Dims{{1, 8, 5, 5}, {8, 4, 2, 2}}, Dims{{1, 4, 10, 10}}, {}}),
                 2.0 * 8 * 25 * 4 * 4);
        // Gemm with a transposed A [K=6, M=3] and B [6, 2]; a fully-connected 512→1000 on one
        // sample (GEMV): 2 × 1000 × 512
        QCOMPARE(operatorFlops("Gemm", Shapes{Dims{{6, 3}, {6, 2}}, Dims{{3, 2}}, {}}),
                 2.0 * 3 * 2 * 6);
        QCOMPARE(operatorFlops("Gemm", Shapes{Dims{{1, 512}, {1000, 512}}, Dims{{1, 1000}}, {}}),
                 2.0 * 1000 * 512);
        QCOMPARE(operatorFlops("Reshape", Shapes{Dims{{1, 8}}, Dims{{2, 4}}, {}}), 0.0);
        QCOMPARE(
            operatorFlops("BatchNormalization", Shapes{Dims{{1, 3, 4, 4}}, Dims{{1, 3, 4, 4}}, {}}),
            48.0);
        // MaxPool 3×3 stride 2 on 64×112×112 → 64×56×56: every output reads its 9-element
        // window (it was one operation per output, 9× too few)
        QCOMPARE(operatorFlops("MaxPool",
                               Shapes{Dims{{1, 64, 112, 112}}, Dims{{1, 64, 56, 56}}, {3, 3}}),
                 64.0 * 56 * 56 * 9);
        QCOMPARE(
            operatorFlops("AveragePool", Shapes{Dims{{1, 8, 4, 4}}, Dims{{1, 8, 2, 2}}, {2, 2}}),
            8.0 * 2 * 2 * 4);
        // a hostile window stays finite; no output, no work
        const double huge = operatorFlops(
            "MaxPool",
            Shapes{Dims{{1, 1, 4, 4}},
                   Dims{{1, 1, 2, 2}},
                   {std::int64_t{1} << 62, std::int64_t{1} << 62, std::int64_t{1} << 62}});
        QVERIFY(std::isfinite(huge) && huge == 4 * 1e12);
        QCOMPARE(
            operatorFlops("MaxPool",
                          Shapes{Dims{{1, 1, 4, 4}}, Dims{{1, 1, 0, 0}}, {std::int64_t{1} << 62}}),
            0.0);
        // global pooling reads every input element: 512×7×7
        QCOMPARE(operatorFlops("GlobalAveragePool",
                               Shapes{Dims{{1, 512, 7, 7}}, Dims{{1, 512, 1, 1}}, {}}),
                 512.0 * 49);
    }
    // The time model's class of each operator: grouped convolutions, GEMV and pooling are told
    // apart from the dense operators they would otherwise be priced as.
    void operatorClassesByShape() {
        using Shapes = OperatorShapes;
        using Dims = std::vector<std::vector<std::int64_t>>;
        const auto classOf = [](const char* type, const Shapes& shapes) {
            return operatorClassName(operatorClass(type, shapes));
        };
        Shapes dense{Dims{{1, 16, 10, 10}, {32, 16, 3, 3}}, Dims{{1, 32, 10, 10}}, {}};
        QCOMPARE(classOf("Conv", dense), std::string("convolution"));
        Shapes depthwise{Dims{{1, 32, 8, 8}, {32, 1, 3, 3}}, Dims{{1, 32, 8, 8}}, {}, 32};
        QCOMPARE(classOf("Conv", depthwise), std::string("grouped_convolution"));
        // a fully connected layer on one sample is a matrix-vector product; three rows are not
        QCOMPARE(classOf("Gemm", Shapes{Dims{{1, 512}, {1000, 512}}, Dims{{1, 1000}}, {}}),
                 std::string("matrix_vector"));
        QCOMPARE(classOf("Gemm", Shapes{Dims{{6, 3}, {6, 2}}, Dims{{3, 2}}, {}}),
                 std::string("matrix_multiply"));
        QCOMPARE(classOf("MatMul", Shapes{Dims{{1, 8, 64}, {64, 64}}, Dims{{1, 8, 64}}, {}}),
                 std::string("matrix_multiply"));
        QCOMPARE(classOf("MaxPool", Shapes{Dims{{1, 8, 4, 4}}, Dims{{1, 8, 2, 2}}, {2, 2}}),
                 std::string("pooling"));
        QCOMPARE(classOf("GlobalAveragePool", Shapes{Dims{{1, 8, 4, 4}}, Dims{{1, 8, 1, 1}}, {}}),
                 std::string("pooling"));
        QCOMPARE(classOf("Relu", Shapes{Dims{{1, 8}}, Dims{{1, 8}}, {}}),
                 std::string("elementwise"));
        QCOMPARE(classOf("Flatten", Shapes{Dims{{1, 8, 1, 1}}, Dims{{1, 8}}, {}}),
                 std::string("data_movement"));
    }
};

CUTLAB_TEST_MAIN(TestOnnxImport, Guiless)
} // namespace tst_onnximport

#include "tst_onnximport.moc"
