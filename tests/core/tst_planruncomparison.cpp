// A plan against a measured run (core/plans/PlanRunComparison.h, core/io/RunFile.h): medians,
// errors and explanations of hand-made runs whose figures are chosen so that each explanation
// applies, the order a frame meets segments and transfers, and refusals of runs of other plans.
#include "../TestMain.h"
#include "core/io/RunFile.h"
#include "core/plans/PlanRunComparison.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <cmath>
#include <string>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_planruncomparison {

using namespace cutlab::core;
using Json = nlohmann::ordered_json;

namespace {

// dev runs conv1 .. pool2 (20 ms planned), sends 1,600 bytes at 1 Mbit/s + 5 ms (17.8 ms) to
// cloud, which runs fc1 .. fc3 (2 ms planned); 39.8 ms in all.
Json planDocument() {
    return {{"format", "cutlab-plan"},
            {"version", 1},
            {"kind", "inference"},
            {"model", "lenet5"},
            {"planner", "manual"},
            {"network", {{"name", "test links"}, {"links", Json::array()}}},
            {"plans",
             {{{"rank", 1},
               {"total_ms", 39.8},
               {"stages",
                {{{"tier", "device"},
                  {"machine", "dev"},
                  {"first_layer", "conv1"},
                  {"last_layer", "pool2"},
                  {"compute_ms", 20.0}},
                 {{"tier", "cloud"},
                  {"machine", "cloud"},
                  {"first_layer", "fc1"},
                  {"last_layer", "fc3"},
                  {"compute_ms", 2.0}}}},
               {"transfers",
                {{{"from", "dev"},
                  {"to", "cloud"},
                  {"after_layer", "pool2"},
                  {"bytes", 1600},
                  {"ms", 17.8},
                  {"latency_ms", 5}}}}}}}};
}

// Three frames with the given segment, transfer and end-to-end times.
Json runDocument(const std::vector<double>& head, const std::vector<double>& tail,
                 const std::vector<double>& link, const std::vector<double>& endToEnd,
                 double sentBytes = 1600, std::vector<double> load = {0.2, 0.3}) {
    Json frames = Json::array();
    for (std::size_t i = 0; i < head.size(); ++i)
        frames.push_back({{"index", i},
                          {"end_to_end_ms", endToEnd[i]},
                          {"segments",
                           {{{"machine", "dev"},
                             {"first_layer", "conv1"},
                             {"last_layer", "pool2"},
                             {"compute_ms", head[i]}},
                            {{"machine", "cloud"},
                             {"first_layer", "fc1"},
                             {"last_layer", "fc3"},
                             {"compute_ms", tail[i]}}}},
                          {"transfers",
                           {{{"from", "dev"},
                             {"to", "cloud"},
                             {"after_layer", "pool2"},
                             {"bytes", sentBytes},
                             {"plan_bytes", 1600},
                             {"ms", link[i]}}}}});
    return {
        {"format", "cutlab-run"},
        {"version", 1},
        {"model", "lenet5"},
        {"plan", {{"file", "plan.json"}, {"rank", 1}}},
        {"setup",
         {{"frames", head.size()},
          {"threads", 1},
          {"cpu", "test cpu"},
          {"load_average", load},
          {"slowdown", Json::object()},
          {"limits", "plan network"},
          {"links",
           {{{"from", "dev"}, {"to", "cloud"}, {"bandwidth_mbps", 1.0}, {"latency_ms", 5.0}}}}}},
        {"frames", frames}};
}

PlanRunComparison compare(const Json& run, const Json& plan = planDocument()) {
    return comparePlanWithRun(plan.dump(), parseRunFile(run.dump()));
}

bool near(double a, double b) {
    return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(b));
}

bool startsWith(const std::string& text, const std::string& prefix) {
    return text.rfind(prefix, 0) == 0;
}

} // namespace

