#include "core/pipeline/PipelineStateCosts.h"

#include <algorithm>

namespace cutlab::core {
namespace {

// The tensors leaving a state: their bytes each way and how many there are.
struct Leaving {
    TensorBytes bytes;
    int tensors = 0;
    void add(const TensorBytes& tensor, int sign) {
        bytes.forward += sign * tensor.forward;
        bytes.backward += sign * tensor.backward;
        tensors += sign;
        if (tensors == 0)
            bytes = {}; // no rounding residue where nothing crosses
    }
};

// Sums every state's compute per distinct machine of the chain and the tensors leaving it.
// Each state is its first lower cover plus the layers between them (one maximal layer, or the
// stretch between two valid cut prefixes): their times add up, and only the tensors of those
// layers, of their inputs and the model input can start or stop leaving. The work per state
// follows that stretch, not the model's length.
class StateSums {
  public:
    StateSums(const Profile& profile, const PipelineRequest& request, const PipelineSetup& setup,
              const DownsetLattice& lattice)
        : m_profile(profile), m_setup(setup), m_lattice(lattice), m_layers(lattice.layerCount()),
          m_input(tensorBytes(profile, request, setup.samples, -1)) {
        for (int machine : request.chain) {
            auto it = std::find(m_distinct.begin(), m_distinct.end(), machine);
            m_slotOf.push_back(static_cast<int>(it - m_distinct.begin()));
            if (it == m_distinct.end())
                m_distinct.push_back(machine);
        }
        m_tensors.reserve(static_cast<std::size_t>(m_layers));
        for (int v = 0; v < m_layers; ++v)
            m_tensors.push_back(tensorBytes(profile, request, setup.samples, v));
        m_inputsOf.resize(static_cast<std::size_t>(m_layers)); // distinct
        for (int v = 0; v < m_layers; ++v) {
            auto& list = m_inputsOf[static_cast<std::size_t>(v)];
            list = profile.layers[static_cast<std::size_t>(v)].inputs;
            std::sort(list.begin(), list.end());
            list.erase(std::unique(list.begin(), list.end()), list.end());
        }
    }

    void sumAll(const std::function<void()>& stop) {
        const std::size_t states = m_lattice.size();
        m_sums.assign(states * m_distinct.size(), 0.0);
        m_leaving.assign(states, Leaving{});
        if (!m_setup.inputReaders.empty())
            m_leaving[0].add(m_input, +1);
        m_seenAt.assign(static_cast<std::size_t>(m_layers), 0);
        for (std::size_t d = 1; d < states; ++d) {
            if (d % 4096 == 0 && stop)
                stop();
            sumState(d);
        }
    }

    // The compute of `state` on chain position n's machine (before scaling), and what leaves it.
    double sum(std::size_t state, std::size_t position) const {
        return m_sums[state * m_distinct.size() + static_cast<std::size_t>(m_slotOf[position])];
    }
    const TensorBytes& leaving(std::size_t state) const { return m_leaving[state].bytes; }

  private:
    double layerMs(int v, std::size_t slot) const {
        const Layer& layer = m_profile.layers[static_cast<std::size_t>(v)];
        const auto machine = static_cast<std::size_t>(m_distinct[slot]);
        return layer.forwardMs[machine] + (m_setup.forwardOnly ? 0.0 : layer.backwardMs[machine]);
    }
    // Does layer u's tensor leave `state` (u in it, a reader of u not)? And the model input?
    bool tensorLeaves(int state, int u) const {
        if (!m_lattice.contains(state, u))
            return false;
        const auto& readers = m_setup.consumers[static_cast<std::size_t>(u)];
        return std::any_of(readers.begin(), readers.end(),
                           [&](int reader) { return !m_lattice.contains(state, reader); });
    }
    bool inputLeaves(int state) const {
        return std::any_of(m_setup.inputReaders.begin(), m_setup.inputReaders.end(),
                           [&](int reader) { return !m_lattice.contains(state, reader); });
    }

    void sumState(std::size_t d) {
        const int state = static_cast<int>(d);
        const int cover = *m_lattice.lowerCoversBegin(state);
        const auto c = static_cast<std::size_t>(cover);
        if (const int a = m_lattice.addedLayer(state); a >= 0)
            m_between.assign(1, a);
        else
            m_between = m_lattice.layersBetween(cover, state);
        for (std::size_t slot = 0; slot < m_distinct.size(); ++slot) {
            double sum = m_sums[c * m_distinct.size() + slot];
            for (int v : m_between)
                sum += layerMs(v, slot);
            m_sums[d * m_distinct.size() + slot] = sum;
        }
        Leaving out = m_leaving[c];
        auto update = [&](int u) {
            if (m_seenAt[static_cast<std::size_t>(u)] == d)
                return;
            m_seenAt[static_cast<std::size_t>(u)] = d;
            const bool before = tensorLeaves(cover, u), after = tensorLeaves(state, u);
            if (before != after)
                out.add(m_tensors[static_cast<std::size_t>(u)], after ? +1 : -1);
        };
        bool readsInput = false;
        for (int v : m_between) {
            update(v);
            for (int u : m_inputsOf[static_cast<std::size_t>(v)])
                update(u);
            readsInput =
                readsInput || m_profile.layers[static_cast<std::size_t>(v)].readsModelInput;
        }
        if (readsInput) {
            const bool after = inputLeaves(state);
            if (inputLeaves(cover) != after)
                out.add(m_input, after ? +1 : -1);
        }
        m_leaving[d] = out;
    }

    const Profile& m_profile;
    const PipelineSetup& m_setup;
    const DownsetLattice& m_lattice;
    const int m_layers;
    const TensorBytes m_input;
    std::vector<int> m_distinct, m_slotOf; // the chain's distinct machines; each position's slot
    std::vector<TensorBytes> m_tensors;
    std::vector<std::vector<int>> m_inputsOf;
    std::vector<double> m_sums;     // [state][distinct machine]
    std::vector<Leaving> m_leaving; // [state]
    std::vector<std::size_t> m_seenAt;
    std::vector<int> m_between;
};

} // namespace

PipelineStateCosts::PipelineStateCosts(const Profile& profile, const PipelineRequest& request,
                                       const PipelineSetup& setup, const DownsetLattice& lattice,
                                       const std::function<void()>& stop)
    : m_positions(static_cast<int>(request.chain.size())) {
    StateSums sums(profile, request, setup, lattice);
    sums.sumAll(stop);
    const std::size_t states = lattice.size();
    const double scale = setup.samples / profile.model.batch;
    const auto positions = static_cast<std::size_t>(m_positions);
    m_compute.assign(states * positions, 0.0);
    m_link.assign(states * positions, 0.0); // the last position has no link after it
    m_sends.assign(states, 0);
    for (std::size_t d = 0; d < states; ++d) {
        m_sends[d] = sums.leaving(d).forward > 0;
        for (std::size_t n = 0; n < positions; ++n)
            m_compute[d * positions + n] = sums.sum(d, n) * scale;
        for (int n = 0; n + 1 < m_positions; ++n)
            m_link[d * positions + static_cast<std::size_t>(n)] = linkMs(setup, n, sums.leaving(d));
    }
}

} // namespace cutlab::core
