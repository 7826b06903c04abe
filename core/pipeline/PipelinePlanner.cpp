#include "core/pipeline/PipelinePlanner.h"

#include <algorithm>
#include <limits>

namespace cutlab::core {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The request checked against the profile and network, with what every evaluation needs.
struct PipelineSetup {
    int samples = 1;
    std::vector<Link> forwardLinks;          // d_n -> d_{n+1}
    std::vector<Link> backwardLinks;         // d_{n+1} -> d_n
    std::vector<std::vector<int>> consumers; // per layer
    std::vector<int> inputReaders;
};

std::string machineName(const Profile& profile, int machine) {
    return "'" + profile.machines[static_cast<std::size_t>(machine)].id + "'";
}

Link requireLink(const Profile& profile, const Network& network, int from, int to) {
    if (auto link = network.linkBetween(profile, from, to))
        return *link;
    throw PlanError("the network '" + network.name + "' has no link from machine " +
                    machineName(profile, from) + " to machine " + machineName(profile, to) +
                    " (needed by the pipeline chain)");
}

PipelineSetup setUp(const Profile& profile, const Network& network,
                    const PipelineRequest& request) {
    if (!profile.hasBackward)
        throw PlanError("the profile has no backward_ms for every layer; the pipeline planner "
                        "trains, so it needs "
                        "forward and backward times (docs/cost-models.md §2.3)");
    if (request.chain.empty())
        throw PlanError("the pipeline chain names no machine");
    for (int machine : request.chain)
        if (machine < 0 || machine >= static_cast<int>(profile.machines.size()))
            throw PlanError("the pipeline chain names a machine the profile does not have");
    if (request.microBatch < 0)
        throw PlanError("the micro-batch must be at least 1 sample");
    PipelineSetup setup;
    setup.samples = request.microBatch > 0 ? request.microBatch
                                           : std::max(1, static_cast<int>(profile.model.batch));
    for (std::size_t n = 0; n + 1 < request.chain.size(); ++n) {
        setup.forwardLinks.push_back(
            requireLink(profile, network, request.chain[n], request.chain[n + 1]));
        setup.backwardLinks.push_back(
            requireLink(profile, network, request.chain[n + 1], request.chain[n]));
    }
    setup.consumers.resize(profile.layers.size());
    for (std::size_t v = 0; v < profile.layers.size(); ++v) {
        const Layer& layer = profile.layers[v];
        if (layer.readsModelInput)
            setup.inputReaders.push_back(static_cast<int>(v));
        for (int input : layer.inputs) {
            auto& list = setup.consumers[static_cast<std::size_t>(input)];
            if (list.empty() || list.back() != static_cast<int>(v))
                list.push_back(static_cast<int>(v));
        }
    }
    return setup;
}

// Bytes of one crossing tensor for the micro-batch: forward activations, backward gradients.
struct TensorBytes {
    double forward = 0;
    double backward = 0;
};

TensorBytes tensorBytes(const Profile& profile, const PipelineRequest& request, int samples,
                        int producer) {
    const double perSample = producer < 0
                                 ? profile.model.inputBytes
                                 : profile.layers[static_cast<std::size_t>(producer)].outputBytes;
    TensorBytes bytes;
    if (request.compression) {
        const long long elements = AcceptCodec::elementsOf(perSample);
        bytes.forward = request.compression->forwardBytes(samples, elements);
        bytes.backward = request.compression->backwardBytes(samples, elements);
    } else {
        bytes.forward = bytes.backward = samples * perSample;
    }
    if (producer < 0)
        bytes.backward = 0; // nothing computes a gradient for the data
    return bytes;
}

double linkMs(const PipelineSetup& setup, int link, const TensorBytes& bytes) {
    return setup.forwardLinks[static_cast<std::size_t>(link)].transferMs(bytes.forward) +
           setup.backwardLinks[static_cast<std::size_t>(link)].transferMs(bytes.backward);
}

PipelinePlan evaluate(const Profile& profile, const PipelineRequest& request,
                      const PipelineSetup& setup, const std::vector<int>& stageOfLayer) {
    const int n = static_cast<int>(profile.layers.size());
    if (static_cast<int>(stageOfLayer.size()) != n)
        throw PlanError("a pipeline partition must give a stage to each of the " +
                        std::to_string(n) + " layers");
    int stages = 0;
    for (int stage : stageOfLayer) {
        if (stage < 0 || stage >= static_cast<int>(request.chain.size()))
            throw PlanError("a stage lies outside the chain of " +
                            std::to_string(request.chain.size()) + " machines");
        stages = std::max(stages, stage + 1);
    }
    PipelinePlan plan;
    plan.microBatch = setup.samples;
    plan.stages.resize(static_cast<std::size_t>(stages));
    for (int s = 0; s < stages; ++s) {
        plan.stages[static_cast<std::size_t>(s)].chainPosition = s;
        plan.stages[static_cast<std::size_t>(s)].machine =
            request.chain[static_cast<std::size_t>(s)];
    }
    const double scale = setup.samples / profile.model.batch;
    std::vector<double> forwardSum(static_cast<std::size_t>(stages), 0),
        backwardSum(static_cast<std::size_t>(stages), 0);
    for (int v = 0; v < n; ++v) {
        const int s = stageOfLayer[static_cast<std::size_t>(v)];
        PipelineStage& stage = plan.stages[static_cast<std::size_t>(s)];
        const Layer& layer = profile.layers[static_cast<std::size_t>(v)];
        for (int input : layer.inputs)
            if (stageOfLayer[static_cast<std::size_t>(input)] > s)
                throw PlanError("layer '" + layer.id + "' (stage " + std::to_string(s + 1) +
                                ") reads '" + profile.layers[static_cast<std::size_t>(input)].id +
                                "' from a later stage");
        stage.layers.push_back(v);
        forwardSum[static_cast<std::size_t>(s)] +=
            layer.forwardMs[static_cast<std::size_t>(stage.machine)];
        backwardSum[static_cast<std::size_t>(s)] +=
            layer.backwardMs[static_cast<std::size_t>(stage.machine)];
    }
    for (int s = 0; s < stages; ++s) {
        PipelineStage& stage = plan.stages[static_cast<std::size_t>(s)];
        if (stage.layers.empty())
            throw PlanError("stage " + std::to_string(s + 1) + " of the pipeline runs no layer");
        stage.forwardMs = forwardSum[static_cast<std::size_t>(s)] * scale;
        stage.backwardMs = backwardSum[static_cast<std::size_t>(s)] * scale;
        stage.computeMs =
            (forwardSum[static_cast<std::size_t>(s)] + backwardSum[static_cast<std::size_t>(s)]) *
            scale;
    }
    // A tensor crosses every link from its producer's stage to its last consumer's stage.
    auto relay = [&](int producer, int fromStage, int toStage) {
        if (toStage <= fromStage)
            return;
        const TensorBytes bytes = tensorBytes(profile, request, setup.samples, producer);
        for (int link = fromStage; link < toStage; ++link) {
            PipelineStage& stage = plan.stages[static_cast<std::size_t>(link)];
            stage.crossing.push_back(producer);
            stage.linkForwardBytes += bytes.forward;
            stage.linkBackwardBytes += bytes.backward;
        }
    };
    int lastReader = 0;
    for (int reader : setup.inputReaders)
        lastReader = std::max(lastReader, stageOfLayer[static_cast<std::size_t>(reader)]);
    relay(-1, 0, lastReader);
    for (int v = 0; v < n; ++v) {
        int last = stageOfLayer[static_cast<std::size_t>(v)];
        for (int consumer : setup.consumers[static_cast<std::size_t>(v)])
            last = std::max(last, stageOfLayer[static_cast<std::size_t>(consumer)]);
        relay(v, stageOfLayer[static_cast<std::size_t>(v)], last);
    }
    for (int s = 0; s + 1 < stages; ++s) {
        PipelineStage& stage = plan.stages[static_cast<std::size_t>(s)];
        stage.linkBytes = stage.linkForwardBytes + stage.linkBackwardBytes;
        stage.linkForwardMs =
            setup.forwardLinks[static_cast<std::size_t>(s)].transferMs(stage.linkForwardBytes);
        stage.linkBackwardMs =
            setup.backwardLinks[static_cast<std::size_t>(s)].transferMs(stage.linkBackwardBytes);
        stage.linkMs = stage.linkForwardMs + stage.linkBackwardMs;
    }
    for (const auto& stage : plan.stages)
        plan.bottleneckMs = std::max({plan.bottleneckMs, stage.computeMs, stage.linkMs});
    return plan;
}

// E_n and C_n of every cut state, then A(D, n) over nested pairs of states.
class PipelineDp {
  public:
    PipelineDp(const Profile& profile, const PipelineRequest& request, const PipelineSetup& setup,
               const DownsetLattice& lattice)
        : m_profile(profile), m_request(request), m_setup(setup), m_lattice(lattice),
          m_stages(static_cast<int>(request.chain.size())) {}

