// The models of today's zoo (tests/data/onnx/zoo, made by make_zoo_models.py with torch 1.13,
// weights stripped): each imports, its parameter bytes are the weights the file holds (read by
// python3-onnx into expected.json), ViT-B/16 cuts carry its residual stream and its
// multiply-adds are the published figure, and the models CutLab cannot size are refused with a
// sentence naming the node.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "ImportedGraphs.h"

#include "core/io/ProfileLoader.h"
#include "core/model/BlockScopes.h"
#include "core/model/ModelStructure.h"
#include "core/onnx/OnnxImport.h"

#include <QFile>
#include <QTest>

#include <cmath>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_zooimport {

using namespace cutlab::core;
using Json = nlohmann::ordered_json;

namespace {

std::string zooModel(const QString& name) {
    return sourcePath("tests/data/onnx/zoo/" + name).toStdString();
}

Json expectedFigures() {
    QFile file(sourcePath("tests/data/onnx/zoo/expected.json"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("tests/data/onnx/zoo/expected.json is missing");
    return Json::parse(file.readAll().toStdString());
}

// The sizes a file leaves symbolic (a language model's sequence and past lengths).
OnnxImportOptions optionsFor(const QString& name) {
    OnnxImportOptions options;
    if (name.startsWith("decoder"))
        options.dimensions["seq"] = 64;
    if (name.startsWith("decoder-past"))
        options.dimensions = {{"seq", 1}, {"past", 63}};
    return options;
}

double sum(const Json& layers, const char* field, const std::set<std::string>& types = {}) {
    double total = 0;
    for (const auto& layer : layers)
        if (types.empty() || types.count(layer["type"].get<std::string>()))
            total += layer[field].get<double>();
    return total;
}

} // namespace

class TestZooImport : public QObject {
    Q_OBJECT
  private slots:
    void everyModelImports_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("weights");
        const Json expected = expectedFigures();
        QVERIFY(expected.size() >= 18);
        for (const auto& [file, figures] : expected.items())
            if (QString::fromStdString(file).startsWith("refused") == false)
                QTest::newRow(file.c_str())
                    << QString::fromStdString(file) << figures["weight_bytes_read"].get<double>();
    }

    void everyModelImports() {
        QFETCH(QString, file);
        QFETCH(double, weights);
        const Json document = importOnnxGraph(zooModel(file), optionsFor(file));
        const Json& layers = document["layers"];
        QVERIFY(layers.size() > 10);
        QCOMPARE(sum(layers, "param_bytes"), weights);
        for (const auto& layer : layers)
            QVERIFY2(layer["output_bytes"].get<double>() > 0, layer["id"].dump().c_str());
        const Profile profile = loadWithOneMachine(document);
        QVERIFY(!analyseStructure(profile).cutAfter.empty());
    }

    // Between two encoder blocks a cut carries the residual stream, 197 tokens of 768 floats;
    // at opset 17 LayerNormalization is one operator, at opset 13 a decomposition.
    void vitCutsCarryTheResidualStream_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("opset 13") << "vit_b_16.onnx";
        QTest::newRow("opset 17") << "vit_b_16-17.onnx";
    }
    void vitCutsCarryTheResidualStream() {
        QFETCH(QString, file);
        const Profile profile = loadWithOneMachine(importOnnxGraph(zooModel(file), {}));
        const ModelStructure structure = analyseStructure(profile);
        int blockEnds = 0;
        for (int block = 0; block < 12; ++block) {
            const std::string last =
                "/encoder/layers/encoder_layer_" + std::to_string(block) + "/Add_1";
            int position = -1;
            for (std::size_t i = 0; i < profile.layers.size(); ++i)
                if (profile.layers[i].id == last)
                    position = static_cast<int>(i);
            QVERIFY2(position >= 0, last.c_str());
            QVERIFY(structure.isValidCutAfter(position));
            QCOMPARE(profile.layers[static_cast<std::size_t>(position)].outputBytes,
                     197.0 * 768 * 4);
            ++blockEnds;
        }
        QCOMPARE(blockEnds, 12);
    }

