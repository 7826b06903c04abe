#pragma once

#include "core/inference/InferenceCostModel.h"
#include "core/inference/InferenceQuery.h"
#include "core/inference/PlacementFilter.h"

#include <array>
#include <limits>
#include <optional>
#include <vector>

namespace cutlab::core {

// JointDNN's shortest path for one device, edge and cloud machine (-1 = tier absent): each block
// runs on one of the tiers, moves cost the transfer of the tensor at the block's start. Without
// capacities a dynamic programme over (block, tier, tiers used so far); when one of the machines
// has a capacity, a depth-first search that tries the cheapest continuation first and prunes by
// the exact cost-to-go without capacities and by the memory already held (exact; it stops with
// a PlanError after kNodeLimit partial paths).
class JointDnnPathSearch {
  public:
    static constexpr long kNodeLimit = 20'000'000;

    JointDnnPathSearch(const InferenceCostModel& model, const InferenceQuery& query,
                       const PlacementFilter& filter, std::array<int, 3> machines);

    std::optional<std::vector<Segment>> run();

  private:
    struct PathCost {
        double primary = std::numeric_limits<double>::infinity();
        double secondary = std::numeric_limits<double>::infinity();
        bool operator<(const PathCost& other) const {
            return primary != other.primary ? primary < other.primary : secondary < other.secondary;
        }
        bool finite() const { return primary != std::numeric_limits<double>::infinity(); }
        PathCost plus(const PathCost& other) const {
            return {primary + other.primary, secondary + other.secondary};
        }
    };
    struct State {
        PathCost cost;
        int previousLocation = -1;
        int previousMask = -1;
    };
    using Layer = std::array<std::array<State, 8>, 4>; // [location][tiers used]
    struct Held {                                      // per tier: weights, largest live bytes
        std::array<double, 3> weights{};
        std::array<double, 3> live{};
    };

    bool fits(const std::vector<Segment>& segments) const;
    bool tierOpen(int tier) const;
    PathCost moveCost(int from, int to, double bytes) const;
    std::optional<PathCost> stepCost(int block, int from, int to) const;
    PathCost finishCost(int location, int mask) const;
    std::optional<std::vector<Segment>> cheapestPath();
    std::optional<std::vector<Segment>> cheapestPathThatFits();
    void costToGo();
    void descend(int block, int location, int mask, const PathCost& cost, const Held& held);
    bool holds(int tier, int block, int from, Held& held) const;
    std::vector<Segment> segmentsOf(const std::vector<int>& tierOfBlock) const;

    const InferenceCostModel& m_model;
    const InferenceQuery& m_query;
    const PlacementFilter& m_filter;
    std::array<int, 3> m_machines;
    int m_blocks;
    int m_requiredMask = 0;
    std::vector<Layer> m_toGo; // the cheapest completion without capacities
    std::vector<int> m_path, m_bestPath;
    PathCost m_best;
    long m_nodes = 0;
};

} // namespace cutlab::core
