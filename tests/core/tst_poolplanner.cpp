// Planning over a pool of machine types with CutLab's cost model (docs/cost-models.md §5.6): a
// case by hand, and the planner against a brute force over every partition and every replica
// assignment of small random chains, with memory limits that bind.
#include "../TestMain.h"
#include "core/cluster/PoolPlanner.h"
#include "core/cluster/PoolSpec.h"
#include "core/model/Network.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

// every test file has its own namespace: the test programs compile in unity batches
namespace tst_poolplanner {

using namespace cutlab::core;

namespace {

const char* const kIds[] = {"pi", "nano", "gpu"};

Profile chain(int n, std::mt19937& random) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    Profile p;
    p.model.name = "chain";
    p.model.batch = 1 + static_cast<int>(unit(random) * 3);
    p.model.inputBytes = std::floor(unit(random) * 500);
    for (int m = 0; m < 3; ++m)
        p.machines.push_back({kIds[m], Tier::Edge, ""});
    for (int i = 0; i < n; ++i) {
        Layer layer;
        layer.id = "L" + std::to_string(i);
        if (i > 0)
            layer.inputs = {i - 1};
        layer.readsModelInput = i == 0;
        layer.outputBytes = std::floor(unit(random) * 3000);
        layer.paramBytes = unit(random) < 0.3 ? 0 : std::floor(unit(random) * 20000);
        for (int m = 0; m < 3; ++m) {
            layer.forwardMs.push_back(unit(random) * 10 / (1 + m));
            layer.backwardMs.push_back(unit(random) * 20 / (1 + 2 * m));
        }
        p.layers.push_back(layer);
    }
    p.hasBackward = true;
    return p;
}

// One random case: the pool, its links and the request.
struct Case {
    Profile profile;
    Network network;
    PoolRequest request;
};

Case randomCase(unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    Case c;
    c.profile = chain(2 + static_cast<int>(unit(random) * 4), random);
    const int groups = 1 + static_cast<int>(unit(random) * 3);
    for (int g = 0; g < groups; ++g)
        c.request.pool.groups.push_back(
            {kIds[g], 1 + static_cast<int>(unit(random) * 2), 1 + std::floor(unit(random) * 100)});
    c.network.name = "lab";
    for (int a = 0; a < 3; ++a)
        for (int b = a + 1; b < 3; ++b)
            c.network.links.push_back({kIds[a], kIds[b], 1 + std::floor(unit(random) * 50),
                                       std::floor(unit(random) * 3)});
    c.request.microBatch = 1 + static_cast<int>(unit(random) * 3);
    c.request.microBatches = 1 + static_cast<int>(unit(random) * 4);
    c.request.optimizer = static_cast<OptimizerKind>(static_cast<int>(unit(random) * 3));
    c.request.recompute = unit(random) < 0.3;
    c.request.fewerMachines = unit(random) < 0.3;
    c.request.straight = unit(random) < 0.2;
    return c;
}

// --- the brute force: the formulas of §5.6 written out again ---

struct Assignment {
    std::vector<int> ends;                  // last layer + 1 of each stage
    std::vector<std::vector<int>> replicas; // per stage, per group
};

double linkMsBetween(const Case& c, int g, int h, double bytes) {
    if (bytes <= 0)
        return 0;
    const PoolGroup& a = c.request.pool.groups[static_cast<std::size_t>(g)];
    const PoolGroup& b = c.request.pool.groups[static_cast<std::size_t>(h)];
    if (g == h)
        return bytes * 8 / (*a.mbps * 1000);
    for (const Link& link : c.network.links)
        if ((link.from == a.machineId && link.to == b.machineId) ||
            (link.to == a.machineId && link.from == b.machineId))
            return link.latencyMs + bytes * 8 / (link.bandwidthMbps * 1000);
    return std::numeric_limits<double>::quiet_NaN();
}

struct Evaluated {
    double bottleneck = 0;
    double worstExcess = -1; // largest memory over a capacity (≤ 0: fits)
};

Evaluated evaluate(const Case& c, const Assignment& a) {
    const Profile& p = c.profile;
    const PoolRequest& r = c.request;
    const double b = r.microBatch, scale = b / p.model.batch;
    const int stages = static_cast<int>(a.ends.size());
    Evaluated out;
    int begin = 0;
    for (int n = 0; n < stages; ++n) {
        const std::vector<int>& reps = a.replicas[static_cast<std::size_t>(n)];
        const int end = a.ends[static_cast<std::size_t>(n)];
        std::vector<double> t(reps.size(), 0.0);
        double params = 0, outputs = 0;
        for (int l = begin; l < end; ++l) {
            const Layer& layer = p.layers[static_cast<std::size_t>(l)];
            params += layer.paramBytes;
            outputs += layer.outputBytes;
            for (std::size_t g = 0; g < reps.size(); ++g) {
                const int m = p.machineIndex(r.pool.groups[g].machineId);
                t[g] += scale * (layer.forwardMs[static_cast<std::size_t>(m)] +
                                 layer.backwardMs[static_cast<std::size_t>(m)]);
            }
        }
        double speed = 0;
        int total = 0;
        for (std::size_t g = 0; g < reps.size(); ++g) {
            speed += reps[g] / t[g];
            total += reps[g];
        }
        double allReduce = 0;
        if (total > 1 && params > 0)
            for (std::size_t g = 0; g < reps.size(); ++g)
                for (std::size_t h = 0; h < reps.size(); ++h)
                    if (reps[g] > 0 && reps[h] > 0 && (g != h || reps[g] > 1))
                        allReduce =
                            std::max(allReduce, linkMsBetween(c, int(g), int(h),
                                                              2.0 * (total - 1) / total * params));
        out.bottleneck = std::max(out.bottleneck, 1.0 / speed + allReduce / r.microBatches);
        if (n + 1 < stages) {
            const double bytes = b * p.layers[static_cast<std::size_t>(end - 1)].outputBytes;
            const std::vector<int>& next = a.replicas[static_cast<std::size_t>(n + 1)];
            for (std::size_t g = 0; g < reps.size(); ++g)
                for (std::size_t h = 0; h < next.size(); ++h)
                    if (reps[g] > 0 && next[h] > 0)
                        out.bottleneck =
                            std::max(out.bottleneck, linkMsBetween(c, int(g), int(h), bytes) +
                                                         linkMsBetween(c, int(h), int(g), bytes));
        }
        const double input = begin == 0 ? p.model.inputBytes
                                        : p.layers[static_cast<std::size_t>(begin - 1)].outputBytes;
        const int inFlight = std::min(stages - n, r.microBatches);
        const int k = r.optimizer == OptimizerKind::Sgd        ? 0
                      : r.optimizer == OptimizerKind::Momentum ? 1
                                                               : 2;
        for (std::size_t g = 0; g < reps.size(); ++g) {
            const double capacity = g < r.capacityBytes.size() ? r.capacityBytes[g] : 0;
            if (reps[g] == 0 || capacity <= 0)
                continue;
            const double share = (1.0 / t[g]) / speed * b;
            const double activations = r.recompute ? share * input * inFlight + share * outputs
                                                   : share * outputs * inFlight;
            const double bytes = (2 + k) * params + (inFlight - 1) * params + activations;
            out.worstExcess = std::max(out.worstExcess, bytes - capacity);
        }
        begin = end;
    }
    return out;
}

// Calls `visit` with every assignment of the case's pool to every partition of the chain.
template <typename Visit> void everyAssignment(const Case& c, Visit visit) {
    const int n = static_cast<int>(c.profile.layers.size());
    const std::size_t groups = c.request.pool.groups.size();
    std::vector<std::vector<int>> vectors; // every non-empty replica vector within the pool
    std::vector<int> v(groups, 0);
    while (true) {
        std::size_t g = 0;
        while (g < groups && ++v[g] > c.request.pool.groups[g].machines)
            v[g++] = 0;
        if (g == groups)
            break;
        int total = 0;
        for (int x : v)
            total += x;
        if (!c.request.straight || total == 1)
            vectors.push_back(v);
    }
    for (unsigned cuts = 0; cuts < (1u << (n - 1)); ++cuts) {
        Assignment a;
        for (int l = 1; l < n; ++l)
            if (cuts >> (l - 1) & 1u)
                a.ends.push_back(l);
        a.ends.push_back(n);
        const std::size_t stages = a.ends.size();
        std::vector<std::size_t> pick(stages, 0);
        while (true) {
            std::vector<int> used(groups, 0);
            bool within = true;
            a.replicas.clear();
            for (std::size_t s = 0; s < stages; ++s) {
                a.replicas.push_back(vectors[pick[s]]);
                for (std::size_t g = 0; g < groups; ++g)
                    within = within &&
                             (used[g] += vectors[pick[s]][g]) <= c.request.pool.groups[g].machines;
            }
            bool all = true;
            for (std::size_t g = 0; g < groups; ++g)
                all = all && used[g] == c.request.pool.groups[g].machines;
            if (within && (all || c.request.fewerMachines))
                visit(a);
            std::size_t s = 0;
            while (s < stages && ++pick[s] == vectors.size())
                pick[s++] = 0;
            if (s == stages)
                break;
        }
    }
}

double bruteForce(const Case& c) {
    double best = std::numeric_limits<double>::infinity();
    everyAssignment(c, [&](const Assignment& a) {
        const Evaluated e = evaluate(c, a);
        if (e.worstExcess <= 0)
            best = std::min(best, e.bottleneck);
    });
    return best;
}

// Capacities between the least and the most any plan needs, so that they bind.
void bindingCapacities(Case& c, std::mt19937& random) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const std::size_t groups = c.request.pool.groups.size();
    c.request.capacityBytes.assign(groups, 1e15);
    std::vector<double> least(groups, 1e300), most(groups, 0);
    everyAssignment(c, [&](const Assignment& a) {
        for (std::size_t g = 0; g < groups; ++g) {
            Case one = c;
            one.request.capacityBytes.assign(groups, 0);
            one.request.capacityBytes[g] = 1; // excess + 1 = what group g needs
            const double need = evaluate(one, a).worstExcess + 1;
            least[g] = std::min(least[g], need);
            most[g] = std::max(most[g], need);
        }
    });
    for (std::size_t g = 0; g < groups; ++g)
        c.request.capacityBytes[g] =
            unit(random) < 0.3 ? 0 : std::floor(least[g] + unit(random) * (most[g] - least[g]));
}

} // namespace

