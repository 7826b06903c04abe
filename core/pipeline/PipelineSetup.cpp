#include "core/pipeline/PipelineSetup.h"

#include "core/model/TrainingTimes.h"

#include <algorithm>

namespace cutlab::core {
namespace {

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

} // namespace

PipelineSetup setUpPipeline(const Profile& profile, const Network& network,
                            const PipelineRequest& request) {
    if (!request.forwardOnly)
        TrainingTimes::requireBackward(profile);
    if (request.chain.empty())
        throw PlanError("the pipeline chain names no machine");
    for (int machine : request.chain)
        if (machine < 0 || machine >= static_cast<int>(profile.machines.size()))
            throw PlanError("the pipeline chain names a machine the profile does not have");
    if (request.microBatch < 0)
        throw PlanError("the micro-batch must be at least 1 sample");
    PipelineSetup setup;
    setup.forwardOnly = request.forwardOnly;
    setup.samples = request.microBatch > 0 ? request.microBatch
                                           : std::max(1, static_cast<int>(profile.model.batch));
    for (std::size_t n = 0; n + 1 < request.chain.size(); ++n) {
        setup.forwardLinks.push_back(
            requireLink(profile, network, request.chain[n], request.chain[n + 1]));
        // A stream sends nothing back: no link is needed that way.
        setup.backwardLinks.push_back(
            request.forwardOnly
                ? Link{}
                : requireLink(profile, network, request.chain[n + 1], request.chain[n]));
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
    if (producer < 0 || request.forwardOnly)
        bytes.backward = 0; // nothing computes a gradient for the data, nor in a stream
    return bytes;
}

double linkMs(const PipelineSetup& setup, int link, const TensorBytes& bytes) {
    if (setup.forwardOnly)
        return setup.forwardLinks[static_cast<std::size_t>(link)].busyMs(bytes.forward);
    return setup.forwardLinks[static_cast<std::size_t>(link)].transferMs(bytes.forward) +
           setup.backwardLinks[static_cast<std::size_t>(link)].transferMs(bytes.backward);
}

namespace {

// The stages a partition uses (the highest position + 1); throws PlanError for a partition of
// the wrong length or a stage outside the chain.
int stageCount(const std::vector<int>& stageOfLayer, int layers, std::size_t chain) {
    if (static_cast<int>(stageOfLayer.size()) != layers)
        throw PlanError("a pipeline partition must give a stage to each of the " +
                        std::to_string(layers) + " layers");
    int stages = 0;
    for (int stage : stageOfLayer) {
        if (stage < 0 || stage >= static_cast<int>(chain))
            throw PlanError("a stage lies outside the chain of " + std::to_string(chain) +
                            " machines");
        stages = std::max(stages, stage + 1);
    }
    return stages;
}

// Each stage's layers and compute times (a micro-batch's forward and backward on its machine);
// throws PlanError for a layer reading a later stage or a stage without layers.
void assignLayers(const Profile& profile, const PipelineRequest& request,
                  const PipelineSetup& setup, const std::vector<int>& stageOfLayer,
                  PipelinePlan& plan) {
    const auto stages = plan.stages.size();
    std::vector<double> forwardSum(stages, 0), backwardSum(stages, 0);
    for (std::size_t v = 0; v < profile.layers.size(); ++v) {
        const int s = stageOfLayer[v];
        PipelineStage& stage = plan.stages[static_cast<std::size_t>(s)];
        const Layer& layer = profile.layers[v];
        for (int input : layer.inputs)
            if (stageOfLayer[static_cast<std::size_t>(input)] > s)
                throw PlanError("layer '" + layer.id + "' (stage " + std::to_string(s + 1) +
                                ") reads '" + profile.layers[static_cast<std::size_t>(input)].id +
                                "' from a later stage");
        stage.layers.push_back(static_cast<int>(v));
        forwardSum[static_cast<std::size_t>(s)] +=
            layer.forwardMs[static_cast<std::size_t>(stage.machine)];
        if (!setup.forwardOnly)
            backwardSum[static_cast<std::size_t>(s)] +=
                layer.backwardMs[static_cast<std::size_t>(stage.machine)];
    }
    const double scale = setup.samples / profile.model.batch;
    for (std::size_t s = 0; s < stages; ++s) {
        PipelineStage& stage = plan.stages[s];
        if (stage.layers.empty())
            throw PlanError("stage " + std::to_string(s + 1) + " of the pipeline runs no layer");
        stage.recompute = request.recomputes(static_cast<int>(s));
        // One stage's recomputation (a --recompute profile has it in backward_ms already).
        if (stage.recompute && !request.memory.recompute)
            backwardSum[s] += forwardSum[s];
        stage.forwardMs = forwardSum[s] * scale;
        stage.backwardMs = backwardSum[s] * scale;
        stage.computeMs = (forwardSum[s] + backwardSum[s]) * scale;
    }
}

// A tensor crosses every link from its producer's stage to its last consumer's stage (the
// model input, producer -1, from stage 0 to its last reader's).
void addCrossings(const Profile& profile, const PipelineRequest& request,
                  const PipelineSetup& setup, const std::vector<int>& stageOfLayer,
                  PipelinePlan& plan) {
    const auto relay = [&](int producer, int fromStage, int toStage) {
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
    for (std::size_t v = 0; v < profile.layers.size(); ++v) {
        int last = stageOfLayer[v];
        for (int consumer : setup.consumers[v])
            last = std::max(last, stageOfLayer[static_cast<std::size_t>(consumer)]);
        relay(static_cast<int>(v), stageOfLayer[v], last);
    }
}

void priceLinks(const PipelineSetup& setup, PipelinePlan& plan) {
    for (std::size_t s = 0; s + 1 < plan.stages.size(); ++s) {
        PipelineStage& stage = plan.stages[s];
        stage.linkBytes = stage.linkForwardBytes + stage.linkBackwardBytes;
        stage.linkForwardMs = setup.forwardOnly
                                  ? setup.forwardLinks[s].busyMs(stage.linkForwardBytes)
                                  : setup.forwardLinks[s].transferMs(stage.linkForwardBytes);
        stage.linkBackwardMs = setup.backwardLinks[s].transferMs(stage.linkBackwardBytes);
        stage.linkMs = stage.linkForwardMs + stage.linkBackwardMs;
    }
}

// What each stage's machine holds: its weights and their copies, the activations it keeps
// (docs/cost-models.md §2.7).
void addMemory(const Profile& profile, const PipelineRequest& request, const PipelineSetup& setup,
               PipelinePlan& plan) {
    const int stages = static_cast<int>(plan.stages.size());
    for (int s = 0; s < stages; ++s) {
        PipelineStage& stage = plan.stages[static_cast<std::size_t>(s)];
        double parameters = 0, outputs = 0, inputs = 0;
        for (int v : stage.layers) {
            parameters += profile.layers[static_cast<std::size_t>(v)].paramBytes;
            outputs += profile.layers[static_cast<std::size_t>(v)].outputBytes;
        }
        if (s == 0)
            inputs = profile.model.inputBytes;
        else
            for (int producer : plan.stages[static_cast<std::size_t>(s) - 1].crossing)
                inputs += producer < 0
                              ? profile.model.inputBytes
                              : profile.layers[static_cast<std::size_t>(producer)].outputBytes;
        PipelineMemorySettings settings = request.memory;
        settings.recompute = stage.recompute;
        stage.memory = stageMemory(settings, s, stages, parameters, outputs * setup.samples,
                                   inputs * setup.samples);
    }
}

} // namespace

bool PipelineRequest::hasCapacity() const {
    return std::any_of(capacityBytes.begin(), capacityBytes.end(),
                       [](double bytes) { return bytes > 0; });
}

bool PipelineRequest::recomputes(int position) const {
    const auto p = static_cast<std::size_t>(position);
    return memory.recompute || (p < recomputeStages.size() && recomputeStages[p]);
}

PipelinePlan evaluatePartition(const Profile& profile, const PipelineRequest& request,
                               const PipelineSetup& setup, const std::vector<int>& stageOfLayer) {
    const int stages =
        stageCount(stageOfLayer, static_cast<int>(profile.layers.size()), request.chain.size());
    PipelinePlan plan;
    plan.microBatch = setup.samples;
    plan.stages.resize(static_cast<std::size_t>(stages));
    for (int s = 0; s < stages; ++s) {
        plan.stages[static_cast<std::size_t>(s)].chainPosition = s;
        plan.stages[static_cast<std::size_t>(s)].machine =
            request.chain[static_cast<std::size_t>(s)];
    }
    assignLayers(profile, request, setup, stageOfLayer, plan);
    addCrossings(profile, request, setup, stageOfLayer, plan);
    priceLinks(setup, plan);
    if (!setup.forwardOnly) // a stream's memory is the inference model's (§1.8), not a stage's
        addMemory(profile, request, setup, plan);
    for (const auto& stage : plan.stages)
        plan.bottleneckMs = std::max({plan.bottleneckMs, stage.computeMs, stage.linkMs});
    return plan;
}

} // namespace cutlab::core