    // Chain position of every layer in the best partition.
    std::vector<int> solve() {
        computeStateCosts();
        const std::size_t states = m_lattice.size();
        const auto stages = static_cast<std::size_t>(m_stages);
        m_best.assign(stages * states, kInfinity);
        m_choice.assign(stages * states, -1);
        for (std::size_t j = 1; j < states; ++j)
            m_best[j * stages] = m_compute[j * stages];
        // Rows are per state ([state][stage]) so that the inner loop reads contiguous memory.
        for (std::size_t j = 2; j < states; ++j) {
            checkCancelled();
            const int size = m_lattice.sizeOf(static_cast<int>(j));
            const double* computeJ = &m_compute[j * stages];
            double* bestJ = &m_best[j * stages];
            int* choiceJ = &m_choice[j * stages];
            for (std::size_t i = 1; i < j; ++i) {
                if (m_lattice.sizeOf(static_cast<int>(i)) >= size)
                    break;
                if (!m_lattice.isSubset(static_cast<int>(i), static_cast<int>(j)))
                    continue;
                const double* bestI = &m_best[i * stages];
                const double* linkI = &m_link[i * stages];
                const double* computeI = &m_compute[i * stages];
                for (std::size_t n = 1; n < stages; ++n) {
                    const double candidate =
                        std::max({bestI[n - 1], linkI[n - 1], computeJ[n] - computeI[n]});
                    if (candidate < bestJ[n]) {
                        bestJ[n] = candidate;
                        choiceJ[n] = static_cast<int>(i);
                    }
                }
            }
        }
        return partition();
    }