class TestPlanRunComparison : public QObject {
    Q_OBJECT
  private slots:
    void itemsComeInTheOrderAFrameMeetsThem() {
        const auto comparison =
            compare(runDocument({20, 21, 19}, {2, 2, 2}, {18, 18.2, 17.9}, {40, 41.5, 39}));
        QCOMPARE(comparison.items.size(), std::size_t(4));
        QCOMPARE(comparison.items[0].name, std::string("segment 1 on dev: conv1 .. pool2"));
        QCOMPARE(comparison.items[1].name,
                 std::string("transfer dev -> cloud of the output of pool2"));
        QCOMPARE(comparison.items[2].name, std::string("segment 2 on cloud: fc1 .. fc3"));
        QCOMPARE(comparison.items[3].name, std::string("end to end"));
        QCOMPARE(comparison.frames, 3);
        QCOMPARE(comparison.setup, std::string("3 frames, 1 thread, test cpu, load average 0.20 "
                                               "-> 0.30, links: plan network"));
    }
    void mediansAndErrorsByHand() {
        const auto comparison =
            compare(runDocument({20, 25, 19}, {2, 2, 2}, {18, 18.2, 17.9}, {40, 41.5, 39}));
        const ComparedItem& head = comparison.items[0];
        QVERIFY(near(head.measuredMs, 20));
        QVERIFY(near(head.fastestMs, 19));
        QVERIFY(near(head.slowestMs, 25));
        QVERIFY(near(head.error, 0));
        QCOMPARE(head.explanation, std::string("within 10 %"));
        const ComparedItem& frame = comparison.items[3];
        QVERIFY(near(frame.measuredMs, 40));
        QVERIFY(near(frame.error, 39.8 / 40 - 1));
        QCOMPARE(frame.explanation, std::string("within 10 %"));
    }
    // the head ran steadily 50 % slower on a quiet machine: the profile is blamed
    void aSteadySlowSegmentBlamesTheProfile() {
        const auto comparison =
            compare(runDocument({30, 30.5, 29.5}, {2, 2, 2}, {18, 18, 18}, {50, 50, 50}));
        const ComparedItem& head = comparison.items[0];
        QVERIFY(near(head.error, 20.0 / 30 - 1));
        QVERIFY2(startsWith(head.explanation, "measured 50 % slower than planned: the profile "
                                              "timed these layers faster"),
                 head.explanation.c_str());
        // the frame: most of its 10.2 ms is the head's 10 ms
        QVERIFY2(startsWith(comparison.items[3].explanation,
                            "most of the difference (10.00 of 10.20 ms) is in segment 1 on dev"),
                 comparison.items[3].explanation.c_str());
    }
    void aBusyMachineIsNamed() {
        const auto comparison = compare(
            runDocument({30, 30.5, 29.5}, {2, 2, 2}, {18, 18, 18}, {50, 50, 50}, 1600, {2.5, 2.1}));
        QVERIFY2(startsWith(comparison.items[0].explanation,
                            "measured 50 % slower than planned: the machine was busy during the "
                            "run (load average 2.50 -> 2.10)"),
                 comparison.items[0].explanation.c_str());
    }
    void unsteadyFramesAreNamed() {
        const auto comparison =
            compare(runDocument({10, 30, 60}, {2, 2, 2}, {18, 18, 18}, {50, 50, 80}));
        QCOMPARE(comparison.items[0].explanation,
                 std::string("frames varied from 10.00 to 60.00 ms: other work shared the CPU "
                             "(load average 0.20 -> 0.30)"));
    }
    void aFasterSegmentBlamesASlowerProfile() {
        const auto comparison =
            compare(runDocument({10, 10, 10}, {2, 2, 2}, {18, 18, 18}, {30, 30, 30}));
        QVERIFY2(startsWith(comparison.items[0].explanation, "measured 50 % faster than planned"),
                 comparison.items[0].explanation.c_str());
    }
    void otherBytesThanPlannedAreNamedFirst() {
        const auto comparison =
            compare(runDocument({20, 20, 20}, {2, 2, 2}, {40, 40, 40}, {62, 62, 62}, 4800));
        QCOMPARE(comparison.items[1].explanation,
                 std::string("4800 bytes crossed, the plan priced 1600: the profile's "
                             "output_bytes at this cut do not match the model (another batch or "
                             "input size?)"));
    }
    void anotherEmulatedLinkIsNamed() {
        Json run = runDocument({20, 20, 20}, {2, 2, 2}, {8.2, 8.2, 8.2}, {30, 30, 30});
        run["setup"]["links"][0]["bandwidth_mbps"] = 4.0;
        run["setup"]["limits"] = "--bandwidth-mbps 4";
        const auto comparison = compare(run);
        QCOMPARE(comparison.items[1].explanation,
                 std::string("the run emulated 4.000 Mbit/s, 5.0 ms, the plan priced 1.000 "
                             "Mbit/s, 5.0 ms"));
    }
    void aSlowTransferOnThePlannedLinkIsOverhead() {
        const auto comparison =
            compare(runDocument({20, 20, 20}, {2, 2, 2}, {21, 21, 21}, {43, 43, 43}));
        QVERIFY2(startsWith(comparison.items[1].explanation,
                            "measured 3.20 ms more per transfer than the link's time"),
                 comparison.items[1].explanation.c_str());
    }
    void aRunOfAnotherPlanIsRefused() {
        Json run = runDocument({20}, {2}, {18}, {40});
        run["frames"][0]["segments"][1]["first_layer"] = "fc2";
        try {
            compare(run);
            QFAIL("compared a run of another plan");
        } catch (const PlanRunMismatch& error) {
            QCOMPARE(std::string(error.what()),
                     std::string("the run is of another plan: frame 0's segment 2 ran fc2 .. fc3 "
                                 "on cloud, the plan's segment 2 on cloud: fc1 .. fc3"));
        }
        Json ranked = runDocument({20}, {2}, {18}, {40});
        ranked["plan"]["rank"] = 2;
        QVERIFY_THROWS_EXCEPTION(PlanRunMismatch, compare(ranked));
        Json model = runDocument({20}, {2}, {18}, {40});
        model["model"] = "alexnet";
        QVERIFY_THROWS_EXCEPTION(PlanRunMismatch, compare(model));
        Json training = planDocument();
        training["kind"] = "training";
        QVERIFY_THROWS_EXCEPTION(PlanRunMismatch,
                                 compare(runDocument({20}, {2}, {18}, {40}), training));
    }
    void badRunFilesNameTheField_data() {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("format") << "/format"
                                << "\"cutlab-plan\""
                                << "/format: expected";
        QTest::newRow("version") << "/version"
                                 << "2"
                                 << "/version: unsupported";
        QTest::newRow("no frames") << "/frames"
                                   << "[]"
                                   << "/frames: the run recorded no frame";
        QTest::newRow("negative ms") << "/frames/0/segments/0/compute_ms"
                                     << "-1"
                                     << "/frames/0/segments/0/compute_ms: must be a number";
        QTest::newRow("text bytes") << "/frames/0/transfers/0/bytes"
                                    << "\"many\""
                                    << "/frames/0/transfers/0/bytes: must be a number";
        QTest::newRow("rank 0") << "/plan/rank"
                                << "0"
                                << "/plan/rank: must be 1 or more";
        QTest::newRow("links") << "/setup/links"
                               << "{}"
                               << "/setup/links: must be a list";
    }
    void badRunFilesNameTheField() {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, message);
        Json run = runDocument({20}, {2}, {18}, {40});
        run[Json::json_pointer(pointer.toStdString())] = Json::parse(value.toStdString());
        try {
            parseRunFile(run.dump());
            QFAIL("accepted a bad run file");
        } catch (const RunFileError& error) {
            QVERIFY2(startsWith(error.what(), message.toStdString()), error.what());
        }
        QVERIFY_THROWS_EXCEPTION(RunFileError, parseRunFile("{\"format\": \"cutlab-run\""));
    }
};

CUTLAB_TEST_MAIN(TestPlanRunComparison, Guiless)
} // namespace tst_planruncomparison

#include "tst_planruncomparison.moc"
