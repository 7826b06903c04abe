#pragma once

#include "core/model/Profile.h"
#include "core/pipeline/DownsetLattice.h"
#include "core/pipeline/PipelineSetup.h"

#include <cstddef>
#include <functional>
#include <vector>

namespace cutlab::core {

// E and C of every cut state of a lattice for a chain (docs/cost-models.md §2.3): the compute
// time of a state's layers on each chain position (b·Σ(f+g)), so that a stage D ⊂ D' on position
// n costs compute(D', n) − compute(D, n), and the time of the tensors leaving a state on each
// link of the chain. `stop` is polled now and then and may throw to abandon the work.
class PipelineStateCosts {
  public:
    PipelineStateCosts(const Profile& profile, const PipelineRequest& request,
                       const PipelineSetup& setup, const DownsetLattice& lattice,
                       const std::function<void()>& stop);

    int positions() const { return m_positions; }
    double compute(int state, int position) const { return m_compute[index(state, position)]; }
    // The last position has no link after it: 0.
    double link(int state, int position) const { return m_link[index(state, position)]; }
    // Whether any forward bytes leave the state (the link's latency then applies once).
    bool sends(int state) const { return m_sends[static_cast<std::size_t>(state)] != 0; }
    std::size_t memoryBytes() const {
        return (m_compute.capacity() + m_link.capacity()) * sizeof(double) + m_sends.capacity();
    }

  private:
    std::size_t index(int state, int position) const {
        return static_cast<std::size_t>(state) * static_cast<std::size_t>(m_positions) +
               static_cast<std::size_t>(position);
    }

    int m_positions;
    std::vector<double> m_compute;      // [state][position]
    std::vector<double> m_link;         // [state][position]: the link after that position
    std::vector<unsigned char> m_sends; // [state]
};

} // namespace cutlab::core
