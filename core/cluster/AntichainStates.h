#pragma once

#include "core/model/Profile.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace cutlab::core {

// The cut states of PipeDream's optimizer (docs/cost-models.md §5.1), built as its
// optimizer_graph_hierarchical.py builds them: `__getitem__` sinks are dropped; from the antichain
// of the first source, the "next antichains" (an antichain node's augmented set with one node
// replaced by a successor that none of the set reaches) are followed breadth-first. A state's
// sums run over its downset; its output activation is the sum over its augmented antichain
// (the antichain plus every predecessor with an edge leaving that antichain node's ancestors),
// which may count a tensor that does not cross. States are in order of downset size, so an
// ancestor always comes before its descendants; the last holds every layer.
class AntichainStates {
  public:
    // Layer values as PipeDream's graph.txt holds them, from the profile's `machine`:
    // forward + backward ms of the whole mini-batch, output bytes × model.batch, param bytes.
    // Throws PlanError when the profile has no backward times or more than `limit` states.
    AntichainStates(const Profile& profile, int machine, std::size_t limit);

    int size() const { return static_cast<int>(m_compute.size()); }
    double computeSeconds(int state) const { return m_compute[idx(state)]; }
    double activationBytes(int state) const { return m_activation[idx(state)]; }
    double parameterBytes(int state) const { return m_parameter[idx(state)]; }
    double outputActivationBytes(int state) const { return m_outputActivation[idx(state)]; }
    // Above this many states only the direct links are kept (the table of ancestors would need
    // states² bits); ancestors() and isAncestor() need the table.
    static constexpr std::size_t kAncestorLimit = 20000;
    bool hasAncestorTable() const { return m_ancestors.size() == m_compute.size(); }
    // States whose downset is a proper subset reachable in the antichain DAG, ascending.
    const std::vector<int>& ancestors(int state) const { return m_ancestors[idx(state)]; }
    bool isAncestor(int ancestor, int state) const;
    // The antichain DAG's direct links: states one step below / above (every ancestor is
    // reachable through them).
    const std::vector<int>& predecessors(int state) const { return m_predecessors[idx(state)]; }
    const std::vector<int>& successors(int state) const { return m_successors[idx(state)]; }
    // Layer positions (profile order) of the downset of `state` not in that of `below`
    // (below = -1: the whole downset).
    std::vector<int> layersBetween(int below, int state) const;
    // Layers the states cover (the profile's minus dropped `__getitem__` sinks).
    int layerCount() const { return m_layerCount; }

  private:
    void addState(const Profile& profile, int machine, const std::vector<std::uint64_t>& downset,
                  const std::vector<int>& augmented);
    void linkAncestors(const std::vector<std::vector<int>>& predecessors);
    static std::size_t idx(int state) { return static_cast<std::size_t>(state); }

    int m_layerCount = 0;
    std::size_t m_words = 0; // 64-bit words of a layer set
    std::vector<double> m_compute, m_activation, m_parameter, m_outputActivation;
    std::vector<std::vector<std::uint64_t>> m_downsets;         // per state, over profile layers
    std::vector<std::vector<int>> m_ancestors;                  // per state
    std::vector<std::vector<int>> m_predecessors, m_successors; // per state, direct
    std::vector<std::vector<std::uint64_t>> m_ancestorBits;     // per state, over states
};

} // namespace cutlab::core
