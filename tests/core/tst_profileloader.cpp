// Profile loading: every sample loads, every malformed file gives its exact messages and no
// profile, and odd but valid input is read as the format says.
#include "../TestMain.h"
#include "../TestPaths.h"

#include "core/io/ProfileLoader.h"
#include "core/model/ModelStructure.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_profileloader {

using namespace cutlab::core;

class TestProfileLoader : public QObject {
    Q_OBJECT
  private slots:
    void everySampleLoads_data() {
        QTest::addColumn<QString>("path");
        const QStringList paths = sampleProfilePaths();
        for (const QString& path : paths)
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
        QVERIFY(paths.size() >= 15);
    }
    void everySampleLoads() {
        QFETCH(QString, path);
        const auto result = loadProfileFile(path.toStdString());
        QVERIFY2(result.ok(), result.issues.empty() ? "" : result.issues.front().text().c_str());
        QVERIFY(!result.profile->layers.empty());
        QVERIFY(!result.profile->model.source.empty());
    }

    void scissionSampleKeepsTheMeasurements() {
        const auto result =
            loadProfileFile(sourcePath("sample_profiles/scission/vgg19.json").toStdString());
        QVERIFY(result.ok());
        const Profile& p = *result.profile;
        QCOMPARE(p.machines.size(), std::size_t(5));
        QCOMPARE(p.machines[0].id, std::string("raspi4"));
        QCOMPARE(p.machines[0].tier, Tier::Device);
        QCOMPARE(p.layers.size(), std::size_t(25));
        QCOMPARE(p.layers[0].id, std::string("0-1"));
        QCOMPARE(p.layers[1].id, std::string("2"));
        QCOMPARE(p.layers[0].outputBytes, 12845056.0); // true tensor bytes, no .npy header
        QCOMPARE(p.model.inputBytes, 150000.0);
        // 0.07058942317962646 s on the Raspberry Pi, in ms.
        QVERIFY(qAbs(p.layers[0].forwardMs[0] - 70.58942317962646) < 1e-9);
    }

    void badFilesGiveExactMessages_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QStringList>("expected");
        QDirIterator it(sourcePath("tests/data/bad"), {"*.json"}, QDir::Files);
        int count = 0;
        while (it.hasNext()) {
            const QString path = it.next();
            QFile expectedFile(path.left(path.size() - 5) + ".expected");
            QVERIFY(expectedFile.open(QIODevice::ReadOnly));
            const QStringList expected =
                QString::fromUtf8(expectedFile.readAll()).split('\n', Qt::SkipEmptyParts);
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path << expected;
            ++count;
        }
        QVERIFY(count >= 30);
    }
    void badFilesGiveExactMessages() {
        QFETCH(QString, path);
        QFETCH(QStringList, expected);
        const auto result = loadProfileFile(path.toStdString());
        QVERIFY(!result.ok());
        QVERIFY(!result.profile.has_value()); // never half a profile
        QStringList got;
        for (const auto& issue : result.issues)
            got << QString::fromStdString(issue.text());
        QCOMPARE(got, expected);
    }

    void missingFileAndDirectory() {
        auto missing = loadProfileFile("/nonexistent/profile.json");
        QVERIFY(!missing.ok());
        QCOMPARE(QString::fromStdString(missing.issues.front().text()), QString("no such file"));
        auto directory = loadProfileFile(sourcePath("sample_profiles").toStdString());
        QVERIFY(!directory.ok());
        QCOMPARE(QString::fromStdString(directory.issues.front().text()),
                 QString("is a directory, not a file"));
    }

    void optionalFieldsAndDefaults() {
        const auto result = parseProfile(R"({"format":"cutlab-profile","version":1,
            "model":{"input_bytes":10},
            "machines":[{"id":"x","tier":"device"}],
            "layers":[{"id":"a","output_bytes":4,"forward_ms":{"x":2},"estimated":true,
                       "backward_ms":{"x":3},"update_ms":{"x":0.5}},
                      {"id":"b","inputs":["a"],"output_bytes":2,"forward_ms":{"x":1}}]})");
        QVERIFY(result.ok());
        const Profile& p = *result.profile;
        QCOMPARE(p.model.batch, 1.0);
        QVERIFY(p.layers[0].readsModelInput);
        QVERIFY(!p.layers[1].readsModelInput);
        QCOMPARE(p.layers[1].inputs, std::vector<int>{0});
        QVERIFY(!p.hasBackward); // only one layer has backward times
        QCOMPARE(p.layers[0].backwardMs, std::vector<double>{3.0});
        QVERIFY(p.layers[0].fields.contains("estimated")); // extra fields are kept for display
    }

    void perSampleTimeUsesTheBatch() {
        const auto result = parseProfile(R"({"format":"cutlab-profile","version":1,
            "model":{"input_bytes":10,"batch":128},
            "machines":[{"id":"x","tier":"device"}],
            "layers":[{"id":"a","output_bytes":4,"forward_ms":{"x":256}}]})");
        QVERIFY(result.ok());
        QCOMPARE(result.profile->forwardPerSample(0, 0), 2.0);
    }

    void largeProfileLoads() {
        // Built with plain strings: moc cannot lex some raw-string shapes.
        std::string text =
            "{\"format\":\"cutlab-profile\",\"version\":1,\"model\":{\"input_bytes\":1000},"
            "\"machines\":[{\"id\":\"d\",\"tier\":\"device\"},{\"id\":\"c\",\"tier\":\"cloud\"}],"
            "\"layers\":[";
        for (int i = 0; i < 10000; ++i) {
            const std::string previous = i ? "\"l" + std::to_string(i - 1) + "\"" : "";
            if (i)
                text += ",";
            text += "{\"id\":\"l" + std::to_string(i) + "\",\"inputs\":[" + previous +
                    "],\"output_bytes\":100,\"forward_ms\":{\"d\":1,\"c\":0.1}}";
        }
        text += "]}";
        const auto result = parseProfile(text);
        QVERIFY(result.ok());
        QCOMPARE(analyseStructure(*result.profile).cutAfter.size(), std::size_t(9999));
    }

    void garbageNeverCrashes() {
        // Every prefix of a valid document is either valid or reported, never a crash.
        QFile file(sourcePath("sample_profiles/handmade/tiny-branching.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const std::string text = file.readAll().toStdString();
        int reported = 0;
        for (std::size_t length = 0; length < text.size(); length += 7) {
            const auto result = parseProfile(std::string_view(text).substr(0, length));
            QVERIFY(result.ok() || !result.issues.empty());
            reported += result.ok() ? 0 : 1;
        }
        QVERIFY(reported > 0);
    }
};

CUTLAB_TEST_MAIN(TestProfileLoader, Guiless)
} // namespace tst_profileloader

#include "tst_profileloader.moc"