  private:
    void checkCancelled() const {
        if (m_request.cancel && m_request.cancel->load(std::memory_order_relaxed))
            throw PlanError("planning cancelled");
    }

    double best(int n, std::size_t state) const {
        return m_best[state * static_cast<std::size_t>(m_stages) + static_cast<std::size_t>(n)];
    }
    int choice(int n, std::size_t state) const {
        return m_choice[state * static_cast<std::size_t>(m_stages) + static_cast<std::size_t>(n)];
    }

    void computeStateCosts() {
        const std::size_t states = m_lattice.size();
        const int layers = m_lattice.layerCount();
        const double scale = m_setup.samples / m_profile.model.batch;
        // Compute sums per distinct machine of the chain.
        std::vector<int> distinct;
        for (int machine : m_request.chain) {
            auto it = std::find(distinct.begin(), distinct.end(), machine);
            m_machineSlot.push_back(static_cast<int>(it - distinct.begin()));
            if (it == distinct.end())
                distinct.push_back(machine);
        }
        const auto stages = static_cast<std::size_t>(m_stages);
        m_compute.assign(stages * states, 0);
        std::vector<double> sums(distinct.size());
        for (std::size_t d = 0; d < states; ++d) {
            checkCancelled();
            std::fill(sums.begin(), sums.end(), 0.0);
            for (int v = 0; v < layers; ++v)
                if (m_lattice.contains(static_cast<int>(d), v)) {
                    const Layer& layer = m_profile.layers[static_cast<std::size_t>(v)];
                    for (std::size_t slot = 0; slot < distinct.size(); ++slot) {
                        const auto machine = static_cast<std::size_t>(distinct[slot]);
                        sums[slot] += layer.forwardMs[machine] + layer.backwardMs[machine];
                    }
                }
            for (std::size_t n = 0; n < stages; ++n)
                m_compute[d * stages + n] =
                    sums[static_cast<std::size_t>(m_machineSlot[n])] * scale;
        }
        // Bytes leaving each state, then their time on each link of the chain.
        m_link.assign(stages * states, 0); // [state][link]; the last column stays unused
        std::vector<TensorBytes> tensors;
        tensors.reserve(static_cast<std::size_t>(layers) + 1);
        for (int v = 0; v < layers; ++v)
            tensors.push_back(tensorBytes(m_profile, m_request, m_setup.samples, v));
        const TensorBytes input = tensorBytes(m_profile, m_request, m_setup.samples, -1);
        for (std::size_t d = 0; d < states; ++d) {
            checkCancelled();
            const int state = static_cast<int>(d);
            TensorBytes leaving;
            for (int reader : m_setup.inputReaders)
                if (!m_lattice.contains(state, reader)) {
                    leaving.forward += input.forward;
                    leaving.backward += input.backward;
                    break;
                }
            for (int v = 0; v < layers; ++v) {
                if (!m_lattice.contains(state, v))
                    continue;
                for (int consumer : m_setup.consumers[static_cast<std::size_t>(v)])
                    if (!m_lattice.contains(state, consumer)) {
                        leaving.forward += tensors[static_cast<std::size_t>(v)].forward;
                        leaving.backward += tensors[static_cast<std::size_t>(v)].backward;
                        break;
                    }
            }
            for (int n = 0; n + 1 < m_stages; ++n)
                m_link[d * stages + static_cast<std::size_t>(n)] = linkMs(m_setup, n, leaving);
        }
    }

