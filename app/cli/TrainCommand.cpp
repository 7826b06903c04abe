#include "app/cli/Commands.h"
#include "app/cli/FixedText.h"

#include "app/cli/CliError.h"
#include "app/cli/MemoryOptions.h"
#include "app/cli/PlanOptions.h"
#include "app/cli/PlannerHelp.h"
#include "app/cli/ProfileArgument.h"
#include "core/plans/PlanJson.h"

#include "core/model/PlanError.h"
#include "core/planners/IterationMemoryShortfall.h"
#include "core/planners/IterationPlanner.h"
#include "core/plans/TrainingJson.h"
#include "core/training/TrainingMemory.h"
#include "core/training/TrainingMemoryError.h"
#include "core/training/TrainingResult.h"

#include <cstdio>
#include <iostream>
#include <sstream>

namespace cutlab::cli {
namespace {

std::string trainUsage() {
    return "usage: cutlab-cli train PROFILE --planner NAME [options]\n"
           "Plans one training iteration of a mini-batch over device, edge and cloud (one machine "
           "per "
           "tier).\n"
           "  --planner NAME          " +
           core::plannerChoices({core::PlannerKind::Iteration, core::PlannerKind::Pipeline}, " | ",
                                " | ") +
           "\n"
           "                          (see 'cutlab-cli train --planner pipeline --help': a chain\n"
           "                          with --stages, or a pool of machines with --cluster "
           "ID:N@MBPS,\n"
           "                          --cost-model pipedream, --memory ID=BYTES, --straight,\n"
           "                          --fewer-machines, --activation-compression RHO)\n"
           "  --batch B               mini-batch size (default model.batch)\n"
           "  --network PRESET|FILE   3g (default), 4g, fibre, ideal, a cutlab-network JSON or a "
           "Scission "
           "CSV\n"
           "  --machines ID[,ID...]   the machine of each tier (default: the first listed of each "
           "tier)\n"
           "  --memory ID=BYTES[,..]  a machine's memory (B, KB, MB, GB, TB, KiB, MiB, GiB, TiB),\n"
           "                          replacing the profile's memory_bytes; plans that do not fit\n"
           "                          are refused (docs/cost-models.md §2.8)\n"
           "  --optimizer NAME        sgd (default), momentum or adam: 0, 1 or 2 copies of state\n"
           "                          per weight\n"
           "  --json                  cutlab-plan JSON on stdout instead of text\n"
           "Exit status: 0 a plan, 1 no plan fits the memory (the message names the smallest\n"
           "capacity of one machine with a plan), 2 bad input.\n" +
           cli::plannerHelpLines({core::PlannerKind::Iteration, core::PlannerKind::Pipeline});
}

struct TrainOptions {
    std::string profilePath, planner, network = "3g";
    std::vector<std::string> machines;
    std::optional<int> batch;
    bool json = false;
    MemoryOptions memory;
};

TrainOptions parseTrain(const std::vector<std::string>& arguments) {
    TrainOptions options;
    ArgumentCursor cursor(arguments);
    while (!cursor.done()) {
        const std::string argument = cursor.next();
        if (argument == "--planner")
            options.planner = cursor.valueOf(argument);
        else if (argument == "--batch")
            options.batch = parsePositiveInt(cursor.valueOf(argument), argument);
        else if (argument == "--network")
            options.network = cursor.valueOf(argument);
        else if (argument == "--machines") {
            std::stringstream list(cursor.valueOf(argument));
            for (std::string id; std::getline(list, id, ',');)
                options.machines.push_back(id);
        } else if (argument == "--json")
            options.json = true;
        else if (argument == "--recompute")
            throw CliError("--recompute applies to --planner pipeline (the whole-iteration "
                           "planners keep every activation)");
        else if (parseMemoryFlag(cursor, argument, options.memory))
            continue;
        else if (argument == "--stages" || argument == "--micro-batch" ||
                 argument == "--micro-batches" || argument == "--cut-mode" ||
                 argument == "--compress")
            throw CliError(argument + " applies to --planner pipeline");
        else
            ArgumentCursor::storePositional(argument, options.profilePath, "train");
    }
    if (options.profilePath.empty())
        throw CliError(trainUsage());
    if (options.planner.empty())
        throw CliError("--planner is required (see cutlab-cli train --help)");
    plannerOption("--planner", options.planner,
                  {core::PlannerKind::Iteration, core::PlannerKind::Pipeline}, "training planner");
    return options;
}

std::string rangeText(const core::Profile& profile, int begin, int end) {
    if (end <= begin)
        return "no layers";
    const auto& first = profile.layers[static_cast<std::size_t>(begin)].id;
    const auto& last = profile.layers[static_cast<std::size_t>(end - 1)].id;
    return "layers " + first + (first == last ? "" : " .. " + last);
}

// One line: each machine's peak bytes, and its capacity where known (docs/cost-models.md §2.8).
void printTrainMemory(const core::TrainingCostModel& model, const core::TrainingResult& result) {
    const auto memory = result.hybrid ? core::hierTrainMemory(model, *result.hybrid)
                                      : core::pathMemory(model, *result.path, result.batch);
    std::string line = "  memory (" + core::optimizerName(model.memory().optimizer) + "):";
    for (const auto& [machine, bytes] : memory) {
        const double capacity = model.memory().capacity(machine);
        line += " " + model.profile().machines[static_cast<std::size_t>(machine)].id + " " +
                fixed(bytes.total(), 0) + " bytes" +
                (capacity > 0 ? " of " + fixed(capacity, 0) : std::string()) + ",";
    }
    line.pop_back();
    std::printf("%s\n", line.c_str());
}

void printText(const core::TrainingCostModel& model, const core::TrainingResult& result) {
    const core::Profile& profile = model.profile();
    auto machineText = [&](int machine) {
        const auto& m = profile.machines[static_cast<std::size_t>(machine)];
        return core::tierName(m.tier) + " " + m.id;
    };
    std::printf("%s on %s, planner %s, batch %d\niteration %.1f ms\n", profile.model.name.c_str(),
                model.network().name.c_str(), result.planner.c_str(), result.batch,
                result.iterationMs());
    if (result.hybrid) {
        const auto& plan = *result.hybrid;
        const char* names[3] = {"o", "s", "l"};
        const int ends[3] = {model.layerCount(), plan.ms, plan.ml};
        for (std::size_t w = 0; w < 3; ++w) {
            if (plan.workerMachine[w] < 0 || plan.samples[w] == 0)
                continue;
            std::printf("  worker %s: %-24s %5d samples, %s\n", names[w],
                        machineText(plan.workerMachine[w]).c_str(), plan.samples[w],
                        rangeText(profile, 0, ends[w]).c_str());
        }
        const auto& p = plan.phases;
        std::printf(
            "  phases ms: Tf1 %.1f  Tf2 %.1f  Tf3 %.1f  Tb3 %.1f  Tb2 %.1f  Tb1 %.1f  Tup %.1f\n",
            p.tf1, p.tf2, p.tf3, p.tb3, p.tb2, p.tb1, p.tup);
    } else {
        const auto& path = *result.path;
        for (const auto& segment : path.segments)
            std::printf("  %-24s %s\n", machineText(segment.machine).c_str(),
                        rangeText(profile, segment.begin, segment.end).c_str());
        std::printf(
            "  forward %.1f ms, backward %.1f ms, update %.1f ms, transfers %.1f ms (%.0f bytes)\n",
            path.forwardMs, path.backwardMs, path.updateMs, path.transferMs, path.transferBytes);
    }
    printTrainMemory(model, result);
    std::fflush(stdout);
}

// Who holds the memory of a machine in a plan: a HierTrain worker, or the blocks placed there.
std::string needer(const core::TrainingCostModel& model, const core::TrainingResult& result,
                   int machine) {
    if (result.hybrid) {
        const char* names[3] = {"o", "s", "l"};
        for (std::size_t w = 0; w < 3; ++w)
            if (result.hybrid->workerMachine[w] == machine)
                return std::string("worker ") + names[w] + " of " + result.planner;
    }
    std::string layers;
    for (const auto& segment : result.path ? result.path->segments : std::vector<core::Segment>{})
        if (segment.machine == machine)
            layers += (layers.empty() ? "" : ", ") +
                      rangeText(model.profile(), segment.begin, segment.end);
    return (layers.empty() ? std::string("the plan") : layers) + " of " + result.planner;
}

// The planner's answer; when nothing fits the memory, NoAnswer naming the smallest capacity of
// one machine that gives a plan and which worker or blocks need it.
core::TrainingResult planOrExplain(const TrainOptions& options,
                                   const core::TrainingCostModel& model, int batch) {
    try {
        return core::runIterationPlanner(options.planner, model, batch);
    } catch (const core::TrainingMemoryError& error) {
        const auto shortfall = core::iterationMemoryShortfall(options.planner, model, batch);
        const std::string what = options.profilePath + ": " + error.what();
        if (shortfall.machine < 0)
            throw NoAnswer(what + ", and raising one machine's memory alone does not help");
        const core::Machine& machine =
            model.profile().machines[static_cast<std::size_t>(shortfall.machine)];
        const std::string needed = fixed(shortfall.bytes, 0);
        throw NoAnswer(what + "; the smallest memory of one machine with a plan is " + needed +
                       " bytes on " + core::tierName(machine.tier) + " '" + machine.id +
                       "' (--memory " + machine.id + "=" + needed + "; it has " +
                       fixed(model.memory().capacity(shortfall.machine), 0) + "), needed by " +
                       needer(model, *shortfall.plan, shortfall.machine));
    }
}

} // namespace

int runTrain(const std::vector<std::string>& arguments) {
    for (std::size_t i = 0; i + 1 < arguments.size(); ++i)
        if (arguments[i] == "--planner" &&
            core::findPlanner(arguments[i + 1], {core::PlannerKind::Pipeline}))
            return runPipelineTrain(arguments);
    for (const auto& argument : arguments)
        if (argument == "--help") {
            std::cout << trainUsage();
            return 0;
        }
    const TrainOptions options = parseTrain(arguments);
    const core::Profile profile = loadProfileOrThrow(options.profilePath);
    const core::Network network = loadNetworkOrThrow(options.network);
    PlanOptions machineChoice;
    machineChoice.machines = options.machines;
    const auto query = machineChoice.query(profile);
    try {
        core::TrainingCostModel model(profile, network,
                                      core::trainingMachines(profile, query.machineAllowed));
        model.setMemory({options.memory.optimizer, machineCapacities(profile, options.memory)});
        const int batch = options.batch.value_or(static_cast<int>(profile.model.batch));
        const core::TrainingResult result = planOrExplain(options, model, batch);
        if (options.json)
            std::cout << core::finiteJsonText(core::trainingResultToJson(model, result)) << "\n";
        else
            printText(model, result);
    } catch (const core::PlanError& error) {
        throw CliError(options.profilePath + ": " + error.what());
    }
    return 0;
}

} // namespace cutlab::cli
