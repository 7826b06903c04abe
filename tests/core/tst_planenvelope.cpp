// The best plan over one link's bandwidth from the lower envelope (docs/cost-models.md §6.5),
// against the planner asked at every bandwidth: random sets of lines, and VGG19 over 4G.
#include "../TestMain.h"
#include "../TestPaths.h"

#include "core/inference/PlacementIdentity.h"
#include "core/inference/PlanEnvelope.h"
#include "core/inference/ReplayRun.h"
#include "core/inference/ScissionPlanner.h"
#include "core/io/ProfileLoader.h"
#include "core/model/LinkDirection.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <random>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_planenvelope {

using namespace cutlab::core;

namespace {

// Plan i is a line a_i + b_i·x in x = 1/Mbit/s; the "planner" takes the lowest, the lower index
// on a tie. Plans are told apart by their segment's machine.
struct LinePlanner {
    std::vector<double> a, b;
    int calls = 0;

    std::optional<RankedPlan> best(double mbps) {
        ++calls;
        const double x = std::isinf(mbps) ? 0.0 : 1.0 / mbps;
        std::size_t bestIndex = 0;
        for (std::size_t i = 1; i < a.size(); ++i)
            if (a[i] + b[i] * x < a[bestIndex] + b[bestIndex] * x)
                bestIndex = i;
        RankedPlan plan;
        plan.segments = {{static_cast<int>(bestIndex), 0, 1}};
        plan.evaluation.totalMs = a[bestIndex] + b[bestIndex] * x;
        return plan;
    }
};

// `count` lines with intercepts in [0, 1000) and slopes in [0, maxSlope).
LinePlanner randomLines(std::mt19937& random, int count, double maxSlope) {
    std::uniform_real_distribution<double> intercept(0, 1000), slope(0, maxSlope);
    LinePlanner lines;
    for (int i = 0; i < count; ++i) {
        lines.a.push_back(intercept(random));
        lines.b.push_back(slope(random));
    }
    return lines;
}

PlanEnvelope envelopeOf(LinePlanner& lines) {
    return PlanEnvelope([&lines](double mbps) { return lines.best(mbps); },
                        [&lines](const RankedPlan& plan) {
                            return lines.b[static_cast<std::size_t>(plan.segments.front().machine)];
                        });
}

// Where the lowest line changes over [xLo, xHi], by brute force: every pairwise crossing is a
// candidate, and the lowest line (lower index on a tie) is compared on either side of it.
std::vector<double> bruteForceBreakpoints(const LinePlanner& lines, double xLo, double xHi) {
    std::vector<double> xs{xLo, xHi};
    for (std::size_t i = 0; i < lines.a.size(); ++i)
        for (std::size_t j = i + 1; j < lines.a.size(); ++j)
            if (lines.b[i] != lines.b[j]) {
                const double x = (lines.a[j] - lines.a[i]) / (lines.b[i] - lines.b[j]);
                if (x > xLo && x < xHi)
                    xs.push_back(x);
            }
    std::sort(xs.begin(), xs.end());
    const auto lowestAt = [&](double x) {
        std::size_t best = 0;
        for (std::size_t i = 1; i < lines.a.size(); ++i)
            if (lines.a[i] + lines.b[i] * x < lines.a[best] + lines.b[best] * x)
                best = i;
        return best;
    };
    std::vector<double> breakpoints;
    for (std::size_t k = 1; k + 1 < xs.size(); ++k)
        if (lowestAt((xs[k - 1] + xs[k]) / 2) != lowestAt((xs[k] + xs[k + 1]) / 2))
            breakpoints.push_back(xs[k]);
    return breakpoints;
}

} // namespace

