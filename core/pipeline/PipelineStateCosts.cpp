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
    // What leaves a state, worked out from scratch (states that add several layers at once).
    auto leavingOf = [&](int state) {
        Leaving leaving;
        for (int reader : setup.inputReaders)
            if (!lattice.contains(state, reader)) {
                leaving.add(input, +1);
                break;
            }
        for (int v = 0; v < layers; ++v) {
            if (!lattice.contains(state, v))
                continue;
            for (int consumer : setup.consumers[static_cast<std::size_t>(v)])
                if (!lattice.contains(state, consumer)) {
                    leaving.add(tensors[static_cast<std::size_t>(v)], +1);
                    break;
                }
        }
        return leaving;
    };
    auto allIn = [&](int state, const std::vector<int>& list) {
        return std::all_of(list.begin(), list.end(),
                           [&](int layer) { return lattice.contains(state, layer); });
    };

    // Each state is its first lower cover plus one layer a, maximal in the state: a's tensor
    // starts leaving (if anything reads it), and each input of a, and the model input, stops
    // leaving once its last reader is in.
    std::vector<double> sums(states * distinct.size(), 0.0);
    std::vector<Leaving> leaving(states);
    leaving[0] = leavingOf(0);
    for (std::size_t d = 1; d < states; ++d) {
        if (d % 4096 == 0 && stop)
            stop();
        const int state = static_cast<int>(d);
        const int a = lattice.addedLayer(state);
        if (a < 0) {
            const int cover = *lattice.lowerCoversBegin(state);
            for (std::size_t slot = 0; slot < distinct.size(); ++slot) {
                double sum = sums[static_cast<std::size_t>(cover) * distinct.size() + slot];
                for (int v = 0; v < layers; ++v)
                    if (lattice.contains(state, v) && !lattice.contains(cover, v))
                        sum += layerMs(v, slot);
                sums[d * distinct.size() + slot] = sum;
            }
            leaving[d] = leavingOf(state);
            continue;
        }
        const auto cover = static_cast<std::size_t>(*lattice.lowerCoversBegin(state));
        for (std::size_t slot = 0; slot < distinct.size(); ++slot)
            sums[d * distinct.size() + slot] =
                sums[cover * distinct.size() + slot] + layerMs(a, slot);
        Leaving out = leaving[cover];
        if (!setup.consumers[static_cast<std::size_t>(a)].empty())
            out.add(tensors[static_cast<std::size_t>(a)], +1);
        for (int u : inputsOf[static_cast<std::size_t>(a)])
            if (allIn(state, setup.consumers[static_cast<std::size_t>(u)]))
                out.add(tensors[static_cast<std::size_t>(u)], -1);
        if (profile.layers[static_cast<std::size_t>(a)].readsModelInput &&
            allIn(state, setup.inputReaders))
            out.add(input, -1);
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
