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

} // namespace

PipelineStateCosts::PipelineStateCosts(const Profile& profile, const PipelineRequest& request,
                                       const PipelineSetup& setup, const DownsetLattice& lattice,
                                       const std::function<void()>& stop)
    : m_positions(static_cast<int>(request.chain.size())) {
    const std::size_t states = lattice.size();
    const int layers = lattice.layerCount();
    const double scale = setup.samples / profile.model.batch;
    const auto positions = static_cast<std::size_t>(m_positions);
    std::vector<int> distinct, slotOf; // the chain's distinct machines; each position's among them
    for (int machine : request.chain) {
        auto it = std::find(distinct.begin(), distinct.end(), machine);
        slotOf.push_back(static_cast<int>(it - distinct.begin()));
        if (it == distinct.end())
            distinct.push_back(machine);
    }
    std::vector<TensorBytes> tensors;
    tensors.reserve(static_cast<std::size_t>(layers));
    for (int v = 0; v < layers; ++v)
        tensors.push_back(tensorBytes(profile, request, setup.samples, v));
    const TensorBytes input = tensorBytes(profile, request, setup.samples, -1);
    std::vector<std::vector<int>> inputsOf(static_cast<std::size_t>(layers)); // distinct
    for (int v = 0; v < layers; ++v) {
        auto& list = inputsOf[static_cast<std::size_t>(v)];
        list = profile.layers[static_cast<std::size_t>(v)].inputs;
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
    }
    auto layerMs = [&](int v, std::size_t slot) {
        const Layer& layer = profile.layers[static_cast<std::size_t>(v)];
        const auto machine = static_cast<std::size_t>(distinct[slot]);
        return layer.forwardMs[machine] + layer.backwardMs[machine];
    };
    // Does layer u's tensor leave `state` (u in it, a reader of u not)? And the model input?
    auto tensorLeaves = [&](int state, int u) {
        if (!lattice.contains(state, u))
            return false;
        const auto& readers = setup.consumers[static_cast<std::size_t>(u)];
        return std::any_of(readers.begin(), readers.end(),
                           [&](int reader) { return !lattice.contains(state, reader); });
    };
    auto inputLeaves = [&](int state) {
        return std::any_of(setup.inputReaders.begin(), setup.inputReaders.end(),
                           [&](int reader) { return !lattice.contains(state, reader); });
    };

    // Each state is its first lower cover plus the layers between them (one maximal layer, or
    // the stretch between two valid cut prefixes): their times add up, and only the tensors of
    // those layers, of their inputs and the model input can start or stop leaving. The work per
    // state follows that stretch, not the model's length.
    std::vector<double> sums(states * distinct.size(), 0.0);
    std::vector<Leaving> leaving(states);
    if (!setup.inputReaders.empty())
        leaving[0].add(input, +1);
    std::vector<std::size_t> seenAt(static_cast<std::size_t>(layers), 0);
    std::vector<int> between;
    for (std::size_t d = 1; d < states; ++d) {
        if (d % 4096 == 0 && stop)
            stop();
        const int state = static_cast<int>(d);
        const int cover = *lattice.lowerCoversBegin(state);
        const auto c = static_cast<std::size_t>(cover);
        if (const int a = lattice.addedLayer(state); a >= 0)
            between.assign(1, a);
        else
            between = lattice.layersBetween(cover, state);
        for (std::size_t slot = 0; slot < distinct.size(); ++slot) {
            double sum = sums[c * distinct.size() + slot];
            for (int v : between)
                sum += layerMs(v, slot);
            sums[d * distinct.size() + slot] = sum;
        }
        Leaving out = leaving[c];
        auto update = [&](int u) {
            if (seenAt[static_cast<std::size_t>(u)] == d)
                return;
            seenAt[static_cast<std::size_t>(u)] = d;
            const bool before = tensorLeaves(cover, u), after = tensorLeaves(state, u);
            if (before != after)
                out.add(tensors[static_cast<std::size_t>(u)], after ? +1 : -1);
        };
        bool readsInput = false;
        for (int v : between) {
            update(v);
            for (int u : inputsOf[static_cast<std::size_t>(v)])
                update(u);
            readsInput = readsInput || profile.layers[static_cast<std::size_t>(v)].readsModelInput;
        }
        if (readsInput) {
            const bool after = inputLeaves(state);
            if (inputLeaves(cover) != after)
                out.add(input, after ? +1 : -1);
        }
        leaving[d] = out;
    }
    m_compute.assign(states * positions, 0.0);
    m_link.assign(states * positions, 0.0); // the last position has no link after it
    for (std::size_t d = 0; d < states; ++d) {
        for (std::size_t n = 0; n < positions; ++n)
            m_compute[d * positions + n] =
                sums[d * distinct.size() + static_cast<std::size_t>(slotOf[n])] * scale;
        for (int n = 0; n + 1 < m_positions; ++n)
            m_link[d * positions + static_cast<std::size_t>(n)] =
                linkMs(setup, n, leaving[d].bytes);
    }
}

} // namespace cutlab::core