    std::vector<int> partition() {
        const auto full = static_cast<std::size_t>(m_lattice.fullDownset());
        int stages = 0;
        for (int n = 1; n < m_stages; ++n)
            if (best(n, full) < best(stages, full))
                stages = n;
        std::vector<int> stageOfLayer(static_cast<std::size_t>(m_lattice.layerCount()), 0);
        int state = static_cast<int>(full);
        for (int n = stages; n >= 0; --n) {
            const int previous = n == 0 ? 0 : choice(n, static_cast<std::size_t>(state));
            for (int v : m_lattice.layersOf(state))
                if (!m_lattice.contains(previous, v))
                    stageOfLayer[static_cast<std::size_t>(v)] = n;
            state = previous;
        }
        return stageOfLayer;
    }

    const Profile& m_profile;
    const PipelineRequest& m_request;
    const PipelineSetup& m_setup;
    const DownsetLattice& m_lattice;
    int m_stages;
    std::vector<int> m_machineSlot; // chain position -> its machine among the distinct ones
    std::vector<double> m_compute;  // [state][stage]: b·Σ(f+g) of the state's layers on d_stage
    std::vector<double> m_link;     // [state][link]: C of the tensors leaving the state
    std::vector<double> m_best;     // [state][stage]: A
    std::vector<int> m_choice;      // [state][stage]: the state before the last stage
};

} // namespace

std::string cutModeName(PipelineCutMode mode) {
    return mode == PipelineCutMode::Any ? "any" : "single";
}

std::optional<PipelineCutMode> cutModeFromName(const std::string& name) {
    if (name == "single")
        return PipelineCutMode::Single;
    if (name == "any")
        return PipelineCutMode::Any;
    return std::nullopt;
}

PipelinePlan planPipeline(const Profile& profile, const Network& network,
                          const PipelineRequest& request) {
    const PipelineSetup setup = setUp(profile, network, request);
    const DownsetLattice lattice = request.cutMode == PipelineCutMode::Any
                                       ? DownsetLattice::allDownsets(profile, request.downsetLimit)
                                       : DownsetLattice::validCutPrefixes(profile);
    PipelineDp dp(profile, request, setup, lattice);
    PipelinePlan plan = evaluate(profile, request, setup, dp.solve());
    plan.states = lattice.size();
    return plan;
}

PipelinePlan evaluatePipeline(const Profile& profile, const Network& network,
                              const PipelineRequest& request,
                              const std::vector<int>& stageOfLayer) {
    return evaluate(profile, request, setUp(profile, network, request), stageOfLayer);
}

} // namespace cutlab::core
