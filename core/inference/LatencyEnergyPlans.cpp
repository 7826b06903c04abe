#include "core/inference/LatencyEnergyPlans.h"

#include "core/model/PlanError.h"

#include <algorithm>
#include <limits>

namespace cutlab::core {
namespace {

// The placements of one device machine d and device cut a, grouped by the first machine the
// device sends to: a group shares the device's compute and its one transfer, so its energy.
class PlacementGroups {
  public:
    explicit PlacementGroups(const InferenceCostModel& model)
        : m_model(model), m_blocks(static_cast<int>(model.structure().blocks.size())),
          m_edges(model.profile().machinesOfTier(Tier::Edge)),
          m_clouds(model.profile().machinesOfTier(Tier::Cloud)) {
        for (int b = 0; b <= m_blocks; ++b)
            m_layerAt.push_back(model.structure().boundaryLayer(b));
    }

    std::size_t count(int devices) const {
        const auto m = static_cast<std::size_t>(m_blocks);
        const std::size_t e = m_edges.size(), c = m_clouds.size();
        // per device cut a < m: c + e·(1 + c·(m − 1 − a)); a = m: one
        std::size_t perDevice = 1;
        for (std::size_t a = 0; a < m; ++a)
            perDevice += c + e * (1 + c * (m - 1 - a));
        return perDevice * static_cast<std::size_t>(std::max(devices, 1));
    }

    // Every placement with device d (-1: none) and device cut a.
    void addEvery(int d, int a, std::vector<TierPlacement>& out) const {
        const int m = m_blocks;
        if (!addAloneOrCloud(d, a, out))
            return;
        for (int e : m_edges) {
            out.push_back(placement(d, e, -1, a, m));
            for (int c : m_clouds)
                for (int b = a + 1; b < m; ++b)
                    out.push_back(placement(d, e, c, a, b));
        }
    }

    // The fastest placement of each group: the cloud alone, or per edge the best of the edge
    // to the end and of each cloud's best cut after a (its table's suffix minimum).
    void addFastest(int d, int a, std::vector<TierPlacement>& out) const {
        const int m = m_blocks;
        if (!addAloneOrCloud(d, a, out))
            return;
        for (std::size_t ei = 0; ei < m_edges.size(); ++ei) {
            const int e = m_edges[ei];
            TierPlacement best = placement(d, e, -1, a, m);
            double bestMs = prefix(e, m) - prefix(e, a);
            for (std::size_t ci = 0; ci < m_clouds.size(); ++ci) {
                const int b = m_bestCut[ei * m_clouds.size() + ci][static_cast<std::size_t>(a)];
                if (b < 0)
                    continue;
                const int c = m_clouds[ci];
                const double ms = prefix(e, b) - prefix(e, a) + edgeToCloud(e, c, b) +
                                  prefix(c, m) - prefix(c, b);
                if (ms < bestMs) {
                    bestMs = ms;
                    best = placement(d, e, c, a, b);
                }
            }
            out.push_back(best);
        }
    }

    // For every edge–cloud pair and device cut a, the cut b > a that minimises what follows
    // the edge's start: F_e(..b) − F_c(..b) + T(b, e→c).
    void prepareBestCuts() {
        const auto m = static_cast<std::size_t>(m_blocks);
        for (int e : m_edges)
            for (int c : m_clouds) {
                std::vector<int> best(m + 1, -1);
                int bestB = -1;
                double bestValue = std::numeric_limits<double>::infinity();
                for (int a = m_blocks - 1; a >= 0; --a) {
                    const int b = a + 1;
                    if (b < m_blocks) {
                        const double value = prefix(e, b) - prefix(c, b) + edgeToCloud(e, c, b);
                        if (value < bestValue) {
                            bestValue = value;
                            bestB = b;
                        }
                    }
                    best[static_cast<std::size_t>(a)] = bestB;
                }
                m_bestCut.push_back(std::move(best));
            }
    }

  private:
    // The groups of one placement: the device alone (a = m; false, nothing follows), or the
    // device sending to a cloud that runs the rest.
    bool addAloneOrCloud(int d, int a, std::vector<TierPlacement>& out) const {
        if (a == m_blocks) {
            out.push_back(placement(d, -1, -1, a, a));
            return false;
        }
        for (int c : m_clouds)
            out.push_back(placement(d, -1, c, a, a));
        return true;
    }

    double prefix(int machine, int boundary) const {
        return m_model.computeMs(machine, 0, m_layerAt[static_cast<std::size_t>(boundary)]);
    }
    double edgeToCloud(int e, int c, int b) const {
        return m_model.transferMs(e, c, m_model.cutBytes(m_layerAt[static_cast<std::size_t>(b)]));
    }
    TierPlacement placement(int d, int e, int c, int a, int b) const {
        TierPlacement p;
        p.machine = {d, e, c};
        p.deviceEnd = m_layerAt[static_cast<std::size_t>(a)];
        p.edgeEnd = m_layerAt[static_cast<std::size_t>(b)];
        return p;
    }

    const InferenceCostModel& m_model;
    int m_blocks;
    std::vector<int> m_edges, m_clouds, m_layerAt;
    std::vector<std::vector<int>> m_bestCut; // per edge–cloud pair, per device cut
};

// Marks the points no other point dominates (sorted by latency, then energy).
void markFront(std::vector<LatencyEnergyPoint>& points) {
    std::sort(points.begin(), points.end(), [](const auto& x, const auto& y) {
        return x.latencyMs != y.latencyMs ? x.latencyMs < y.latencyMs : x.energyMj < y.energyMj;
    });
    double lowest = std::numeric_limits<double>::infinity();
    for (LatencyEnergyPoint& point : points) {
        point.onFront = point.energyMj < lowest;
        lowest = std::min(lowest, point.energyMj);
    }
}

} // namespace

LatencyEnergyPlans latencyEnergyPlans(const InferenceCostModel& model, std::size_t limit) {
    LatencyEnergyPlans result;
    std::vector<int> devices;
    for (int d : model.profile().machinesOfTier(Tier::Device))
        if (model.profile().machines[static_cast<std::size_t>(d)].power)
            devices.push_back(d);
    if (devices.empty())
        return result;
    PlacementGroups groups(model);
    result.placementCount = groups.count(static_cast<int>(devices.size()));
    result.everyPlacement = result.placementCount <= limit;
    if (!result.everyPlacement)
        groups.prepareBestCuts();
    std::vector<TierPlacement> placements;
    const int blocks = static_cast<int>(model.structure().blocks.size());
    for (int d : devices)
        for (int a = 0; a <= blocks; ++a) {
            if (result.everyPlacement)
                groups.addEvery(d, a, placements);
            else
                groups.addFastest(d, a, placements);
        }
    for (const TierPlacement& placement : placements) {
        try {
            const Evaluation evaluation = model.evaluate(placement);
            if (evaluation.energyMj)
                result.points.push_back(
                    {placement, evaluation.totalMs, *evaluation.energyMj, false});
        } catch (const PlanError&) { // the network lacks a link this placement needs
        }
    }
    markFront(result.points);
    return result;
}

} // namespace cutlab::core
