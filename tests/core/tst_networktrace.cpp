// Network traces: the repeating opportunities (at, firstAtOrAfter) against a brute-force listing,
// means, 1 s bins and their percentiles by hand, both file forms, every refusal, and the six
// cellular traces under sample_profiles/traces.
#include "../TestMain.h"
#include "../TestPaths.h"

#include "core/io/TraceFile.h"
#include "core/model/NetworkTrace.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>

using namespace cutlab::core;

Q_DECLARE_METATYPE(NetworkTrace)

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_networktrace {

namespace {

NetworkTrace makeTrace(std::vector<double> opportunitiesMs, double periodMs) {
    return {"test", std::move(opportunitiesMs), periodMs};
}

// Every opportunity of the first `cycles` repetitions, written out one repetition at a time.
std::vector<double> listOpportunities(const NetworkTrace& trace, int cycles) {
    std::vector<double> times;
    for (int j = 0; j < cycles; ++j)
        for (double opportunity : trace.opportunitiesMs)
            times.push_back(opportunity + j * trace.periodMs);
    return times;
}

TraceLoadResult parseText(const std::string& text, std::uint64_t maxLines = kMaxTraceLines) {
    std::istringstream in(text);
    return parseTrace(in, "text", maxLines);
}

// The last number of a mahimahi file, and how many lines it has.
std::pair<double, qsizetype> lastTimestampAndLines(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {-1, -1};
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    return {lines.last().toDouble(), lines.size()};
}

} // namespace

class TestNetworkTrace : public QObject {
    Q_OBJECT
  private slots:
    void opportunitiesRepeat_data() {
        QTest::addColumn<NetworkTrace>("trace");
        QTest::newRow("from 0 to P, duplicates") << makeTrace({0, 10, 10, 20, 30}, 30);
        QTest::newRow("not at 0, ends at P") << makeTrace({5, 7, 7, 12}, 12);
        QTest::newRow("neither 0 nor P") << makeTrace({3, 8}, 10);
        QTest::newRow("all at 0 but one") << makeTrace({0, 0, 0, 4}, 4);
        QTest::newRow("one opportunity at P") << makeTrace({7}, 7);
        QTest::newRow("fractional") << makeTrace({0.25, 0.5, 1.75}, 2.5);
    }
    void opportunitiesRepeat() {
        QFETCH(NetworkTrace, trace);
        const int cycles = 6;
        const std::vector<double> times = listOpportunities(trace, cycles);
        for (std::size_t k = 0; k < times.size(); ++k)
            QCOMPARE(trace.at(k), times[k]);
        // Every quarter ms over five periods, which includes each multiple of P exactly.
        for (double t = 0; t <= 5 * trace.periodMs; t += 0.25) {
            const auto expected =
                std::size_t(std::lower_bound(times.begin(), times.end(), t) - times.begin());
            QVERIFY2(trace.firstAtOrAfter(t) == expected,
                     qPrintable(QString("t = %1: %2, expected %3")
                                    .arg(t)
                                    .arg(trace.firstAtOrAfter(t))
                                    .arg(expected)));
        }
    }
    void randomTracesAgreeWithTheListing() {
        std::mt19937 random(7);
        for (int round = 0; round < 200; ++round) {
            std::vector<double> opportunities(1 + random() % 8);
            for (double& opportunity : opportunities)
                opportunity = double(random() % 12);
            std::sort(opportunities.begin(), opportunities.end());
            const double period = std::max(1.0, opportunities.back() + double(random() % 3));
            const NetworkTrace trace = makeTrace(opportunities, period);
            const std::vector<double> times = listOpportunities(trace, 8);
            for (double t = 0; t <= 6 * period; t += 0.5)
                QCOMPARE(
                    trace.firstAtOrAfter(t),
                    std::uint64_t(std::lower_bound(times.begin(), times.end(), t) - times.begin()));
        }
    }
    void previousCycleAtAMultipleOfThePeriod() {
        const NetworkTrace trace = makeTrace({0, 10, 10, 20, 30}, 30);
        QCOMPARE(trace.firstAtOrAfter(30), std::uint64_t(4));   // the first cycle's 30, not 0 + 30
        QCOMPARE(trace.firstAtOrAfter(30.5), std::uint64_t(6)); // the second cycle's 40
        QCOMPARE(trace.firstAtOrAfter(0), std::uint64_t(0));
    }
    void hugeTimesJumpToTheirCycle() {
        const NetworkTrace trace = makeTrace({0, 10, 10, 20, 30}, 30);
        const std::uint64_t j = 10'000'000'000; // t = j·P exactly
        const double t = 3e11;
        QCOMPARE(trace.firstAtOrAfter(t), (j - 1) * 5 + 4); // cycle j-1's opportunity at P
        QCOMPARE(trace.at((j - 1) * 5 + 4), t);
        QCOMPARE(trace.firstAtOrAfter(t + 0.5), j * 5 + 1); // cycle j's first 10
        QCOMPARE(trace.at(j * 5 + 1), t + 10);
        QCOMPARE(trace.firstAtOrAfter(t + 25), j * 5 + 4); // cycle j's 30
        const NetworkTrace open = makeTrace({3, 8}, 10);
        QCOMPARE(open.firstAtOrAfter(1e12 + 9), std::uint64_t(100'000'000'000) * 2 + 2);
    }
    void means() {
        const NetworkTrace trace = makeTrace({0, 10, 10, 20, 30}, 30);
        QCOMPARE(trace.meanMbps(), 2.0);              // 5 · 12,000 bits / 30 ms
        QCOMPARE(trace.meanMbpsBetween(0, 30), 1.6);  // 0, 10, 10, 20: the 30 is at 30
        QCOMPARE(trace.meanMbpsBetween(30, 60), 2.0); // 30, 30, 40, 40, 50
        QCOMPARE(trace.meanMbpsBetween(0, 60), 1.8);  // 9 opportunities in 60 ms
        QCOMPARE(trace.meanMbpsBetween(15, 25), 1.2); // only the 20
        QCOMPARE(trace.meanMbpsBetween(3e11, 3e11 + 30), 2.0);
    }
    void secondBinsAndPercentiles() {
        // Bins [0,1000): 0, 0, 500; [1000,2000): 1000, 1999; [2000,2500): 2000 and 2500 = P.
        const NetworkTrace trace = makeTrace({0, 0, 500, 1000, 1999, 2000, 2500}, 2500);
        const std::vector<double> bins = trace.secondBinsMbps();
        QCOMPARE(bins.size(), std::size_t(3));
        QCOMPARE(bins[0], 0.036); // 3 · 12,000 bits in 1,000 ms
        QCOMPARE(bins[1], 0.024);
        QCOMPARE(bins[2], 0.048); // 2 · 12,000 bits in the last 500 ms
        QCOMPARE(trace.meanMbps(), (0.036 * 1000 + 0.024 * 1000 + 0.048 * 500) / 2500);
        QCOMPARE(trace.secondPercentileMbps(10), 0.024); // rank ⌈0.3⌉ = 1
        QCOMPARE(trace.secondPercentileMbps(50), 0.036); // rank ⌈1.5⌉ = 2
        QCOMPARE(trace.secondPercentileMbps(90), 0.048); // rank ⌈2.7⌉ = 3
        QCOMPARE(trace.secondPercentileMbps(100), 0.048);
    }
    void percentileRanksThatAreWholeNumbers() {
        // Ten bins; bin i holds i + 1 opportunities.
        std::vector<double> opportunities;
        for (int i = 0; i < 10; ++i)
            for (int k = 0; k <= i; ++k)
                opportunities.push_back(1000.0 * i + 1 + k);
        const NetworkTrace trace = makeTrace(opportunities, 10000);
        QCOMPARE(trace.secondPercentileMbps(10), 0.012); // rank exactly 1
        QCOMPARE(trace.secondPercentileMbps(50), 0.060); // rank exactly 5
        QCOMPARE(trace.secondPercentileMbps(90), 0.108);
        QCOMPARE(trace.secondPercentileMbps(95), 0.120);
    }
    void mahimahiText() {
        const TraceLoadResult result = parseText("\xEF\xBB\xBF"
                                                 "0\n0\n 1 \r\n\n5\t\r\n");
        QVERIFY2(result.ok(), result.error.c_str());
        QCOMPARE(result.form, TraceForm::Mahimahi);
        QCOMPARE(result.trace->name, std::string("text"));
        QCOMPARE(result.trace->opportunitiesMs, (std::vector<double>{0, 0, 1, 5}));
        QCOMPARE(result.trace->periodMs, 5.0);
    }
    void aSingleOneIsTwelveMegabits() {
        // mahimahi's constant link: one 12,000-bit packet every ms.
        const TraceLoadResult result = parseText("1\n");
        QVERIFY2(result.ok(), result.error.c_str());
        QCOMPARE(result.trace->meanMbps(), 12.0);
        QCOMPARE(result.trace->secondBinsMbps(), (std::vector<double>{12.0}));
        QCOMPARE(result.trace->secondPercentileMbps(50), 12.0);
        QCOMPARE(result.trace->meanMbpsBetween(0.5, 1000.5), 12.0); // 1, 2, ..., 1000
    }
    void twoColumnText() {
        // 1.2 Mbit/s = 1,200 bits per ms: a 12,000-bit opportunity every 10 ms in the first
        // second; nothing in the second; 2.4 Mbit/s (every 5 ms) in the last, which lasts as
        // long as the interval before it, so P = 3 s.
        const TraceLoadResult result = parseText("0 1.2\n1 0\n2 2.4\n");
        QVERIFY2(result.ok(), result.error.c_str());
        QCOMPARE(result.form, TraceForm::TwoColumn);
        const NetworkTrace& trace = *result.trace;
        QCOMPARE(trace.periodMs, 3000.0);
        QCOMPARE(trace.size(), std::uint64_t(300));
        for (int k = 1; k <= 100; ++k)
            QCOMPARE(trace.opportunitiesMs[std::size_t(k - 1)], 10.0 * k);
        for (int k = 1; k <= 200; ++k)
            QCOMPARE(trace.opportunitiesMs[std::size_t(99 + k)], 2000.0 + 5.0 * k);
        QCOMPARE(trace.meanMbps(), 1.2);
        // The 100th packet completes at exactly 1,000 ms: it is in the second bin, not the first.
        QCOMPARE(trace.secondBinsMbps(), (std::vector<double>{1.188, 0.012, 2.4}));
    }
    void twoColumnStartingLateWithCommas() {
        // From 0.5 s: 100 opportunities at 1.2 Mbit/s, then 50 at 0.6 Mbit/s until 2.5 s.
        const TraceLoadResult result = parseText("0.5, 1.2\n1.5,0.6\n");
        QVERIFY2(result.ok(), result.error.c_str());
        const NetworkTrace& trace = *result.trace;
        QCOMPARE(trace.periodMs, 2500.0);
        QCOMPARE(trace.size(), std::uint64_t(150));
        QCOMPARE(trace.opportunitiesMs.front(), 510.0);
        QCOMPARE(trace.opportunitiesMs[99], 1500.0);
        QCOMPARE(trace.opportunitiesMs[100], 1520.0);
        QCOMPARE(trace.opportunitiesMs.back(), 2500.0);
        QCOMPARE(trace.meanMbps(), 0.72);
    }
    void twoColumnDropsAPartialPacket() {
        // 0.1 Mbit/s for 0.3 s is 30,000 bits: two packets, at 120 and 240 ms.
        const TraceLoadResult result = parseText("0 0.1\n0.3 0\n");
        QVERIFY2(result.ok(), result.error.c_str());
        QCOMPARE(result.trace->opportunitiesMs, (std::vector<double>{120, 240}));
        QCOMPARE(result.trace->periodMs, 600.0);
    }
    void refusals_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("not a number")
            << QByteArray("0\n5\n12x\n") << "line 3: '12x' is not a time in ms";
        QTest::newRow("decreasing") << QByteArray("0\n41\n\n40\n")
                                    << "line 4: timestamp 40 is before the previous line's 41";
        QTest::newRow("negative") << QByteArray("5\n-3\n") << "line 2: timestamp -3 is negative";
        QTest::newRow("nan") << QByteArray("nan\n") << "line 1: 'nan' is not a time in ms";
        QTest::newRow("inf") << QByteArray("0\ninf\n") << "line 2: 'inf' is not a time in ms";
        QTest::newRow("beyond") << QByteArray("0\n2e9\n")
                                << "line 2: timestamp 2e9 is beyond 1e9 ms";
        QTest::newRow("two values in mahimahi")
            << QByteArray("0\n1 2\n") << "line 2: expected one timestamp in ms, like line 1";
        QTest::newRow("one value in two-column")
            << QByteArray("0 1\n1 2\n3\n")
            << "line 3: expected 'seconds megabits_per_second' like line 1";
        QTest::newRow("three values in two-column")
            << QByteArray("\n0 1\n1 2 3\n")
            << "line 3: expected 'seconds megabits_per_second' like line 2";
        QTest::newRow("three values first")
            << QByteArray("1 2 3\n")
            << "line 1: expected one timestamp in ms (mahimahi) or 'seconds megabits_per_second'";
        QTest::newRow("empty") << QByteArray("") << "the trace is empty";
        QTest::newRow("blank") << QByteArray("\n \n\r\n") << "the trace is empty";
        QTest::newRow("period 0")
            << QByteArray("0\n0\n")
            << "the trace's period is 0 ms: its last timestamp must be after 0";
        QTest::newRow("delivers nothing")
            << QByteArray("0 0\n1 0\n")
            << "the trace delivers nothing: not one 1,500-byte packet per period";
        QTest::newRow("less than a packet")
            << QByteArray("0 0.01\n1 0\n")
            << "the trace delivers nothing: not one 1,500-byte packet per period";
        QTest::newRow("one two-column line")
            << QByteArray("0 1.2\n")
            << "a two-column trace needs at least two lines: its period is the last line's time "
               "plus the interval before it";
        QTest::newRow("bad seconds")
            << QByteArray("0 1\nx 2\n") << "line 2: 'x' is not a time in seconds";
        QTest::newRow("negative seconds")
            << QByteArray("0 1\n-1 2\n") << "line 2: time -1 s is negative";
        QTest::newRow("seconds repeat")
            << QByteArray("0 1\n0 2\n") << "line 2: time 0 s is not after the previous line's 0 s";
        QTest::newRow("seconds beyond")
            << QByteArray("0 1\n2e6 2\n") << "line 2: time 2e6 s is beyond 1e6 s";
        QTest::newRow("bad rate") << QByteArray("0 nan\n1 2\n")
                                  << "line 1: 'nan' is not a rate in Mbit/s";
        QTest::newRow("negative rate")
            << QByteArray("0 1\n1 -2\n") << "line 2: rate -2 Mbit/s is negative";
        QTest::newRow("rate beyond")
            << QByteArray("0 1\n1 2e9\n") << "line 2: rate 2e9 Mbit/s is beyond 1e9 Mbps";
        QTest::newRow("too many opportunities")
            << QByteArray("0 1e9\n1000 0\n")
            << "the trace would make 83333333333333 delivery opportunities per period; at most "
               "100000000 are read";
        QTest::newRow("not UTF-8")
            << QByteArray("0\n1\n\xff\xfe\n") << "line 3: not UTF-8 text (byte 5)";
        QTest::newRow("binary") << QByteArray("0\n\x01\x02\n", 6)
                                << "line 2: binary data, not text (control character at byte 3)";
        QTest::newRow("nul") << QByteArray("0\n1\0\n", 5)
                             << "line 2: binary data, not text (control character at byte 4)";
        QTest::newRow("long line")
            << QByteArray(5000, '1') << "line 1: longer than 4096 bytes: not a line of a trace";
    }
    void refusals() {
        QFETCH(QByteArray, text);
        QFETCH(QString, message);
        const TraceLoadResult result = parseText(text.toStdString());
        QVERIFY(!result.ok());
        QCOMPARE(QString::fromStdString(result.error), message);
    }
    void tooManyLines() {
        QCOMPARE(QString::fromStdString(parseText("0\n1\n2\n", 3).error), QString());
        QCOMPARE(QString::fromStdString(parseText("0\n1\n2\n3\n", 3).error),
                 QString("the trace has more than 3 lines"));
    }
    void unreadableFiles() {
        QCOMPARE(QString::fromStdString(loadTraceFile("/nonexistent/x.up").error),
                 QString("no such file"));
        QCOMPARE(QString::fromStdString(loadTraceFile(CUTLAB_SOURCE_DIR).error),
                 QString("is a directory, not a file"));
    }
    void sampleTraces_data() {
        QTest::addColumn<QString>("name");
        for (const char* name :
             {"ATT-LTE-driving.down", "ATT-LTE-driving.up", "TMobile-UMTS-driving.down",
              "TMobile-UMTS-driving.up", "Verizon-LTE-short.down", "Verizon-LTE-short.up"})
            QTest::newRow(name) << QString(name);
    }
    void sampleTraces() {
        QFETCH(QString, name);
        const QString path = sourcePath("sample_profiles/traces/" + name);
        const TraceLoadResult result = loadTraceFile(path.toStdString());
        QVERIFY2(result.ok(), result.error.c_str());
        QCOMPARE(result.form, TraceForm::Mahimahi);
        QCOMPARE(QString::fromStdString(result.trace->name), name);
        const auto [last, lines] = lastTimestampAndLines(path);
        QCOMPARE(result.trace->size(), std::uint64_t(lines));
        QCOMPARE(result.trace->periodMs, last);
        QCOMPARE(result.trace->meanMbps(), double(lines) * 12000 / last / 1000);
    }
    void aMillionLinesQuickly() {
        std::string text;
        for (int i = 0; i < 1'000'000; ++i)
            text += std::to_string(i / 3) + "\n";
        QElapsedTimer timer;
        timer.start();
        const TraceLoadResult result = parseText(text);
        const qint64 elapsed = timer.elapsed();
        QVERIFY(result.ok());
        QCOMPARE(result.trace->size(), std::uint64_t(1'000'000));
        qInfo("1e6 lines parsed in %lld ms", elapsed);
        QVERIFY2(elapsed < 5000, "generous for sanitizer builds; about 0.1 s in a release build");
    }
};

CUTLAB_TEST_MAIN(TestNetworkTrace, Guiless)
} // namespace tst_networktrace

#include "tst_networktrace.moc"
