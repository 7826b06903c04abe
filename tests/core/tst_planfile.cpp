// The plan file reader (File > Open Plan, autosave restore): every malformed plan is refused with
// its exact message, never with an exception. Rows marked "fuzz" were found by tests/fuzz.
#include "core/io/PlanFile.h"

#include <QTest>

class TestPlanFile : public QObject {
    Q_OBJECT
  private slots:
    void malformedPlans_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        const QString network =
            R"("network": {"links": [{"from": "device", "to": "cloud", "bandwidth_mbps": 10, "latency_ms": 1}]})";
        QTest::newRow("fuzz: format is a number")
            << R"({"format": 88888888888888})"
            << "/format: expected \"cutlab-plan\" (this is not a CutLab plan file)";
        QTest::newRow("format missing")
            << R"({"version": 1})"
            << "/format: expected \"cutlab-plan\" (this is not a CutLab plan file)";
        QTest::newRow("kind is a list")
            << R"({"format": "cutlab-plan", "version": 1, "kind": []})"
            << "/kind: only inference plans can be opened in the window";
        QTest::newRow("kind training")
            << R"({"format": "cutlab-plan", "version": 1, "kind": "training"})"
            << "/kind: only inference plans can be opened in the window";
        QTest::newRow("version as text")
            << R"({"format": "cutlab-plan", "version": "1"})"
            << "/version: unsupported version (this CutLab reads version 1)";
        QTest::newRow("input bytes too large")
            << QString(
                   R"({"format": "cutlab-plan", "version": 1, %1, "input_bytes": 1e300, "plans": []})")
                   .arg(network)
            << "/input_bytes: must be at most 1e15 bytes";
        QTest::newRow("no plan")
            << QString(R"({"format": "cutlab-plan", "version": 1, %1, "plans": []})").arg(network)
            << "/plans: the file holds no plan";
    }
    void malformedPlans() {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const std::string bytes = text.toStdString();
        const auto result = cutlab::core::parsePlanFile(bytes);
        QVERIFY(!result.ok());
        QVERIFY(!result.issues.empty());
        QCOMPARE(QString::fromStdString(result.issues.front().text()), expected);
    }
};

QTEST_GUILESS_MAIN(TestPlanFile)
#include "tst_planfile.moc"