class TestPoolPlanner : public QObject {
    Q_OBJECT
  private slots:
    void parsesPools();
    void sharesByHand();
    void matchesBruteForce();
    void largePoolsGiveABound();
    void refusesWhatItCannotPlan();
};

void TestPoolPlanner::parsesPools() {
    const PoolSpec spec = parsePoolSpec("pi:4,nano:2@1000,gpu:1@50");
    QCOMPARE(spec.groups.size(), std::size_t(3));
    QCOMPARE(spec.totalMachines(), 7);
    QCOMPARE(spec.groups[0].machineId, std::string("pi"));
    QVERIFY(!spec.groups[0].mbps);
    QCOMPARE(*spec.groups[1].mbps, 1000.0);
    QCOMPARE(spec.groups[2].machines, 1);
    for (const char* bad : {"", "pi:0", "pi:2000", "2@100", "pi:2,pi:3", "pi:2@0", "pi:2@x",
                            "pi:1.5", "pi:600,nano:600", ":3"})
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, parsePoolSpec(bad));
}

void TestPoolPlanner::sharesByHand() {
    // One layer: 30 ms a micro-batch on pi, 6 ms on gpu; 1000 bytes of weights all-reduced
    // over an 8 Mbit/s, 1 ms link once per 4 micro-batches.
    Profile p;
    p.model.name = "one";
    p.model.batch = 1;
    p.machines = {{"pi", Tier::Device, ""}, {"gpu", Tier::Cloud, ""}};
    Layer layer;
    layer.id = "fc";
    layer.readsModelInput = true;
    layer.paramBytes = 1000;
    layer.outputBytes = 10;
    layer.forwardMs = {10, 2};
    layer.backwardMs = {20, 4};
    p.layers = {layer};
    p.hasBackward = true;
    Network network{"lab", {{"pi", "gpu", 8, 1}}};
    PoolRequest request;
    request.pool = parsePoolSpec("pi:1@100,gpu:1@100");
    request.microBatches = 4;
    for (bool fewer : {false, true}) {
        request.fewerMachines = fewer;
        const PoolPlan plan = planPool(p, network, request);
        QCOMPARE(plan.stages.size(), std::size_t(1));
        const PoolStage& stage = plan.stages[0];
        QCOMPARE(stage.computeMs, 5.0); // 1 / (1/30 + 1/6)
        QCOMPARE(stage.shares[0], 1.0 / 6);
        QCOMPARE(stage.shares[1], 5.0 / 6);
        QCOMPARE(stage.allReduceMs, 2.0); // 1 ms + 1000 bytes · 8 / (8 · 1000)
        QCOMPARE(plan.bottleneckMs, 5.5);
        QCOMPARE(stage.machines, (std::vector<std::string>{"pi#0", "gpu#0"}));
        QVERIFY(plan.exact);
    }
    request.straight = true;
    request.fewerMachines = true;
    QCOMPARE(planPool(p, network, request).bottleneckMs, 6.0); // the gpu alone
}

