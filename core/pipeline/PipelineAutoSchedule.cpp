#include "core/pipeline/PipelineAutoSchedule.h"

#include "core/pipeline/PipelineMemoryDp.h"
#include "core/pipeline/PipelineScheduleSearch.h"
#include "core/pipeline/PipelineSetup.h"
#include "core/pipeline/Recomputation.h"

#include <chrono>
#include <cstdio>

namespace cutlab::core {
namespace {

std::string sizeText(double bytes) {
    static const char* const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    int unit = 0;
    while (bytes >= 1024 && unit < 4) {
        bytes /= 1024;
        ++unit;
    }
    char text[64];
    std::snprintf(text, sizeof text, unit == 0 ? "%.0f %s" : "%.1f %s", bytes, units[unit]);
    return text;
}

std::string msText(double ms) {
    char text[64];
    std::snprintf(text, sizeof text, "%.1f ms", ms);
    return text;
}

std::string stageName(const Profile& profile, const PipelineRequest& request, int position) {
    const auto machine =
        static_cast<std::size_t>(request.chain[static_cast<std::size_t>(position)]);
    return "stage " + std::to_string(position + 1) + " (" + profile.machines[machine].id + ")";
}

// The states searched: every downset for --cut-mode any up to the memory DP's limit, else the
// valid cut prefixes (`note` says why).
DownsetLattice statesFor(const Profile& profile, const PipelineRequest& request,
                         const std::function<bool()>& stop,
                         const std::function<void()>& checkCancelled, std::string& note) {
    if (request.cutMode == PipelineCutMode::Any) {
        try {
            return DownsetLattice::allDownsets(profile, PipelineMemoryDp::kStateLimit, stop);
        } catch (const DownsetLimitExceeded&) {
            note = "under memory limits the planner searches at most " +
                   withThousands(PipelineMemoryDp::kStateLimit) +
                   " states, the layer graph has more downsets";
        } catch (const EnumerationStopped&) {
            checkCancelled();
            note = "listing the downsets took longer than the time limit";
        }
    }
    return DownsetLattice::validCutPrefixes(profile);
}

PipelineRequest requestFor(const PipelineRequest& working, ScheduleKind kind,
                           const std::vector<bool>& recompute) {
    PipelineRequest request = working;
    useScheduleMemory(request.memory, kind);
    request.recomputeStages = recompute;
    return request;
}

// "stage 2 (pi) needs 5.1 GiB over its 4.0 GiB" for the stage furthest over its machine's memory.
std::string worstStage(const Profile& profile, const PipelineRequest& request,
                       const PipelinePlan& plan) {
    const PipelineStage* worst = nullptr;
    double most = -std::numeric_limits<double>::infinity();
    for (const PipelineStage& stage : plan.stages) {
        const double capacity =
            request.capacityBytes[static_cast<std::size_t>(stage.chainPosition)];
        if (capacity > 0 && stage.memory.total() - capacity > most) {
            most = stage.memory.total() - capacity;
            worst = &stage;
        }
    }
    if (!worst)
        return "no stage";
    return sizeText(worst->memory.total()) + " on " +
           stageName(profile, request, worst->chainPosition) + " over its " +
           sizeText(request.capacityBytes[static_cast<std::size_t>(worst->chainPosition)]);
}

ScheduleOutcome outcomeOf(const ScheduleCandidate& candidate, const Profile& profile,
                          const PipelineRequest& working, const PipelineSetup& setup,
                          PipelineScheduleSearch& search) {
    ScheduleOutcome outcome;
    outcome.kind = candidate.kind;
    outcome.fits = candidate.fits;
    if (candidate.fits) {
        outcome.minibatchMs = candidate.minibatchMs;
        for (std::size_t n = 0; n < candidate.recompute.size(); ++n)
            if (candidate.recompute[n])
                outcome.recomputed.push_back(static_cast<int>(n));
        return outcome;
    }
    const ScheduleCandidate closest = search.leastExcess(candidate.kind);
    const PipelineRequest request = requestFor(working, candidate.kind, closest.recompute);
    outcome.closest = worstStage(profile, request,
                                 evaluatePartition(profile, request, setup, closest.stageOfLayer));
    return outcome;
}

std::string recomputedText(const Profile& profile, const PipelineRequest& request,
                           const std::vector<int>& stages) {
    std::string text;
    for (int stage : stages)
        text += (text.empty() ? " recomputing " : ", ") + stageName(profile, request, stage);
    return text;
}

// "1F1B with stashing fits no partition: the closest puts …; 1F1B-flush fits at 312.0 ms per
// mini-batch (GPipe 340.2 ms)".
std::string reasonFor(const std::vector<ScheduleOutcome>& outcomes, ScheduleKind chosen,
                      const Profile& profile, const PipelineRequest& request) {
    std::string text, later;
    bool passed = false;
    for (const ScheduleOutcome& o : outcomes) {
        const std::string label = scheduleKindLabel(o.kind);
        if (passed)
            later += (later.empty() ? " (" : ", ") + label +
                     (o.fits ? " " + msText(o.minibatchMs) : " does not fit");
        else if (o.kind == chosen) {
            text += label + " fits at " + msText(o.minibatchMs) + " per mini-batch" +
                    recomputedText(profile, request, o.recomputed);
            passed = true;
        } else if (o.fits)
            text += label + " takes " + msText(o.minibatchMs) + " per mini-batch at best" +
                    recomputedText(profile, request, o.recomputed) + "; ";
        else
            text += label + " fits no partition: the closest puts " + o.closest + "; ";
    }
    return text + (later.empty() ? "" : later + ")");
}

PipelineAutoPlan planWithoutLimits(const Profile& profile, const Network& network,
                                   const PipelineRequest& request) {
    PipelineAutoPlan result;
    result.request = request;
    useScheduleMemory(result.request.memory, ScheduleKind::OneForwardOneBackward);
    result.plan = planPipeline(request.memory.recompute ? withRecomputation(profile) : profile,
                               network, result.request);
    result.minibatchMs =
        std::max(1, request.memory.microBatches) * steadyPeriodMs(stageTimings(result.plan));
    result.reason = "no memory limit: 1F1B with stashing, never slower than a flush on any "
                    "partition, " +
                    std::string(request.memory.recompute ? "every stage recomputing as asked"
                                                         : "no recomputation");
    return result;
}

[[noreturn]] void throwNothingFits(const ScheduleOutcome& flush) {
    throw PipelineMemoryError(
        "no partition fits the machines' memory under any schedule, even with recomputation; "
        "with 1F1B-flush, which holds the least, the partition that comes closest puts " +
        flush.closest);
}

} // namespace

PipelineAutoPlan planPipelineAuto(const Profile& profile, const Network& network,
                                  const PipelineRequest& request) {
    if (!request.hasCapacity())
        return planWithoutLimits(profile, network, request);
    const PipelineSetup setup = setUpPipeline(profile, network, request);
    const auto started = std::chrono::steady_clock::now();
    auto checkCancelled = [&request] {
        if (request.cancel && request.cancel->load(std::memory_order_relaxed))
            throw PlanError("planning cancelled");
    };
    auto outOfTime = [&request, started] {
        return (request.finishNow && request.finishNow->load(std::memory_order_relaxed)) ||
               std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
                       .count() > request.timeLimitMs;
    };
    std::string note;
    const DownsetLattice lattice = statesFor(
        profile, request, [&] { return (request.cancel && request.cancel->load()) || outOfTime(); },
        checkCancelled, note);
    PipelineRequest working = request;
    working.memory.recompute = false;
    PipelineScheduleSearch search(profile, working, setup, lattice,
                                  request.memory.recompute ? RecomputeChoice::Always
                                                           : RecomputeChoice::PerStage,
                                  outOfTime, checkCancelled);
    std::vector<ScheduleCandidate> candidates;
    for (ScheduleKind kind : allScheduleKinds())
        candidates.push_back(search.fastest(kind));
    const ScheduleCandidate* chosen = nullptr;
    bool exact = true;
    for (const ScheduleCandidate& candidate : candidates) {
        exact = exact && candidate.exact;
        if (candidate.fits && (!chosen || candidate.minibatchMs < chosen->minibatchMs))
            chosen = &candidate;
    }
    PipelineAutoPlan result;
    for (const ScheduleCandidate& candidate : candidates)
        result.outcomes.push_back(outcomeOf(candidate, profile, working, setup, search));
    if (!chosen)
        throwNothingFits(result.outcomes[1]); // 1F1B-flush
    result.kind = chosen->kind;
    result.request = requestFor(working, chosen->kind, chosen->recompute);
    result.plan = evaluatePartition(profile, result.request, setup, chosen->stageOfLayer);
    result.minibatchMs = simulateSchedule(stageTimings(result.plan),
                                          std::max(1, request.memory.microBatches), chosen->kind)
                             .timePerMinibatchMs;
    result.plan.states = lattice.size();
    result.plan.lowerBoundMs = result.plan.bottleneckMs;
    if (!exact)
        note += (note.empty() ? "" : "; ") + std::string("the time limit ended the search");
    if (!note.empty()) {
        result.plan.exact = false;
        result.plan.note = note;
    }
    result.reason = reasonFor(result.outcomes, result.kind, profile, request);
    result.plan.memoryBytes = lattice.memoryBytes();
    result.plan.planningMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
            .count();
    return result;
}

} // namespace cutlab::core
