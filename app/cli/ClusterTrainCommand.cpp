// cutlab-cli train PROFILE --planner pipeline --cluster ...: PipeDream's whole optimizer
#include "app/cli/ArgumentCursor.h"
#include "app/cli/CliError.h"
#include "app/cli/Commands.h"
#include "app/cli/FixedText.h"
#include "app/cli/MemoryOptions.h"
#include "app/cli/ProfileArgument.h"
#include "core/cluster/AntichainStates.h"
#include "core/cluster/ClusterSpec.h"
#include "core/cluster/PipeDreamOptimizer.h"
#include "core/io/JsonNumbers.h"
#include "core/model/PlanError.h"
#include "core/plans/ClusterPlanJson.h"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>

namespace cutlab::cli {

namespace {

// The most states the optimizer's tables are built for (its work grows with states² · machines²).
constexpr std::size_t kStateLimit = 2000000;

struct ClusterOptions {
    std::string profilePath;
    std::string clusterText;
    std::string costModel = "cutlab";
    std::string memoryAccounting;
    std::string memoryText; // ID=BYTES
    bool straight = false;
    bool fewerMachines = false;
    std::optional<double> compression;
    bool json = false;
};

void parseClusterTrainFlag(ArgumentCursor& cursor, const std::string& flag,
                           ClusterOptions& options) {
    if (flag == "--planner") {
        if (const std::string planner = cursor.valueOf(flag); planner != "pipeline")
            throw CliError("--cluster plans with --planner pipeline, not '" + planner + "'");
    } else if (flag == "--cluster")
        options.clusterText = cursor.valueOf(flag);
    else if (flag == "--cost-model")
        options.costModel = cursor.valueOf(flag);
    else if (flag == "--memory-accounting")
        options.memoryAccounting = cursor.valueOf(flag);
    else if (flag == "--memory")
        options.memoryText = cursor.valueOf(flag);
    else if (flag == "--straight")
        options.straight = true;
    else if (flag == "--fewer-machines")
        options.fewerMachines = true;
    else if (flag == "--activation-compression") {
        const double ratio = parseNumber(cursor.valueOf(flag), flag);
        if (!(ratio > 0))
            throw CliError("--activation-compression must be above 0 (a ratio such as 2)");
        options.compression = ratio;
    } else if (flag == "--json")
        options.json = true;
    else if (flag == "--stages" || flag == "--micro-batch" || flag == "--micro-batches" ||
             flag == "--cut-mode" || flag == "--compress" || flag == "--schedule" ||
             flag == "--times" || flag == "--network" || flag == "--machines")
        throw CliError(flag + " does not apply with --cluster (PipeDream's optimizer plans the "
                              "stages, their replication and the links from the cluster)");
    else
        ArgumentCursor::storePositional(flag, options.profilePath, "train");
}

ClusterOptions parseClusterTrainOptions(const std::vector<std::string>& arguments) {
    ClusterOptions options;
    ArgumentCursor cursor(arguments);
    while (!cursor.done())
        parseClusterTrainFlag(cursor, cursor.next(), options);
    if (options.profilePath.empty())
        throw CliError("train needs a PROFILE (see cutlab-cli train --planner pipeline --help)");
    if (options.costModel != "pipedream" && options.costModel != "cutlab")
        throw CliError("--cost-model must be cutlab or pipedream, not '" + options.costModel + "'");
    if (!options.memoryAccounting.empty() && options.memoryAccounting != "pipedream")
        throw CliError("--memory-accounting with --cost-model pipedream must be pipedream, not '" +
                       options.memoryAccounting + "'");
    return options;
}

core::ClusterSpec clusterOf(const core::Profile& profile, const std::string& text) {
    core::ClusterSpec spec;
    try {
        spec = core::parseClusterSpec(text);
    } catch (const std::invalid_argument& error) {
        throw CliError(std::string("--cluster: ") + error.what());
    }
    if (profile.machineIndex(spec.machineId) < 0) {
        std::string known;
        for (const core::Machine& machine : profile.machines)
            known += (known.empty() ? "" : ", ") + machine.id;
        throw CliError("--cluster: unknown machine '" + spec.machineId + "' (the profile has " +
                       known + ")");
    }
    return spec;
}

// The --memory limit of the cluster's machine (the last one given), or none.
std::optional<double> memoryLimitOf(const std::string& text, const core::ClusterSpec& spec) {
    if (text.empty())
        return std::nullopt;
    std::optional<double> limit;
    for (const auto& [id, bytes] : parseMemoryLimits(text)) {
        if (id != spec.machineId)
            throw CliError("--memory: '" + id + "' is not the cluster's machine (" +
                           spec.machineId + ")");
        limit = bytes;
    }
    return limit;
}

struct SmallestFit {
    double bytes = 0;         // the smallest per-machine limit with a plan
    core::PipeDreamPlan plan; // the plan at that limit
    std::size_t stage = 0;    // the stage that needs it
};

// The smallest per-machine limit with a plan (the limit is monotone: more memory, more plans),
// by doubling and then bisection to 1e-12 relative; the limit is the peak the plan found there
// is charged.
SmallestFit smallestFittingLimit(const core::AntichainStates& states,
                                 core::PipeDreamRequest request) {
    double low = 0, high = *request.memoryLimitBytes;
    std::optional<core::PipeDreamPlan> plan;
    auto tryLimit = [&](double limit) {
        request.memoryLimitBytes = limit;
        try {
            plan = core::optimizePipeDream(states, request);
            high = limit;
        } catch (const core::PlanError&) {
            low = limit;
        }
    };
    for (double limit = high * 2; !plan && limit < 1e18; limit *= 2)
        tryLimit(limit);
    if (!plan)
        throw core::PlanError("no plan fits any memory limit");
    for (int step = 0; step < 80 && high - low > 1e-12 * high; ++step)
        tryLimit((low + high) / 2);
    request.memoryLimitBytes = high;
    SmallestFit fit{0, core::optimizePipeDream(states, request), 0};
    for (std::size_t s = 0; s < fit.plan.stages.size(); ++s)
        if (fit.plan.stages[s].memoryBytes > fit.bytes) {
            fit.bytes = fit.plan.stages[s].memoryBytes;
            fit.stage = s;
        }
    fit.bytes = std::max(fit.bytes, low);
    return fit;
}

std::string stageText(const core::Profile& profile, const core::AntichainStates& states,
                      const core::PipeDreamPlan& plan, std::size_t stage) {
    const core::PipeDreamStage& s = plan.stages[stage];
    const std::vector<int> layers = states.layersBetween(s.fromState, s.toState);
    return "stage " + std::to_string(stage + 1) + " (" +
           profile.layers[static_cast<std::size_t>(layers.front())].id + " .. " +
           profile.layers[static_cast<std::size_t>(layers.back())].id + ", " +
           std::to_string(s.machines.size()) + " replica" + (s.machines.size() == 1 ? "" : "s") +
           ")";
}

void printClusterTrainTable(const core::Profile& profile, const core::AntichainStates& states,
                            const core::ClusterPlanQuery& query, const core::PipeDreamPlan& plan) {
    std::cout << profile.model.name << ": PipeDream's optimizer over " << plan.machinesTotal << " "
              << query.cluster.machineId << " machines (" << plan.machinesUsed << " used, "
              << states.size() << " states)\n";
    std::cout << "stage  replicas  layers   compute ms    memory bytes  first .. last\n";
    int index = 1;
    for (const core::PipeDreamStage& stage : plan.stages) {
        const std::vector<int> layers = states.layersBetween(stage.fromState, stage.toState);
        char line[160];
        std::snprintf(line, sizeof line, "%5d  %8zu  %6zu  %11.3f  %14.0f  ", index++,
                      stage.machines.size(), layers.size(), stage.computeSeconds * 1000.0,
                      stage.memoryBytes);
        std::cout << line << profile.layers[static_cast<std::size_t>(layers.front())].id << " .. "
                  << profile.layers[static_cast<std::size_t>(layers.back())].id << "\n";
    }
    std::cout << "time per stage " << fixed(plan.timePerStageSeconds * 1000.0, 3)
              << " ms (one machine " << fixed(plan.singleMachineSeconds * 1000.0, 3)
              << " ms, data parallel on all " << fixed(plan.dataParallelSeconds * 1000.0, 3)
              << " ms)\n";
}

} // namespace

int runClusterTrain(const std::vector<std::string>& arguments) {
    bool pipedream = false;
    for (std::size_t i = 0; i + 1 < arguments.size(); ++i)
        pipedream =
            pipedream || (arguments[i] == "--cost-model" && arguments[i + 1] == "pipedream");
    if (!pipedream)
        return runPoolTrain(arguments);
    const ClusterOptions options = parseClusterTrainOptions(arguments);
    const core::Profile profile = loadProfileOrThrow(options.profilePath);
    core::ClusterPlanQuery query;
    query.cluster = clusterOf(profile, options.clusterText);
    query.request.levels = query.cluster.levels;
    query.request.memoryLimitBytes = memoryLimitOf(options.memoryText, query.cluster);
    const core::Machine& machine =
        profile.machines[static_cast<std::size_t>(profile.machineIndex(query.cluster.machineId))];
    if (!query.request.memoryLimitBytes && machine.memoryBytes)
        query.request.memoryLimitBytes = machine.memoryBytes;
    query.request.straight = options.straight;
    query.request.fewerMachines = options.fewerMachines;
    query.request.activationCompression = options.compression;
    try {
        const core::AntichainStates states(profile, profile.machineIndex(query.cluster.machineId),
                                           kStateLimit);
        core::PipeDreamPlan plan;
        try {
            plan = core::optimizePipeDream(states, query.request);
        } catch (const core::PlanError&) {
            if (!query.request.memoryLimitBytes)
                throw;
            const SmallestFit fit = smallestFittingLimit(states, query.request);
            const std::string needed = fixed(std::ceil(fit.bytes), 0);
            throw NoAnswer(options.profilePath + ": no plan fits " +
                           fixed(*query.request.memoryLimitBytes, 0) + " bytes per machine; " +
                           "the smallest limit with a plan is " + needed + " bytes (--memory " +
                           query.cluster.machineId + "=" + needed + "), which " +
                           stageText(profile, states, fit.plan, fit.stage) + " needs");
        }
        if (options.json)
            std::cout << core::finiteJsonText(core::clusterPlanToJson(profile, states, query, plan))
                      << "\n";
        else
            printClusterTrainTable(profile, states, query, plan);
    } catch (const core::PlanError& error) {
        throw CliError(options.profilePath + ": " + error.what());
    }
    return 0;
}

} // namespace cutlab::cli
