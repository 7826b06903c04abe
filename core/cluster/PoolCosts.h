#pragma once

#include "core/cluster/PoolRequest.h"
#include "core/model/Network.h"
#include "core/model/Profile.h"

#include <vector>

namespace cutlab::core {

// What one candidate stage costs: its layers between two block boundaries on a set of replicas.
struct PoolStageCost {
    double computeMs = 0;
    double allReduceMs = 0;
    double stageMs = 0;
    std::vector<double> shares; // per group, one replica's fraction of the micro-batch
};

// CutLab's cost model over a pool (docs/cost-models.md §5.6). Stages are runs of blocks between
// valid cut points; group g's machines run a stage in time t_g, replicas share a micro-batch in
// proportion to their speed, replicated weights are all-reduced once per mini-batch, and the
// link between two stages is the slowest pair of their machines. Throws PlanError for a profile
// without backward times, an unknown machine or a missing link.
class PoolCosts {
  public:
    PoolCosts(const Profile& profile, const Network& network, const PoolRequest& request);

    int boundaries() const { return static_cast<int>(m_boundaryLayer.size()); }
    int boundaryLayer(int boundary) const { return m_boundaryLayer[at(boundary)]; }
    int groups() const { return static_cast<int>(m_time.size()); }
    int microBatch() const { return m_samples; }
    const PoolRequest& request() const { return m_request; }

    // One machine of group g running blocks [from, to) on the whole micro-batch, ms.
    double timeMs(int group, int from, int to) const;
    PoolStageCost stage(int from, int to, const std::vector<int>& replicas) const;
    // Forward and backward over the slowest pair of a stage on `fromGroups` (bit g) ending at
    // `boundary` and the next on `toGroups`.
    double linkMs(int boundary, unsigned fromGroups, unsigned toGroups) const;
    // What one replica taking `share` of the micro-batch holds when the stage is `fromEnd` stages
    // from the end (1 = last).
    StageMemory memory(int from, int to, double share, int fromEnd) const;
    bool fits(int from, int to, const PoolStageCost& cost, const std::vector<int>& replicas,
              int fromEnd) const;
    // Σ over layers of the fastest group's time, over every machine: no plan is faster.
    double lowerBoundMs() const;

  private:
    const Link& link(int from, int to) const;
    static std::size_t at(int index) { return static_cast<std::size_t>(index); }

    PoolRequest m_request;
    int m_samples = 1;
    std::vector<int> m_boundaryLayer;
    std::vector<std::vector<double>> m_time;      // per group, prefix over boundaries
    std::vector<std::vector<double>> m_layerTime; // per group, per layer, the micro-batch
    std::vector<double> m_params, m_outputs;      // prefix over boundaries, per sample
    std::vector<double> m_crossing;               // per boundary, per sample
    std::vector<Link> m_links;                    // [from · groups + to]
};

} // namespace cutlab::core