class TestPlanEnvelope : public QObject {
    Q_OBJECT
  private slots:
    void randomLinesAgreeWithThePlannerEverywhere() {
        std::mt19937 random(11);
        std::uniform_real_distribution<double> logMbps(-3, 4);
        for (int trial = 0; trial < 200; ++trial) {
            const int count = 1 + trial % 40;
            LinePlanner lines = randomLines(random, count, 50);
            PlanEnvelope envelope = envelopeOf(lines);
            for (int query = 0; query < 300; ++query) {
                const double mbps =
                    query == 0 ? kUnlimitedBandwidth : std::pow(10.0, logMbps(random));
                const auto fromEnvelope = envelope.planAt(mbps);
                const auto direct = lines.best(mbps);
                QVERIFY(fromEnvelope);
                QCOMPARE(fromEnvelope->segments.front().machine, direct->segments.front().machine);
            }
            // Each plan on the envelope costs a few probes, not one per query.
            QVERIFY2(
                envelope.probes() <= 4 * count + 8,
                qPrintable(QString("%1 probes for %2 lines").arg(envelope.probes()).arg(count)));
        }
    }

    void crossingsAreTheEnvelopesBreakpoints() {
        std::mt19937 random(23);
        for (int trial = 0; trial < 200; ++trial) {
            const int count = 1 + trial % 30;
            LinePlanner lines = randomLines(random, count, 200);
            PlanEnvelope envelope = envelopeOf(lines);
            for (int i = 0; i <= 60; ++i) // 0.1 to 100 Mbit/s, as the window's sweep
                envelope.planAt(std::pow(10.0, -1.0 + 3.0 * i / 60));
            const auto crossings = envelope.crossings();
            QVERIFY(crossings);
            const auto expected = bruteForceBreakpoints(lines, 1.0 / 100, 1.0 / 0.1);
            QCOMPARE(crossings->size(), expected.size());
            for (std::size_t k = 0; k < expected.size(); ++k) {
                // lowest bandwidth first: the largest x first
                const double x = expected[expected.size() - 1 - k];
                const auto& crossing = (*crossings)[k];
                QVERIFY(std::abs(crossing.mbps - 1.0 / x) <= 1e-9 * crossing.mbps);
                const std::size_t line =
                    static_cast<std::size_t>(lines.best(crossing.mbps)->segments.front().machine);
                QVERIFY(std::abs(crossing.totalMs - (lines.a[line] + lines.b[line] * x)) <=
                        1e-9 * crossing.totalMs);
            }
        }
    }

    void vgg19OverOneTracedLinkMatchesScission() {
        const auto loaded =
            loadProfileFile(sourcePath("sample_profiles/scission/vgg19.json").toStdString());
        QVERIFY(loaded.profile);
        const Network network = *networkPreset("4g");
        const InferenceCostModel model(*loaded.profile, network);
        const TracedDirection traced{*linkDirectionOf(network, "device", "cloud"), nullptr, 0};
        InferenceQuery query;
        query.top = 1;
        auto planAt = [&](double mbps) {
            const Network estimated = networkWithBandwidths(network, {traced}, {mbps});
            const InferenceCostModel at(*loaded.profile, estimated);
            return std::optional<RankedPlan>(rankScission(at, query).front());
        };
        PlanEnvelope envelope(planAt, [&](const RankedPlan& plan) {
            double slope = 0;
            for (const TransferCost& transfer : plan.evaluation.transfers)
                if (linkDirectionBetween(network, *loaded.profile, transfer.from, transfer.to) ==
                    traced.direction)
                    slope += transfer.bytes * 8 / 1000;
            return slope;
        });
        std::mt19937 random(5);
        std::uniform_real_distribution<double> logMbps(-2, 3);
        int changes = 0;
        std::optional<RankedPlan> previous;
        for (int query = 0; query < 400; ++query) {
            const double mbps = std::pow(10.0, logMbps(random));
            const auto expected = planAt(mbps);
            const auto actual = envelope.planAt(mbps);
            QVERIFY2(samePlacement(*actual, *expected), qPrintable(QString::number(mbps)));
            changes += previous && !samePlacement(*previous, *expected);
            previous = expected;
        }
        QVERIFY(changes > 10); // the plan does move over 0.01–1000 Mbit/s
        QVERIFY(envelope.probes() < 60);
    }
};

CUTLAB_TEST_MAIN(TestPlanEnvelope, Appless)
} // namespace tst_planenvelope

#include "tst_planenvelope.moc"