void TestPoolPlanner::matchesBruteForce() {
    int binding = 0, refused = 0, replicated = 0;
    for (unsigned seed = 1; seed <= 160; ++seed) {
        Case c = randomCase(seed);
        std::mt19937 random(seed * 7919u);
        if (seed % 2 == 0)
            bindingCapacities(c, random);
        const double expected = bruteForce(c);
        Case unlimited = c;
        unlimited.request.capacityBytes.clear();
        binding += expected > bruteForce(unlimited) ? 1 : 0;
        if (std::isinf(expected)) {
            ++refused;
            if (std::isinf(bruteForce(unlimited)))
                QVERIFY_THROWS_EXCEPTION(PlanError, planPool(c.profile, c.network, c.request));
            else
                QVERIFY_THROWS_EXCEPTION(PoolMemoryError,
                                         planPool(c.profile, c.network, c.request));
            continue;
        }
        const PoolPlan plan = planPool(c.profile, c.network, c.request);
        QVERIFY2(plan.exact, qPrintable(QString("seed %1").arg(seed)));
        QVERIFY2(std::abs(plan.bottleneckMs - expected) <= 1e-9 * expected,
                 qPrintable(QString("seed %1: planner %2, brute force %3")
                                .arg(seed)
                                .arg(plan.bottleneckMs, 0, 'g', 17)
                                .arg(expected, 0, 'g', 17)));
        Assignment a;
        for (const PoolStage& stage : plan.stages) {
            a.ends.push_back(stage.lastLayer + 1);
            a.replicas.push_back(stage.replicas);
            int total = 0;
            for (int r : stage.replicas)
                total += r;
            replicated += total > 1 ? 1 : 0;
            QCOMPARE(static_cast<int>(stage.machines.size()), total);
        }
        const Evaluated again = evaluate(c, a);
        QVERIFY2(again.worstExcess <= 0, qPrintable(QString("seed %1 over memory").arg(seed)));
        QVERIFY(std::abs(again.bottleneck - plan.bottleneckMs) <= 1e-9 * expected);
    }
    QVERIFY2(binding >= 10, qPrintable(QString("only %1 cases where memory binds").arg(binding)));
    QVERIFY2(refused >= 1 && refused <= 40, qPrintable(QString("%1 refused").arg(refused)));
    QVERIFY(replicated >= 20);
}