    // A transformer reads as its blocks: each encoder layer (two blocks between valid cuts, its
    // attention and its MLP) is one named run.
    void transformerBlocksAreNamedRuns() {
        const Profile vit = loadWithOneMachine(importOnnxGraph(zooModel("vit_b_16.onnx"), {}));
        const ModelStructure structure = analyseStructure(vit);
        const auto runs = scopedBlocks(vit, structure);
        // the 12 encoder layers, then the final LayerNorm (decomposed at opset 13: 5 blocks)
        QCOMPARE(runs.size(), std::size_t(13));
        QCOMPARE(runs.back().scope, std::string("ln"));
        for (std::size_t i = 0; i < 12; ++i) {
            QCOMPARE(runs[i].scope, "encoder_layer_" + std::to_string(i));
            QCOMPARE(runs[i].lastBlock, runs[i].firstBlock + 1);
            const int last = structure.blocks[static_cast<std::size_t>(runs[i].lastBlock)].last;
            QCOMPARE(vit.layers[static_cast<std::size_t>(last)].id,
                     "/encoder/layers/encoder_layer_" + std::to_string(i) + "/Add_1");
        }
        // the window's boxes: the runs, the stretch before them (patches, class token, position
        // embedding) and the one after (class token taken, head)
        const auto boxes = scopedBoxes(vit, structure, 20);
        QCOMPARE(boxes.size(), std::size_t(15));
        QCOMPARE(boxes.front(), (std::pair<int, int>(0, runs.front().firstBlock - 1)));
        // fewer boxes: whole runs merged, each box ending at a run's end
        const auto four = scopedBoxes(vit, structure, 4);
        QCOMPARE(four.size(), std::size_t(4));
        for (std::size_t i = 0; i + 1 < four.size(); ++i) {
            bool endsARun = four[i].second < runs.front().firstBlock;
            for (const auto& run : runs)
                endsARun = endsARun || run.lastBlock == four[i].second;
            QVERIFY(endsARun);
            QCOMPARE(four[i + 1].first, four[i].second + 1);
        }
        const Profile decoder =
            loadWithOneMachine(importOnnxGraph(zooModel("decoder-17.onnx"), optionsFor("decoder")));
        const auto layers = scopedBlocks(decoder, analyseStructure(decoder));
        QCOMPARE(layers.size(), std::size_t(2));
        QCOMPARE(layers[0].scope, std::string("h.0"));
        // DenseNet's dense blocks are one block each; only each transition's average pool, which
        // torch writes as Pad then AveragePool (two blocks), spans more than one
        const Profile densenet =
            loadWithOneMachine(importOnnxGraph(zooModel("densenet121.onnx"), {}));
        std::string names;
        for (const auto& run : scopedBlocks(densenet, analyseStructure(densenet)))
            names += run.scope + " ";
        QCOMPARE(QString::fromStdString(names), QString("pool pool pool "));
    }

    // torchvision's published 17.56 G multiply-adds (Conv, Gemm, MatMul: attention included).
    void vitCountsItsMultiplyAdds() {
        const Json layers = importOnnxGraph(zooModel("vit_b_16.onnx"), {})["layers"];
        const double macs = sum(layers, "flops", {"Conv", "Gemm", "MatMul"}) / 2;
        QVERIFY2(std::fabs(macs / 17.56e9 - 1) < 0.02, std::to_string(macs).c_str());
        // MaxViT's window attention is Einsum: 5.56 G published
        const Json maxvit = importOnnxGraph(zooModel("maxvit_t.onnx"), {})["layers"];
        const double maxvitMacs = sum(maxvit, "flops", {"Conv", "Gemm", "MatMul", "Einsum"}) / 2;
        QVERIFY2(std::fabs(maxvitMacs / 5.56e9 - 1) < 0.02, std::to_string(maxvitMacs).c_str());
    }

    // The decoder's hidden state is seq x 64 floats; its logits seq x 512; with past keys and
    // values, one new token reads a cache of 63.
    void decoderSizesFollowTheSequenceLength() {
        QVERIFY(importError(zooModel("decoder-14.onnx")).contains("--dim seq=VALUE"));
        QVERIFY(importError(zooModel("decoder-past-14.onnx"), optionsFor("decoder-14.onnx"))
                    .contains("--dim past=VALUE"));
        for (const int seq : {16, 64}) {
            OnnxImportOptions options;
            options.dimensions["seq"] = seq;
            const Json layers = importOnnxGraph(zooModel("decoder-17.onnx"), options)["layers"];
            QCOMPARE(layers.front()["output_bytes"].get<double>(), seq * 64.0 * 4);
            QCOMPARE(layers.back()["output_bytes"].get<double>(), seq * 512.0 * 4);
        }
        const Json cached =
            importOnnxGraph(zooModel("decoder-past-14.onnx"), optionsFor("decoder-past"))["layers"];
        QCOMPARE(cached.back()["output_bytes"].get<double>(), 512.0 * 4);
    }

    void unsizableModelsAreRefusedNamingTheNode() {
        const QString data = importError(zooModel("refused-data-dependent.onnx"));
        QVERIFY2(data.contains("depends on the data") && data.contains("(NonZero)") &&
                     data.contains("cut the model before node"),
                 qPrintable(data));
        OnnxImportOptions n128;
        n128.dimensions["n"] = 128;
        const QString large = importError(zooModel("refused-too-large.onnx"), n128);
        QVERIFY2(large.contains("(Range) computes a tensor of 2097152 elements") &&
                     large.contains("more than the 1000000"),
                 qPrintable(large));
    }
};

CUTLAB_TEST_MAIN(TestZooImport, Guiless)
} // namespace tst_zooimport

#include "tst_zooimport.moc"
