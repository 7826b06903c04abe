// The best plan over one link's bandwidth from the lower envelope (docs/cost-models.md §6.5),
// against the planner asked at every bandwidth: random sets of lines, and VGG19 over 4G.
#include "../TestPaths.h"

#include "core/inference/PlacementIdentity.h"
#include "core/inference/PlanEnvelope.h"
#include "core/inference/ReplayRun.h"
#include "core/inference/ScissionPlanner.h"
#include "core/io/ProfileLoader.h"
#include "core/model/LinkDirection.h"

#include <QTest>

#include <cmath>
#include <random>

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

} // namespace

class TestPlanEnvelope : public QObject {
    Q_OBJECT
  private slots:
    void randomLinesAgreeWithThePlannerEverywhere() {
        std::mt19937 random(11);
        std::uniform_real_distribution<double> intercept(0, 1000), slope(0, 50);
        std::uniform_real_distribution<double> logMbps(-3, 4);
        for (int trial = 0; trial < 200; ++trial) {
            LinePlanner lines;
            const int count = 1 + trial % 40;
            for (int i = 0; i < count; ++i) {
                lines.a.push_back(intercept(random));
                lines.b.push_back(slope(random));
            }
            PlanEnvelope envelope(
                [&](double mbps) { return lines.best(mbps); },
                [&](const RankedPlan& plan) {
                    return lines.b[static_cast<std::size_t>(plan.segments.front().machine)];
                });
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

QTEST_APPLESS_MAIN(TestPlanEnvelope)
#include "tst_planenvelope.moc"
