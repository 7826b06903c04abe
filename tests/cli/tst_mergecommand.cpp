// `cutlab-cli merge A.json B.json ... -o OUT.json` (docs/formats.md §4.12), run as the built
// program: sample profiles split into per-machine files and merged back, every refusal with its
// message, exit status and no output file, and the merged file read back with the profile loader.
#include "../TestMain.h"
#include "../TestPaths.h"
#include "CliRun.h"

#include "core/io/ProfileLoader.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <fstream>
#include <initializer_list>
#include <string>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_mergecommand {

using Json = nlohmann::ordered_json;

namespace {

// Equal JSON values (compared as values: 4096 == 4096.0); otherwise both are shown, cut short.
// (QCOMPARE cannot take nlohmann values: their implicit conversions make it ambiguous.)
bool sameJson(const Json& actual, const Json& expected) {
    if (actual == expected)
        return true;
    qWarning("actual:   %.2000s\nexpected: %.2000s", actual.dump().c_str(),
             expected.dump().c_str());
    return false;
}

using Run = CliRun;

// Runs cutlab-cli in `dir`, so that the files are named as in the messages ("B.json: error: …").
Run cli(const QTemporaryDir& dir, const QStringList& arguments) {
    return runCli(arguments, dir.path());
}

Json readJson(const QString& path) {
    std::ifstream in(path.toStdString());
    return Json::parse(in);
}

Json sample(const char* relative) {
    return readJson(sourcePath(relative));
}

void writeJson(const QTemporaryDir& dir, const QString& name, const Json& document) {
    std::ofstream out(dir.filePath(name).toStdString());
    out << document.dump(1) << "\n";
    if (!out)
        qFatal("cannot write a test file");
}

// The profile with only the given machines: their entries and their per-layer times.
Json onlyMachines(Json profile, std::initializer_list<std::string> ids) {
    const auto kept = [&](const std::string& id) {
        return std::find(ids.begin(), ids.end(), id) != ids.end();
    };
    Json machines = Json::array();
    for (const Json& machine : profile["machines"])
        if (kept(machine["id"].get<std::string>()))
            machines.push_back(machine);
    profile["machines"] = machines;
    for (Json& layer : profile["layers"]) {
        for (const char* field : {"forward_ms", "backward_ms", "update_ms"}) {
            if (!layer.contains(field))
                continue;
            Json times = Json::object();
            for (const auto& [id, ms] : layer[field].items())
                if (kept(id))
                    times[id] = ms;
            layer[field] = times;
        }
    }
    return profile;
}

Json& layerNamed(Json& profile, const std::string& id) {
    for (Json& layer : profile["layers"])
        if (layer["id"] == id)
            return layer;
    qFatal("no such layer");
}

QString fileText(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// `info` without its source line (the merged source says where it came from).
QStringList infoWithoutSource(const QTemporaryDir& dir, const QString& profile) {
    const Run run = cli(dir, {"info", profile});
    if (run.status != 0)
        qWarning("%s", qPrintable(run.err));
    QStringList lines = run.out.split('\n');
    lines.removeIf([](const QString& line) { return line.startsWith("source "); });
    return lines;
}

const char* const kResidual = "sample_profiles/handmade/tiny-residual.json";

} // namespace

class TestMergeCommand : public QObject {
    Q_OBJECT
  private slots:
    // Five single-machine files cut out of Scission's VGG16 merge back into the original: same
    // machines, the same layers with every time (compared as JSON values, i.e. exactly).
    void vgg16SplitPerMachineMergesBack() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const Json original = sample("sample_profiles/scission/vgg16.json");
        QStringList arguments{"merge"};
        for (const Json& machine : original["machines"]) {
            const std::string id = machine["id"].get<std::string>();
            const QString name = QString::number(arguments.size()) + ".json";
            writeJson(dir, name, onlyMachines(original, {id}));
            arguments << name;
        }
        QCOMPARE(arguments.size(), 6);
        const Run run = cli(dir, arguments + QStringList{"-o", "merged.json"});
        QVERIFY2(run.status == 0, qPrintable(run.err));
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err, QString()); // nothing differs, nothing left out: no note

