// cutlab-cli train PROFILE --planner pipeline: the pipeline DP and its 1F1B schedule
// (docs/cost-models.md §2.3, docs/formats.md §4).
#include "app/cli/Commands.h"
#include "app/cli/FixedText.h"

#include "app/cli/CliError.h"
#include "app/cli/MemoryOptions.h"
#include "app/cli/PlanOptions.h"
#include "app/cli/ProfileArgument.h"
#include "core/planners/PlannerRegistry.h"

#include "core/io/NetworkFile.h"
#include "core/pipeline/PipelineAutoSchedule.h"
#include "core/pipeline/PipelinePlanner.h"
#include "core/pipeline/PipelineSchedule.h"
#include "core/plans/PipelineJson.h"
#include "core/plans/PlanJson.h"
#include "core/predictor/EstimatedTimes.h"
#include "core/predictor/PredictorJson.h"
#include "core/training/PipelineSimulation.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <sstream>

namespace cutlab::cli {
namespace {

const char* const kPipelineTrainUsage =
    "usage: cutlab-cli train PROFILE --planner pipeline --stages ID,ID,... [options]\n"
    "Splits the model into a pipeline over a chain of machines (PipeDream / FTPipeHD / AccEPT "
    "straight\n"
    "pipeline, docs/cost-models.md 2.3) and simulates one mini-batch of micro-batches through it.\n"
    "  --stages ID,ID,...            the chain d0 -> d1 -> ...; d0 owns the data; an id may "
    "repeat\n"
    "                                (identical machines; their link is the network's 'same' link, "
    "else free).\n"
    "                                The plan uses the first k <= S machines (ties: fewer stages)\n"
    "  --micro-batch b               samples per micro-batch (default model.batch)\n"
    "  --micro-batches M             micro-batches in the simulated mini-batch (default 4 x "
    "stages)\n"
    "  --batch B                     mini-batch: M = B / b when --micro-batches is not given\n"
    "  --cut-mode single|any         cut at valid cut points only (default), or at any downset "
    "boundary\n"
    "                                of the layer graph, paying every crossing tensor (exact; "
    "beyond\n"
    "                                2,000,000 downsets the valid cut points, with a lower bound)\n"
    "  --time-limit S                seconds the search may take (default 10); past it, the best "
    "plan\n"
    "                                found with a proven lower bound and the gap\n"
    "  --compress none|accept[:KF,KB] transfers through AccEPT's codec: KF forward bits (2, 3, 4;\n"
    "                                default 2), KB backward bits (8 or 4; default 8)\n"
    "  --schedule 1f1b|1f1b-flush|gpipe|auto  the schedule (default 1f1b): 1F1B with weight "
    "stashing\n"
    "                                (steady, M x the period per mini-batch), 1F1B-flush "
    "(DAPPLE: one\n"
    "                                weight version, fill and drain each mini-batch) or GPipe; "
    "auto: with\n"
    "                                memory limits, the schedule, partition and stages that "
    "recompute\n"
    "                                with the smallest time per mini-batch that fit, and why "
    "(without\n"
    "                                limits, 1f1b)\n"
    "  --times profile|ratio|predictor:FILE  layer times for planning: measured (default), "
    "FTPipeHD's\n"
    "                                speed ratio, or AccEPT's latency predictor (a "
    "cutlab-latency-predictor\n"
    "                                file); each other machine times only the representative "
    "sub-models\n"
    "  --reference ID                the machine profiled in full for --times (default the "
    "first of --stages)\n"
    "  --network PRESET|FILE         3g (default), 4g, fibre, ideal, a cutlab-network JSON or a "
    "Scission CSV\n"
    "  --memory ID=BYTES[,ID=BYTES]  a machine's memory (default its memory_bytes); only plans\n"
    "                                whose every stage fits are made (16GB, 4GiB, 512MiB, 1e9)\n"
    "  --optimizer sgd|momentum|adam optimizer state kept per weight (0, 1, 2 copies; default "
    "sgd)\n"
    "  --recompute                   keep only each stage's inputs; recompute forward in backward\n"
    "                                (every stage; --schedule auto turns it on per stage as "
    "needed)\n"
    "  --json                        cutlab-plan JSON on stdout instead of a table\n"
    "Exit status: 0 a plan, 1 no partition fits the machines' memory, 2 bad input.\n"
    "\n"
    "usage: cutlab-cli train PROFILE --planner pipeline --cluster ID:N@MBPS[,N2@MBPS2...] "
    "--cost-model pipedream [options]\n"
    "Plans over a pool of machines with PipeDream's whole optimizer (docs/cost-models.md 5): the "
    "stages,\n"
    "their replication (data parallelism inside the pipeline) and the machines they use.\n"
    "  --cluster ID:N@MBPS[,N2@MBPS2...]  N machines of the profile's machine ID joined at MBPS "
    "Mbit/s,\n"
    "                                N2 such groups at MBPS2, and so on (at most 1024 machines)\n"
    "  --cost-model pipedream        PipeDream's optimizer's cost model, quirks included (without "
    "it,\n"
    "                                CutLab's own model plans the pool, below)\n"
    "  --memory ID=BYTES             the memory of each machine; plans that need more are refused\n"
    "                                (16GB, 4GiB, 512MiB, 1e9: KB/MB/GB/TB or KiB/MiB/GiB/TiB)\n"
    "  --memory-accounting pipedream the memory PipeDream's optimizer charges (the default with\n"
    "                                --cost-model pipedream)\n"
    "  --straight                    no replicated stage (a straight pipeline)\n"
    "  --fewer-machines              the plan may leave machines idle\n"
    "  --activation-compression RHO  charge the activations between stages, compressed RHO times\n"
    "  --json                        cutlab-plan JSON on stdout instead of a table\n"
    "Exit status: 0 a plan, 1 no plan fits the memory (the message names the smallest that "
    "would), 2 bad input.\n"
    "\n"
    "usage: cutlab-cli train PROFILE --planner pipeline --cluster ID:N[@MBPS][,ID2:N2[@MBPS2]...] "
    "[options]\n"
    "Plans over a pool of machine types with CutLab's cost model (docs/cost-models.md 5.6, the "
    "default):\n"
    "stages between valid cut points, each on any machines of the pool; replicas share a "
    "micro-batch\n"
    "in proportion to their speed and all-reduce their weights once per mini-batch.\n"
    "  --cluster ID:N[@MBPS],...     N machines of the profile's machine ID, joined among "
    "themselves at\n"
    "                                MBPS Mbit/s (default the network's 'same' link); other pairs "
    "use\n"
    "                                the network's links (at most 8 types, 1024 machines)\n"
    "  --network PRESET|FILE         links between machine types (default 3g)\n"
    "  --micro-batch b               samples per micro-batch (default the profile's batch)\n"
    "  --micro-batches M             micro-batches per mini-batch (default 4)\n"
    "  --memory ID=BYTES[,ID=BYTES]  each type's memory (default its memory_bytes)\n"
    "  --optimizer sgd|momentum|adam, --recompute, --straight, --fewer-machines, --json as above\n"
    "Exit status: 0 a plan, 1 no plan fits the memory (the message names the smallest memory of "
    "one\n"
    "type that would), 2 bad input.\n";

struct PipelineOptions {
    std::string profilePath;
    std::string network = "3g";
    std::vector<std::string> stages;
    std::optional<int> microBatch;
    std::optional<int> microBatches;
    std::optional<int> batch;
    core::PipelineCutMode cutMode = core::PipelineCutMode::Single;
    std::optional<core::AcceptCodec> compression;
    std::string compressText = "none";
    core::ScheduleKind schedule = core::ScheduleKind::OneForwardOneBackward;
    bool autoSchedule = false; // --schedule auto
    double timeLimitSeconds = 10;
    core::TimeSource times = core::TimeSource::Profile;
    std::string predictorPath;
    std::string reference;
    bool json = false;
    MemoryOptions memory;
};

std::vector<std::string> splitPipelineTrainList(const std::string& text, char separator) {
    std::vector<std::string> parts;
    std::stringstream stream(text);
    std::string part;
    while (std::getline(stream, part, separator))
        parts.push_back(part);
    if (!text.empty() && text.back() == separator)
        parts.push_back("");
    return parts;
}

std::optional<core::AcceptCodec> parseCompression(const std::string& text) {
    if (text == "none")
        return std::nullopt;
    if (text == "accept")
        return core::AcceptCodec();
    if (text.rfind("accept:", 0) != 0)
        throw CliError("--compress must be none, accept or accept:KF,KB, not '" + text + "'");
    const auto bits = splitPipelineTrainList(text.substr(7), ',');
    if (bits.size() != 2)
        throw CliError("--compress: '" + text +
                       "' should look like accept:KF,KB (e.g. accept:2,8)");
    try {
        return core::AcceptCodec(parsePositiveInt(bits[0], "--compress"),
                                 parsePositiveInt(bits[1], "--compress"));
    } catch (const core::PlanError& error) {
        throw CliError(std::string("--compress: ") + error.what());
    }
}

PipelineOptions parsePipelineTrainOptions(const std::vector<std::string>& arguments) {
    PipelineOptions options;
    ArgumentCursor cursor(arguments);
    while (!cursor.done()) {
        const std::string flag = cursor.next();
        if (flag == "--planner") {
            const std::string planner = cursor.valueOf(flag);
            if (!core::findPlanner(planner, {core::PlannerKind::Pipeline}))
                throw CliError("this command runs --planner pipeline, not '" + planner + "'");
        } else if (flag == "--stages") {
            options.stages = splitPipelineTrainList(cursor.valueOf(flag), ',');
            for (const auto& id : options.stages)
                if (id.empty())
                    throw CliError("--stages: empty machine id in the chain");
        } else if (flag == "--micro-batch")
            options.microBatch = parsePositiveInt(cursor.valueOf(flag), flag);
        else if (flag == "--micro-batches")
            options.microBatches = parsePositiveInt(cursor.valueOf(flag), flag);
        else if (flag == "--batch")
            options.batch = parsePositiveInt(cursor.valueOf(flag), flag);
        else if (flag == "--cut-mode") {
            const std::string mode = cursor.valueOf(flag);
            const auto parsed = core::cutModeFromName(mode);
            if (!parsed)
                throw CliError("--cut-mode must be single or any, not '" + mode + "'");
            options.cutMode = *parsed;
        } else if (flag == "--compress") {
            options.compressText = cursor.valueOf(flag);
            options.compression = parseCompression(options.compressText);
        } else if (flag == "--schedule") {
            const std::string kind = cursor.valueOf(flag);
            const auto parsed = core::scheduleKindFromName(kind);
            options.autoSchedule = kind == "auto";
            if (!parsed && !options.autoSchedule)
                throw CliError("--schedule must be 1f1b, 1f1b-flush, gpipe or auto, not '" + kind +
                               "'");
            options.schedule = parsed.value_or(core::ScheduleKind::OneForwardOneBackward);
        } else if (flag == "--time-limit") {
            const std::string text = cursor.valueOf(flag);
            char* end = nullptr;
            const double seconds = std::strtod(text.c_str(), &end);
            if (text.empty() || *end != '\0' || !(seconds >= 0) || seconds > 1e6)
                throw CliError("--time-limit must be a number of seconds from 0 to 1000000, not '" +
                               text + "'");
            options.timeLimitSeconds = seconds;
        } else if (flag == "--times") {
            const std::string text = cursor.valueOf(flag);
            if (text.rfind("predictor:", 0) == 0 && text.size() > 10) {
                options.times = core::TimeSource::Predictor;
                options.predictorPath = text.substr(10);
            } else if (auto source = core::timeSourceFromName(text);
                       source && *source != core::TimeSource::Predictor) {
                options.times = *source;
            } else {
                throw CliError("--times must be profile, ratio or predictor:FILE, not '" + text +
                               "'");
            }
        } else if (flag == "--reference")
            options.reference = cursor.valueOf(flag);
        else if (flag == "--network")
            options.network = cursor.valueOf(flag);
        else if (flag == "--json")
            options.json = true;
        else if (flag == "--machines")
            throw CliError(
                "--machines does not apply to --planner pipeline; name the chain with --stages");
        else if (parseMemoryFlag(cursor, flag, options.memory))
            continue;
        else
            ArgumentCursor::storePositional(flag, options.profilePath, "train", "profile",
                                            "train --planner pipeline");
    }
    if (options.profilePath.empty())
        throw CliError(std::string(kPipelineTrainUsage) +
                       "(see cutlab-cli train --planner pipeline --help)");
    if (options.stages.empty())
        throw CliError("--planner pipeline needs --stages ID,ID,... (the chain of machines)");
    return options;
}

// What was planned: the plan, the request as planned (the schedule's memory, the stages that
// recompute), the profile planned on and, for --schedule auto, the schedule chosen and why.
struct Planned {
    core::Profile profile;
    core::PipelinePlan plan;
    core::PipelineRequest request;
    core::ScheduleKind kind = core::ScheduleKind::OneForwardOneBackward;
    std::string reason;         // --schedule auto only
    bool minimisedTime = false; // auto under limits: the time per mini-batch, not the bottleneck
};

// The bottleneck and the schedule's time per mini-batch (docs/cost-models.md §2.3).
void printSummary(const Planned& planned, const core::PipelineSchedule& schedule) {
    const core::PipelinePlan& plan = planned.plan;
    std::cout << "bottleneck " << fixed(plan.bottleneckMs, 3) << " ms per micro-batch";
    if (planned.minimisedTime)
        std::cout << (plan.exact ? " (the plan minimises the time per mini-batch, exactly)\n"
                                 : " (best found: " + plan.note + ")\n");
    else if (plan.exact)
        std::cout << " (optimal)\n";
    else
        std::cout << " (best found; lower bound " << fixed(plan.lowerBoundMs, 3) << " ms, gap "
                  << fixed(100.0 * plan.gap(), 1) << "%: " << plan.note << ")\n";
    std::cout << "schedule " << core::scheduleKindName(schedule.kind) << ", "
              << schedule.microBatches << " micro-batches: ";
    if (schedule.kind == core::ScheduleKind::OneForwardOneBackward)
        std::cout << "mini-batch " << fixed(schedule.timePerMinibatchMs, 3) << " ms steady ("
                  << schedule.microBatches << " x period " << fixed(schedule.periodMs, 3) << " ms; "
                  << fixed(schedule.minibatchMs, 3) << " ms from empty); idle";
    else
        std::cout << "mini-batch " << fixed(schedule.minibatchMs, 3)
                  << " ms (fill and drain included); idle";
    for (double fraction : schedule.idleFraction)
        std::cout << " " << fixed(100.0 * fraction, 1) << "%";
    std::cout << "\n";
    if (!planned.reason.empty())
        std::cout << "schedule auto: " << planned.reason << "\n";
}

void printPipelineTrainTable(const core::Profile& profile, const core::Network& network,
                             const PipelineOptions& options, const core::PipelinePlan& plan) {
    std::string chain;
    for (const auto& id : options.stages)
        chain += (chain.empty() ? "" : " -> ") + id;
    std::cout << profile.model.name << ": pipeline over " << chain << " (" << plan.stages.size()
              << " of " << options.stages.size() << " machines used), micro-batch "
              << plan.microBatch << ", cut-mode " << core::cutModeName(options.cutMode) << " ("
              << plan.states << " cut states), network " << network.name << ", compress "
              << options.compressText << "\n";
    char line[512];
    std::snprintf(line, sizeof line, "%5s %-14s %7s %12s %12s %14s  %s\n", "stage", "machine",
                  "layers", "compute ms", "link ms", "link bytes", "first .. last");
    std::cout << line;
    int number = 1;
    for (const auto& stage : plan.stages) {
        const auto& first = profile.layers[static_cast<std::size_t>(stage.layers.front())].id;
        const auto& last = profile.layers[static_cast<std::size_t>(stage.layers.back())].id;
        std::snprintf(
            line, sizeof line, "%5d %-14s %7zu %12s %12s %14s  %s\n", number++,
            profile.machines[static_cast<std::size_t>(stage.machine)].id.c_str(),
            stage.layers.size(), fixed(stage.computeMs, 3).c_str(), fixed(stage.linkMs, 3).c_str(),
            core::jsonNumber(stage.linkBytes).dump().c_str(), (first + " .. " + last).c_str());
        std::cout << line;
    }
}

// One line: each stage's peak memory against its machine's, in GB.
void printPipelineTrainMemory(const core::PipelinePlan& plan,
                              const core::PipelineRequest& request) {
    std::cout << "memory (optimizer " << core::optimizerName(request.memory.optimizer)
              << (request.memory.recompute ? ", recompute" : "") << "):";
    for (const auto& stage : plan.stages) {
        const double capacity =
            request.capacityBytes.empty()
                ? 0
                : request.capacityBytes[static_cast<std::size_t>(stage.chainPosition)];
        std::cout << (stage.chainPosition ? ", " : " ") << "stage " << stage.chainPosition + 1
                  << " " << fixed(stage.memory.total() / 1e9, 3) << " GB"
                  << (capacity > 0 ? " of " + fixed(capacity / 1e9, 3) : std::string(" (no limit)"))
                  << (stage.recompute && !request.memory.recompute ? " (recomputes)" : "");
    }
    std::cout << "\n";
}

// The memory the stages hold and the limits of the chain's machines (--memory, the profile's
// memory_bytes, --optimizer, --recompute; docs/cost-models.md §2.7).
void setUpMemory(core::PipelineRequest& request, const core::Profile& profile,
                 const PipelineOptions& options, int microBatches) {
    request.memory.optimizer = options.memory.optimizer;
    request.memory.recompute = options.memory.recompute;
    request.memory.microBatches = microBatches;
    core::useScheduleMemory(request.memory, options.schedule);
    const std::vector<double> capacities = machineCapacities(profile, options.memory);
    for (int machine : request.chain)
        request.capacityBytes.push_back(capacities[static_cast<std::size_t>(machine)]);
}

// The profile the planner sees: measured, or with the other machines' times estimated from the
// reference machine (--times, --reference).
core::Profile profileForPlanning(const core::Profile& profile, const PipelineOptions& options) {
    if (options.times == core::TimeSource::Profile)
        return profile;
    std::optional<core::LatencyPredictor> predictor;
    if (options.times == core::TimeSource::Predictor) {
        try {
            predictor = core::predictorFromFile(options.predictorPath);
        } catch (const core::PredictorFormatError& error) {
            throw CliError(error.what());
        }
    }
    const std::string reference =
        options.reference.empty() ? options.stages.front() : options.reference;
    try {
        return core::profileWithEstimatedTimes(profile, options.times, reference,
                                               predictor ? &*predictor : nullptr);
    } catch (const std::invalid_argument& error) {
        throw CliError("--times " + core::timeSourceName(options.times) + ": " + error.what());
    }
}

// M: --micro-batches, else --batch / b, else 4 x the chain.
int microBatchesOf(const PipelineOptions& options, int microBatch) {
    if (options.microBatches)
        return *options.microBatches;
    if (!options.batch)
        return 4 * static_cast<int>(options.stages.size());
    if (*options.batch % microBatch != 0)
        throw CliError("--batch " + std::to_string(*options.batch) +
                       " is not a multiple of the micro-batch " + std::to_string(microBatch) +
                       "; give --micro-batches");
    return *options.batch / microBatch;
}

// Plans for the schedule asked, or chooses it (--schedule auto, docs/cost-models.md §2.7).
Planned planFor(const core::Profile& profile, const core::Network& network,
                const PipelineOptions& options, const core::PipelineRequest& request) {
    Planned planned;
    planned.profile = profileForPlanning(profile, options);
    try {
        if (options.autoSchedule) {
            core::PipelineAutoPlan chosen =
                core::planPipelineAuto(planned.profile, network, request);
            planned.plan = std::move(chosen.plan);
            planned.request = std::move(chosen.request);
            planned.kind = chosen.kind;
            planned.reason = std::move(chosen.reason);
            planned.minimisedTime = request.hasCapacity();
            if (planned.request.memory.recompute) // without limits: as --schedule 1f1b
                planned.profile = withRecomputation(std::move(planned.profile));
            return planned;
        }
        if (options.memory.recompute)
            planned.profile = withRecomputation(std::move(planned.profile));
        planned.plan = core::planPipeline(planned.profile, network, request);
        planned.request = request;
        planned.kind = options.schedule;
        return planned;
    } catch (const core::PipelineMemoryError& error) {
        throw NoAnswer(options.profilePath + ": " + error.what());
    } catch (const core::PlanError& error) {
        throw CliError(options.profilePath + ": " + error.what());
    }
}

core::PipelineRequest pipelineTrainRequestOf(const core::Profile& profile,
                                             const PipelineOptions& options, int microBatches) {
    core::PipelineRequest request;
    request.chain = resolveChain(profile, options.stages);
    request.cutMode = options.cutMode;
    request.compression = options.compression;
    request.microBatch = options.microBatch.value_or(0);
    request.timeLimitMs = options.timeLimitSeconds * 1000;
    setUpMemory(request, profile, options, microBatches);
    return request;
}

} // namespace

int runPipelineTrain(const std::vector<std::string>& arguments) {
    for (const auto& argument : arguments)
        if (argument == "--help") {
            std::cout << kPipelineTrainUsage;
            return 0;
        }
    for (const auto& argument : arguments)
        if (argument == "--cluster")
            return runClusterTrain(arguments);
    const PipelineOptions options = parsePipelineTrainOptions(arguments);
    const core::Profile profile = loadProfileOrThrow(options.profilePath);
    const core::Network network = loadNetworkOrThrow(options.network);
    const int microBatch =
        options.microBatch ? *options.microBatch : static_cast<int>(profile.model.batch);
    if (!options.microBatch && static_cast<double>(microBatch) != profile.model.batch)
        throw CliError("model.batch " + fixed(profile.model.batch, 3) +
                       " is not a whole number; give --micro-batch");
    const int microBatches = microBatchesOf(options, microBatch);
    const Planned planned =
        planFor(profile, network, options, pipelineTrainRequestOf(profile, options, microBatches));
    const core::PipelinePlan& plan = planned.plan;
    std::optional<double> measuredBottleneck;
    if (options.times != core::TimeSource::Profile)
        measuredBottleneck =
            core::evaluatePipeline(profile, network, planned.request,
                                   core::PipelineSimulation::stageOfLayerOf(
                                       plan, static_cast<int>(profile.layers.size())))
                .bottleneckMs;
    const core::PipelineSchedule schedule =
        core::simulateSchedule(core::stageTimings(plan), microBatches, planned.kind);
    const std::string reference =
        options.reference.empty() ? options.stages.front() : options.reference;
    if (options.json) {
        auto doc = core::pipelinePlanToJson(planned.profile, network,
                                            {options.stages, options.cutMode, options.compressText,
                                             planned.request.memory, planned.request.capacityBytes},
                                            &plan, &schedule, microBatch, microBatches);
        doc["recompute"] = options.memory.recompute;
        if (options.autoSchedule)
            doc["schedule_reason"] = planned.reason;
        doc["times"] = core::timeSourceName(options.times);
        if (measuredBottleneck) {
            doc["reference"] = reference;
            doc["measured_bottleneck_ms"] = core::jsonNumber(*measuredBottleneck);
        }
        std::cout << core::finiteJsonText(doc) << "\n";
    } else {
        printPipelineTrainTable(planned.profile, network, options, plan);
        printSummary(planned, schedule);
        printPipelineTrainMemory(plan, planned.request);
        if (measuredBottleneck)
            std::cout << "times " << core::timeSourceName(options.times) << " (reference "
                      << reference << "): with the profile's measured times this partition's "
                      << "bottleneck is " << fixed(*measuredBottleneck, 3) << " ms\n";
    }
    return 0;
}

} // namespace cutlab::cli
