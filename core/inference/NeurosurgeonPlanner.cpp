#include "core/inference/NeurosurgeonPlanner.h"

#include "core/inference/PlacementFilter.h"
#include "core/inference/ScissionPlanner.h"

namespace cutlab::core {
namespace {

// The device holds the input and blocks [0, split), the cloud the rest.
bool fitsMemory(const InferenceCostModel& model, int device, int cloud, int split) {
    const InferenceMemory& memory = model.memory();
    const int blocks = static_cast<int>(model.structure().blocks.size());
    const double splitBytes = model.cutBytes(model.structure().boundaryLayer(split));
    return !memory.hasCapacities() ||
           (memory.blocksFit(device, 0, split, model.inputBytes()) &&
            (split == blocks || memory.blocksFit(cloud, split, blocks, splitBytes)));
}

} // namespace

std::vector<RankedPlan> planNeurosurgeon(const InferenceCostModel& model,
                                         const InferenceQuery& query) {
    const auto& structure = model.structure();
    const int blocks = static_cast<int>(structure.blocks.size());
    PlacementFilter filter(model, query);
    std::vector<RankedPlan> plans;
    const auto clouds = query.tierUse[2] == TierUse::MustNot
                            ? std::vector<int>{}
                            : candidateMachines(model, query, Tier::Cloud);
    for (int device : candidateOrigins(model, query)) {
        for (int split = 0; split <= blocks; ++split) {
            if (split > 0 && device < 0)
                break;
            const bool cloudRuns = split < blocks;
            const std::vector<int> cloudChoices = cloudRuns ? clouds : std::vector<int>{-1};
            for (int cloud : cloudChoices) {
                TierPlacement placement;
                placement.machine = {device, -1, cloud};
                placement.deviceEnd = placement.edgeEnd = structure.boundaryLayer(split);
                RankedPlan plan;
                plan.segments = placement.segments(model.layerCount());
                plan.evaluation = model.evaluate(plan.segments, device);
                const Evaluation& e = plan.evaluation;
                const double sent = e.transfers.empty() ? 0.0 : e.transfers.front().bytes;
                if (!filter.admits(split, split,
                                   {e.computeOn(Tier::Device), 0.0, e.computeOn(Tier::Cloud)},
                                   {sent, 0.0, 0.0}) ||
                    !fitsMemory(model, device, cloud, split))
                    continue;
                plans.push_back(std::move(plan));
            }
        }
    }
    keepBestPlans(plans, query.objective, query.top);
    return plans;
}

} // namespace cutlab::core
