// `plan --planner stream` (docs/cost-models.md §1.10): the smallest period and the whole
// latency/throughput front over a chain of machines, against a brute force over every partition
// at valid cut points with the period and latency computed here from their definitions, on every
// sample with a device, on 3g and 4g, over chains of two and three machines.
#include "../TestMain.h"
#include "../TestPaths.h"

#include "core/inference/StreamPlanner.h"
#include "core/io/ProfileLoader.h"
#include "core/model/ModelStructure.h"
#include "core/model/PlanError.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_streamplanner {

using namespace cutlab::core;

namespace {

struct Point {
    double periodMs = 0;
    double latencyMs = 0;
};

bool close(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

// Bytes of one frame that cross a cut after layer position `last`: every tensor made at or
// before it and read after it, and the model input when a later layer reads it.
double bytesAcross(const Profile& profile, int last) {
    double bytes = 0;
    std::vector<bool> counted(profile.layers.size(), false);
    bool input = false;
    for (std::size_t v = static_cast<std::size_t>(last) + 1; v < profile.layers.size(); ++v) {
        const Layer& layer = profile.layers[v];
        input = input || layer.readsModelInput;
        for (int u : layer.inputs)
            if (u <= last && !counted[static_cast<std::size_t>(u)]) {
                counted[static_cast<std::size_t>(u)] = true;
                bytes += profile.layers[static_cast<std::size_t>(u)].outputBytes;
            }
    }
    return bytes + (input ? profile.model.inputBytes : 0);
}

// Stage j runs layers (cuts[j-1], cuts[j]] on chain[j]; the last cut is the last layer.
Point pointOf(const Profile& profile, const Network& network, const std::vector<int>& chain,
              const std::vector<int>& cuts) {
    Point point;
    int first = 0;
    for (std::size_t j = 0; j < cuts.size(); ++j) {
        double compute = 0;
        for (int v = first; v <= cuts[j]; ++v)
            compute += profile.forwardPerSample(v, chain[j]);
        point.periodMs = std::max(point.periodMs, compute);
        point.latencyMs += compute;
        if (j + 1 < cuts.size()) {
            const double bytes = bytesAcross(profile, cuts[j]);
            const Link link = *network.linkBetween(profile, chain[j], chain[j + 1]);
            const double busy =
                std::isinf(link.bandwidthMbps) ? 0 : bytes * 8 / (link.bandwidthMbps * 1000);
            point.periodMs = std::max(point.periodMs, busy);
            point.latencyMs += busy + (bytes > 0 ? link.latencyMs : 0);
        }
        first = cuts[j] + 1;
    }
    return point;
}

// Every partition into at most chain.size() stages on the chain's first machines.
std::vector<Point> everyPartition(const Profile& profile, const Network& network,
                                  const std::vector<int>& chain) {
    const int last = static_cast<int>(profile.layers.size()) - 1;
    std::vector<int> cuts;
    for (int cut : analyseStructure(profile).cutAfter)
        if (cut < last)
            cuts.push_back(cut);
    std::vector<Point> points;
    std::vector<int> chosen;
    std::function<void(std::size_t)> extend = [&](std::size_t from) {
        std::vector<int> all = chosen;
        all.push_back(last);
        points.push_back(pointOf(profile, network, chain, all));
        if (chosen.size() + 1 == chain.size())
            return;
        for (std::size_t i = from; i < cuts.size(); ++i) {
            chosen.push_back(cuts[i]);
            extend(i + 1);
            chosen.pop_back();
        }
    };
    extend(0);
    return points;
}

// The points no other point beats in both, one per (period, latency), period ascending.
std::vector<Point> paretoFront(std::vector<Point> points) {
    std::sort(points.begin(), points.end(), [](const Point& a, const Point& b) {
        return a.periodMs < b.periodMs || (a.periodMs == b.periodMs && a.latencyMs < b.latencyMs);
    });
    std::vector<Point> front;
    double bestLatency = std::numeric_limits<double>::infinity();
    for (const Point& point : points)
        if (front.empty() ||
            (point.latencyMs < bestLatency && !close(point.latencyMs, bestLatency))) {
            if (!front.empty() && close(front.back().periodMs, point.periodMs))
                continue;
            front.push_back(point);
            bestLatency = point.latencyMs;
        }
    return front;
}

std::vector<std::vector<int>> chainsOf(const Profile& profile) {
    const auto device = profile.machinesOfTier(Tier::Device);
    const auto edge = profile.machinesOfTier(Tier::Edge);
    const auto cloud = profile.machinesOfTier(Tier::Cloud);
    std::vector<std::vector<int>> chains;
    if (device.empty())
        return chains;
    if (!cloud.empty())
        chains.push_back({device[0], cloud[0]});
    if (!edge.empty())
        chains.push_back({device[0], edge[0]});
    if (!edge.empty() && !cloud.empty())
        chains.push_back({device[0], edge[0], cloud.back()});
    return chains;
}

} // namespace

class TestStreamPlanner : public QObject {
    Q_OBJECT
  private slots:
    void everySampleAgainstBruteForce() {
        int checked = 0;
        for (const QString& path : sampleProfilePaths()) {
            const auto loaded = loadProfileFile(path.toStdString());
            if (!loaded.profile)
                continue;
            const Profile& profile = *loaded.profile;
            for (const auto& chain : chainsOf(profile))
                for (const char* preset : {"3g", "4g"}) {
                    const Network network = *networkPreset(preset);
                    const QString where =
                        path + " " + preset + " chain of " + QString::number(chain.size());
                    const auto want = paretoFront(everyPartition(profile, network, chain));
                    QVERIFY2(!want.empty(), qPrintable(where + ": no partition"));
                    const StreamResult got = planStream(profile, network, {chain});
                    QVERIFY2(got.exact, qPrintable(where));
                    QVERIFY2(close(got.fastest.periodMs, want.front().periodMs),
                             qPrintable(where + QString(": period %1, brute force %2")
                                                    .arg(got.fastest.periodMs, 0, 'g', 17)
                                                    .arg(want.front().periodMs, 0, 'g', 17)));
                    QVERIFY2(got.front.size() == want.size(),
                             qPrintable(where + QString(": %1 plans on the front, brute force %2")
                                                    .arg(got.front.size())
                                                    .arg(want.size())));
                    for (std::size_t i = 0; i < want.size(); ++i) {
                        QVERIFY2(close(got.front[i].periodMs, want[i].periodMs) &&
                                     close(got.front[i].latencyMs, want[i].latencyMs),
                                 qPrintable(where + QString(": front plan %1").arg(i)));
                        QCOMPARE(got.front[i].throughputFps(), 1000.0 / got.front[i].periodMs);
                    }
                    ++checked;
                }
        }
        QVERIFY(checked >= 30);
    }