        Json merged = readJson(dir.filePath("merged.json"));
        QVERIFY(sameJson(merged["machines"], original["machines"]));
        QCOMPARE(merged["layers"].size(), original["layers"].size());
        std::size_t times = 0;
        for (std::size_t i = 0; i < original["layers"].size(); ++i) {
            const Json& layer = merged["layers"][i];
            QVERIFY(sameJson(layer, original["layers"][i]));
            for (const auto& [id, ms] : original["layers"][i]["forward_ms"].items()) {
                QVERIFY(layer.at("forward_ms").at(id).get<double>() == ms.get<double>());
                ++times;
            }
        }
        QCOMPARE(times, original["layers"].size() * 5);
        QVERIFY(sameJson(merged["model"]["name"], original["model"]["name"]));
        QCOMPARE(merged["model"]["source"].get<std::string>(),
                 original["model"]["source"].get<std::string>() +
                     "; merged by cutlab-cli merge from 1.json, 2.json, 3.json, 4.json, 5.json");

        const auto loaded =
            cutlab::core::loadProfileFile(dir.filePath("merged.json").toStdString());
        QVERIFY(loaded.ok());
        QCOMPARE(loaded.profile->machines.size(), std::size_t(5));
        QCOMPARE(loaded.profile->machines[3].id, std::string("6700k(GPU)"));
        QVERIFY(loaded.profile->layers.front().forwardMs[0] == 70.98042964935303);
        QCOMPARE(infoWithoutSource(dir, "merged.json"),
                 infoWithoutSource(dir, sourcePath("sample_profiles/scission/vgg16.json")));
    }

    // Two single-machine files: the merge holds both machines' forward times per layer.
    void twoMachinesOfVgg16() {
        QTemporaryDir dir;
        const Json original = sample("sample_profiles/scission/vgg16.json");
        writeJson(dir, "pi.json", onlyMachines(original, {"raspi4"}));
        writeJson(dir, "gpu.json", onlyMachines(original, {"6700k(GPU)"}));
        const Run run = cli(dir, {"merge", "pi.json", "gpu.json", "-o", "both.json"});
        QVERIFY2(run.status == 0, qPrintable(run.err));
        Json merged = readJson(dir.filePath("both.json"));
        QCOMPARE(merged["machines"].size(), std::size_t(2));
        QVERIFY(sameJson(merged["machines"][0]["id"], Json("raspi4")));
        QVERIFY(sameJson(merged["machines"][1]["id"], Json("6700k(GPU)")));
        for (std::size_t i = 0; i < original["layers"].size(); ++i) {
            const Json& times = merged["layers"][i]["forward_ms"];
            QCOMPARE(times.size(), std::size_t(2));
            QVERIFY(sameJson(times["raspi4"], original["layers"][i]["forward_ms"]["raspi4"]));
            QVERIFY(
                sameJson(times["6700k(GPU)"], original["layers"][i]["forward_ms"]["6700k(GPU)"]));
        }
        QVERIFY(merged["layers"][1]["forward_ms"]["raspi4"].get<double>() == 244.73896026611328);
        const Run info = cli(dir, {"info", "both.json"});
        QCOMPARE(info.status, 0);
        QVERIFY(info.out.contains("  raspi4 (device)  Raspberry Pi 4\n"));
        QVERIFY(info.out.contains("  6700k(GPU) (cloud)  Intel i7-6700K with GPU\n"));
    }

    // Every refusal names the first difference (the file, the layer, what differs); exit 2,
    // nothing on stdout, and no output file (an existing one is left as it was).
    void refusals_data() {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("message");
        QTest::newRow("layer renamed")
            << "rename"
            << "cutlab-cli merge: B.json: error: layer #2 is 'c2b' here but 'c2' in A.json";
        QTest::newRow("inputs differ")
            << "inputs"
            << "cutlab-cli merge: B.json: error: layer 'add' reads 'c2', 'c1' here but 'c2', "
               "'stem' in A.json";
        QTest::newRow("reads the model input")
            << "model-input"
            << "cutlab-cli merge: B.json: error: layer 'c1' reads the model input here but 'stem' "
               "in A.json";
        QTest::newRow("output_bytes differ")
            << "output-bytes"
            << "cutlab-cli merge: B.json: error: layer 'c1' has output_bytes 8192 here but 4096 in "
               "A.json";
        QTest::newRow("param_bytes differ")
            << "param-bytes"
            << "cutlab-cli merge: B.json: error: layer 'fc' has param_bytes 1 here but 41000 in "
               "A.json";
        QTest::newRow("type differs")
            << "type"
            << "cutlab-cli merge: B.json: error: layer 'fc' has type 'Linear' here but "
               "'Dense' in A.json";
        QTest::newRow("last layer missing")
            << "drop-last"
            << "cutlab-cli merge: B.json: error: has 4 layers, A.json 5: first difference at #4: "
               "nothing here, 'fc' in A.json";
        QTest::newRow("middle layer missing")
            << "drop-middle"
            << "cutlab-cli merge: B.json: error: has 4 layers, A.json 5: first difference at #2: "
               "'add' here, 'c2' in A.json";
        QTest::newRow("extra layer")
            << "extra-layer"
            << "cutlab-cli merge: B.json: error: has 6 layers, A.json 5: first difference at #5: "
               "'softmax' here, nothing in A.json";
        QTest::newRow("duplicate machine")
            << "duplicate-machine"
            << "cutlab-cli merge: B.json: error: machine 'd' is also in A.json: every machine must "
               "come from one file";
        QTest::newRow("batch differs")
            << "batch"
            << "cutlab-cli merge: B.json: error: model.batch is 4 here but 1 in A.json: times are "
               "measured at model.batch samples, so every file must give the same";
        QTest::newRow("input_bytes differ")
            << "input-bytes"
            << "cutlab-cli merge: B.json: error: model.input_bytes is 3073 here but 3072 in A.json";
        QTest::newRow("backward in one file only")
            << "backward"
            << "cutlab-cli merge: A.json: error: has no backward_ms but B.json has: backward_ms "
               "must be given for every machine or for none (merge with --forward-only to leave "
               "out backward_ms and update_ms)";
    }
    void refusals() {
        QFETCH(QString, change);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const Json residual = sample(kResidual);
        const Json a = onlyMachines(residual, {"d"});
        Json b = onlyMachines(residual, {"c"});
        if (change == "rename") {
            layerNamed(b, "c2")["id"] = "c2b";
            layerNamed(b, "add")["inputs"] = Json::array({"c2b", "stem"});
        } else if (change == "inputs") {
            layerNamed(b, "add")["inputs"] = Json::array({"c2", "c1"});
        } else if (change == "model-input") {
            layerNamed(b, "c1").erase("inputs");
        } else if (change == "output-bytes") {
            layerNamed(b, "c1")["output_bytes"] = 8192;
        } else if (change == "param-bytes") {
            layerNamed(b, "fc")["param_bytes"] = 1;
        } else if (change == "type") {
            layerNamed(b, "fc")["type"] = "Linear";
        } else if (change == "drop-last") {
            b["layers"].erase(4);
        } else if (change == "drop-middle") {
            layerNamed(b, "add")["inputs"] = Json::array({"c1", "stem"});
            b["layers"].erase(2);
        } else if (change == "extra-layer") {
            Json softmax = {{"id", "softmax"}, {"output_bytes", 40}};
            softmax["inputs"] = Json::array({"fc"});
            softmax["forward_ms"] = {{"c", 0.01}};
            b["layers"].push_back(softmax);
        } else if (change == "duplicate-machine") {
            b = residual; // d and c, while A.json has d
        } else if (change == "batch") {
            b["model"]["batch"] = 4;
        } else if (change == "input-bytes") {
            b["model"]["input_bytes"] = 3073;
        } else if (change == "backward") {
            for (Json& layer : b["layers"])
                layer["backward_ms"] = {{"c", 1.0}};
        }
        writeJson(dir, "A.json", a);
        writeJson(dir, "B.json", b);
        const Run valid = cli(dir, {"validate", "A.json", "B.json"});
        QVERIFY2(valid.status == 0, qPrintable(valid.err)); // the files are sound profiles

        const Run run = cli(dir, {"merge", "A.json", "B.json", "-o", "out.json"});
        QCOMPARE(run.status, 2);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err, message + "\n");
        QVERIFY(!QFile::exists(dir.filePath("out.json")));

        // An existing output is left untouched.
        QFile old(dir.filePath("out.json"));
        QVERIFY(old.open(QIODevice::WriteOnly) && old.write("old\n") == 4);
        old.close();
        const Run again = cli(dir, {"merge", "A.json", "B.json", "-o", "out.json"});
        QCOMPARE(again.status, 2);
        QCOMPARE(fileText(dir.filePath("out.json")), QString("old\n"));
    }

    // HierTrain's LeNet-5 (backward and update times, "estimated" on machines and layers):
    // split per machine, merged back whole; a file without backward times is refused (naming
    // it), or merged with --forward-only, which leaves backward and update out and says so.
    void backwardAndUpdateTimes() {
        QTemporaryDir dir;
        const Json lenet = sample("sample_profiles/hiertrain/lenet5-cifar10.json");
        writeJson(dir, "pi.json", onlyMachines(lenet, {"raspi3"}));
        writeJson(dir, "nuc.json", onlyMachines(lenet, {"nuc-i3-1core"}));
        writeJson(dir, "gpu.json", onlyMachines(lenet, {"gtx1080ti"}));
        Run run = cli(dir, {"merge", "pi.json", "nuc.json", "gpu.json", "-o", "all.json"});
        QVERIFY2(run.status == 0, qPrintable(run.err));
        QCOMPARE(run.err, QString());
        Json all = readJson(dir.filePath("all.json"));
        QVERIFY(sameJson(all["machines"], lenet["machines"]));
        QVERIFY(sameJson(all["layers"], lenet["layers"]));
        QVERIFY(sameJson(all["model"]["batch"], Json(128)));
        QVERIFY(cli(dir, {"info", "all.json"}).out.contains("training     backward times present"));

        Json forwardOnly = onlyMachines(lenet, {"gtx1080ti"});
        for (Json& layer : forwardOnly["layers"]) {
            layer.erase("backward_ms");
            layer.erase("update_ms");
        }
        writeJson(dir, "gpu-forward.json", forwardOnly);
        run = cli(dir, {"merge", "pi.json", "nuc.json", "gpu-forward.json", "-o", "out.json"});
        QCOMPARE(run.status, 2);
        QCOMPARE(run.err, QString("cutlab-cli merge: gpu-forward.json: error: has no backward_ms "
                                  "but pi.json has: backward_ms must be given for every machine "
                                  "or for none (merge with --forward-only to leave out "
                                  "backward_ms and update_ms)\n"));
        QVERIFY(!QFile::exists(dir.filePath("out.json")));

        // One layer without backward times: that layer is named.
        Json oneLayerShort = onlyMachines(lenet, {"gtx1080ti"});
        oneLayerShort["layers"][2].erase("backward_ms");
        writeJson(dir, "gpu-short.json", oneLayerShort);
        run = cli(dir, {"merge", "pi.json", "gpu-short.json", "-o", "out.json"});
        QCOMPARE(run.status, 2);
        QVERIFY2(
            run.err.startsWith("cutlab-cli merge: gpu-short.json: error: layer '" +
                               QString::fromStdString(lenet["layers"][2]["id"].get<std::string>()) +
                               "' has no backward_ms but pi.json has: "),
            qPrintable(run.err));
        QVERIFY(!QFile::exists(dir.filePath("out.json")));

        run = cli(dir, {"merge", "pi.json", "nuc.json", "gpu-forward.json", "-o", "out.json",
                        "--forward-only"});
        QVERIFY2(run.status == 0, qPrintable(run.err));
        QCOMPARE(run.err, QString("cutlab-cli merge: note: --forward-only: left out backward_ms "
                                  "and update_ms (given in pi.json, nuc.json)\n"));
        Json merged = readJson(dir.filePath("out.json"));
        QCOMPARE(merged["machines"].size(), std::size_t(3));
        for (std::size_t i = 0; i < merged["layers"].size(); ++i) {
            const Json& layer = merged["layers"][i];
            QVERIFY(!layer.contains("backward_ms"));
            QVERIFY(!layer.contains("update_ms"));
            QVERIFY(sameJson(layer["forward_ms"], lenet["layers"][i]["forward_ms"]));
            QVERIFY(sameJson(layer["estimated"], Json(true)));
        }
        const auto loaded = cutlab::core::loadProfileFile(dir.filePath("out.json").toStdString());
        QVERIFY(loaded.ok());
        QVERIFY(!loaded.profile->hasBackward);
        QVERIFY(!loaded.profile->hasUpdate);
        QVERIFY(cli(dir, {"info", "out.json"}).out.contains("training     no backward times"));
    }

    // An estimated machine joins a measured profile by merging a profile that has only that
    // machine; its "estimated": true and other extra fields are kept.
    void estimatedMachineJoinsAMeasuredProfile() {
        QTemporaryDir dir;
        const Json measured = sample(kResidual);
        Json estimate = onlyMachines(measured, {"d"});
        const Json machine = {{"id", "e"},
                              {"tier", "edge"},
                              {"label", "estimate: 2 x the times of d"},
                              {"estimated", true},
                              {"speed_factor", 2}};
        estimate["machines"] = Json::array();
        estimate["machines"].push_back(machine);
        for (Json& layer : estimate["layers"]) {
            layer["forward_ms"] = {{"e", 2 * layer["forward_ms"]["d"].get<double>()}};
            layer["estimated_from"] = "d";
        }
        estimate["model"]["source"] = "FTPipeHD-style estimate";
        writeJson(dir, "measured.json", measured);
        writeJson(dir, "estimate.json", estimate);
        const Run run = cli(dir, {"merge", "measured.json", "estimate.json", "-o", "out.json"});
        QVERIFY2(run.status == 0, qPrintable(run.err));
        QCOMPARE(run.err, QString());
        Json merged = readJson(dir.filePath("out.json"));
        QCOMPARE(merged["machines"].size(), std::size_t(3));
        QVERIFY(sameJson(merged["machines"][2], machine));
        QVERIFY(sameJson(merged["machines"][2]["estimated"], Json(true)));
        QVERIFY(sameJson(merged["layers"][0]["forward_ms"],
                         Json({{"d", 4.0}, {"c", 0.5}, {"e", 8.0}})));
        QCOMPARE(merged["layers"][4]["forward_ms"]["e"].get<double>(), 2.0);
        QVERIFY(sameJson(merged["layers"][0]["estimated_from"], Json("d")));
        QVERIFY(sameJson(merged["layers"][0]["flops"], Json(1800000.0)));
        QCOMPARE(merged["model"]["source"].get<std::string>(),
                 measured["model"]["source"].get<std::string>() +
                     "; FTPipeHD-style estimate; merged by cutlab-cli merge from measured.json, "
                     "estimate.json");
        const Run info = cli(dir, {"info", "out.json"});
        QCOMPARE(info.status, 0);
        QVERIFY(info.out.contains("  e (edge)  estimate: 2 x the times of d\n"));
        const Run plan = cli(dir, {"plan", "out.json", "--machines", "d,e", "--top", "1"});
        QCOMPARE(plan.status, 0);
    }

    // Fields only some files have are kept; where files differ the first file's value is kept
    // and a note says so (model.name, a layer's label, a top-level field).
    void otherFieldsAreKept() {
        QTemporaryDir dir;
        const Json residual = sample(kResidual);
        Json a = onlyMachines(residual, {"d"});
        Json b = onlyMachines(residual, {"c"});
        a["comment"] = "from the phone";
        b["comment"] = "from the server";
        b["model"]["name"] = "tiny-residual-server";
        b["model"]["dataset"] = "cifar";
        layerNamed(a, "c1")["label"] = "first conv";
        layerNamed(b, "c1")["label"] = "conv one";
        layerNamed(b, "c2")["label"] = "second conv";
        layerNamed(b, "fc").erase("type");
        layerNamed(a, "add").erase("param_bytes");
        writeJson(dir, "A.json", a);
        writeJson(dir, "B.json", b);
        const Run run = cli(dir, {"merge", "A.json", "B.json", "-o", "out.json"});
        QCOMPARE(run.status, 0);
        QCOMPARE(run.err.split('\n', Qt::SkipEmptyParts),
                 QStringList({"cutlab-cli merge: note: B.json: comment is \"from the server\" "
                              "here; kept \"from the phone\"",
                              "cutlab-cli merge: note: B.json: model.name is "
                              "\"tiny-residual-server\" here; kept \"tiny-residual\"",
                              "cutlab-cli merge: note: B.json: layer field 'label' differs on "
                              "layer 'c1'; kept the earlier file's value"}));
        Json merged = readJson(dir.filePath("out.json"));
        QVERIFY(sameJson(merged["comment"], Json("from the phone")));
        QVERIFY(sameJson(merged["model"]["name"], Json("tiny-residual")));
        QVERIFY(sameJson(merged["model"]["dataset"], Json("cifar")));
        QVERIFY(sameJson(merged["model"]["source"], // the same source once
                         Json(residual["model"]["source"].get<std::string>() +
                              "; merged by cutlab-cli merge from A.json, B.json")));
        QVERIFY(sameJson(merged["layers"][1]["label"], Json("first conv")));
        QVERIFY(sameJson(merged["layers"][2]["label"], Json("second conv")));
        QVERIFY(sameJson(merged["layers"][4]["type"], Json("Dense")));
        QVERIFY(sameJson(merged["layers"][3]["param_bytes"], Json(0)));
    }

    void usageAndInvalidInputs() {
        QTemporaryDir dir;
        const Json residual = sample(kResidual);
        writeJson(dir, "A.json", onlyMachines(residual, {"d"}));
        writeJson(dir, "B.json", onlyMachines(residual, {"c"}));
        Json broken = onlyMachines(residual, {"c"});
        broken["layers"][1].erase("output_bytes");
        broken["layers"][2]["forward_ms"] = Json::object();
        writeJson(dir, "broken.json", broken);

        Run run = cli(dir, {"merge", "--help"});
        QCOMPARE(run.status, 0);
        QVERIFY(run.out.startsWith(
            "usage: cutlab-cli merge A.json B.json ... -o OUT.json [--forward-only]\n"));
        QVERIFY(run.out.contains("--forward-only"));
        QCOMPARE(run.err, QString());

        run = cli(dir, {"merge", "A.json", "-o", "out.json"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.startsWith("cutlab-cli merge: needs at least two profiles, got 1\n"
                                   "usage: cutlab-cli merge"));
        run = cli(dir, {"merge", "A.json", "B.json"});
        QCOMPARE(run.status, 2);
        QVERIFY(run.err.startsWith("cutlab-cli merge: needs -o OUT.json\n"));
        run = cli(dir, {"merge", "A.json", "B.json", "-o"});
        QCOMPARE(run.status, 2);
        QCOMPARE(run.err, QString("cutlab-cli merge: -o needs a value\n"));
        run = cli(dir, {"merge", "A.json", "B.json", "-o", "out.json", "--rename"});
        QCOMPARE(run.status, 2);
        QCOMPARE(run.err, QString("cutlab-cli merge: unknown option --rename (see cutlab-cli merge "
                                  "--help)\n"));

        // Every input is validated first; all problems of all files, one line each.
        run = cli(dir, {"merge", "A.json", "broken.json", "missing.json", "-o", "out.json"});
        QCOMPARE(run.status, 2);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err.split('\n', Qt::SkipEmptyParts),
                 QStringList({"cutlab-cli merge: broken.json: error: /layers/1: missing "
                              "\"output_bytes\"",
                              "broken.json: error: /layers/2/forward_ms: no time for machine 'c'",
                              "missing.json: error: no such file"}));
        QVERIFY(!QFile::exists(dir.filePath("out.json")));

        // An output that cannot be written: nothing written, the message names it.
        QVERIFY(QDir(dir.path()).mkdir("folder"));
        run = cli(dir, {"merge", "A.json", "B.json", "-o", "folder"});
        QCOMPARE(run.status, 2);
        QVERIFY2(run.err.startsWith("cutlab-cli merge: folder: error: "), qPrintable(run.err));

        run = cli(dir, {"merge", "A.json", "A.json", "-o", "out.json"});
        QCOMPARE(run.status, 2);
        QCOMPARE(run.err, QString("cutlab-cli merge: A.json: error: the file is given twice "
                                  "(machine 'd' would be listed twice)\n"));
        QVERIFY(!QFile::exists(dir.filePath("out.json")));

        // Merging into one of the inputs replaces it whole.
        run = cli(dir, {"merge", "A.json", "B.json", "-o", "A.json"});
        QCOMPARE(run.status, 0);
        QCOMPARE(readJson(dir.filePath("A.json"))["machines"].size(), std::size_t(2));
    }
};

CUTLAB_TEST_MAIN(TestMergeCommand, Guiless)
} // namespace tst_mergecommand

#include "tst_mergecommand.moc"
