// The profile writer: every sample written and read back is the same profile, and writing it
// again gives the same text; the fields CutLab does not read are kept.
#include "../TestMain.h"
#include "../TestPaths.h"

#include "core/io/ProfileLoader.h"
#include "core/io/ProfileWriter.h"

#include <QFileInfo>
#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_profilewriter {

using namespace cutlab::core;

namespace {

Profile reread(const Profile& profile) {
    const auto loaded = parseProfile(profileToJson(profile).dump(2));
    if (!loaded.ok())
        qFatal("the written profile does not load: %s", loaded.issues.front().text().c_str());
    return *loaded.profile;
}

// The same fields with the same values, in any order (the writer puts the fields CutLab reads
// first).
bool sameFields(const nlohmann::ordered_json& a, const nlohmann::ordered_json& b) {
    return nlohmann::json::parse(a.dump()) == nlohmann::json::parse(b.dump());
}

} // namespace

class TestProfileWriter : public QObject {
    Q_OBJECT
  private slots:
    void everySampleComesBackTheSame_data() {
        QTest::addColumn<QString>("path");
        for (const QString& path : sampleProfilePaths())
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }
    void everySampleComesBackTheSame() {
        QFETCH(QString, path);
        const auto loaded = loadProfileFile(path.toStdString());
        QVERIFY(loaded.ok());
        const Profile& original = *loaded.profile;
        const Profile back = reread(original);
        QCOMPARE(back.model.name, original.model.name);
        QCOMPARE(back.model.source, original.model.source);
        QCOMPARE(back.model.inputBytes, original.model.inputBytes);
        QCOMPARE(back.model.batch, original.model.batch);
        QVERIFY(sameFields(back.model.fields, original.model.fields));
        QCOMPARE(back.hasBackward, original.hasBackward);
        QCOMPARE(back.hasUpdate, original.hasUpdate);
        QCOMPARE(back.machines.size(), original.machines.size());
        for (std::size_t m = 0; m < back.machines.size(); ++m) {
            QCOMPARE(back.machines[m].id, original.machines[m].id);
            QCOMPARE(back.machines[m].tier, original.machines[m].tier);
            QCOMPARE(back.machines[m].label, original.machines[m].label);
            QVERIFY(sameFields(back.machines[m].fields, original.machines[m].fields));
        }
        QCOMPARE(back.layers.size(), original.layers.size());
        for (std::size_t l = 0; l < back.layers.size(); ++l) {
            const Layer& a = back.layers[l];
            const Layer& b = original.layers[l];
            QCOMPARE(a.id, b.id);
            QCOMPARE(a.type, b.type);
            QCOMPARE(a.inputs, b.inputs);
            QCOMPARE(a.readsModelInput, b.readsModelInput);
            QCOMPARE(a.outputBytes, b.outputBytes);
            QCOMPARE(a.paramBytes, b.paramBytes);
            QCOMPARE(a.flops, b.flops);
            QCOMPARE(a.forwardMs, b.forwardMs);
            QCOMPARE(a.backwardMs, b.backwardMs);
            QCOMPARE(a.updateMs, b.updateMs);
            for (const auto& [key, value] : b.fields.items())
                if (key != "inputs") // written as a list even where the file had null
                    QVERIFY2(a.fields.contains(key) && sameFields(a.fields[key], value),
                             key.c_str());
        }
        QCOMPARE(profileToJson(back).dump(2), profileToJson(original).dump(2));
    }
    void theStructsWinOverTheFields() {
        auto loaded = parseProfile(R"({"format":"cutlab-profile","version":1,
            "model":{"input_bytes":10,"batch":2,"owner":"lab"},
            "machines":[{"id":"x","tier":"device","estimated":true}],
            "layers":[{"id":"a","output_bytes":4,"flops":7,"forward_ms":{"x":2},
                       "backward_ms":{"x":3},"color":"red"}],
            "written_by":"hand"})");
        QVERIFY(loaded.ok());
        Profile profile = *loaded.profile;
        profile.model.batch = 1;
        profile.machines[0].tier = Tier::Cloud;
        profile.layers[0].flops = 0;
        profile.layers[0].forwardMs = {2.5};
        profile.layers[0].backwardMs.clear();
        const auto document = profileToJson(profile);
        QCOMPARE(document["model"].dump(),
                 std::string(R"({"input_bytes":10,"batch":1,"owner":"lab"})"));
        QCOMPARE(document["machines"][0].dump(),
                 std::string(R"({"id":"x","tier":"cloud","estimated":true})"));
        // flops was in the file: kept (now 0); backward_ms is no longer there.
        QCOMPARE(document["layers"][0].dump(),
                 std::string(R"({"id":"a","inputs":[],"output_bytes":4,"flops":0,)"
                             R"("forward_ms":{"x":2.5},"color":"red"})"));
        QCOMPARE(document["written_by"].get<std::string>(), std::string("hand"));
        QCOMPARE(document.begin().key(), std::string("format"));
    }
};

CUTLAB_TEST_MAIN(TestProfileWriter, Guiless)
} // namespace tst_profilewriter

#include "tst_profilewriter.moc"