    void handComputedChain() {
        // a (phone 10, edge 4, cloud 1) -> b (phone 30, edge 12, cloud 3); a's 2,500 bytes on a
        // 1 Mbit/s link take 20 ms (+50 ms latency). Stream a | b over phone, edge: period 20,
        // latency 10 + 20 + 50 + 12 = 92. All on the phone: period = latency = 40.
        Profile profile;
        profile.model.name = "two";
        profile.model.inputBytes = 1000;
        profile.machines = {{"phone", Tier::Device, ""}, {"box", Tier::Edge, ""}};
        profile.layers.resize(2);
        profile.layers[0].id = "a";
        profile.layers[0].readsModelInput = true;
        profile.layers[0].forwardMs = {10, 4};
        profile.layers[0].outputBytes = 2500;
        profile.layers[1].id = "b";
        profile.layers[1].inputs = {0};
        profile.layers[1].forwardMs = {30, 12};
        profile.layers[1].outputBytes = 4;
        Network network;
        network.name = "slow";
        Link link;
        link.from = "device";
        link.to = "edge";
        link.bandwidthMbps = 1;
        link.latencyMs = 50;
        network.links = {link};
        const StreamResult got = planStream(profile, network, {{0, 1}});
        QCOMPARE(got.fastest.periodMs, 20.0);
        QCOMPARE(got.fastest.latencyMs, 92.0);
        QCOMPARE(got.fastest.stages.size(), std::size_t(2));
        QCOMPARE(got.fastest.stages[0].sentBytes, 2500.0);
        QCOMPARE(got.front.size(), std::size_t(2));
        QCOMPARE(got.front[1].periodMs, 40.0);
        QCOMPARE(got.front[1].latencyMs, 40.0);
        QCOMPARE(got.front[1].stages.size(), std::size_t(1));
    }

    void missingLinkIsRefused() {
        Profile profile;
        profile.model.name = "one";
        profile.machines = {{"phone", Tier::Device, ""}, {"box", Tier::Edge, ""}};
        profile.layers.resize(1);
        profile.layers[0].id = "a";
        profile.layers[0].readsModelInput = true;
        profile.layers[0].forwardMs = {1, 1};
        Network network;
        network.name = "none";
        QVERIFY_THROWS_EXCEPTION(PlanError, planStream(profile, network, {{0, 1}}));
    }

    void aMachineTwiceIsRefused() {
        // Two stages on one machine would share it: the period would be wrong.
        Profile profile;
        profile.model.name = "one";
        profile.machines = {{"phone", Tier::Device, ""}};
        profile.layers.resize(2);
        profile.layers[0].id = "a";
        profile.layers[0].readsModelInput = true;
        profile.layers[0].forwardMs = {1};
        profile.layers[1].id = "b";
        profile.layers[1].inputs = {0};
        profile.layers[1].forwardMs = {1};
        Network network;
        network.name = "none";
        try {
            planStream(profile, network, {{0, 0}});
            QFAIL("a chain with one machine twice was planned");
        } catch (const PlanError& error) {
            QVERIFY2(QString(error.what()).contains("'phone' appears twice"), error.what());
        }
    }
};

CUTLAB_TEST_MAIN(TestStreamPlanner, Guiless)
} // namespace tst_streamplanner

#include "tst_streamplanner.moc"