void TestPoolPlanner::largePoolsGiveABound() {
    std::mt19937 random(5);
    const Profile p = chain(6, random);
    Network network{"lab", {{"pi", "nano", 100, 0}, {"pi", "gpu", 50, 1}, {"nano", "gpu", 50, 1}}};
    PoolRequest request;
    request.pool = parsePoolSpec("pi:300@100,nano:300@100,gpu:300@1000");
    const PoolPlan plan = planPool(p, network, request);
    QVERIFY(!plan.exact);
    QVERIFY(!plan.note.empty());
    QVERIFY(plan.lowerBoundMs > 0);
    QVERIFY(plan.lowerBoundMs <= plan.bottleneckMs);
    QVERIFY(plan.machinesUsed >= 1 && plan.machinesUsed <= 900);
}

void TestPoolPlanner::refusesWhatItCannotPlan() {
    std::mt19937 random(3);
    Profile p = chain(3, random);
    PoolRequest request;
    request.pool = parsePoolSpec("pi:1@100,gpu:1@100");
    try {
        planPool(p, Network{"empty", {}}, request);
        QFAIL("planned without a link between pi and gpu");
    } catch (const PlanError& error) {
        QVERIFY2(std::string(error.what()).find("no link between pi and gpu") != std::string::npos,
                 error.what());
    }
    request.pool = parsePoolSpec("pi:2");
    QVERIFY_THROWS_EXCEPTION(PlanError, planPool(p, Network{"empty", {}}, request));
    request.pool = parsePoolSpec("tpu:2@100");
    QVERIFY_THROWS_EXCEPTION(PlanError, planPool(p, Network{"empty", {}}, request));
    request.pool = parsePoolSpec("pi:2@100");
    for (Layer& layer : p.layers)
        layer.backwardMs.clear();
    QVERIFY_THROWS_EXCEPTION(PlanError, planPool(p, Network{"empty", {}}, request));
}

CUTLAB_TEST_MAIN(TestPoolPlanner, Guiless)
} // namespace tst_poolplanner

#include "tst_poolplanner.moc"
